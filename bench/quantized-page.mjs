// One form and thread count of the quantized bench (bench/quantized.mjs loads this page once for each, in a fresh
// browser context): a synthetic segmentation network (test/models/segmentation-model.mjs) in one of its forms
// (dynamic int8, float16 weights, float32) through onnxruntime-web, on our WebNN ('ours': the page's MLContext
// passed to its WebNN EP, CPU fallback disabled) and on its own wasm EP ('ort', its integer kernels), in one page,
// in turns: session creation, our heap after it, run times, and the masks' agreement. Results go to
// window.__quantized.
import { model, node, valueInfo } from '/test/models/onnx-writer.mjs';
import { segmentationImage } from '/test/models/segmentation-model.mjs';

const q = new URLSearchParams(location.search);
const threads = Number(q.get('threads'));
const config = JSON.parse(q.get('config'));
const form = q.get('form');
const runs = Number(q.get('runs'));
const WARMUP = 3;      // runs of each engine before timing (V8 tiers hot wasm up in the background)
const PAUSE_MS = 100;  // ORT's pool spins ~40 ms after a run; the other engine starts after it parks

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

async function measure(ort, lib, context, image) {
  const bytes = new Uint8Array(await (await fetch(q.get('model'))).arrayBuffer());
  const feeds = () => ({ image: new ort.Tensor('float32', image, [1, 3, config.size, config.size]) });
  const heapBefore = (await lib.__testing.heapStats()).inUse;
  const [oursCreateMs, ours] = await timed(() => ort.InferenceSession.create(bytes, {
    executionProviders: [{ name: 'webnn', context }], extra: { session: { disable_cpu_ep_fallback: '1' } } }));
  const heapMB = ((await lib.__testing.heapStats()).inUse - heapBefore) / 2 ** 20;
  const [ortCreateMs, wasm] = await timed(() => ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] }));
  const engines = { ours: { session: ours, ms: [] }, ort: { session: wasm, ms: [] } };
  const masks = {};
  for (let i = 0; i < WARMUP; ++i) {
    for (const name of ['ort', 'ours']) masks[name] = (await engines[name].session.run(feeds())).mask.data;
  }
  for (let r = 0; r < runs; ++r) {
    for (const name of r % 2 ? ['ort', 'ours'] : ['ours', 'ort']) {
      await pause(PAUSE_MS);
      const [ms] = await timed(() => engines[name].session.run(feeds()));
      engines[name].ms.push(ms);
    }
  }
  let maskError = 0;
  for (let i = 0; i < masks.ours.length; ++i) maskError = Math.max(maskError, Math.abs(masks.ours[i] - masks.ort[i]));
  await ours.release();
  await wasm.release();
  const summary = (e) => ({ medianMs: medianOf(e.ms), bestMs: Math.min(...e.ms) });
  return {
    threads, form, runtime: await lib.runtimeInfo(), modelMB: bytes.length / 2 ** 20, maskError,
    ours: { createMs: oursCreateMs, heapMB, ...summary(engines.ours) },
    ort: { createMs: ortCreateMs, ...summary(engines.ort) },
  };
}

async function main() {
  const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: threads, mode: 'force' });
  ort.env.wasm.numThreads = threads;
  ort.env.logLevel = 'error';  // not a warning per float16 weight that is a graph input too (what keeps its cast)
  // onnxruntime-web loads and starts its own wasm at its first session: a session of one relu, before either
  // engine's session creation is timed.
  const relu = model({ opsets: { '': 17 }, nodes: [node('Relu', ['x'], ['y'])], initializers: [],
                       inputs: [valueInfo('x', 'float32', [1])], outputs: [valueInfo('y', 'float32', [1])] });
  await (await ort.InferenceSession.create(relu, { executionProviders: ['wasm'] })).release();
  const context = await navigator.ml.createContext();
  return measure(ort, lib, context, segmentationImage(config));
}

main().then((r) => { window.__quantized = r; }, (e) => { window.__quantized = { threads, form, error: String(e?.message ?? e) }; });
