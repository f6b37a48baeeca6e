// A module Worker that imports the package's browser ES module unbundled (dist/index.browser.mjs finds
// its files with new URL(..., import.meta.url)) and runs the small graph.
import { install, runtimeInfo } from '/dist/index.browser.mjs';
import '/test/browser/small-graph.js';

install();
runSmallGraph()
  .then(async (r) => postMessage({ ...r, info: await runtimeInfo(), crossOriginIsolated: self.crossOriginIsolated }))
  .catch((e) => postMessage({ ok: false, detail: `${e?.name ?? 'Error'}: ${e?.message ?? e}` }));
