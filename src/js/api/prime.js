// Priming: right after the runtime loads (install() preloads it), build a small graph that touches the
// common kernel families and the build path, and dispatch it a few times on a context of its own.
//
// Why: V8 first runs wasm in its baseline tier and compiles a function with its optimising tier only once
// that function is hot, on background threads. Beside onnxruntime-web, whose 28 MB module V8 keeps tiering
// up for ~45 s on 2 cores, our hot functions wait in that same queue and the demo's first result ran its
// kernels in the baseline tier: dispatch -> read of the first inference 681-857 ms against 291-396 ms when
// our kernels had run a few times before onnxruntime-web was loaded (bench/first-result.mjs, Node 20).
//
// In browsers it runs in the page's first idle period after the load (loader.js): V8 compiles wasm lazily there, each
// function on its first call, and a first model paid that in its builder calls and build() (LiteRT.js's first
// compile in Chromium: 244-282 ms unprimed, 117-131 primed; ours 110-150 ms of it against 27-37).
//
// The work runs on the executor thread (build and dispatch are asynchronous), its context is destroyed
// right after the dispatches (the timeline runs them first), nothing is read back, and any failure is
// swallowed: priming must never be seen. Methods are taken from the prototypes when this module loads, so
// code that wraps them later (a profiler, a test probe) does not see priming's calls.
import { MLContext } from './ml-context.js';
import { MLGraphBuilder } from './ml-graph-builder.js';
import { MLOperand } from './ml-operand.js';
import { INTERNAL } from './webidl-class.js';

const B = MLGraphBuilder.prototype;
const C = MLContext.prototype;
const builderMethods = Object.fromEntries(
  ['input', 'constant', 'conv2d', 'convTranspose2d', 'clamp', 'hardSwish', 'sigmoid', 'resample2d', 'concat', 'averagePool2d',
   'maxPool2d', 'add', 'mul', 'div', 'reshape', 'matmul', 'gemm', 'layerNormalization', 'softmax', 'erf', 'tanh', 'transpose',
   'reduceMean', 'relu', 'pad', 'build'].map((name) => [name, B[name]]));
const contextMethods = { createTensor: C.createTensor, dispatch: C.dispatch, destroy: C.destroy, opSupportLimits: C.opSupportLimits };
const shapeOf = Object.getOwnPropertyDescriptor(MLOperand.prototype, 'shape').get;
const DISPATCHES = 4;
const INPUT_SHAPE = [1, 8, 16, 16];

// Deterministic small weights (their values do not matter, only that they are finite and not all equal).
function weights(count) {
  const w = new Float32Array(count);
  for (let i = 0; i < count; ++i) w[i] = ((i * 7919) % 17 - 8) / 64;
  return w;
}

// A CNN stage (NCHW as onnxruntime-web's WebNN EP builds it) then a transformer block's operators.
function primingGraph(b) {
  const call = (name, ...args) => builderMethods[name].apply(b, args);
  const constant = (shape) => call('constant', { dataType: 'float32', shape }, weights(shape.reduce((a, d) => a * d, 1)));
  const x = call('input', 'x', { dataType: 'float32', shape: INPUT_SHAPE });
  let y = call('clamp', call('conv2d', x, constant([16, 8, 3, 3]), { padding: [1, 1, 1, 1], bias: constant([16]) }),
               { minValue: 0, maxValue: 6 });
  y = call('hardSwish', call('conv2d', y, constant([16, 1, 3, 3]), { groups: 16, padding: [1, 1, 1, 1], strides: [2, 2] }));
  y = call('conv2d', y, constant([16, 1, 5, 5]), { groups: 16, padding: [2, 2, 2, 2] });
  y = call('sigmoid', call('conv2d', y, constant([32, 16, 1, 1]), { bias: constant([32]) }));           // [1,32,8,8]
  const nearest = call('resample2d', y, { scales: [2, 2], axes: [2, 3] });                                // [1,32,16,16]
  const linear = call('averagePool2d', call('pad', call('resample2d', y, { mode: 'linear', sizes: [16, 16], axes: [2, 3] }),
                                            [0, 0, 1, 1], [0, 0, 1, 1]), { windowDimensions: [3, 3] });
  const up = call('relu', call('convTranspose2d', y, constant([32, 8, 2, 2]), { strides: [2, 2] }));    // [1,8,16,16]
  const cat = call('concat', [nearest, linear, up], 1);                                                   // [1,72,16,16]
  const pooled = call('add', call('averagePool2d', cat, { windowDimensions: [2, 2], strides: [2, 2] }),
                      call('maxPool2d', cat, { windowDimensions: [3, 3], padding: [1, 1, 1, 1], strides: [2, 2] }));
  const cnn = call('gemm', call('reduceMean', pooled, { axes: [2, 3] }), constant([72, 16]), { c: constant([16]) });
  const tokens = call('reshape', pooled, [72, 64]);
  const h = call('layerNormalization', call('matmul', tokens, constant([64, 64])), { axes: [1], scale: constant([64]), bias: constant([64]) });
  const gelu = call('mul', h, call('add', call('erf', call('div', h, constant([1]))), constant([1])));
  const attention = call('softmax', call('matmul', gelu, call('transpose', gelu)), 1);                     // [72,72]
  const tokensOut = call('tanh', call('matmul', attention, gelu));
  return { cnn, tokensOut };
}

let lastPriming = null;

// Resolves to true once the graph is built and its dispatches are queued (they then run on the executor,
// and the context's destroy after them), false if anything failed; never rejects.
export function primeRuntime(runtime) {
  lastPriming = prime(runtime);
  return lastPriming;
}

// The last priming's outcome (a promise), or null if this realm never primed (for tests).
export const lastPrimingOutcome = () => lastPriming;

async function prime(runtime) {
  let context = null;
  try {
    context = new MLContext(INTERNAL, runtime);
    // The frameworks ask for it first (onnxruntime-web's WebNN EP, LiteRT.js's delegate); made once per runtime
    // (ml-context.js), the first time cold: 7-30 ms of LiteRT.js's first compile in Chromium.
    contextMethods.opSupportLimits.call(context);
    const builder = new MLGraphBuilder(context);
    const outputs = primingGraph(builder);
    const graph = await builderMethods.build.call(builder, outputs);
    const tensor = (shape) => contextMethods.createTensor.call(context, { dataType: 'float32', shape });
    const [x, cnn, tokensOut] = await Promise.all([tensor(INPUT_SHAPE), tensor(shapeOf.call(outputs.cnn)), tensor(shapeOf.call(outputs.tokensOut))]);
    for (let i = 0; i < DISPATCHES; ++i) contextMethods.dispatch.call(context, graph, { x }, { cnn, tokensOut });
    return true;
  } catch {
    return false;  // priming is only ever a head start
  } finally {
    if (context) contextMethods.destroy.call(context);
  }
}
