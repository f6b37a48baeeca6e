// An image's first conv (1-4 input channels, one group) runs the indirect GEMM over each filter row's taps as one run
// of KW x C floats (compiler/lower/conv.cc, MergedRowGeometry), on a copy of the input with its left and right padding
// where it has any. Every form against a double-precision reference: paddings on either side or none, strides,
// a dilated height, batch 2, 1, 3 and 4 channels, filters 2 to 7 wide, a fused relu, and an input large enough that
// the indirection is built per band; on one thread and two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { checkConvs, convReference } from './fixtures/conv-reference.mjs';
import { floats } from './fixtures/random-values.mjs';

// [input NHWC, filter OHWI, options]
const CONVS = [
  [[1, 17, 19, 3], [8, 3, 3, 3], { strides: [2, 2] }],
  [[1, 17, 19, 3], [8, 3, 3, 3], { strides: [2, 2], padding: [0, 1, 0, 1] }],
  [[1, 16, 16, 3], [24, 5, 5, 3], { strides: [2, 2], padding: [1, 2, 1, 2] }],
  [[2, 12, 13, 1], [5, 3, 3, 1], { padding: [1, 1, 1, 1] }],
  [[1, 11, 14, 4], [9, 2, 3, 4], { padding: [0, 0, 2, 0], dilations: [2, 1] }],
  [[1, 20, 21, 3], [16, 7, 7, 3], { strides: [2, 2], padding: [3, 3, 3, 3] }],
  [[1, 9, 9, 2], [3, 3, 2, 2], { strides: [1, 3], padding: [0, 0, 1, 1], relu: true }],
  [[1, 400, 400, 3], [8, 3, 3, 3], { padding: [1, 1, 1, 1], relu: true }],  // 160K pixels: the indirection per band
];

for (const threads of [1, 2]) {
  test(`first convs (1-4 channels) on merged filter rows match the reference, ${threads} thread(s)`, { timeout: 120000 }, async () => {
    const context = await createML({ numThreads: threads }).createContext();
    await checkConvs(context, CONVS);  // the second run reuses the indirection and overwrites the padded copy
    context.destroy();
  });
}

test('a first conv of constants is folded at build, its padded copy in a scratch of its own', async () => {
  // Folding runs the step outside any plan: without the scratch a plan gives, the copy went to address 0.
  const context = await createML({ numThreads: 1 }).createContext();
  const [inShape, filterShape, options] = [[2, 5, 3, 4], [2, 1, 3, 4], { padding: [1, 0, 2, 2] }];
  const size = (s) => s.reduce((a, d) => a * d, 1);
  const x = floats(size(inShape), 4), w = floats(size(filterShape), 5), bias = new Float32Array(2);
  const want = convReference(x, inShape, w, filterShape, bias, options, 1e-5);
  for (let round = 0; round < 3; ++round) {
    const b = new MLGraphBuilder(context);
    const y = b.conv2d(b.constant({ dataType: 'float32', shape: inShape }, x), b.constant({ dataType: 'float32', shape: filterShape }, w),
                       { inputLayout: 'nhwc', filterLayout: 'ohwi', ...options });
    const graph = await b.build({ y: b.add(y, b.input('zero', { dataType: 'float32', shape: [] })) });
    const zt = await context.createTensor({ dataType: 'float32', shape: [], writable: true });
    const yt = await context.createTensor({ dataType: 'float32', shape: want.shape, readable: true });
    context.writeTensor(zt, new Float32Array(1));
    context.dispatch(graph, { zero: zt }, { y: yt });
    const got = new Float32Array(await context.readTensor(yt));
    for (let i = 0; i < got.length; ++i) assert.ok(Math.abs(got[i] - want.y[i]) <= want.bound[i], `round ${round} at ${i}: ${got[i]} vs ${want.y[i]}`);
    graph.destroy();
  }
  context.destroy();
});
