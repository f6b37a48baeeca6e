// One thread count of the decode bench (bench/decode.mjs loads this page once per thread count, in a fresh browser
// context): a synthetic decoder (test/models/decoder-model.mjs) through onnxruntime-web, on our WebNN ('ours':
// the page's own MLContext passed to the EP, the KV cache kept in MLTensors and fed back, as a page runs a language
// model) and on ORT's own wasm EP ('ort', its own MatMulNBits and GatherBlockQuantized kernels), in one page, in
// turns. A round prefills the prompt and decodes `tokens` tokens greedily; both engines follow the
// wasm EP's tokens of the first round. Results go to window.__decode.
import { cacheNames, emptyCache, greedyToken, pastFrom, stepFeeds } from '/test/models/decoder-model.mjs';

const q = new URLSearchParams(location.search);
const threads = Number(q.get('threads'));
const config = JSON.parse(q.get('config'));
const prompt = Number(q.get('prompt'));
const tokens = Number(q.get('tokens'));
const rounds = Number(q.get('rounds'));
const PAUSE_MS = 100;  // ORT's pool spins ~40 ms after a run; the other engine starts after it parks

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

// Our read bandwidth at this thread count: reduceSum over 256 MB through our API, the best of 5.
async function readBandwidth(context) {
  const n = 64 << 20;
  const builder = new MLGraphBuilder(context);
  const x = builder.input('x', { dataType: 'float32', shape: [n] });
  const graph = await builder.build({ y: builder.reduceSum(x) });
  const input = await context.createTensor({ dataType: 'float32', shape: [n], writable: true });
  const output = await context.createTensor({ dataType: 'float32', shape: [], readable: true });
  context.writeTensor(input, new Float32Array(n).fill(1));
  let best = Infinity;
  for (let i = 0; i < 6; ++i) {
    const t = performance.now();
    context.dispatch(graph, { x: input }, { y: output });
    await context.readTensor(output);
    if (i) best = Math.min(best, performance.now() - t);
  }
  input.destroy();
  output.destroy();
  graph.destroy();
  return (n * 4) / (best * 1e6);
}

// One round on one engine: the prompt, then `tokens` greedy tokens; `follow` (the reference's tokens) replaces
// the engine's own choice when given. Returns the times, the tokens chosen and each step's last logits row.
async function round(engine, follow) {
  const ids = Array.from({ length: prompt }, (_, i) => (i * 7919 + 11) % config.vocab);
  let past = emptyCache(engine.ort, config);
  const stepMs = [], chosen = [], logits = [];
  let t = performance.now();
  let out = await engine.prefill.run({ ...stepFeeds(engine.ort, config, ids, 0), ...past });
  const prefillMs = performance.now() - t;
  for (let i = 0; i <= tokens; ++i) {
    const data = out.logits.data;
    logits.push(data.slice(data.length - config.vocab));
    chosen.push(greedyToken(data, config.vocab));
    if (i === tokens) break;
    for (const tensor of Object.values(past)) if (tensor.location === 'ml-tensor') tensor.dispose();
    past = pastFrom(config, out);
    const token = follow ? follow[i] : chosen[i];
    t = performance.now();
    out = await engine.decode.run({ ...stepFeeds(engine.ort, config, [token], prompt + i), ...past });
    stepMs.push(performance.now() - t);
  }
  for (const tensor of Object.values(past)) if (tensor.location === 'ml-tensor') tensor.dispose();
  for (const name of Object.keys(out)) if (out[name].location === 'ml-tensor') out[name].dispose();
  return { prefillMs, stepMs, chosen, logits };
}

async function main() {
  const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: threads, mode: 'force' });
  ort.env.wasm.numThreads = threads;
  const context = await navigator.ml.createContext();
  const result = { threads, runtime: await lib.runtimeInfo(), engines: {} };
  result.bandwidthGBs = await readBandwidth(context);
  const bytes = new Uint8Array(await (await fetch(q.get('model'))).arrayBuffer());
  const onDevice = Object.fromEntries(cacheNames(config).map(({ present }) => [present, 'ml-tensor']));
  const ours = (length) => ort.InferenceSession.create(bytes, {
    executionProviders: [{ name: 'webnn', context }], freeDimensionOverrides: { sequence_length: length },
    preferredOutputLocation: onDevice, extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
  const heapBefore = (await lib.__testing.heapStats()).inUse;
  let t = performance.now();
  const engines = { ours: { ort, prefill: await ours(prompt), decode: await ours(1) } };
  result.engines.ours = { createMs: performance.now() - t, heapMB: ((await lib.__testing.heapStats()).inUse - heapBefore) / 2 ** 20 };
  t = performance.now();
  const wasm = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  engines.ort = { ort, prefill: wasm, decode: wasm };
  result.engines.ort = { createMs: performance.now() - t };

  // Round 0 warms both up (V8 tiers hot wasm up in the background) and fixes the tokens; then timed rounds in
  // turns, the order alternating.
  const reference = await round(engines.ort, null);
  const first = await round(engines.ours, reference.chosen);
  let worst = 0;
  for (let i = 0; i < reference.logits.length; ++i) {
    const r = reference.logits[i], o = first.logits[i];
    let largest = 0, diff = 0;
    for (let j = 0; j < r.length; ++j) {
      largest = Math.max(largest, Math.abs(r[j]));
      diff = Math.max(diff, Math.abs(r[j] - o[j]));
    }
    worst = Math.max(worst, diff / largest);
  }
  result.logitsError = worst;
  result.tokensAgree = first.chosen.filter((c, i) => c === reference.chosen[i]).length;
  result.tokensCompared = reference.chosen.length;
  const timed = { ours: [], ort: [] };
  for (let r = 0; r < rounds; ++r) {
    for (const name of r % 2 ? ['ort', 'ours'] : ['ours', 'ort']) {
      await pause(PAUSE_MS);
      timed[name].push(await round(engines[name], reference.chosen));
    }
  }
  for (const name of ['ours', 'ort']) {
    Object.assign(result.engines[name], {
      prefillMs: Math.min(...timed[name].map((x) => x.prefillMs)),
      stepMs: medianOf(timed[name].flatMap((x) => x.stepMs)),
      bestStepMs: Math.min(...timed[name].flatMap((x) => x.stepMs)),
    });
  }
  // One more token of ours with its steps profiled: what of a token's time is our steps, and the 4-bit GEMVs in it.
  {
    let past = emptyCache(ort, config);
    const warm = await engines.ours.prefill.run({ ...stepFeeds(ort, config, new Array(prompt).fill(1), 0), ...past });
    for (const x of Object.values(warm)) if (x.location === 'ml-tensor' && !Object.values(pastFrom(config, warm)).includes(x)) x.dispose();
    past = pastFrom(config, warm);
    lib.__testing.profileNextDispatch(context);
    const t0 = performance.now();
    const out = await engines.ours.decode.run({ ...stepFeeds(ort, config, [1], prompt), ...past });
    const runMs = performance.now() - t0;
    const steps = lib.__testing.takeProfile(context);
    const sum = (list) => list.reduce((a, p) => a + p.ms, 0);
    result.engines.ours.profile = { runMs, stepsMs: sum(steps), gemvMs: sum(steps.filter((p) => p.step === 'matmul4bit')) };
    for (const tensors of [past, out]) for (const x of Object.values(tensors)) if (x.location === 'ml-tensor') x.dispose();
  }
  for (const engine of [engines.ours.prefill, engines.ours.decode, wasm]) await engine.release();
  return result;
}

main().then((r) => { window.__decode = r; }, (e) => { window.__decode = { threads, error: String(e?.message ?? e) }; });
