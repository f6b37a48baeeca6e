// A language model's decode loop through onnxruntime-web's WebNN EP, as a page runs one: its own MLContext passed
// to the EP (executionProviders [{name: 'webnn', context}]), the KV cache kept on the device (preferredOutputLocation
// 'ml-tensor'), each step's present key/values fed back as the next step's past and the previous ones disposed.
// Shared by test/models/decode-loop.test.mjs (Node) and test/browser/page.mjs (Chromium).
//
// The model (test/models/decoder-model.mjs, a small one of that shape) is what a Qwen2 / Llama export with 4-bit
// weights holds: a 4-bit GatherBlockQuantized embedding, 2 layers of RMSNorm, rotary embeddings, grouped-query
// attention over a static 32-slot cache (each new key/value written into slot position % 32 by ScatterND, so
// the loop runs past the cache's length as a ring) and a SiLU-gated MLP, every projection and the LM head a 4-bit
// MatMulNBits (blocks of 32, zero points).
//
// Checks, with ORT's CPU fallback disabled (every node on WebNN or the session fails):
//   - the first 40 steps' logits against onnxruntime-web's own wasm EP (float32 activations), fed the same tokens
//     (its greedy choice): max |difference| <= 1e-3 * max |logit| with the one-row 4-bit matmuls' activations of
//     16 bits (the default) or float32's accuracy, 2e-2 with install({ int4Activations: 'int8' }) (each value within
//     1/254 of its block's largest, through 2 layers and the LM head: 8.5e-3 measured); and the greedy tokens agree
//     wherever the wasm EP's top two logits are further apart than that;
//   - the projections run as matmul4bit steps and the embedding as a gather4bit step (the 4-bit weights kept at
//     their size);
//   - over N steps (default 1000): the cache never crosses JS after the page's empty one went in at step 0 (no
//     readTensor()/writeTensor() of a cache-sized tensor), the EP creates no new MLTensor after step 100 (its pool
//     recycles the disposed ones), and our heap in use does not grow between step 100 and the last.
import { cacheNames, decoderModel, emptyCache, greedyToken, headDim, pastFrom, stepFeeds } from './decoder-model.mjs';

const COMPARE_STEPS = 40;
const CONFIG = { hidden: 256, layers: 2, heads: 4, kvHeads: 2, mlp: 512, vocab: 512, cache: 32, block: 32 };

