import { loadAndCompile, loadLiteRt } from '/node_modules/@litertjs/core/dist/index.js';
const q = new URLSearchParams(location.search);
const url = q.get('model');
window.__ready = (async () => {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: 1, mode: 'force' });
  await loadLiteRt('/node_modules/@litertjs/core/wasm/', { jspi: true });
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  for (let i = 0; i < 2; ++i) (await loadAndCompile(bytes, { accelerator: 'webnn' })).delete();
  window.__compile = async () => { const t = performance.now(); const m = await loadAndCompile(bytes, { accelerator: 'webnn' }); const ms = performance.now() - t; m.delete(); return ms; };
  return true;
})();
window.__constants = async () => {
  const ctx = await navigator.ml.createContext();
  const b = new MLGraphBuilder(ctx);
  const mem = new WebAssembly.Memory({ initial: 16, maximum: 1024 });
  const view = new Uint16Array(mem.buffer, 1024, 96 * 24);
  const t = performance.now();
  let last;
  for (let i = 0; i < 110; ++i) last = b.cast(b.constant({ dataType: 'float16', shape: [96, 1, 1, 24] }, view), 'float32');
  const ms = performance.now() - t;
  const t2 = performance.now();
  const g = await b.build({ y: b.add(last, last) });
  return { constantsMs: ms, buildMs: performance.now() - t2 };
};
