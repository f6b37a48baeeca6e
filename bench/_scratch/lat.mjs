import { Tensor, loadAndCompile, loadLiteRt } from '/node_modules/@litertjs/core/dist/index.js';
import { seededInput } from '/test/browser/litert-models.mjs';
const q = new URLSearchParams(location.search);
const models = q.get('models').split(',');
const contexts = [];
const ev = [];
function instrument() {
  for (const name of ['writeTensor', 'dispatch', 'readTensor']) {
    const original = MLContext.prototype[name];
    MLContext.prototype[name] = function (...args) {
      const t = performance.now();
      const r = original.apply(this, args);
      ev.push([name, t, performance.now()]);
      if (r && typeof r.then === 'function') r.then(() => ev.push([name + ':resolved', performance.now(), performance.now()]));
      return r;
    };
  }
}
async function invoke(model) {
  const inputs = model.getInputDetails().map((d, i) => new Tensor(seededInput(d.shape.reduce((a, b) => a * b, 1), 7 + i), [...d.shape]));
  const t0 = performance.now();
  const outputs = await model.run(inputs);
  const t1 = performance.now();
  for (const out of outputs) { const host = await out.copyTo('wasm'); host.toTypedArray(); host.delete(); out.delete(); }
  const t2 = performance.now();
  for (const input of inputs) input.delete();
  return { t0, t1, t2 };
}
async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: 1, mode: 'force' });
  instrument();
  const cc = navigator.ml.createContext.bind(navigator.ml);
  navigator.ml.createContext = async (...a) => { const c = await cc(...a); contexts.push(c); return c; };
  await loadLiteRt('/node_modules/@litertjs/core/wasm/', { jspi: true });
  const out = {};
  for (const url of models) {
    contexts.length = 0;
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const m = await loadAndCompile(bytes, { accelerator: 'webnn' });
    for (let i = 0; i < 10; ++i) await invoke(m);
    const rows = [];
    for (let r = 0; r < 10; ++r) {
      ev.length = 0;
      for (const c of contexts) lib.__testing.profileNextDispatch(c);
      const { t0, t1, t2 } = await invoke(m);
      const steps = contexts.flatMap((c) => lib.__testing.takeProfile(c) ?? []).reduce((a, s) => a + s.ms, 0);
      rows.push({ total: +(t2 - t0).toFixed(3), run: +(t1 - t0).toFixed(3), copyOut: +(t2 - t1).toFixed(3), steps: +steps.toFixed(3), ev: ev.map(([n, a, b]) => `${n}@${(a - t0).toFixed(2)}+${(b - a).toFixed(2)}`).join(' ') });
    }
    out[url] = rows.sort((a, b) => a.total - b.total).slice(0, 3);
    m.delete();
  }
  return out;
}
main().then((r) => { window.__trace = r; }, (e) => { window.__trace = { error: String(e?.stack ?? e) }; });
