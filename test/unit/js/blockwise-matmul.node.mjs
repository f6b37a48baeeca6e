// 4-bit weights at their stored size (passes/keep_blockwise_weights.cc, lower/blockwise.cc): the WebNN calls
// onnxruntime-web's WebNN EP makes for MatMulNBits (../shared/notes/onnxruntime-webnn-quantized.md) - a uint4
// constant [N, K / block, block], scales reshaped to [N, K / block, 1], a uint4 zero point, dequantizeLinear,
// reshape to [N, K], transpose, matmul - and an int4 weight stored [K, N] with a scale per column, run as one
// matmul4bit step, for one row (the decode step's GEMV) and several (the prompt's GEMM), with column counts that
// are not multiples of 8. Each result is within a float32 summation bound of a double-precision product of the
// dequantized weights (|error| <= (K + 2) * 2^-24 * sum |a * w|), plus, for one row against 4-bit weights in blocks
// of at most 256, the quantized activations' (each within 2^-16 of its block's largest |a| by default, qd16; 1/254
// with install({ int4Activations: 'int8' }), qd8: kernels/qbw.h); the several-row results are bit-identical to the
// unfused graph's (the weights widened to the floats dequantizeLinear gives, then the same GEMM tiles). With
// install({ int4Activations: 'float32' }) (another process) one row is within the float bound alone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { ONE_ROW, ROW_CASES, oneRowCase, rowCase } from './fixtures/blockwise-app.mjs';
import { lcg, nbits, pack, perColumn, run } from './fixtures/blockwise.mjs';

const ml = createML({ numThreads: 2 });

// Quantized activations: each value within half a unit of its block's largest |a| (unit = largest / 32512 for
// qd16, / 127 for qd8), and the two roundings of its unit.
const QD16_ERROR = 1 / 65024 + 3e-7, QD8_ERROR = 1 / 254 + 3e-7;

// With qBlock, a row's activations were quantized per block of that many: the bound adds each block's
// error * largest |a| * sum of |w|.
function checkAgainstDouble(name, y, a, weights, m, n, k, qBlock = 0, error = QD16_ERROR) {
  for (let i = 0; i < m; ++i) {
    for (let j = 0; j < n; ++j) {
      let exact = 0, magnitude = 0, quantized = 0;
      for (let kk = 0; kk < k; ++kk) {
        exact += a[i * k + kk] * weights.w(kk, j);
        magnitude += Math.abs(a[i * k + kk] * weights.w(kk, j));
      }
      for (let b0 = 0; qBlock && b0 < k; b0 += qBlock) {
        let largest = 0, sum = 0;
        for (let kk = b0; kk < b0 + qBlock; ++kk) largest = Math.max(largest, Math.abs(a[i * k + kk])), sum += Math.abs(weights.w(kk, j));
        quantized += error * largest * sum;
      }
      const bound = (k + 2) * 2 ** -24 * magnitude + quantized;
      assert.ok(Math.abs(y[i * n + j] - exact) <= bound, `${name} [${i}, ${j}]: ${y[i * n + j]} vs ${exact} (bound ${bound})`);
    }
  }
}

