// A language model's second session (onnxruntime-web's WebNN EP builds a prompt and a token graph, each builder
// given its own copy of every weight) does not hold its 4-bit weights a second time: constant() compares a large
// 4-bit weight in full with what earlier packings read back and, on a match, holds that packing instead of the
// bytes, and so do their float32 scales (src/cpp/runtime/weight_sources.h). What these tests hold it to: the second
// builder's constants take the heap only for what is neither (the zero points, under 64 KiB each here), its results
// equal the first graph's and the formula's, a weight equal to a packed one but for a byte in its middle is its
// own, the held packing outlives the graphs that made it, a step whose zero points differ from the packing's packs
// again, and held weights and scales that something else reads (a plain dequantizeLinear) are read back whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { bytes, floats } from './fixtures/random-values.mjs';

// Float32 activations: the results are held to the float formula's bound, so that a wrong packing or scale shows.
const ml = createML({ numThreads: 1, int4Activations: 'float32' });
const block = 32;

// One MatMulNBits weight as the WebNN EP sends it: uint4 [N, K / block, block], scales and zero points per block.
function weight(N, K, seed) {
  const blocks = K / block;
  return { N, K, q: bytes(N * K / 2, seed), s: floats(N * blocks, seed + 1).map((v) => 0.01 + Math.abs(v) / 8), z: bytes(N * blocks / 2, seed + 2) };
}

// y = x W for each weight in turn, through dequantizeLinear -> reshape -> transpose -> matmul.
function stack(b, weights) {
  let x = b.input('x', { dataType: 'float32', shape: [1, weights[0].K] });
  for (const { N, K, q, s, z } of weights) {
    const blocks = K / block;
    const qc = b.constant({ dataType: 'uint4', shape: [N, blocks, block] }, q);
    const sc = b.constant({ dataType: 'float32', shape: [N, blocks, 1] }, s);
    const zc = b.constant({ dataType: 'uint4', shape: [N, blocks, 1] }, z);
    x = b.matmul(x, b.transpose(b.reshape(b.dequantizeLinear(qc, sc, zc), [N, K])));
  }
  return x;
}

const nibble = (data, i) => (data[i >> 1] >> (4 * (i & 1))) & 0xF;

// The formula, in float64, with the bound a float32 sum of K terms keeps to.
function reference(x, { N, K, q, s, z }) {
  const blocks = K / block, y = new Float64Array(N), bound = new Float64Array(N);
  for (let n = 0; n < N; ++n) {
    for (let k = 0; k < K; ++k) {
      const b = n * blocks + Math.floor(k / block);
      const term = x[k] * (nibble(q, n * K + k) - nibble(z, b)) * s[b];
      y[n] += term;
      bound[n] += Math.abs(term);
    }
  }
  return { y, bound };
}

async function run(context, graph, x, N) {
  const input = await context.createTensor({ dataType: 'float32', shape: [1, x.length], writable: true });
  const output = await context.createTensor({ dataType: 'float32', shape: [1, N], readable: true });
  context.writeTensor(input, x);
  context.dispatch(graph, { x: input }, { y: output });
  const y = new Float32Array(await context.readTensor(output));
  input.destroy();
  output.destroy();
  return y;
}

function assertNear(y, { y: want, bound }, what) {
  for (let n = 0; n < y.length; ++n) {
    assert.ok(Math.abs(y[n] - want[n]) <= 1e-5 * bound[n] + 1e-7, `${what}: y[${n}] = ${y[n]}, want ${want[n]}`);
  }
}

const inUse = async () => (await __testing.heapStats()).inUse;