// Runs the loop; resolves to { failures: [messages], summary }. `testing` is our __testing export.
export async function runDecodeLoop({ ort, context, testing, steps = 1000, int4Activations = 'int16' }) {
  const V = CONFIG.vocab;
  const tolerance = int4Activations === 'int8' ? 2e-2 : 1e-3;
  const bytes = decoderModel(CONFIG, { positions: steps + 1 });
  // Calls and bytes crossing JS on our context, per method.
  const traffic = { createTensor: 0, readTensor: [], writeTensor: [] };
  for (const method of ['createTensor', 'readTensor', 'writeTensor']) {
    const original = context[method].bind(context);
    context[method] = (...a) => {
      if (method === 'createTensor') traffic.createTensor++;
      else traffic[method].push(a[0].shape.reduce((x, y) => x * y, 1));
      return original(...a);
    };
  }

  const outputsOnDevice = Object.fromEntries(cacheNames(CONFIG).map(({ present }) => [present, 'ml-tensor']));
  const webnn = await ort.InferenceSession.create(bytes, {
    executionProviders: [{ name: 'webnn', context }],
    freeDimensionOverrides: { sequence_length: 1 },
    preferredOutputLocation: outputsOnDevice,
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
  const wasm = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });

  let webnnPast = emptyCache(ort, CONFIG), wasmPast = emptyCache(ort, CONFIG);
  let token = 1, worstError = 0, tokenMismatches = 0, checkedTokens = 0;
  let heapAt100 = 0, createdAt100 = 0, steps4bit = null, gathers4bit = null, tAlone = 0;
  const t0 = performance.now();
  for (let step = 0; step < steps; ++step) {
    const feeds = stepFeeds(ort, CONFIG, [token], step);
    if (step === 0) testing.profileNextDispatch(context);
    const out = await webnn.run({ ...feeds, ...webnnPast });
    if (step === 0) {
      const profile = testing.takeProfile(context);
      steps4bit = profile.filter((p) => p.step === 'matmul4bit').length;
      gathers4bit = profile.filter((p) => p.step === 'gather4bit').length;
    }
    for (const t of Object.values(webnnPast)) if (t.location === 'ml-tensor') t.dispose();
    webnnPast = pastFrom(CONFIG, out);
    const logits = out.logits.data;
    let next = greedyToken(logits, V);
    if (step < COMPARE_STEPS) {
      const ref = await wasm.run({ ...feeds, ...wasmPast });
      wasmPast = pastFrom(CONFIG, ref);
      const r = ref.logits.data;
      let maxRef = 0, maxDiff = 0, best = 0, second = -1;
      for (let i = 0; i < V; ++i) {
        maxRef = Math.max(maxRef, Math.abs(r[i]));
        maxDiff = Math.max(maxDiff, Math.abs(r[i] - logits[i]));
        if (i === 0) continue;  // logit 0 is the first best; the second is found among the rest
        if (r[i] > r[best]) {
          second = best;
          best = i;
        } else if (second < 0 || r[i] > r[second]) {
          second = i;
        }
      }
      worstError = Math.max(worstError, maxDiff / maxRef);
      if (r[best] - r[second] > tolerance * maxRef) {
        checkedTokens++;
        if (next !== best) tokenMismatches++;
      }
      next = best;  // both sessions follow the reference's tokens
    }
    token = next;
    if (step === 0) {  // the page's own empty cache went in at step 0; from here on it must stay on the device
      traffic.readTensor.length = 0;
      traffic.writeTensor.length = 0;
    }
    if (step === COMPARE_STEPS - 1) tAlone = performance.now();
    if (step === 99) {
      heapAt100 = (await testing.heapStats()).inUse;
      createdAt100 = traffic.createTensor;
    }
  }
  const stepMs = (performance.now() - tAlone) / (steps - COMPARE_STEPS);
  const heapEnd = (await testing.heapStats()).inUse;
  const cacheElements = CONFIG.cache * CONFIG.kvHeads * headDim(CONFIG);
  const cacheCrossings = [...traffic.readTensor, ...traffic.writeTensor].filter((n) => n >= cacheElements).length;

  const summary = (`${steps} steps, ${stepMs.toFixed(2)} ms a step after the first ${COMPARE_STEPS} (${((tAlone - t0) / COMPARE_STEPS).toFixed(2)} beside the wasm EP); ` +
              `${steps4bit} matmul4bit and ${gathers4bit} gather4bit steps per token; logits vs the wasm EP: max error ${worstError.toExponential(2)} of the largest (${int4Activations} activations, bound ${tolerance}); ` +
              `greedy tokens ${checkedTokens - tokenMismatches} of ${checkedTokens} agree; createTensor ${createdAt100} by step 100, ` +
              `${traffic.createTensor - createdAt100} after; reads ${traffic.readTensor.length}, writes ${traffic.writeTensor.length}, ` +
              `${cacheCrossings} of them cache-sized; heap in use ${heapAt100} at step 100, ${heapEnd} at the end`);
  const failures = [];
  const fail = (m) => failures.push(m);
  if (steps4bit !== 7 * CONFIG.layers + 1) fail(`${steps4bit} matmul4bit steps, expected ${7 * CONFIG.layers + 1}`);
  if (gathers4bit !== 1) fail(`${gathers4bit} gather4bit steps, expected 1`);
  if (worstError > tolerance) fail(`logits differ from the wasm EP's by ${worstError} of the largest`);
  if (tokenMismatches) fail(`${tokenMismatches} greedy tokens differ`);
  if (cacheCrossings) fail('the KV cache crossed JS');
  if (steps > 100 && traffic.createTensor !== createdAt100) fail('tensors were created after step 100');
  if (steps > 100 && heapEnd > heapAt100 + 64 * 1024) fail(`the heap grew by ${heapEnd - heapAt100} bytes over ${steps - 100} steps`);

  await webnn.release();
  await wasm.release();
  return { failures, summary };
}
