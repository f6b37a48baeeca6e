// The heap rule (docs/decisions.md, "Integer kernels"): after build(), a graph holds at most its constants as
// given + its planned arena + 10% (__testing.heapStats().inUse before and after, the arena from
// __testing.graphArenaBytes). Float32 graphs (a conv stack and a matmul stack), int8 matmul graphs as
// onnxruntime-web's WebNN EP sends MatMulInteger (uint8 weights packed at their stored size) and 4-bit
// MatMulNBits graphs (the nibbles packed as they are, 40 bytes per block of 8 columns beside) keep it, and so do
// integer convolutions with 128 or more input channels (uint8 filters at their stored size; narrower filters,
// a few KB each, are packed as int16).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 1 });
const SLACK = 64 * 1024;  // the builder's and the plan's own bookkeeping, whatever the weights

function random(n, seed, Type, scale) {
  const v = new Type(n);
  for (let i = 0; i < n; ++i) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    v[i] = Type === Float32Array ? ((seed >>> 8) / 2 ** 24 - 0.5) * scale : seed >>> 24;
  }
  return v;
}

const context = await ml.createContext();
const marker = await context.createTensor({ dataType: 'float32', shape: [1], readable: true });
// Resolves once every step queued on the context so far has run (a graph's release among them).
const settled = () => context.readTensor(marker);

// Builds `make(builder, constant)` (constant() counts the bytes it is given) and checks the heap it keeps.
async function checkRule(name, make) {
  await settled();
  const before = (await __testing.heapStats()).inUse;
  const b = new MLGraphBuilder(context);
  let given = 0;
  const constant = (desc, data) => {
    given += data.byteLength;
    return b.constant(desc, data);
  };
  const graph = await b.build({ y: make(b, constant) });
  const held = (await __testing.heapStats()).inUse - before;
  const arena = __testing.graphArenaBytes(graph);
  const bound = (given + arena) * 1.1 + SLACK;
  assert.ok(held <= bound, `${name}: ${held} bytes held after build() > ${Math.round(bound)} (constants ${given} + arena ${arena}, +10%)`);
  graph.destroy();
  await settled();
  // The release runs on the context's executor; on a loaded host it may come after the marker's read (a CI run
  // under Node 22 measured the whole arena still held once): wait for it, up to 5 s. A leak never gets there.
  let after = (await __testing.heapStats()).inUse - before;
  for (const deadline = performance.now() + 5000; after > SLACK && performance.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    after = (await __testing.heapStats()).inUse - before;
  }
  assert.ok(after <= SLACK, `${name}: ${after} bytes still held after destroy()`);
  return { held, given, arena };
}

test('float32 graphs hold at most their constants + arena + 10% after build()', async () => {
  await checkRule('conv stack', (b, constant) => {
    let x = b.input('x', { dataType: 'float32', shape: [1, 64, 56, 56] });
    for (let i = 0; i < 6; ++i) {
      const w = constant({ dataType: 'float32', shape: [64, 64, 3, 3] }, random(64 * 64 * 9, i, Float32Array, 0.1));
      x = b.relu(b.conv2d(x, w, { padding: [1, 1, 1, 1], bias: constant({ dataType: 'float32', shape: [64] }, random(64, i, Float32Array, 1)) }));
    }
    return x;
  });
  await checkRule('matmul stack', (b, constant) => {
    let x = b.input('x', { dataType: 'float32', shape: [1, 16, 512] });
    for (let i = 0; i < 6; ++i) x = b.matmul(x, constant({ dataType: 'float32', shape: [512, 512] }, random(512 * 512, i, Float32Array, 0.05)));
    return x;
  });
});

test('int8 ConvInteger graphs hold their wide uint8 filters at their stored size', async () => {
  const { given, held, arena } = await checkRule('ConvInteger stack', (b, constant) => {
    const ones = (rank) => constant({ dataType: 'float32', shape: Array(rank).fill(1) }, new Float32Array([1]));
    let x = b.input('x', { dataType: 'uint8', shape: [1, 256, 8, 8] });
    const xzp = b.input('xzp', { dataType: 'uint8', shape: [1, 1, 1, 1] });
    for (let i = 0; i < 6; ++i) {
      const w = constant({ dataType: 'uint8', shape: [256, 256, 3, 3] }, random(256 * 256 * 9, i, Uint8Array));
      const wf = b.dequantizeLinear(w, ones(4), constant({ dataType: 'uint8', shape: [1, 1, 1, 1] }, Uint8Array.of(128)));
      const y = b.cast(b.conv2d(b.dequantizeLinear(x, ones(4), xzp), wf, { padding: [1, 1, 1, 1] }), 'int32');
      x = b.cast(b.clamp(b.cast(y, 'float32'), { minValue: 0, maxValue: 255 }), 'uint8');
    }
    return x;
  });
  // The filters are nearly all of it: as int16 they alone would be twice the constants.
  assert.ok(held < given * 1.5 + arena, `${held} bytes held for ${given} bytes of uint8 filters`);
});

test('int8 MatMulInteger graphs hold their uint8 weights at their stored size', async () => {
  const { given } = await checkRule('MatMulInteger stack', (b, constant) => {
    const ones = (r) => constant({ dataType: 'float32', shape: new Array(r).fill(1) }, Float32Array.of(1));
    let x = b.input('x', { dataType: 'uint8', shape: [1, 8, 768] });
    const azp = b.input('azp', { dataType: 'uint8', shape: [1, 1, 1] });
    let y;
    for (let i = 0; i < 6; ++i) {
      const w = constant({ dataType: 'uint8', shape: [768, 768] }, random(768 * 768, i, Uint8Array));
      const bf = b.dequantizeLinear(w, ones(2), constant({ dataType: 'uint8', shape: [1, 1] }, Uint8Array.of(128)));
      y = b.cast(b.matmul(b.dequantizeLinear(x, ones(3), azp), bf), 'int32');
      x = b.cast(b.clamp(b.cast(y, 'float32'), { minValue: 0, maxValue: 255 }), 'uint8');
    }
    return y;
  });
  assert.ok(given > 6 * 768 * 768, 'the weights were counted');
});

test('4-bit MatMulNBits graphs hold their weights at about their stored size', async () => {
  const pack = (bytes) => {  // any bytes are valid 4-bit data: two values per byte
    const out = new Uint8Array(Math.ceil(bytes.length / 2));
    for (let i = 0; i < out.length; ++i) out[i] = bytes[2 * i] ^ (bytes[2 * i + 1] ?? 0);
    return out;
  };
  const N = 768, K = 768, block = 32, blocks = K / block;
  const { given, held } = await checkRule('MatMulNBits stack', (b, constant) => {
    let x = b.input('x', { dataType: 'float32', shape: [1, 1, K] });
    for (let i = 0; i < 6; ++i) {
      const q = constant({ dataType: 'uint4', shape: [N, blocks, block] }, pack(random(N * K, i, Uint8Array)));
      const s = constant({ dataType: 'float32', shape: [N, blocks] }, random(N * blocks, i + 7, Float32Array, 0.01));
      const z = constant({ dataType: 'uint4', shape: [N, blocks, 1] }, pack(random(N * blocks, i + 13, Uint8Array)));
      const w = b.transpose(b.reshape(b.dequantizeLinear(q, b.reshape(s, [N, blocks, 1]), z), [N, K]));
      x = b.matmul(x, w);
    }
    return x;
  });
  assert.ok(given > 6 * N * K / 2, 'the weights were counted');
  assert.ok(held < 6 * N * K, `${held} bytes held: less than a byte per weight (float32 would be ${6 * N * K * 4})`);
});