test("a second builder's 4-bit weights equal to packed ones are held as those packings, not copied in", async () => {
  const context = await ml.createContext();
  const weights = Array.from({ length: 6 }, (_, i) => weight(1024, 1024, 10 + 3 * i));
  const x = floats(1024, 5);
  const first = new MLGraphBuilder(context);
  const graph1 = await first.build({ y: stack(first, weights) });
  const y1 = await run(context, graph1, x, 1024);

  const before = await inUse();
  const second = new MLGraphBuilder(context);
  const y = stack(second, weights);
  const held = (await inUse()) - before;
  const sharedBytes = weights.reduce((sum, w) => sum + w.q.byteLength + w.s.byteLength, 0);
  const zBytes = weights.reduce((sum, w) => sum + w.z.byteLength, 0);
  console.log(`second builder's constants: ${held} B on the heap for ${sharedBytes} B of 4-bit weights and scales, ${zBytes} B of zero points`);
  assert.ok(held < zBytes + sharedBytes / 16, `the second builder's constants took ${held} B (4-bit weights and scales ${sharedBytes} B, zero points ${zBytes} B)`);
  const graph2 = await second.build({ y });
  const y2 = await run(context, graph2, x, 1024);
  assert.deepEqual(y2, y1);
  // The second graph reads the first's packings: destroying the first leaves them to it.
  graph1.destroy();
  assert.deepEqual(await run(context, graph2, x, 1024), y1);
  graph2.destroy();
  context.destroy();
});

test('a weight equal to a packed one but for a byte in its middle is its own; the packing outlives its graph', async () => {
  const context = await ml.createContext();
  const w = weight(256, 512, 40);  // 64 KiB of nibbles: the smallest weight shared
  const x = floats(512, 41);
  const first = new MLGraphBuilder(context);
  const graph1 = await first.build({ y: stack(first, [w]) });
  assertNear(await run(context, graph1, x, 256), reference(x, w), 'first');

  // Same size, same first and last 4 KiB: a candidate until the comparison reaches the middle.
  const changed = { ...w, q: w.q.slice() };
  changed.q[w.q.length >> 1] ^= 0x10;
  const other = new MLGraphBuilder(context);
  const graph2 = await other.build({ y: stack(other, [changed]) });
  assertNear(await run(context, graph2, x, 256), reference(x, changed), 'changed');

  // A builder given the first weight holds the first graph's packing, which stays when that graph goes.
  const third = new MLGraphBuilder(context);
  const y = stack(third, [w]);
  graph1.destroy();
  graph2.destroy();
  const graph3 = await third.build({ y });
  assertNear(await run(context, graph3, x, 256), reference(x, w), 'third');
  graph3.destroy();
  context.destroy();
});

test('weights and scales held as a packing made with other zero points are packed again', async () => {
  const context = await ml.createContext();
  const w = weight(1024, 512, 70);  // 256 KiB of nibbles, 64 KiB of scales: both held
  const x = floats(512, 71);
  const first = new MLGraphBuilder(context);
  const graph1 = await first.build({ y: stack(first, [w]) });
  const other = { ...w, z: w.z.map((v) => v ^ 0x11) };
  const second = new MLGraphBuilder(context);
  const graph2 = await second.build({ y: stack(second, [other]) });
  assertNear(await run(context, graph2, x, 1024), reference(x, other), 'other zero points');
  assertNear(await run(context, graph1, x, 1024), reference(x, w), 'first');
  graph1.destroy();
  graph2.destroy();
  context.destroy();
});

test('the same bytes read as [K, N] instead of [N, K] are not taken as the packing made from them', async () => {
  const context = await ml.createContext();
  // 512 KiB of nibbles, 128 KiB of scales; zero points all 8 (onnxruntime's default), the same either way round.
  const K = 1024, N = 1024, blocks = K / block, random = weight(N, K, 80);
  const w = { ...random, z: new Uint8Array(random.z.length).fill(0x88) };
  const x = floats(K, 81);
  const first = new MLGraphBuilder(context);
  const graph1 = await first.build({ y: stack(first, [w]) });
  // The bytes again, as q [K, N] with scales and zero points [K / block, N]: dequantizeLinear -> matmul.
  const b = new MLGraphBuilder(context);
  const q = b.constant({ dataType: 'uint4', shape: [K, N] }, w.q);
  const s = b.constant({ dataType: 'float32', shape: [blocks, N] }, w.s);
  const z = b.constant({ dataType: 'uint4', shape: [blocks, N] }, w.z);
  const graph2 = await b.build({ y: b.matmul(b.input('x', { dataType: 'float32', shape: [1, K] }), b.dequantizeLinear(q, s, z)) });
  const want = new Float64Array(N), bound = new Float64Array(N);
  for (let k = 0; k < K; ++k) {
    for (let n = 0; n < N; ++n) {
      const at = Math.floor(k / block) * N + n;
      const term = x[k] * (nibble(w.q, k * N + n) - nibble(w.z, at)) * w.s[at];
      want[n] += term;
      bound[n] += Math.abs(term);
    }
  }
  assertNear(await run(context, graph2, x, N), { y: want, bound }, '[K, N]');
  graph1.destroy();
  graph2.destroy();
  context.destroy();
});

