import { Tensor, loadAndCompile, loadLiteRt } from '/node_modules/@litertjs/core/dist/index.js';
import { seededInput } from '/test/browser/litert-models.mjs';
const q = new URLSearchParams(location.search);
const models = q.get('models').split(',');
const contexts = [];
async function invoke(model) {
  const inputs = model.getInputDetails().map((d, i) => new Tensor(seededInput(d.shape.reduce((a, b) => a * b, 1), 7 + i), [...d.shape]));
  const outputs = await model.run(inputs);
  for (const out of outputs) { const host = await out.copyTo('wasm'); host.toTypedArray(); host.delete(); out.delete(); }
  for (const input of inputs) input.delete();
}
async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: 1, mode: 'force' });
  const cc = navigator.ml.createContext.bind(navigator.ml);
  navigator.ml.createContext = async (...a) => { const c = await cc(...a); contexts.push(c); return c; };
  await loadLiteRt('/node_modules/@litertjs/core/wasm/', { jspi: true });
  const out = { variant: (await lib.runtimeInfo()).variant };
  for (const url of models) {
    contexts.length = 0;
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const m = await loadAndCompile(bytes, { accelerator: 'webnn' });
    for (let i = 0; i < 10; ++i) await invoke(m);
    let best = null;
    for (let r = 0; r < 15; ++r) {
      for (const c of contexts) lib.__testing.profileNextDispatch(c);
      await invoke(m);
      const steps = contexts.flatMap((c) => lib.__testing.takeProfile(c) ?? []);
      const tot = steps.reduce((a, s) => a + s.ms, 0);
      if (!best || tot < best.tot) best = { tot, steps: steps.map((s) => [s.step, +s.ms.toFixed(4), s.macs]) };
    }
    out[url] = best;
    m.delete();
  }
  return out;
}
main().then((r) => { window.__trace = r; }, (e) => { window.__trace = { error: String(e?.stack ?? e) }; });
