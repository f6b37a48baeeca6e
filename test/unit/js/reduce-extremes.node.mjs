// reduceMin / reduceMax over a whole tensor of hundreds of thousands of floats (DynamicQuantizeLinear's pair
// over an activation) run in chunks across the pool (compiler/lower/reduce_norm.cc): the result is what one
// pass gives, exactly — against Math.min/Math.max, with the extreme in any chunk, a NaN in the last chunk only
// (NaN wins), and -0/+0 as the extremes (min takes -0, max +0). The two of one tensor run as one step
// (compiler/passes/pair_min_max_reductions.cc: both in one pass), checked against each built alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 2 });
const context = await ml.createContext();
const SHAPE = [1, 3, 300, 301];
const N = SHAPE.reduce((p, d) => p * d, 1);

// [min, max] of data: both from one graph (one step), and each from a graph of its own, which must agree bit for bit.
async function extremes(data) {
  const run = async (which) => {
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: SHAPE });
    const outputs = {};
    if (which !== 'max') outputs.min = b.reduceMin(x);
    if (which !== 'min') outputs.max = b.reduceMax(x);
    const graph = await b.build(outputs);
    const xt = await context.createTensor({ dataType: 'float32', shape: SHAPE, writable: true });
    const tensors = {};
    for (const name of Object.keys(outputs)) tensors[name] = await context.createTensor({ dataType: 'float32', shape: [], readable: true });
    context.writeTensor(xt, data);
    __testing.profileNextDispatch(context);
    context.dispatch(graph, { x: xt }, tensors);
    const result = {};
    for (const [name, t] of Object.entries(tensors)) result[name] = new Float32Array(await context.readTensor(t))[0];
    result.steps = __testing.takeProfile(context).map((p) => p.step);
    graph.destroy();
    return result;
  };
  const both = await run('both'), min = await run('min'), max = await run('max');
  assert.deepEqual(both.steps, ['reduce/minmax']);
  assert.deepEqual(min.steps, ['reduce']);
  assert.ok(Object.is(both.min, min.min), `paired min ${both.min}, alone ${min.min}`);
  assert.ok(Object.is(both.max, max.max), `paired max ${both.max}, alone ${max.max}`);
  return [both.min, both.max];
}

function random(seed) {
  const v = new Float32Array(N);
  for (let i = 0; i < N; ++i) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    v[i] = ((seed >>> 8) / 2 ** 24 - 0.5) * 100;
  }
  return v;
}

test('whole-tensor reduceMin and reduceMax in chunks give the one-pass result', async () => {
  for (const at of [0, 70000, 150000, N - 1]) {  // the extremes in the first, middle and last chunks
    const v = random(at + 1);
    v[at] = -1000;
    v[N - 1 - at] = 1000;
    const [mn, mx] = await extremes(v);
    assert.equal(mn, v.reduce((a, x) => Math.min(a, x)));
    assert.equal(mx, v.reduce((a, x) => Math.max(a, x)));
    assert.equal(mn, -1000);
    assert.equal(mx, 1000);
  }
});

test('a NaN in the last chunk only wins; -0 and +0 as the extremes', async () => {
  const v = random(5);
  v[N - 3] = NaN;
  const [mn, mx] = await extremes(v);
  assert.ok(Number.isNaN(mn) && Number.isNaN(mx), `${mn} ${mx}`);
  const zeros = new Float32Array(N).fill(0);
  zeros[200000] = -0;  // min: -0 beats +0, found in a later chunk than the first +0
  const [zmin] = await extremes(zeros);
  assert.ok(Object.is(zmin, -0), `min ${zmin}`);
  const negativeZeros = new Float32Array(N).fill(-0);
  negativeZeros[250000] = 0;  // max: +0 beats -0
  const [, zmax] = await extremes(negativeZeros);
  assert.ok(Object.is(zmax, 0), `max ${zmax}`);
});
