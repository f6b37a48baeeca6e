// Depthwise convs run the direct kernels (kernels/f32-dwconv-direct) on the output pixels whose windows lie inside
// the input and the indirect ones on the rest (compiler/lower/conv.cc, DepthwiseConvStep). Every split against a
// double-precision reference: 3x3 and 5x5 at strides 1 and 2, paddings on any side or none, a dilated height (the
// direct kernel's row stride) and width (no direct kernel), rows too narrow for any direct pixel, channels that are
// not a multiple of 4, batch 2, a fused relu, a 7x7 (no direct kernel) and an input large enough that the
// indirection is built per band; on one thread and two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { floats } from './fixtures/random-values.mjs';

// [input NHWC, kernel KH x KW, options]
const CONVS = [
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

function reference(x, inShape, w, [kh, kw], bias, o) {
  const [n, ih, iw, c] = inShape;
  const [pt, pb, pl, pr] = o.padding ?? [0, 0, 0, 0], [sh, sw] = o.strides ?? [1, 1], [dh, dw] = o.dilations ?? [1, 1];
  const oh = Math.floor((ih + pt + pb - (kh - 1) * dh - 1) / sh) + 1, ow = Math.floor((iw + pl + pr - (kw - 1) * dw - 1) / sw) + 1;
  const y = new Float64Array(n * oh * ow * c), bound = new Float64Array(y.length);
  for (let b = 0; b < n; ++b) for (let oy = 0; oy < oh; ++oy) for (let ox = 0; ox < ow; ++ox) for (let ch = 0; ch < c; ++ch) {
    let sum = bias[ch], abs = Math.abs(bias[ch]);
    for (let ky = 0; ky < kh; ++ky) for (let kx = 0; kx < kw; ++kx) {
      const iy = oy * sh - pt + ky * dh, ix = ox * sw - pl + kx * dw;
      if (iy < 0 || ix < 0 || iy >= ih || ix >= iw) continue;
      const p = x[((b * ih + iy) * iw + ix) * c + ch] * w[(ky * kw + kx) * c + ch];  // filter IHWO [1, kh, kw, c]
      sum += p;
      abs += Math.abs(p);
    }
    const i = ((b * oh + oy) * ow + ox) * c + ch;
    y[i] = o.relu ? Math.max(sum, 0) : sum;
    bound[i] = 1e-6 * abs + 1e-30;
  }
  return { y, bound, shape: [n, oh, ow, c] };
}

for (const threads of [1, 2]) {
  test(`depthwise convs (direct and indirect pixels) match the reference, ${threads} thread(s)`, { timeout: 120000 }, async () => {
    const context = await createML({ numThreads: threads }).createContext();
    for (const [inShape, kernel, options] of CONVS) {
      const { relu, ...convOptions } = options;
      const c = inShape[3], filterShape = [1, ...kernel, c];
      const size = (s) => s.reduce((a, d) => a * d, 1);
      const x = floats(size(inShape), 1), w = floats(size(filterShape), 2), bias = floats(c, 3);
      const want = reference(x, inShape, w, kernel, bias, options);
      const b = new MLGraphBuilder(context);
      const input = b.input('x', { dataType: 'float32', shape: inShape });
      let y = b.conv2d(input, b.constant({ dataType: 'float32', shape: filterShape }, w), {
        inputLayout: 'nhwc', filterLayout: 'ihwo', groups: c, bias: b.constant({ dataType: 'float32', shape: [c] }, bias),
        ...convOptions });
      if (relu) y = b.relu(y);
      assert.deepEqual(y.shape, want.shape);
      const graph = await b.build({ y });
      const xt = await context.createTensor({ dataType: 'float32', shape: inShape, writable: true });
      const yt = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
      context.writeTensor(xt, x);
      for (let run = 0; run < 2; ++run) {  // the second run reuses the kept indirection
        context.dispatch(graph, { x: xt }, { y: yt });
        const got = new Float32Array(await context.readTensor(yt));
        for (let i = 0; i < got.length; ++i) {
          assert.ok(Math.abs(got[i] - want.y[i]) <= want.bound[i],
                    `${JSON.stringify([inShape, kernel, options])} run ${run} at ${i}: ${got[i]} vs ${want.y[i]}`);
        }
      }
      graph.destroy();
    }
    context.destroy();
  });
}
