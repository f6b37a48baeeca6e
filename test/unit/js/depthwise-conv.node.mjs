// Depthwise convs run the direct kernels (kernels/f32-dwconv-direct) on the output pixels whose windows lie inside
// the input and the indirect ones on the rest (compiler/lower/conv.cc, DepthwiseConvStep). Every split against a
// double-precision reference: 3x3 and 5x5 at strides 1 and 2, paddings on any side or none, a dilated height (the
// direct kernel's row stride) and width (no direct kernel), rows too narrow for any direct pixel, channels that are
// not a multiple of 4, batch 2, a fused relu, a 7x7 (no direct kernel) and an input large enough that the
// indirection is built per band; on one thread and two.
import { test } from 'node:test';
import { createML } from '../../../dist/index.mjs';
import { checkConvs } from './fixtures/conv-reference.mjs';

// [input NHWC, kernel KH x KW, options]: filters OHWI [C, KH, KW, 1], groups C.
const DEPTHWISE = [
  [[1, 12, 13, 8], [3, 3], { padding: [1, 1, 1, 1] }],
  [[1, 12, 13, 32], [3, 3], { strides: [2, 2], padding: [0, 1, 0, 1] }],
  [[2, 9, 11, 7], [3, 3], { padding: [2, 0, 0, 2], relu: true }],
  [[1, 10, 10, 5], [5, 5], { padding: [2, 2, 2, 2] }],
  [[1, 15, 17, 12], [5, 5], { strides: [2, 2], padding: [1, 2, 1, 2] }],
  [[1, 14, 9, 4], [3, 3], { dilations: [2, 1], padding: [2, 2, 1, 1] }],
  [[1, 9, 14, 4], [3, 3], { dilations: [1, 2], padding: [1, 1, 2, 2] }],
  [[1, 6, 3, 4], [3, 3], { padding: [1, 1, 1, 1] }],   // width 3: one direct pixel a row
  [[1, 6, 2, 4], [3, 3], { padding: [1, 1, 1, 1] }],   // width 2: none
  [[1, 8, 8, 3], [7, 7], { padding: [3, 3, 3, 3] }],
  [[1, 7, 21, 16], [3, 3], { strides: [1, 2] }],
  [[1, 130, 140, 64], [3, 3], { padding: [1, 1, 1, 1] }],  // 1.1M pointers: the indirection per band
];
const CONVS = DEPTHWISE.map(([inShape, [kh, kw], options]) => [inShape, [inShape[3], kh, kw, 1], { groups: inShape[3], ...options }]);

for (const threads of [1, 2]) {
  test(`depthwise convs (direct and indirect pixels) match the reference, ${threads} thread(s)`, { timeout: 120000 }, async () => {
    const context = await createML({ numThreads: threads }).createContext();
    await checkConvs(context, CONVS, 1e-6);
    context.destroy();
  });
}