test('held weights and scales read by something other than the packed matmul are read back whole', async () => {
  const context = await ml.createContext();
  const N = 1024, w = weight(N, 512, 50), blocks = 512 / block;  // 256 KiB of nibbles, 64 KiB of scales: both held
  const first = new MLGraphBuilder(context);
  const graph1 = await first.build({ y: stack(first, [w]) });
  const b = new MLGraphBuilder(context);
  const q = b.constant({ dataType: 'uint4', shape: [N, blocks, block] }, w.q);
  const s = b.constant({ dataType: 'float32', shape: [N, blocks, 1] }, w.s);
  const z = b.constant({ dataType: 'uint4', shape: [N, blocks, 1] }, w.z);
  const graph = await b.build({ d: b.dequantizeLinear(q, s, z) });
  const out = await context.createTensor({ dataType: 'float32', shape: [N, blocks, block], readable: true });
  context.dispatch(graph, {}, { d: out });
  const d = new Float32Array(await context.readTensor(out));
  for (let i = 0; i < d.length; ++i) {
    const blk = Math.floor(i / block);
    assert.equal(d[i], Math.fround((nibble(w.q, i) - nibble(w.z, blk)) * w.s[blk]), `element ${i}`);
  }
  graph1.destroy();
  graph.destroy();
  context.destroy();
});

test('a second 4-bit embedding table equal to a packed one is held too', async () => {
  const context = await ml.createContext();
  const rows = 2048, row = 256, blocks = row / block;  // 256 KiB of nibbles, 64 KiB of scales
  const table = bytes(rows * row / 2, 60), s = floats(rows * blocks, 61), z = bytes(rows * blocks / 2, 62);
  const embedding = () => {
    const b = new MLGraphBuilder(context);
    const ids = b.input('ids', { dataType: 'int32', shape: [3] });
    const q = b.constant({ dataType: 'int4', shape: [rows, row] }, table);
    const sc = b.constant({ dataType: 'float32', shape: [rows, blocks] }, s);
    const zc = b.constant({ dataType: 'int4', shape: [rows, blocks] }, z);
    return [b, { e: b.gather(b.dequantizeLinear(q, sc, zc), ids) }];
  };
  const ids = new Int32Array([0, 1029, 2047]);
  const gather = async (graph) => {
    const input = await context.createTensor({ dataType: 'int32', shape: [3], writable: true });
    const output = await context.createTensor({ dataType: 'float32', shape: [3, row], readable: true });
    context.writeTensor(input, ids);
    context.dispatch(graph, { ids: input }, { e: output });
    return new Float32Array(await context.readTensor(output));
  };
  const [first, outputs1] = embedding();
  const graph1 = await first.build(outputs1);
  const before = await inUse();
  const [second, outputs2] = embedding();
  const held = (await inUse()) - before;
  assert.ok(held < table.byteLength / 2, `the second table's constants took ${held} B for a table of ${table.byteLength} B`);
  const graph2 = await second.build(outputs2);
  const e = await gather(graph2);
  const signed = (v) => (v >= 8 ? v - 16 : v);
  for (let r = 0; r < 3; ++r) {
    for (let i = 0; i < row; ++i) {
      const blk = ids[r] * blocks + Math.floor(i / block);
      const want = Math.fround((signed(nibble(table, ids[r] * row + i)) - signed(nibble(z, blk))) * s[blk]);
      assert.equal(e[r * row + i], want, `row ${ids[r]}, element ${i}`);
    }
  }
  graph1.destroy();
  graph2.destroy();
  context.destroy();
});
