// Dedicated worker: loads the script-tag build with importScripts (which installs it) and runs the small
// graph. Nothing is configured: the build must find its own .wasm files from inside a worker.
let result;
try {
  importScripts('/dist/webnn-wasm.iife.js', '/test/browser/small-graph.js');
  result = (async () => {
    const info = typeof webnnWasm?.runtimeInfo === 'function' ? await webnnWasm.runtimeInfo() : null;
    const graph = await runSmallGraph();
    return { ...graph, info, crossOriginIsolated: self.crossOriginIsolated, installed: webnnWasm?.isInstalled?.() };
  })();
} catch (e) {
  result = Promise.reject(e);
}
result.then(
  (r) => postMessage(r),
  (e) => postMessage({ ok: false, detail: `${e?.name ?? 'Error'}: ${e?.message ?? e}` }),
);
