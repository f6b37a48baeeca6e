// A language model's decode loop through onnxruntime-web's WebNN EP, as a page runs one: its own MLContext passed
// to the EP (executionProviders [{name: 'webnn', context}]), the KV cache kept on the device (preferredOutputLocation
// 'ml-tensor'), each step's present key/values fed back as the next step's past and the previous ones disposed.
// Shared by test/models/decode-loop.test.mjs (Node) and test/browser/page.mjs (Chromium).
//
// The model (made here with onnx-writer.mjs) has the shape of a small decoder exported with a static cache: an
// embedding Gather, 2 layers of attention over a 32-slot cache (the oldest slot dropped, the new key/value appended:
// Slice + Concat; an additive mask for empty slots) and a ReLU MLP, every projection and the LM head a 4-bit
// MatMulNBits (blocks of 32, zero points).
//
// Checks, with ORT's CPU fallback disabled (every node on WebNN or the session fails):
//   - the first 40 steps' logits against onnxruntime-web's own wasm EP, fed the same tokens (its greedy choice):
//     max |difference| <= 1e-3 * max |logit|; and the greedy tokens agree wherever the wasm EP's top two logits are
//     further apart than that;
//   - the projections run as matmul4bit steps (the 4-bit weights kept at their size);
//   - over N steps (default 1000): the cache never crosses JS after the page's empty one went in at step 0 (no
//     readTensor()/writeTensor() of a cache-sized tensor), the EP creates no new MLTensor after step 100 (its pool
//     recycles the disposed ones), and our heap in use does not grow between step 100 and the last.
import { model, node, tensor, valueInfo } from './onnx-writer.mjs';

const COMPARE_STEPS = 40;
const H = 256, V = 512, F = 512, S = 32, LAYERS = 2, BLOCK = 32;

function lcg(seed) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

// The decoder as ONNX bytes.
export function decoderModel() {
  const rand = lcg(20261128);
  const nodes = [], inits = [];
  const f32 = (name, dims, fill) => inits.push(tensor(name, 'float32', dims, Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, fill)));
  const i64 = (name, values) => inits.push(tensor(name, 'int64', [values.length], BigInt64Array.from(values.map(BigInt))));
  let id = 0;
  const tmp = () => `t${id++}`;
  // MatMulNBits: B uint8 [N, K / 32, 16] (two 4-bit values a byte, low nibble first), scales [N, K / 32], zero points
  // uint8 [N, K / 64] (two blocks a byte).
  const nbits = (x, k, n) => {
    const w = `w${id++}`, blocks = k / BLOCK;
    inits.push(tensor(`${w}_q`, 'uint8', [n, blocks, BLOCK / 2], Uint8Array.from({ length: n * blocks * BLOCK / 2 }, () => Math.floor(rand() * 256))));
    f32(`${w}_s`, [n, blocks], () => (0.5 + rand()) * 0.6 / Math.sqrt(k) / 8);
    inits.push(tensor(`${w}_z`, 'uint8', [n, blocks / 2], Uint8Array.from({ length: n * blocks / 2 }, () => 0x77 + Math.floor(rand() * 3) * 0x11)));
    const y = tmp();
    nodes.push(node('MatMulNBits', [x, `${w}_q`, `${w}_s`, `${w}_z`], [y], { K: k, N: n, bits: 4, block_size: BLOCK }, 'com.microsoft'));
    return y;
  };
  const op = (type, inputs, attributes = {}) => {
    const y = tmp();
    nodes.push(node(type, inputs, [y], attributes));
    return y;
  };
  f32('embed', [V, H], () => rand() - 0.5);
  f32('scale', [], () => 1 / Math.sqrt(H));
  i64('one', [1]);
  i64('end', [S]);
  i64('axis1', [1]);
  let h = op('Gather', ['embed', 'input_ids']);
  const inputs = [valueInfo('input_ids', 'int64', [1, 1]), valueInfo('attention_mask', 'float32', [1, 1, S])];
  const outputs = [valueInfo('logits', 'float32', [1, 1, V])];
  for (let l = 0; l < LAYERS; ++l) {
    const q = nbits(h, H, H), k = nbits(h, H, H), v = nbits(h, H, H);
    for (const [kind, fresh] of [['key', k], ['value', v]]) {
      inputs.push(valueInfo(`past_${kind}_${l}`, 'float32', [1, S, H]));
      outputs.push(valueInfo(`present_${kind}_${l}`, 'float32', [1, S, H]));
      const kept = op('Slice', [`past_${kind}_${l}`, 'one', 'end', 'axis1']);
      nodes.push(node('Concat', [kept, fresh], [`present_${kind}_${l}`], { axis: 1 }));
    }
    const scores = op('Add', [op('Mul', [op('MatMul', [q, op('Transpose', [`present_key_${l}`], { perm: [0, 2, 1] })]), 'scale']), 'attention_mask']);
    const attended = op('MatMul', [op('Softmax', [scores], { axis: -1 }), `present_value_${l}`]);
    const h1 = op('Add', [h, nbits(attended, H, H)]);
    h = op('Add', [h1, nbits(op('Relu', [nbits(h1, H, F)]), F, H)]);
  }
  const logits = nbits(h, H, V);
  nodes.push(node('Identity', [logits], ['logits']));
  return model({ opsets: { '': 17, 'com.microsoft': 1 }, nodes, initializers: inits, inputs, outputs });
}

