// Float16 weights stay float16 (compiler/passes/keep_half_weights.cc): a conv whose filter is
// cast(constant float16 -> float32), as a half-precision export reaches WebNN, computes bit for bit what the
// same conv computes on the widened float32 filter (the widening is exact), NCHW/OIHW and NHWC/OHWI, 1x1 and
// 3x3, groups, with a bias and a fused relu; so does a matmul of 256 rows or more by such a b (fewer rows keep
// a float32 b). After build() the graph holds the float16 bytes, not a float32 copy: at most its constants as
// given + its arena (the widened weights' scratch included) + 10%.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { floats } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 2 });
const context = await ml.createContext();
const marker = await context.createTensor({ dataType: 'float32', shape: [1], readable: true });
const settled = () => context.readTensor(marker);

// Halves in [-0.06, 0.06] (normal ones and some subnormals), and their float32 values.
function halves(n, seed) {
  const bits = new Uint16Array(n);
  const values = new Float32Array(n);
  for (let i = 0; i < n; ++i) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const sign = seed & 0x8000, exponent = (seed >>> 20) % 11, mantissa = (seed >>> 6) & 0x3ff;
    bits[i] = sign | (exponent << 10) | mantissa;  // exponent 0: subnormal
    values[i] = (sign ? -1 : 1) * (exponent === 0 ? mantissa * 2 ** -24 : (1 + mantissa / 1024) * 2 ** (exponent - 15));
  }
  return { bits, values };
}

async function run(graph, shape, x) {
  const xt = await context.createTensor({ dataType: 'float32', shape, writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: graph.outputShape, readable: true });
  context.writeTensor(xt, x);
  context.dispatch(graph.graph, { x: xt }, { y: yt });
  const y = new Float32Array(await context.readTensor(yt));
  xt.destroy();
  yt.destroy();
  return y;
}

async function build(half, { c, h, m, k, groups = 1, nhwc = false, layers = 1 }) {
  const b = new MLGraphBuilder(context);
  const shape = nhwc ? [1, h, h, c] : [1, c, h, h];
  let y = b.input('x', { dataType: 'float32', shape });
  let given = 0;
  for (let l = 0; l < layers; ++l) {
    const inC = l === 0 ? c : m;
    const wShape = nhwc ? [m, k, k, inC / groups] : [m, inC / groups, k, k];
    const { bits, values } = halves(wShape.reduce((p, d) => p * d, 1), 7 + l);
    const w = half ? b.cast(b.constant({ dataType: 'float16', shape: wShape }, bits), 'float32')
                   : b.constant({ dataType: 'float32', shape: wShape }, values);
    const biasData = floats(m, 3 + l);
    given += (half ? bits.byteLength : values.byteLength) + biasData.byteLength;
    const pad = (k - 1) >> 1;
    y = b.relu(b.conv2d(y, w, { padding: [pad, pad, pad, pad], groups, bias: b.constant({ dataType: 'float32', shape: [m] }, biasData),
                                ...(nhwc ? { inputLayout: 'nhwc', filterLayout: 'ohwi' } : {}) }));
  }
  const outputShape = y.shape;
  return { graph: await b.build({ y }), outputShape, shape, given };
}

test('a float16 filter behind a cast computes what its float32 widening computes, bit for bit', async () => {
  for (const config of [{ c: 16, h: 9, m: 24, k: 3 }, { c: 32, h: 7, m: 20, k: 1 }, { c: 16, h: 8, m: 16, k: 3, groups: 4 },
                        { c: 12, h: 10, m: 8, k: 3, nhwc: true }, { c: 8, h: 6, m: 16, k: 3, layers: 3 }]) {
    const half = await build(true, config), full = await build(false, config);
    const x = floats(half.shape.reduce((p, d) => p * d, 1), 11);
    const [a, b] = [await run(half, half.shape, x), await run(full, full.shape, x)];
    assert.equal(a.length, b.length);
    for (let i = 0; i < a.length; ++i) {
      if (!Object.is(a[i], b[i])) assert.fail(`${JSON.stringify(config)}: element ${i}: ${a[i]} against ${b[i]}`);
    }
    half.graph.destroy();
    full.graph.destroy();
  }
});

async function buildMatMul(half, rows, k, n, layers = 1) {
  const b = new MLGraphBuilder(context);
  const shape = [2, rows, k];
  let y = b.input('x', { dataType: 'float32', shape });
  let given = 0;
  for (let l = 0; l < layers; ++l) {
    const { bits, values } = halves(k * n, 5 + l);
    given += half ? bits.byteLength : values.byteLength;
    y = b.matmul(y, half ? b.cast(b.constant({ dataType: 'float16', shape: [k, n] }, bits), 'float32')
                         : b.constant({ dataType: 'float32', shape: [k, n] }, values));
  }
  return { graph: await b.build({ y }), outputShape: y.shape, shape, given };
}

test('a matmul by a float16 b behind a cast computes what its float32 widening computes, bit for bit', async () => {
  for (const [rows, k, n] of [[256, 64, 48], [300, 100, 70], [1, 256, 64]]) {
    const half = await buildMatMul(true, rows, k, n), full = await buildMatMul(false, rows, k, n);
    const x = floats(half.shape.reduce((p, d) => p * d, 1), 13);
    const [a, b] = [await run(half, half.shape, x), await run(full, full.shape, x)];
    for (let i = 0; i < a.length; ++i) {
      if (!Object.is(a[i], b[i])) assert.fail(`[${rows}, ${k}] x [${k}, ${n}]: element ${i}: ${a[i]} against ${b[i]}`);
    }
    half.graph.destroy();
    full.graph.destroy();
  }
});

test('a float16-weight matmul stack of 256 rows holds its float16 bytes after build()', async () => {
  await settled();
  const before = (await __testing.heapStats()).inUse;
  const { graph, given } = await buildMatMul(true, 256, 1024, 1024, 6);
  const held = (await __testing.heapStats()).inUse - before;
  const arena = __testing.graphArenaBytes(graph);
  const bound = (given + arena) * 1.1 + 64 * 1024;
  assert.ok(held <= bound, `${held} bytes held > ${Math.round(bound)} (constants ${given} + arena ${arena}, +10%)`);
  assert.ok(given * 2 > bound, 'the bound tells a float32 copy apart');
  graph.destroy();
});

test('a float16-weight conv stack holds its float16 bytes after build(), not a float32 copy', async () => {
  await settled();
  const before = (await __testing.heapStats()).inUse;
  // 12 layers: their 3x3 filters run as Winograd F(2x2, 3x3), whose transform of one filter (16/9 of it in
  // float32) takes 1.1 MB of the arena's shared scratch; with 6 the bound would barely tell a copy apart.
  const { graph, given } = await build(true, { c: 128, h: 16, m: 128, k: 3, layers: 12 });
  const held = (await __testing.heapStats()).inUse - before;
  const arena = __testing.graphArenaBytes(graph);
  const bound = (given + arena) * 1.1 + 64 * 1024;
  assert.ok(held <= bound, `${held} bytes held > ${Math.round(bound)} (constants ${given} + arena ${arena}, +10%)`);
  // A float32 copy of the weights alone would not pass the bound.
  assert.ok(given + 12 * 128 * 128 * 9 * 2 > bound, 'the bound tells a float32 copy apart');
  graph.destroy();
});
