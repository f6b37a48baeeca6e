// A zero pad of H and W before a convolution (TFLite's "VALID" conv after an explicit PAD, as LiteRT.js's WebNN
// delegate sends it) becomes the conv's own padding (compiler/passes/fuse_pad.cc): the same bits as the conv
// with that padding, no pad step; a pad of another value stays a pad. A zero pad of the channels before an add
// (BlazeFace's residual blocks) is read in place by the add: the same bits as the padded add.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { floats } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 1 });

async function run(context, make, input) {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [1, 9, 10, 8] });
  const y = make(b, x);
  const graph = await b.build({ y });
  const xt = await context.createTensor({ dataType: 'float32', shape: x.shape, writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
  context.writeTensor(xt, input);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { x: xt }, { y: yt });
  const out = new Float32Array(await context.readTensor(yt));
  return { out, steps: __testing.takeProfile(context).map((s) => s.step) };
}

for (const [name, groups, filterShape] of [['conv', 1, [6, 3, 3, 8]], ['depthwise conv', 8, [8, 3, 3, 1]]]) {
  test(`a zero pad of H and W before a ${name} becomes its padding: the same bits, no pad step`, async () => {
    const context = await ml.createContext();
    const input = floats(9 * 10 * 8, 1), filter = floats(filterShape.reduce((a, b) => a * b), 2);
    const options = { inputLayout: 'nhwc', filterLayout: 'ohwi', groups, strides: [2, 2] };
    const w = (b) => b.constant({ dataType: 'float32', shape: filterShape }, filter);
    const padded = await run(context, (b, x) => b.conv2d(b.pad(x, [0, 1, 2, 0], [0, 2, 1, 0]), w(b), options), input);
    const direct = await run(context, (b, x) => b.conv2d(x, w(b), { ...options, padding: [1, 2, 2, 1] }), input);
    assert.deepEqual(padded.out, direct.out);
    assert.ok(!padded.steps.includes('pad'), padded.steps.join(', '));
    const ones = await run(context, (b, x) => b.conv2d(b.pad(x, [0, 1, 1, 0], [0, 1, 1, 0], { value: 1 }), w(b), options), input);
    assert.ok(ones.steps.includes('pad'), ones.steps.join(', '));
    context.destroy();
  });
}

test('a zero pad of the channels before an add is read in place: the bits of the padded add, relu fused, no pad step', async () => {
  const context = await ml.createContext();
  const [H, W, CA, CB] = [5, 6, 12, 9];
  const a = floats(H * W * CA, 3), x = floats(H * W * CB, 4);
  for (let i = CB; i < a.length; i += CA) a[i] = -0;  // -0 beside the padding: -0 + +0 is +0
  const run2 = async (make) => {
    const b = new MLGraphBuilder(context);
    const ia = b.input('a', { dataType: 'float32', shape: [1, H, W, CA] });
    const ix = b.input('x', { dataType: 'float32', shape: [1, H, W, CB] });
    const graph = await b.build({ y: make(b, ia, ix) });
    const t = {};
    for (const [name, shape, data] of [['a', [1, H, W, CA], a], ['x', [1, H, W, CB], x]]) {
      t[name] = await context.createTensor({ dataType: 'float32', shape, writable: true });
      context.writeTensor(t[name], data);
    }
    const yt = await context.createTensor({ dataType: 'float32', shape: [1, H, W, CA], readable: true });
    __testing.profileNextDispatch(context);
    context.dispatch(graph, t, { y: yt });
    const out = new Float32Array(await context.readTensor(yt));
    return { out, steps: __testing.takeProfile(context).map((s) => s.step) };
  };
  const padValue = (value) => (b, ix) => b.pad(ix, [0, 0, 0, 0], [0, 0, 0, CA - CB], { value });
  const want = (relu, value) => Float32Array.from(a, (v, i) => {
    const c = i % CA, s = Math.fround(v + (c < CB ? x[Math.floor(i / CA) * CB + c] : value));
    return relu ? Math.max(s, 0) : s;
  });
  for (const [label, make, relu] of [
    ['add(a, pad(x))', (b, ia, ix) => b.add(ia, padValue(0)(b, ix)), false],
    ['relu(add(pad(x), a))', (b, ia, ix) => b.relu(b.add(padValue(0)(b, ix), ia)), true],
  ]) {
    const { out, steps } = await run2(make);
    assert.deepEqual(out, want(relu, 0), label);
    assert.ok(!steps.includes('pad'), `${label}: ${steps.join(', ')}`);
  }
  // -0 padding keeps its pad step (the fused add's padding is +0): -0 + -0 stays -0.
  const negative = await run2((b, ia, ix) => b.add(ia, padValue(-0)(b, ix)));
  assert.deepEqual(negative.out, want(false, -0));
  assert.ok(negative.steps.includes('pad'), negative.steps.join(', '));
  context.destroy();
});
