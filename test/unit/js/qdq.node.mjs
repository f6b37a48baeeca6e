// QDQ convolutions and matmuls on the integer kernels (compiler/passes/fuse_integer.cc: FuseQdqConvs,
// FuseQdqMatMuls).
//
// A QDQ convolution — conv2d of dequantizeLinear(uint8 activations, scale, zero point) and of dequantizeLinear(a
// uint8 or int8 constant filter, a scale per output channel or one, zero points), with a bias and a relu, as
// onnxruntime-web's WebNN EP sends a QDQ model's Conv (../shared/notes/onnxruntime-webnn-quantized.md) — runs on
// the integer kernels (compiler/passes/fuse_integer.cc, FuseQdqConvs): exact integer sums of (x - zx)(w - zw),
// each output then scaled once by sx * sw and biased, so it lies within 4 float32 roundings of the exact
// (double) result. int8 activations stay on the float conv.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { bytes } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 2 });
const EPS = 2 ** -23;

// Runs one QDQ conv: x [1, c, h, w] (uint8 or int8), filter [m, c, 3, 3], per-channel or per-tensor weight
// scales, a bias and a relu. Returns the steps that ran, and checks each output against the double result (the
// integer path's bound for uint8 activations, a float conv's for int8 ones).
async function run({ c, h, w, m, stride = 1, signedWeights = false, perChannel = true, activation = 'uint8', groups = 1 }) {
  const cg = c / groups, mg = m / groups;
  const integer = activation === 'uint8';
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const xType = activation, wType = signedWeights ? 'int8' : 'uint8';
  const xBytes = bytes(c * h * w, 1), wBytes = bytes(m * cg * 9, 2);
  const asValue = (type, u) => (type === 'int8' ? (u << 24) >> 24 : u);
  const sx = 0.0123, zx = activation === 'int8' ? 3 : 131;
  const sw = Float32Array.from({ length: perChannel ? m : 1 }, (_, o) => 0.002 + 0.0007 * o);
  const zw = signedWeights ? 0 : 119;
  const bias = Float32Array.from({ length: m }, (_, o) => (o % 5) * 0.37 - 0.6);
  const ones = [1, 1, 1, 1];
  const x = b.input('x', { dataType: xType, shape: [1, c, h, w] });
  const xf = b.dequantizeLinear(x, b.constant({ dataType: 'float32', shape: ones }, Float32Array.of(sx)),
                                b.constant({ dataType: xType, shape: ones }, new (xType === 'int8' ? Int8Array : Uint8Array)([zx])));
  const wShape = perChannel ? [m, 1, 1, 1] : ones;
  const wf = b.dequantizeLinear(b.constant({ dataType: wType, shape: [m, cg, 3, 3] }, wBytes), b.constant({ dataType: 'float32', shape: wShape }, sw),
                                b.constant({ dataType: wType, shape: wShape }, new Uint8Array(perChannel ? m : 1).fill(zw)));
  const y = b.relu(b.conv2d(xf, wf, { padding: [1, 1, 1, 1], strides: [stride, stride], groups, bias: b.constant({ dataType: 'float32', shape: [m] }, bias) }));
  const graph = await b.build({ y });
  const [oh, ow] = y.shape.slice(2);
  const xt = await context.createTensor({ dataType: xType, shape: [1, c, h, w], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
  context.writeTensor(xt, xBytes);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { x: xt }, { y: yt });
  const got = new Float32Array(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((s) => s.step);
  for (let o = 0; o < m; ++o) {
    const scale = sx * sw[perChannel ? o : 0];
    for (let oy = 0; oy < oh; ++oy) {
      for (let ox = 0; ox < ow; ++ox) {
        let acc = 0, absAcc = 0;
        for (let ci = 0; ci < cg; ++ci) {
          const i = Math.floor(o / mg) * cg + ci;
          for (let ky = 0; ky < 3; ++ky) {
            for (let kx = 0; kx < 3; ++kx) {
              const iy = oy * stride + ky - 1, ix = ox * stride + kx - 1;
              if (iy < 0 || ix < 0 || iy >= h || ix >= w) continue;
              const term = (asValue(xType, xBytes[(i * h + iy) * w + ix]) - zx) * (asValue(wType, wBytes[((o * cg + ci) * 3 + ky) * 3 + kx]) - zw);
              acc += term;
              absAcc += Math.abs(term);
            }
          }
        }
        const exact = Math.max(0, scale * acc + bias[o]);
        const value = got[(o * oh + oy) * ow + ox];
        // Integer sums: the product, the scale and the bias each rounded once. A float conv rounds each of its
        // products and sums too: a bound in the number of terms, over their magnitudes.
        const bound = integer ? 4 * EPS * (Math.abs(scale * acc) + Math.abs(bias[o])) + 1e-30
                              : (c * 9 + 3) * EPS * (scale * absAcc + Math.abs(bias[o]));
        if (Math.abs(value - exact) > bound) assert.fail(`channel ${o} (${oy}, ${ox}): ${value}, exact ${exact}, bound ${bound}`);
      }
    }
  }
  context.destroy();
  return steps;
}

// The integer conv steps besides the depthwise one: the IGEMM, or for 3x3 filters of stride 1 the exact integer
// Winograd (the same int32 sums, the same epilogue).
const INTEGER_CONV = ['convInteger/igemm', 'convInteger/winograd'];
const onIntegerConv = (steps) => steps.some((s) => INTEGER_CONV.includes(s));

test('a QDQ conv (uint8 activations, int8 per-channel weights, bias, relu) runs on the integer kernels, within 4 roundings of exact', async () => {
  const steps = await run({ c: 32, h: 9, w: 10, m: 12, signedWeights: true });
  assert.ok(onIntegerConv(steps), steps.join(', '));
  assert.ok(!steps.includes('conv2d/igemm') && !steps.includes('dequantizeLinear'), steps.join(', '));
});

test('a QDQ conv with uint8 weights, a zero point and one scale, stride 2, 128 channels (filter kept as uint8)', async () => {
  const steps = await run({ c: 128, h: 11, w: 9, m: 6, stride: 2, perChannel: false });
  assert.ok(steps.includes('convInteger/igemm'), steps.join(', '));
});

test('a QDQ depthwise conv (one filter per channel, 3 or 12 channels) runs on the integer dwconv kernel, within 4 roundings', async () => {
  for (const c of [3, 12]) {
    const steps = await run({ c, h: 9, w: 7, m: c, groups: c, stride: c === 3 ? 2 : 1, signedWeights: c === 12 });
    assert.ok(steps.includes('convInteger/dwconv') && !steps.includes('dequantizeLinear'), steps.join(', '));
  }
});

test('int8 activations stay on the float conv, and are right', async () => {
  const steps = await run({ c: 16, h: 6, w: 7, m: 4, signedWeights: true, activation: 'int8' });
  assert.ok(!onIntegerConv(steps), steps.join(', '));
});

// A QDQ matmul: matmul(dequantizeLinear(a uint8, sa, za), dequantizeLinear(b [K, N] uint8 or int8, sb per column or
// one, zb)), then an add of a bias per column, as the EP sends a QDQ model's MatMul and Add. Checked against the
// double result within 4 float32 roundings.
async function runMatMul({ m, k, n, batch = 1, signed = false, perColumn = true }) {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const aBytes = bytes(batch * m * k, 3), bBytes = bytes(k * n, 4);
  const bType = signed ? 'int8' : 'uint8';
  const sa = 0.031, za = 97, zb = signed ? 0 : 140;
  const sb = Float32Array.from({ length: perColumn ? n : 1 }, (_, j) => 0.0011 + 0.0003 * j);
  const bias = Float32Array.from({ length: n }, (_, j) => (j % 7) * 0.21 - 0.5);
  const a = b.input('a', { dataType: 'uint8', shape: [batch, m, k] });
  const af = b.dequantizeLinear(a, b.constant({ dataType: 'float32', shape: [1, 1, 1] }, Float32Array.of(sa)),
                                b.constant({ dataType: 'uint8', shape: [1, 1, 1] }, Uint8Array.of(za)));
  const sShape = perColumn ? [1, n] : [1, 1];
  const bf = b.dequantizeLinear(b.constant({ dataType: bType, shape: [k, n] }, bBytes), b.constant({ dataType: 'float32', shape: sShape }, sb),
                                b.constant({ dataType: bType, shape: sShape }, new Uint8Array(perColumn ? n : 1).fill(zb)));
  const y = b.add(b.matmul(af, bf), b.constant({ dataType: 'float32', shape: [n] }, bias));
  const graph = await b.build({ y });
  const at = await context.createTensor({ dataType: 'uint8', shape: [batch, m, k], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [batch, m, n], readable: true });
  context.writeTensor(at, aBytes);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { a: at }, { y: yt });
  const got = new Float32Array(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((s) => s.step);
  const bValue = (u) => (signed ? (u << 24) >> 24 : u);
  for (let r = 0; r < batch * m; ++r) {
    for (let j = 0; j < n; ++j) {
      let acc = 0;
      for (let i = 0; i < k; ++i) acc += (aBytes[r * k + i] - za) * (bValue(bBytes[i * n + j]) - zb);
      const scale = sa * sb[perColumn ? j : 0];
      const exact = scale * acc + bias[j], value = got[r * n + j];
      const bound = 4 * EPS * (Math.abs(scale * acc) + Math.abs(bias[j])) + 1e-30;
      if (Math.abs(value - exact) > bound) assert.fail(`row ${r} column ${j}: ${value}, exact ${exact}, bound ${bound}`);
    }
  }
  context.destroy();
  return steps;
}

test('a QDQ matmul (uint8 a, int8 b with a scale per column, a bias add) runs on the integer kernels, within 4 roundings of exact', async () => {
  const steps = await runMatMul({ m: 7, k: 64, n: 24, batch: 2, signed: true });
  assert.deepEqual(steps, ['matMulInteger/gemm'], steps.join(', '));
});

test('a QDQ matmul with uint8 b, a zero point and one scale, one row', async () => {
  const steps = await runMatMul({ m: 1, k: 40, n: 13, perColumn: false });
  assert.deepEqual(steps, ['matMulInteger/gemm'], steps.join(', '));
});

// int8 activations made in the graph (quantizeLinear to int8, then dequantizeLinear: a QDQ model's Q -> DQ, int8
// as onnxruntime's static quantization writes them by default) run on the integer conv too: the pair becomes
// uint8 with its zero point + 128, the same values.
test('int8 activations between a quantizeLinear and its dequantizeLinear run on the integer conv, within 4 roundings', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const c = 16, h = 7, w = 6, m = 8, s = 0.05, z = -7;
  // Inputs a third of a step off the grid, so the float32 quantization has one answer.
  const q = Int8Array.from(bytes(c * h * w, 5), (u) => Math.max(-128, Math.min(127, ((u << 24) >> 24))));
  const xValues = Float32Array.from(q, (v) => (v - z + 0.3) * s);
  const wBytes = bytes(m * c * 9, 6);
  const sw = Float32Array.from({ length: m }, (_, o) => 0.004 + 0.001 * o);
  const x = b.input('x', { dataType: 'float32', shape: [1, c, h, w] });
  const scale = b.constant({ dataType: 'float32', shape: [1, 1, 1, 1] }, Float32Array.of(s));
  const zero = b.constant({ dataType: 'int8', shape: [1, 1, 1, 1] }, Int8Array.of(z));
  const xf = b.dequantizeLinear(b.quantizeLinear(x, scale, zero), scale, zero);
  const wf = b.dequantizeLinear(b.constant({ dataType: 'int8', shape: [m, c, 3, 3] }, wBytes), b.constant({ dataType: 'float32', shape: [m, 1, 1, 1] }, sw),
                                b.constant({ dataType: 'int8', shape: [m, 1, 1, 1] }, new Int8Array(m)));
  const y = b.conv2d(xf, wf, { padding: [1, 1, 1, 1] });
  const graph = await b.build({ y });
  const xt = await context.createTensor({ dataType: 'float32', shape: [1, c, h, w], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [1, m, h, w], readable: true });
  context.writeTensor(xt, xValues);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { x: xt }, { y: yt });
  const got = new Float32Array(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((p) => p.step);
  assert.ok(onIntegerConv(steps) && !steps.includes('conv2d/igemm'), steps.join(', '));
  const qx = Array.from(q, (v) => Math.max(-128, Math.min(127, v)));
  for (let o = 0; o < m; ++o) {
    for (let oy = 0; oy < h; ++oy) {
      for (let ox = 0; ox < w; ++ox) {
        let acc = 0;
        for (let i = 0; i < c; ++i) {
          for (let ky = 0; ky < 3; ++ky) {
            for (let kx = 0; kx < 3; ++kx) {
              const iy = oy + ky - 1, ix = ox + kx - 1;
              if (iy < 0 || ix < 0 || iy >= h || ix >= w) continue;
              acc += (qx[(i * h + iy) * w + ix] - z) * ((wBytes[((o * c + i) * 3 + ky) * 3 + kx] << 24) >> 24);
            }
          }
        }
        const exact = s * sw[o] * acc, value = got[(o * h + oy) * w + ox];
        if (Math.abs(value - exact) > 4 * EPS * Math.abs(exact) + 1e-30) assert.fail(`channel ${o} (${oy}, ${ox}): ${value}, exact ${exact}`);
      }
    }
  }
  context.destroy();
});

// A QDQ model's requantization: quantizeLinear of an integer conv's or matmul's float output (with its bias and
// activation), one constant scale and zero point -> the integer step writes the bytes itself
// (compiler/passes/fuse_output_quantization.cc). Checked bit for bit against the same graph with the scale given as
// an input, which keeps the quantizeLinear a step of its own; outputs past 512 columns take the tile in pieces.
async function requantized({ kind, c, h = 5, w = 6, m, kh = 1, rows = 1, type = 'uint8', activation = 'relu', depthwise = false }) {
  const context = await ml.createContext();
  const results = [];
  for (const separate of [false, true]) {
    const b = new MLGraphBuilder(context);
    const one = kind === 'conv' ? [1, 1, 1, 1] : [1, 1, 1];
    const xShape = kind === 'conv' ? [1, h, w, c] : [1, rows, c];
    const x = b.input('x', { dataType: 'uint8', shape: xShape });
    const s = b.input('s', { dataType: 'float32', shape: one });
    const xf = b.dequantizeLinear(x, b.constant({ dataType: 'float32', shape: one }, Float32Array.of(0.021)),
                                  b.constant({ dataType: 'uint8', shape: one }, Uint8Array.of(117)));
    const sw = Float32Array.from({ length: m }, (_, o) => 0.0015 + 0.0002 * (o % 9));
    let y;
    if (kind === 'conv') {
      const cg = depthwise ? 1 : c;
      const wf = b.dequantizeLinear(b.constant({ dataType: 'int8', shape: [m, kh, kh, cg] }, bytes(m * kh * kh * cg, 7)),
                                    b.constant({ dataType: 'float32', shape: [m, 1, 1, 1] }, sw), b.constant({ dataType: 'int8', shape: [m, 1, 1, 1] }, new Int8Array(m)));
      y = b.conv2d(xf, wf, { padding: kh === 3 ? [1, 1, 1, 1] : [0, 0, 0, 0], inputLayout: 'nhwc', filterLayout: 'ohwi', groups: depthwise ? c : 1,
                             bias: b.constant({ dataType: 'float32', shape: [m] }, Float32Array.from({ length: m }, (_, o) => (o % 7) * 0.3 - 1)) });
    } else {
      const wf = b.dequantizeLinear(b.constant({ dataType: 'uint8', shape: [c, m] }, bytes(c * m, 8)), b.constant({ dataType: 'float32', shape: [1, m] }, sw),
                                    b.constant({ dataType: 'uint8', shape: [1, m] }, new Uint8Array(m).fill(128)));
      y = b.add(b.matmul(xf, wf), b.constant({ dataType: 'float32', shape: [m] }, Float32Array.from({ length: m }, (_, o) => (o % 5) * 0.4 - 0.8)));
    }
    if (activation === 'relu') y = b.relu(y);
    if (activation === 'hardSwish') y = b.hardSwish(y);
    const zero = type === 'int8' ? Int8Array.of(-5) : Uint8Array.of(3);
    const scale = 0.0625 / 3;
    const q = b.quantizeLinear(y, separate ? s : b.constant({ dataType: 'float32', shape: one }, Float32Array.of(scale)),
                               b.constant({ dataType: type, shape: one }, zero));
    const graph = await b.build({ q });
    const xt = await context.createTensor({ dataType: 'uint8', shape: xShape, writable: true });
    const st = await context.createTensor({ dataType: 'float32', shape: one, writable: true });
    const qt = await context.createTensor({ dataType: type, shape: q.shape, readable: true });
    context.writeTensor(xt, bytes(xShape.reduce((p, d) => p * d, 1), 9));
    context.writeTensor(st, Float32Array.of(scale));
    __testing.profileNextDispatch(context);
    context.dispatch(graph, separate ? { x: xt, s: st } : { x: xt }, { q: qt });
    const out = new Uint8Array(await context.readTensor(qt));
    results.push({ out, steps: __testing.takeProfile(context).map((p) => p.step) });
  }
  context.destroy();
  const [fused, separate] = results;
  const integerStep = kind === 'conv' ? (depthwise ? 'convInteger/dwconv' : fused.steps[0]) : 'matMulInteger/gemm';
  if (kind === 'conv' && !depthwise) assert.ok(INTEGER_CONV.includes(integerStep), fused.steps.join(', '));
  assert.deepEqual(fused.steps, [integerStep], fused.steps.join(', '));
  assert.deepEqual(separate.steps, [integerStep, 'quantizeLinear'], separate.steps.join(', '));
  const distinct = new Set(fused.out).size;
  assert.ok(distinct > 8, `the outputs should spread over the range, got ${distinct} values`);
  for (let i = 0; i < fused.out.length; ++i) {
    if (fused.out[i] !== separate.out[i]) assert.fail(`element ${i}: fused ${fused.out[i]}, separate ${separate.out[i]}`);
  }
}

test('a QDQ conv followed by quantizeLinear writes the quantized bytes itself, bit for bit the separate step\'s', async () => {
  await requantized({ kind: 'conv', c: 24, m: 20 });
  await requantized({ kind: 'conv', c: 16, m: 12, kh: 3, type: 'int8', activation: 'hardSwish' });
  await requantized({ kind: 'conv', c: 8, h: 3, w: 4, m: 600, activation: 'none' });
  await requantized({ kind: 'conv', c: 136, h: 4, w: 3, m: 9, kh: 3 });
});

test('a QDQ depthwise conv runs on the integer dwconv kernel, its requantization inside, bit for bit the separate step\'s', async () => {
  await requantized({ kind: 'conv', c: 20, m: 20, kh: 3, depthwise: true });
  await requantized({ kind: 'conv', c: 5, h: 7, w: 4, m: 5, kh: 3, depthwise: true, type: 'int8', activation: 'hardSwish' });
});

test('a QDQ matmul followed by quantizeLinear writes the quantized bytes itself, bit for bit the separate step\'s', async () => {
  await requantized({ kind: 'matmul', c: 40, m: 24, rows: 11 });
  await requantized({ kind: 'matmul', c: 16, m: 530, rows: 1, type: 'int8', activation: 'none' });
});

// A QDQ gemm (ONNX Gemm as the EP sends it: a classifier's or a Linear layer's): gemm(dequantizeLinear(a uint8 [M, K]),
// dequantizeLinear(b uint8 or int8 constant, [N, K] with bTranspose or [K, N]; a scale per output column or one),
// c a bias per column or none) runs as the integer matmul, within 4 float32 roundings of the exact result.
async function runGemm({ m, k, n, transposed, signed = false, perColumn = true, bias = true }) {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const aBytes = bytes(m * k, 11), bBytes = bytes(k * n, 12);
  const bType = signed ? 'int8' : 'uint8';
  const sa = 0.017, za = 121, zb = signed ? 3 : 126;
  const sb = Float32Array.from({ length: perColumn ? n : 1 }, (_, j) => 0.0009 + 0.0004 * (j % 11));
  const c = Float32Array.from({ length: n }, (_, j) => (j % 6) * 0.3 - 0.7);
  const a = b.input('a', { dataType: 'uint8', shape: [m, k] });
  const af = b.dequantizeLinear(a, b.constant({ dataType: 'float32', shape: [1, 1] }, Float32Array.of(sa)),
                                b.constant({ dataType: 'uint8', shape: [1, 1] }, Uint8Array.of(za)));
  const sShape = perColumn ? (transposed ? [n, 1] : [1, n]) : [1, 1];
  const bf = b.dequantizeLinear(b.constant({ dataType: bType, shape: transposed ? [n, k] : [k, n] }, bBytes),
                                b.constant({ dataType: 'float32', shape: sShape }, sb),
                                b.constant({ dataType: bType, shape: sShape }, new Uint8Array(perColumn ? n : 1).fill(zb)));
  const y = b.gemm(af, bf, { bTranspose: transposed, ...(bias ? { c: b.constant({ dataType: 'float32', shape: [n] }, c) } : {}) });
  const graph = await b.build({ y });
  const at = await context.createTensor({ dataType: 'uint8', shape: [m, k], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [m, n], readable: true });
  context.writeTensor(at, aBytes);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { a: at }, { y: yt });
  const got = new Float32Array(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((s) => s.step);
  const bValue = (u) => (signed ? (u << 24) >> 24 : u);
  for (let r = 0; r < m; ++r) {
    for (let j = 0; j < n; ++j) {
      let acc = 0;
      for (let i = 0; i < k; ++i) acc += (aBytes[r * k + i] - za) * (bValue(bBytes[transposed ? j * k + i : i * n + j]) - zb);
      const scale = sa * sb[perColumn ? j : 0], bj = bias ? c[j] : 0;
      const exact = scale * acc + bj, value = got[r * n + j];
      const bound = 4 * EPS * (Math.abs(scale * acc) + Math.abs(bj)) + 1e-30;
      if (Math.abs(value - exact) > bound) assert.fail(`row ${r} column ${j}: ${value}, exact ${exact}, bound ${bound}`);
    }
  }
  context.destroy();
  return steps;
}

test('a QDQ gemm (bTranspose or not, int8 or uint8 b, per column or one scale, with or without c) runs on the integer matmul', async () => {
  assert.deepEqual(await runGemm({ m: 5, k: 48, n: 20, transposed: true, signed: true }), ['matMulInteger/gemm']);
  assert.deepEqual(await runGemm({ m: 1, k: 24, n: 13, transposed: false, perColumn: false }), ['matMulInteger/gemm']);
  assert.deepEqual(await runGemm({ m: 7, k: 16, n: 9, transposed: true, bias: false }), ['matMulInteger/gemm']);
});

// A QDQ network's skip connection: quantizeLinear(concat(dequantizeLinear(a), resampled float, dequantizeLinear(b)))
// -> concat(a, quantizeLinear(resampled), quantizeLinear(dequantizeLinear(b))) (compiler/passes/
// quantize_concat_inputs.cc): a, dequantized with the concat's own scale and zero point, is taken as it is; b, with
// another scale, is quantized like the float part. Checked bit for bit against the same graph with the scale given
// as an input, which keeps the float concat and its quantizeLinear; then against the formula.
test('quantizeLinear of a concat quantizes its inputs, taking the bytes quantized with its own scale as they are, bit for bit', async () => {
  for (const type of ['uint8', 'int8']) {
    const context = await ml.createContext();
    const results = [];
    const View = type === 'int8' ? Int8Array : Uint8Array;
    const zero = type === 'int8' ? -3 : 5, scale = 4 / 255;
    const a = new View(bytes(8 * 8 * 6, 11).buffer), b8 = new View(bytes(8 * 8 * 3, 12).buffer);
    const small = Float32Array.from(bytes(4 * 4 * 4, 13), (v) => (v - 100) / 40);
    for (const separate of [false, true]) {
      const b = new MLGraphBuilder(context);
      const one = [1];
      const dq = (x, s) => b.dequantizeLinear(x, b.constant({ dataType: 'float32', shape: one }, Float32Array.of(s)),
                                              b.constant({ dataType: type, shape: one }, View.of(zero)));
      const ai = b.input('a', { dataType: type, shape: [1, 8, 8, 6] });
      const bi = b.input('b', { dataType: type, shape: [1, 8, 8, 3] });
      const xi = b.input('x', { dataType: 'float32', shape: [1, 4, 4, 4] });
      const up = b.resample2d(xi, { mode: 'linear', scales: [2, 2], axes: [1, 2] });
      const cat = b.concat([dq(ai, scale), up, dq(bi, 0.021)], 3);
      const s = b.input('s', { dataType: 'float32', shape: one });
      const q = b.quantizeLinear(cat, separate ? s : b.constant({ dataType: 'float32', shape: one }, Float32Array.of(scale)),
                                 b.constant({ dataType: type, shape: one }, View.of(zero)));
      const graph = await b.build({ q });
      const tensor = async (dataType, shape, data) => {
        const t = await context.createTensor({ dataType, shape, writable: true });
        context.writeTensor(t, data);
        return t;
      };
      const inputs = { a: await tensor(type, [1, 8, 8, 6], a), b: await tensor(type, [1, 8, 8, 3], b8), x: await tensor('float32', [1, 4, 4, 4], small) };
      if (separate) inputs.s = await tensor('float32', one, Float32Array.of(scale));
      const qt = await context.createTensor({ dataType: type, shape: [1, 8, 8, 13], readable: true });
      __testing.profileNextDispatch(context);
      context.dispatch(graph, inputs, { q: qt });
      const out = new View(await context.readTensor(qt));
      results.push({ out, steps: __testing.takeProfile(context).map((p) => p.step) });
    }
    context.destroy();
    const [fused, separate] = results;
    assert.ok(!fused.steps.includes('dequantizeLinear') || fused.steps.filter((st) => st === 'dequantizeLinear').length === 1, fused.steps.join(', '));
    assert.equal(fused.steps.filter((st) => st === 'quantizeLinear').length, 2, fused.steps.join(', '));
    assert.equal(separate.steps.filter((st) => st === 'quantizeLinear').length, 1, separate.steps.join(', '));
    for (let i = 0; i < fused.out.length; ++i) {
      if (fused.out[i] !== separate.out[i]) assert.fail(`${type} element ${i}: fused ${fused.out[i]}, separate ${separate.out[i]}`);
    }
    // a's bytes come through unchanged (quantizeLinear(dequantizeLinear(a)) with the same scale and zero point).
    for (let p = 0; p < 64; ++p) {
      for (let ch = 0; ch < 6; ++ch) assert.equal(fused.out[p * 13 + ch], a[p * 6 + ch], `${type} pixel ${p} channel ${ch}`);
    }
    assert.ok(new Set(fused.out).size > 8, 'the outputs should spread over the range');
  }
});
