// Attention over a KV cache for one query row, as onnxruntime-web's WebNN EP sends it: scores = matmul(q,
// transpose(keys)) with the keys [1, S, H] as they sit in the cache, softmax, then matmul(probabilities, values);
// and grouped-query attention, a few query rows per KV head, each row a GEMV of its own.
// Both matmuls read their run-time b once where it lies (FuseTransposedB folds the transpose; kernels/gemv.h), so
// the step profile has no transpose and two matmuls, and each result is within a float summation bound of a
// double-precision reference: |error| <= (K + 2) * 2^-24 * sum |a * b| (the softmax between them checked the same
// way, from the scores we computed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 2 });

function lcg(seed) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
}

// Runs the graph on q, k and v ([name, data, shape]) once, profiled: the scores and outputs and the steps that ran,
// after checking that no transpose ran and two matmuls did.
async function runAttention(context, graph, inputs, scoresShape, outShape) {
  const tensors = {};
  for (const [name, data, shape] of inputs) {
    tensors[name] = await context.createTensor({ dataType: 'float32', shape, writable: true });
    context.writeTensor(tensors[name], data);
  }
  const ts = await context.createTensor({ dataType: 'float32', shape: scoresShape, readable: true });
  const to = await context.createTensor({ dataType: 'float32', shape: outShape, readable: true });
  __testing.profileNextDispatch(context);
  context.dispatch(graph, tensors, { scores: ts, out: to });
  const s = new Float32Array(await context.readTensor(ts));
  const o = new Float32Array(await context.readTensor(to));
  const steps = __testing.takeProfile(context).map((p) => p.step);
  assert.ok(!steps.includes('transpose'), `steps: ${steps.join(', ')}`);
  assert.equal(steps.filter((x) => x === 'matmul').length, 2, `steps: ${steps.join(', ')}`);
  return { s, o };
}

test('q . K^T, softmax, . V over a 96-slot cache: no transpose step, results within the bound', async () => {
  const S = 96, H = 200;  // H not a multiple of 16: the kernels' tails too
  const rand = lcg(42);
  const q = Float32Array.from({ length: H }, rand), keys = Float32Array.from({ length: S * H }, rand);
  const values = Float32Array.from({ length: S * H }, rand);
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const qi = b.input('q', { dataType: 'float32', shape: [1, 1, H] });
  const ki = b.input('k', { dataType: 'float32', shape: [1, S, H] });
  const vi = b.input('v', { dataType: 'float32', shape: [1, S, H] });
  const scores = b.matmul(qi, b.transpose(ki, { permutation: [0, 2, 1] }));
  const graph = await b.build({ scores, out: b.matmul(b.softmax(scores, 2), vi) });
  const { s, o } = await runAttention(context, graph, [['q', q, [1, 1, H]], ['k', keys, [1, S, H]], ['v', values, [1, S, H]]],
                                      [1, 1, S], [1, 1, H]);
  for (let j = 0; j < S; ++j) {
    let exact = 0, magnitude = 0;
    for (let i = 0; i < H; ++i) {
      exact += q[i] * keys[j * H + i];
      magnitude += Math.abs(q[i] * keys[j * H + i]);
    }
    assert.ok(Math.abs(s[j] - exact) <= (H + 2) * 2 ** -24 * magnitude, `score ${j}: ${s[j]} vs ${exact}`);
  }
  const max = Math.max(...s);
  const e = Array.from(s, (x) => Math.exp(x - max));
  const sum = e.reduce((x, y) => x + y, 0);
  const p = e.map((x) => x / sum);
  for (let j = 0; j < H; ++j) {
    let exact = 0, magnitude = 0;
    for (let i = 0; i < S; ++i) {
      exact += p[i] * values[i * H + j];
      magnitude += Math.abs(p[i] * values[i * H + j]);
    }
    // The softmax itself may be off by a few ULP per probability (its WPT tolerance): 8 ULP of each term on top.
    assert.ok(Math.abs(o[j] - exact) <= (S + 2 + 8) * 2 ** -24 * magnitude, `out ${j}: ${o[j]} vs ${exact}`);
  }
  context.destroy();
});

test('grouped-query attention, 7 query rows per KV head over a 96-slot cache: each row a GEMV, within the bound', async () => {
  const G = 2, R = 7, S = 96, H = 72;  // 2 KV heads of 7 query heads each, as Qwen2.5-0.5B's 14 / 2
  const rand = lcg(7);
  const q = Float32Array.from({ length: G * R * H }, rand), keys = Float32Array.from({ length: G * S * H }, rand);
  const values = Float32Array.from({ length: G * S * H }, rand);
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const qi = b.input('q', { dataType: 'float32', shape: [1, G, R, H] });
  const ki = b.input('k', { dataType: 'float32', shape: [1, G, S, H] });
  const vi = b.input('v', { dataType: 'float32', shape: [1, G, S, H] });
  const scores = b.matmul(qi, b.transpose(ki, { permutation: [0, 1, 3, 2] }));
  const graph = await b.build({ scores, out: b.matmul(b.softmax(scores, 3), vi) });
  const { s, o } = await runAttention(context, graph, [['q', q, [1, G, R, H]], ['k', keys, [1, G, S, H]], ['v', values, [1, G, S, H]]],
                                      [1, G, R, S], [1, G, R, H]);
  for (let g = 0; g < G; ++g) {
    for (let r = 0; r < R; ++r) {
      const row = g * R + r;
      const sr = s.subarray(row * S, (row + 1) * S);
      for (let j = 0; j < S; ++j) {
        let exact = 0, magnitude = 0;
        for (let i = 0; i < H; ++i) {
          const term = q[row * H + i] * keys[(g * S + j) * H + i];
          exact += term;
          magnitude += Math.abs(term);
        }
        assert.ok(Math.abs(sr[j] - exact) <= (H + 2) * 2 ** -24 * magnitude, `head ${g}, row ${r}, score ${j}: ${sr[j]} vs ${exact}`);
      }
      const max = Math.max(...sr);
      const e = Array.from(sr, (x) => Math.exp(x - max));
      const sum = e.reduce((x, y) => x + y, 0);
      for (let j = 0; j < H; ++j) {
        let exact = 0, magnitude = 0;
        for (let i = 0; i < S; ++i) {
          const term = (e[i] / sum) * values[(g * S + i) * H + j];
          exact += term;
          magnitude += Math.abs(term);
        }
        assert.ok(Math.abs(o[row * H + j] - exact) <= (S + 2 + 8) * 2 ** -24 * magnitude, `head ${g}, row ${r}, out ${j}: ${o[row * H + j]} vs ${exact}`);
      }
    }
  }
  context.destroy();
});