// [name, weights, n, k, step, the block of one row's quantized activations (0: float32 accuracy)].
const CASES = [
  // One row must be above matmul's exact path (16384 multiply-adds) to take the quantized step.
  ['MatMulNBits uint4, blocks of 16', (rand) => nbits(20, 1024, 16, rand), 20, 1024, 'matmul4bit', 16],
  ['MatMulNBits uint4, blocks of 32, 8 columns', (rand) => nbits(8, 2112, 32, rand), 8, 2112, 'matmul4bit', 32],
  ['MatMulNBits uint4, blocks of 256', (rand) => nbits(17, 1024, 256, rand), 17, 1024, 'matmul4bit', 256],
  // A block longer than 256 (a scale per column): float32 activations.
  ['int4 [K, N], a scale per column', (rand) => perColumn(13, 1280, rand), 13, 1280, 'matmul4bit', 0],
  ['MatMulNBits uint8, blocks of 32', (rand) => nbits(20, 1024, 32, rand, 8), 20, 1024, 'matmul8bit', 0],
  ['int8 [K, N], a scale per column (weight-only quantization)', (rand) => perColumn(13, 1280, rand, 8), 13, 1280, 'matmul8bit', 0],
  // A block longer than the int16-digit GEMV's exact int32 sums take (4096 rows for 8 bits): the float tile's row.
  ['int8 [K, N], a scale per column over 4608 rows', (rand) => perColumn(9, 4608, rand, 8), 9, 4608, 'matmul8bit', 0],
];
for (const [name, make, n, k, step, qBlock] of CASES) {
  test(`${name}: one ${step} step, 1 row and 5 rows, within the float bound`, async () => {
    const context = await ml.createContext();
    const rand = lcg(n * 1000 + k);
    const weights = { ...make(rand), n };
    for (const m of [1, 5]) {
      const a = Float32Array.from({ length: m * k }, () => rand() * 2 - 1);
      const fused = await run(context, weights, m, k, a);
      assert.deepEqual(fused.steps, [step], `${name}, ${m} rows: steps ${fused.steps.join(', ')}`);
      checkAgainstDouble(`${name}, ${m} rows`, fused.y, a, weights, m, n, k, m === 1 ? qBlock : 0);
      if (m > 1) {
        const unfused = await run(context, weights, m, k, a, { fuse: false });
        assert.ok(!unfused.steps.includes(step), `unfused steps: ${unfused.steps.join(', ')}`);
        assert.deepEqual(Array.from(fused.y), Array.from(unfused.y), `${name}: several rows are bit-identical to the unfused graph`);
      }
    }
    context.destroy();
  });
}

// A decode row holding NaN or an infinity cannot be split into digits for the integer GEMVs: the float tile takes it,
// and the result is the float formula's (NaN where a product is NaN or infinities of both signs meet).
test('one row with NaN or an infinity gives the float formula\'s NaN and infinities', async () => {
  const context = await ml.createContext();
  const n = 24, k = 1024;  // above matmul's exact path (16384 multiply-adds)
  for (const bits of [4, 8]) {
    const rand = lcg(bits);
    const weights = { ...nbits(n, k, 32, rand, bits), n };
    for (const bad of [NaN, Infinity, -Infinity]) {
      const a = Float32Array.from({ length: k }, () => rand() * 2 - 1);
      a[37] = bad;
      const { y, steps } = await run(context, weights, 1, k, a);
      assert.deepEqual(steps, [`matmul${bits}bit`]);
      for (let j = 0; j < n; ++j) {
        let exact = 0;
        for (let kk = 0; kk < k; ++kk) exact += a[kk] * weights.w(kk, j);
        if (Number.isNaN(exact) || !Number.isFinite(exact)) {
          assert.ok(Object.is(y[j], exact), `${bits} bits, ${bad} at 37, column ${j}: ${y[j]} vs ${exact}`);
        } else {
          assert.fail(`${bits} bits, ${bad}: column ${j} should not be finite (${exact})`);
        }
      }
    }
  }
  context.destroy();
});

