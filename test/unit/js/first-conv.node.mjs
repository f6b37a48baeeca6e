// An image's first conv (1-4 input channels, one group) runs the indirect GEMM over each filter row's taps as one run
// of KW x C floats (compiler/lower/conv.cc, MergedRowGeometry), on a copy of the input with its left and right padding
// where it has any. Every form against a double-precision reference: paddings on either side or none, strides,
// a dilated height, batch 2, 1, 3 and 4 channels, filters 2 to 7 wide, a fused relu, and an input large enough that
// the indirection is built per band; on one thread and two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';
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

function reference(x, inShape, w, filterShape, bias, o) {
  const [n, ih, iw, c] = inShape, [oc, kh, kw] = filterShape;
  const [pt, pb, pl, pr] = o.padding ?? [0, 0, 0, 0], [sh, sw] = o.strides ?? [1, 1], [dh, dw] = o.dilations ?? [1, 1];
  const oh = Math.floor((ih + pt + pb - (kh - 1) * dh - 1) / sh) + 1, ow = Math.floor((iw + pl + pr - (kw - 1) * dw - 1) / sw) + 1;
  const y = new Float64Array(n * oh * ow * oc), bound = new Float64Array(y.length);
  for (let b = 0; b < n; ++b) for (let oy = 0; oy < oh; ++oy) for (let ox = 0; ox < ow; ++ox) for (let k = 0; k < oc; ++k) {
    let sum = bias[k], abs = Math.abs(bias[k]);
    for (let ky = 0; ky < kh; ++ky) for (let kx = 0; kx < kw; ++kx) {
      const iy = oy * sh - pt + ky * dh, ix = ox * sw - pl + kx * dw;
      if (iy < 0 || ix < 0 || iy >= ih || ix >= iw) continue;
      for (let ch = 0; ch < c; ++ch) {
        const p = x[((b * ih + iy) * iw + ix) * c + ch] * w[((k * kh + ky) * kw + kx) * c + ch];
        sum += p;
        abs += Math.abs(p);
      }
    }
    const i = ((b * oh + oy) * ow + ox) * oc + k;
    y[i] = o.relu ? Math.max(sum, 0) : sum;
    bound[i] = 1e-5 * abs + 1e-30;
  }
  return { y, bound, shape: [n, oh, ow, oc] };
}

for (const threads of [1, 2]) {
  test(`first convs (1-4 channels) on merged filter rows match the reference, ${threads} thread(s)`, { timeout: 120000 }, async () => {
    const context = await createML({ numThreads: threads }).createContext();
    for (const [inShape, filterShape, options] of CONVS) {
      const { relu, ...convOptions } = options;
      const size = (s) => s.reduce((a, d) => a * d, 1);
      const x = floats(size(inShape), 1), w = floats(size(filterShape), 2), bias = floats(filterShape[0], 3);
      const want = reference(x, inShape, w, filterShape, bias, options);
      const b = new MLGraphBuilder(context);
      const input = b.input('x', { dataType: 'float32', shape: inShape });
      let y = b.conv2d(input, b.constant({ dataType: 'float32', shape: filterShape }, w), {
        inputLayout: 'nhwc', filterLayout: 'ohwi', bias: b.constant({ dataType: 'float32', shape: [filterShape[0]] }, bias), ...convOptions });
      if (relu) y = b.relu(y);
      assert.deepEqual(y.shape, want.shape);
      const graph = await b.build({ y });
      const xt = await context.createTensor({ dataType: 'float32', shape: inShape, writable: true });
      const yt = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
      context.writeTensor(xt, x);
      for (let run = 0; run < 2; ++run) {  // the second run reuses the indirection and overwrites the padded copy
        context.dispatch(graph, { x: xt }, { y: yt });
        const got = new Float32Array(await context.readTensor(yt));
        for (let i = 0; i < got.length; ++i) {
          assert.ok(Math.abs(got[i] - want.y[i]) <= want.bound[i],
                    `${JSON.stringify([inShape, filterShape, options])} run ${run} at ${i}: ${got[i]} vs ${want.y[i]}`);
        }
      }
      graph.destroy();
    }
    context.destroy();
  });
}

test('a first conv of constants is folded at build, its padded copy in a scratch of its own', async () => {
  // Folding runs the step outside any plan: without the scratch a plan gives, the copy went to address 0.
  const context = await createML({ numThreads: 1 }).createContext();
  const [inShape, filterShape, options] = [[2, 5, 3, 4], [2, 1, 3, 4], { padding: [1, 0, 2, 2] }];
  const size = (s) => s.reduce((a, d) => a * d, 1);
  const x = floats(size(inShape), 4), w = floats(size(filterShape), 5), bias = new Float32Array(2);
  const want = reference(x, inShape, w, filterShape, bias, options);
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
