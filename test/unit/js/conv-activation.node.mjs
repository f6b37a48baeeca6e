// A float32 activation after a conv2d (swish, hardSwish, sigmoid, ... : compiler/passes/fuse_activations.cc,
// FuseConvActivations) runs inside the conv step, on each block of output the kernel has just written: the same
// bits as the activation as a step of its own (the same kernel on the same values), for every conv form (1x1 GEMM,
// IGEMM with its indirection kept or built per band, depthwise, float16 weights, and a QDQ conv on the integer
// kernels - IGEMM or integer Winograd - with its float epilogue) on one thread and two, after a fused relu too. The unfused reference keeps the
// conv's output as a graph output, which forbids the fusion.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { floats } from './fixtures/random-values.mjs';

const ACTIVATIONS = [
  ['swish', (b, v) => b.mul(v, b.sigmoid(v))],
  ['hardSwish', (b, v) => b.hardSwish(v)],
  ['sigmoid', (b, v) => b.sigmoid(v)],
  ['tanh', (b, v) => b.tanh(v)],
  ['gelu', (b, v) => b.gelu(v)],
  ['leakyRelu', (b, v) => b.leakyRelu(v, { alpha: 0.3 })],
  ['elu', (b, v) => b.elu(v, { alpha: 0.7 })],
];

// [name, input NHWC, filter OHWI (depthwise: [C, kh, kw, 1]), options]
const CONVS = [
  ['1x1 GEMM', [1, 9, 7, 24], [40, 1, 1, 24], {}],
  ['3x3 IGEMM', [1, 9, 7, 8], [12, 3, 3, 8], { padding: [1, 1, 1, 1] }],
  ['3x3 IGEMM per band', [1, 400, 400, 3], [8, 3, 3, 3], { padding: [1, 1, 1, 1] }],  // 160K pixels: banded
  ['depthwise', [1, 9, 7, 16], [16, 3, 3, 1], { padding: [1, 1, 1, 1], groups: 16 }],
  ['grouped', [1, 6, 6, 8], [8, 3, 3, 4], { groups: 2 }],
];

// A QDQ conv (uint8 activations and weights through dequantizeLinear: compiler/passes/fuse_integer.cc makes it a
// convInteger with the float epilogue).
function quantized(b, x, filterShape) {
  const one = [1, 1, 1, 1];
  const scale = (v) => b.constant({ dataType: 'float32', shape: one }, Float32Array.of(v));
  const zero = (v) => b.constant({ dataType: 'uint8', shape: one }, Uint8Array.of(v));
  const q = b.quantizeLinear(x, scale(0.05), zero(128));
  const xf = b.dequantizeLinear(q, scale(0.05), zero(128));
  const n = filterShape.reduce((p, d) => p * d, 1);
  const w = b.constant({ dataType: 'uint8', shape: filterShape }, Uint8Array.from(floats(n, 2), (v) => Math.round((v + 0.5) * 255)));
  return { xf, filter: b.dequantizeLinear(w, scale(0.004), zero(120)) };
}

async function run(context, conv, activation, { half = false, relu = false, observe = false, integer = false }) {
  const [, inShape, filterShape, options] = conv;
  const b = new MLGraphBuilder(context);
  let x = b.input('x', { dataType: 'float32', shape: inShape });
  const n = filterShape.reduce((p, d) => p * d, 1);
  const q = integer ? quantized(b, x, filterShape) : null;
  if (q) x = q.xf;
  const filter = q ? q.filter : half
    ? b.cast(b.constant({ dataType: 'float16', shape: filterShape }, Uint16Array.from(floats(n, 2), (v) => 0x3000 + Math.round((v + 0.5) * 0x800))), 'float32')
    : b.constant({ dataType: 'float32', shape: filterShape }, floats(n, 2));
  const bias = b.constant({ dataType: 'float32', shape: [filterShape[0]] }, floats(filterShape[0], 3));
  let c = b.conv2d(x, filter, { inputLayout: 'nhwc', filterLayout: 'ohwi', bias, ...options });
  if (relu) c = b.relu(c);
  const y = activation[1](b, c);
  const graph = await b.build(observe ? { y, c } : { y });
  const xt = await context.createTensor({ dataType: 'float32', shape: inShape, writable: true });  // x, before any quantization
  context.writeTensor(xt, floats(inShape.reduce((p, d) => p * d, 1), 1).map((v) => v * 8));
  const yt = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
  const outputs = { y: yt };
  if (observe) outputs.c = await context.createTensor({ dataType: 'float32', shape: c.shape, readable: true });
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { x: xt }, outputs);
  const out = new Float32Array(await context.readTensor(yt));
  return { out, steps: __testing.takeProfile(context).map((s) => s.step) };
}

for (const threads of [1, 2]) {
  test(`an activation after a conv2d runs in the conv step, bit for bit as its own step (${threads} thread(s))`, async () => {
    const ml = createML({ numThreads: threads });
    const context = await ml.createContext();
    for (const conv of CONVS) {
      for (const activation of ACTIVATIONS) {
        for (const variant of [{}, { relu: true }, { half: true }, { integer: true }]) {
          if (variant.half && conv[0] === 'depthwise') continue;  // depthwise widens float16 filters at build
          // The integer kernels take 8 or more channels per group, and no depthwise conv.
          if (variant.integer && (conv[0] === 'depthwise' || conv[0] === 'grouped' || conv[1][3] < 8)) continue;
          const what = `${conv[0]}, ${activation[0]}${variant.relu ? ' after relu' : ''}${variant.half ? ', float16 filter' : ''}` +
                       `${variant.integer ? ', QDQ' : ''}`;
          const fused = await run(context, conv, activation, variant);
          const apart = await run(context, conv, activation, { ...variant, observe: true });
          assert.ok(!fused.steps.includes('unary'), `${what}: fused steps ${fused.steps}`);
          // On the integer kernels: the IGEMM, or for the 3x3 conv the integer Winograd (same sums, same epilogue).
          if (variant.integer) assert.ok(fused.steps.some((s) => s.startsWith('convInteger/')), `${what}: steps ${fused.steps}`);
          assert.ok(apart.steps.includes('unary'), `${what}: unfused steps ${apart.steps}`);
          assert.equal(fused.out.length, apart.out.length);
          for (let i = 0; i < fused.out.length; ++i) {
            if (!Object.is(fused.out[i], apart.out[i])) assert.fail(`${what}: element ${i}: ${fused.out[i]} vs ${apart.out[i]}`);
          }
        }
      }
    }
    context.destroy();
  });
}