// install({ int4Activations }) in other processes: 'float32' keeps one row within the float bound alone, 'int8' within
// qd8's bound but outside the float bound for some column; the default (this process) within qd16's.
test('int4Activations float32, int8 and the default int16: each row within its own bound', async () => {
  const app = fileURLToPath(new URL('fixtures/blockwise-app.mjs', import.meta.url));
  const child = (value, name = 'oneRow') => JSON.parse(execFileSync(process.execPath, [...process.execArgv, app,
                                                                    JSON.stringify({ int4Activations: value }), name], { encoding: 'utf8' }));
  const { n, k, block } = ONE_ROW;
  const { weights, a } = oneRowCase();
  const float32 = child('float32'), int8 = child('int8');
  assert.deepEqual(float32.steps, ['matmul4bit']);
  assert.deepEqual(int8.steps, ['matmul4bit']);
  checkAgainstDouble('int4Activations float32', float32.y, a, weights, 1, n, k);
  checkAgainstDouble('int4Activations int8', int8.y, a, weights, 1, n, k, block, QD8_ERROR);
  assert.throws(() => checkAgainstDouble('int4Activations int8', int8.y, a, weights, 1, n, k), /bound/, 'the int8 row is int8');
  const context = await ml.createContext();
  const ours = await run(context, weights, 1, k, a);
  context.destroy();
  checkAgainstDouble('int4Activations int16 (the default)', ours.y, a, weights, 1, n, k, block);
  // A scale per column (one block of K, past the 256 rows the quantized GEMVs take) runs the float32-accurate digits
  // in every mode: the default's row is the 'float32' child's, bit for bit.
  const column = rowCase('perColumn'), columnContext = await ml.createContext();
  const mine = await run(columnContext, column.weights, 1, ROW_CASES.perColumn.k, column.a);
  columnContext.destroy();
  assert.deepEqual(Array.from(mine.y), child('float32', 'perColumn').y, 'a scale per column: the digits in every mode');
  assert.throws(() => createML({ int4Activations: 'int4' }), TypeError);
});

test('a small product, and dequantized weights two matmuls share, stay on the float path', async () => {
  const context = await ml.createContext();
  const rand = lcg(5);
  const weights = { ...nbits(8, 16, 16, rand), n: 8 };
  const a = Float32Array.from({ length: 16 }, () => rand());
  const small = await run(context, weights, 1, 16, a);  // 128 multiply-adds: matmul's exact path
  assert.ok(!small.steps.includes('matmul4bit'), small.steps.join(', '));
  checkAgainstDouble('small', small.y, a, weights, 1, 8, 16);

  const shared = { ...nbits(24, 64, 32, rand), n: 24 };
  const b = new MLGraphBuilder(context);
  const x = b.input('a', { dataType: 'float32', shape: [4, 64] });
  const w = shared.build(b);
  const graph = await b.build({ y: b.add(b.matmul(x, w), b.matmul(b.neg(x), w)) });
  const ta = await context.createTensor({ dataType: 'float32', shape: [4, 64], writable: true });
  const ty = await context.createTensor({ dataType: 'float32', shape: [4, 24], readable: true });
  context.writeTensor(ta, Float32Array.from({ length: 256 }, () => rand()));
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { a: ta }, { y: ty });
  const y = new Float32Array(await context.readTensor(ty));
  const steps = __testing.takeProfile(context).map((p) => p.step);
  assert.ok(!steps.includes('matmul4bit'), steps.join(', '));
  assert.ok(y.every((v) => Math.abs(v) < 1e-5), 'a w - a w = 0');
  context.destroy();
});

