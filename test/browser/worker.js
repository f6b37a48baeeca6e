// Dedicated worker: loads the script-tag build with importScripts (which installs it) and runs the small
// graph. Nothing is configured: the build must find its own .wasm files from inside a worker.
let result;
// ?relaxedSimd=0 (passed on by page.mjs): the page's install({ relaxedSimd: false }) here too.
if (new URLSearchParams(self.location.search).get('relaxedSimd') === '0') self.webnnWasmOptions = { relaxedSimd: false };
try {
  importScripts('/dist/webnn-wasm.iife.js', '/test/browser/small-graph.js');
  result = (async () => {
    const info = typeof webnnWasm?.runtimeInfo === 'function' ? await webnnWasm.runtimeInfo() : null;
    // ?repeat=N: N runs in a row (the concurrency check runs several such workers and the page at once).
    const repeat = Number(new URLSearchParams(self.location.search).get('repeat') ?? 1);
    let graph;
    for (let i = 0; i < repeat; ++i) {
      graph = await runSmallGraph();
      if (!graph.ok) break;
    }
    return { ...graph, info, crossOriginIsolated: self.crossOriginIsolated, installed: webnnWasm?.isInstalled?.(),
             installedMode: webnnWasm?.installedMode?.() };
  })();
} catch (e) {
  result = Promise.reject(e);
}
result.then(
  (r) => postMessage(r),
  (e) => postMessage({ ok: false, detail: `${e?.name ?? 'Error'}: ${e?.message ?? e}` }),
);