// Runs the loop; resolves to { failures: [messages], summary }. `testing` is our __testing export.
export async function runDecodeLoop({ ort, context, testing, steps = 1000 }) {
  const bytes = decoderModel();
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

  const outputsOnDevice = Object.fromEntries([...Array(LAYERS).keys()].flatMap((l) => [`present_key_${l}`, `present_value_${l}`]).map((n) => [n, 'ml-tensor']));
  const webnn = await ort.InferenceSession.create(bytes, {
    executionProviders: [{ name: 'webnn', context }],
    preferredOutputLocation: outputsOnDevice,
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
  const wasm = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });

  // The next step's past_* feeds from present(name) of each present_* output.
  const pastFrom = (present) => Object.fromEntries(Object.keys(outputsOnDevice).map((n) => [n.replace('present', 'past'), present(n)]));
  const emptyCache = () => pastFrom(() => new ort.Tensor('float32', new Float32Array(S * H), [1, S, H]));
  const mask = (filled) => new ort.Tensor('float32', Float32Array.from({ length: S }, (_, i) => (i >= S - filled ? 0 : -1e4)), [1, 1, S]);
  const ids = (token) => new ort.Tensor('int64', BigInt64Array.of(BigInt(token)), [1, 1]);

  let webnnPast = emptyCache(), wasmPast = emptyCache();
  let token = 1, worstError = 0, tokenMismatches = 0, checkedTokens = 0;
  let heapAt100 = 0, createdAt100 = 0, steps4bit = null, tAlone = 0;
  const t0 = performance.now();
  for (let step = 0; step < steps; ++step) {
    const feeds = { input_ids: ids(token), attention_mask: mask(Math.min(step + 1, S)) };
    if (step === 0) testing.profileNextDispatch(context);
    const out = await webnn.run({ ...feeds, ...webnnPast });
    if (step === 0) steps4bit = testing.takeProfile(context).filter((p) => p.step === 'matmul4bit').length;
    for (const t of Object.values(webnnPast)) if (t.location === 'ml-tensor') t.dispose();
    webnnPast = pastFrom((n) => out[n]);
    const logits = out.logits.data;
    let next = 0;
    for (let i = 1; i < V; ++i) if (logits[i] > logits[next]) next = i;
    if (step < COMPARE_STEPS) {
      const ref = await wasm.run({ ...feeds, ...wasmPast });
      wasmPast = pastFrom((n) => ref[n]);
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
      if (r[best] - r[second] > 1e-3 * maxRef) {
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
  const cacheElements = S * H;
  const cacheCrossings = [...traffic.readTensor, ...traffic.writeTensor].filter((n) => n >= cacheElements).length;

  const summary = (`${steps} steps, ${stepMs.toFixed(2)} ms a step after the first ${COMPARE_STEPS} (${((tAlone - t0) / COMPARE_STEPS).toFixed(2)} beside the wasm EP); ` +
              `${steps4bit} matmul4bit steps per token; logits vs the wasm EP: max error ${worstError.toExponential(2)} of the largest; ` +
              `greedy tokens ${checkedTokens - tokenMismatches} of ${checkedTokens} agree; createTensor ${createdAt100} by step 100, ` +
              `${traffic.createTensor - createdAt100} after; reads ${traffic.readTensor.length}, writes ${traffic.writeTensor.length}, ` +
              `${cacheCrossings} of them cache-sized; heap in use ${heapAt100} at step 100, ${heapEnd} at the end`);
  const failures = [];
  const fail = (m) => failures.push(m);
  if (steps4bit !== 6 * LAYERS + 1) fail(`${steps4bit} matmul4bit steps, expected ${6 * LAYERS + 1}`);
  if (worstError > 1e-3) fail(`logits differ from the wasm EP's by ${worstError} of the largest`);
  if (tokenMismatches) fail(`${tokenMismatches} greedy tokens differ`);
  if (cacheCrossings) fail('the KV cache crossed JS');
  if (steps > 100 && traffic.createTensor !== createdAt100) fail('tensors were created after step 100');
  if (steps > 100 && heapEnd > heapAt100 + 64 * 1024) fail(`the heap grew by ${heapEnd - heapAt100} bytes over ${steps - 100} steps`);

  await webnn.release();
  await wasm.release();
  return { failures, summary };
}