// GatherBlockQuantized as the EP sends it: dequantizeLinear(uint4 constant [rows, row] as given, scale [rows, row /
// block], zero point) -> gather along axis 0; the rows stay 4-bit (8-bit: int8 with int8 zero points) and each
// gathered row holds exactly the floats dequantizeLinear gives (one rounding: (q - z) * s). Indices as the gather
// reads them: negative from the end, out of range clamped.
for (const [type, bits, signed] of [['uint4', 4, false], ['int4', 4, true], ['int8', 8, true]]) {
  test(`GatherBlockQuantized, ${type} rows: one gather${bits}bit step, the dequantized rows exactly`, async () => {
    const context = await ml.createContext();
    const rand = lcg(bits * 7 + signed);
    const rows = 37, row = 96, block = 32, blocks = row / block, levels = 2 ** bits, low = signed ? -levels / 2 : 0;
    const q = Array.from({ length: rows * row }, () => Math.floor(rand() * levels) + low);
    const z = Array.from({ length: rows * blocks }, () => Math.floor(rand() * levels) + low);
    const s = Float32Array.from({ length: rows * blocks }, () => (rand() + 0.05) / 8);
    const data = bits === 4 ? pack : (v) => Int8Array.from(v);
    const b = new MLGraphBuilder(context);
    const indices = b.input('i', { dataType: 'int32', shape: [2, 3] });
    const table = b.dequantizeLinear(b.constant({ dataType: type, shape: [rows, row] }, data(q)),
      b.constant({ dataType: 'float32', shape: [rows, blocks] }, s), b.constant({ dataType: type, shape: [rows, blocks] }, data(z)));
    const graph = await b.build({ y: b.gather(table, indices) });
    const picked = [0, 36, 5, -1, 99, -40];  // -1 -> 36; 99 and -40 clamp to 36 and 0
    const ti = await context.createTensor({ dataType: 'int32', shape: [2, 3], writable: true });
    const ty = await context.createTensor({ dataType: 'float32', shape: [2, 3, row], readable: true });
    context.writeTensor(ti, Int32Array.from(picked));
    __testing.profileNextDispatch(context);
    context.dispatch(graph, { i: ti }, { y: ty });
    const y = new Float32Array(await context.readTensor(ty));
    assert.deepEqual(__testing.takeProfile(context).map((p) => p.step), [`gather${bits}bit`]);
    [0, 36, 5, 36, 36, 0].forEach((r, j) => {
      for (let i = 0; i < row; ++i) {
        const at = r * blocks + Math.floor(i / block);
        assert.equal(y[j * row + i], Math.fround((q[r * row + i] - z[at]) * s[at]), `index ${picked[j]}, element ${i}`);
      }
    });
    graph.destroy();
    context.destroy();
  });
}

// A language model's prompt and token sessions build the same weights twice (runtime/shared_weights.h): the second
// graph's packings compare equal to the first's and are dropped, so its build adds almost nothing to the heap;
// different weights of the same shape are not shared; the packing goes with the last graph holding it.
test('the same 4-bit weights built twice are held once; different ones apart', async () => {
  const context = await ml.createContext();
  const n = 1024, k = 2048;  // 1 MiB of nibbles
  const graphOf = async (seed) => {
    const weights = { ...nbits(n, k, 32, lcg(seed)), n };
    const b = new MLGraphBuilder(context);
    return b.build({ y: b.matmul(b.input('a', { dataType: 'float32', shape: [1, 1, k] }), weights.build(b)) });
  };
  const inUse = async () => (await __testing.heapStats()).inUse;
  const before = await inUse();
  const first = await graphOf(1);
  const once = await inUse() - before;
  const second = await graphOf(1);
  const twice = await inUse() - before;
  const other = await graphOf(2);
  const three = await inUse() - before;
  assert.ok(once >= n * k / 2, `the first graph holds its packing (${once} bytes)`);
  assert.ok(twice - once < once / 8, `the same weights again add ${twice - once} bytes to the ${once} of the first`);
  assert.ok(three - twice >= n * k / 2, `other weights add their own packing (${three - twice} bytes)`);
  const ta = await context.createTensor({ dataType: 'float32', shape: [1, 1, k], writable: true });
  const results = [];
  for (const graph of [first, second]) {
    const ty = await context.createTensor({ dataType: 'float32', shape: [1, 1, n], readable: true });
    context.writeTensor(ta, Float32Array.from({ length: k }, (_, i) => Math.sin(i)));
    context.dispatch(graph, { a: ta }, { y: ty });
    results.push(Array.from(new Float32Array(await context.readTensor(ty))));
  }
  assert.deepEqual(results[0], results[1]);
  first.destroy();
  const afterFirst = await inUse() - before;
  assert.ok(afterFirst - (three - twice) >= n * k / 2, `the second graph still holds the packing (${afterFirst} bytes with the other graph's)`);
  second.destroy();
  other.destroy();
  context.destroy();
  assert.ok(await inUse() - before < once / 8, 'released with the last graph');
});
