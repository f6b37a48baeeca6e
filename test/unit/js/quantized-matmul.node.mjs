// MatMulInteger as onnxruntime-web's WebNN EP sends it — dequantizeLinear of uint8 activations and of a uint8
// constant b with scale 1 (zero points reshaped to [1, ..., 1], or [1, N] per column), matmul, cast to int32
// (../shared/notes/onnxruntime-webnn-quantized.md) — runs on the integer kernels (compiler/passes/fuse_integer.cc,
// compiler/lower/matmul_integer.cc) and gives the exact integer result, here against an integer reference:
// 3-D activations, one and two rows (a decoder's token), sums past 2^24, per-tensor and per-column b zero
// points. The float epilogue of onnxruntime's dynamic quantization (cast, mul by the scales, add the bias,
// relu) runs in the same step, bit for bit as the float32 operations. K below 8 stays on the float path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 2 });

function bytes(n, seed, large) {
  const v = new Uint8Array(n);
  for (let i = 0; i < n; ++i) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    v[i] = large ? 255 - ((seed >>> 24) & 7) : seed >>> 24;
  }
  return v;
}

async function run({ aShape, n, perColumn = false, large = false, epilogue = null, expectInteger = true }) {
  const k = aShape.at(-1), m = aShape.slice(0, -1).reduce((x, d) => x * d, 1);
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const rank = aShape.length;
  const ones = (r) => b.constant({ dataType: 'float32', shape: new Array(r).fill(1) }, Float32Array.of(1));
  const a = b.input('a', { dataType: 'uint8', shape: aShape });
  const azp = b.input('azp', { dataType: 'uint8', shape: [] });
  const bBytes = bytes(k * n, k + n, large);
  const bzpBytes = perColumn ? bytes(n, 3, false) : Uint8Array.of(large ? 0 : 121);
  const bzp = b.constant({ dataType: 'uint8', shape: perColumn ? [1, n] : [1, 1] }, bzpBytes);
  const bScale = perColumn ? b.constant({ dataType: 'float32', shape: [1, n] }, new Float32Array(n).fill(1)) : ones(2);
  const af = b.dequantizeLinear(a, ones(rank), b.reshape(azp, new Array(rank).fill(1)));
  const bf = b.dequantizeLinear(b.constant({ dataType: 'uint8', shape: [k, n] }, bBytes), bScale, bzp);
  let y = b.cast(b.matmul(af, bf), 'int32');
  const scale = Float32Array.of(2.9e-4), bias = Float32Array.from({ length: n }, (_, i) => (i % 7) * 0.75 - 2);
  if (epilogue) {
    y = b.add(b.mul(b.cast(y, 'float32'), b.input('s', { dataType: 'float32', shape: [] })), b.constant({ dataType: 'float32', shape: [n] }, bias));
    if (epilogue.relu) y = b.relu(y);
  }
  const graph = await b.build({ y });
  const aBytes = bytes(m * k, m + 2 * k, large);
  const azpValue = large ? 0 : 140;
  const want = new (epilogue ? Float32Array : Int32Array)(m * n);
  for (let i = 0; i < m; ++i) {
    for (let j = 0; j < n; ++j) {
      let sum = 0;
      for (let kk = 0; kk < k; ++kk) sum += (aBytes[i * k + kk] - azpValue) * (bBytes[kk * n + j] - bzpBytes[perColumn ? j : 0]);
      if (!epilogue) want[i * n + j] = sum;
      else {
        const v = Math.fround(Math.fround(Math.fround(sum) * scale[0]) + bias[j]);
        want[i * n + j] = epilogue.relu ? Math.max(v, 0) : v;
      }
    }
  }
  const tensors = {
    a: await context.createTensor({ dataType: 'uint8', shape: aShape, writable: true }),
    azp: await context.createTensor({ dataType: 'uint8', shape: [], writable: true }),
  };
  context.writeTensor(tensors.a, aBytes);
  context.writeTensor(tensors.azp, Uint8Array.of(azpValue));
  if (epilogue) {
    tensors.s = await context.createTensor({ dataType: 'float32', shape: [], writable: true });
    context.writeTensor(tensors.s, scale);
  }
  const yt = await context.createTensor({ dataType: epilogue ? 'float32' : 'int32', shape: [...aShape.slice(0, -1), n], readable: true });
  __testing.profileNextDispatch(context);
  context.dispatch(graph, tensors, { y: yt });
  const got = new (epilogue ? Float32Array : Int32Array)(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((p) => p.step);
  if (expectInteger) assert.deepEqual(steps, ['matMulInteger/gemm'], `steps: ${steps.join(', ')}`);
  else assert.ok(!steps.includes('matMulInteger/gemm'), `steps: ${steps.join(', ')}`);
  for (let i = 0; i < got.length; ++i) {
    if (got[i] !== want[i]) assert.fail(`element ${i}: ${got[i]}, want ${want[i]} (${JSON.stringify(aShape)} x [${k}, ${n}])`);
  }
  context.destroy();
  return want;
}

test('MatMulInteger runs on the integer kernels and is exact: 3-D activations, 1 and 2 rows, sums past 2^24', async () => {
  await run({ aShape: [1, 13, 64], n: 40 });
  await run({ aShape: [1, 1, 96], n: 37 });
  await run({ aShape: [2, 48], n: 9 });
  const y = await run({ aShape: [3, 2048], n: 8, large: true });
  assert.ok(y.some((v) => Math.abs(v) > 2 ** 24 && v % 2 !== 0), 'no odd sum beyond float32\'s exact integers');
});

test('MatMulInteger with a zero point per column of b', async () => {
  await run({ aShape: [1, 7, 24], n: 33, perColumn: true });
});

test('the float epilogue (cast, mul by the run-time scale, add a bias, relu) runs inside the integer matmul', async () => {
  await run({ aShape: [1, 9, 64], n: 30, epilogue: { relu: true } });
  await run({ aShape: [1, 1, 128], n: 64, perColumn: true, epilogue: {} });
});

test('K below 8 stays on the float path (exact while its sums stay below 2^24)', async () => {
  await run({ aShape: [4, 5], n: 6, expectInteger: false });
});
