// ConvInteger as onnxruntime-web's WebNN EP sends it — dequantizeLinear of uint8 activations and of uint8
// weights with scale 1, conv2d, cast to int32 (../shared/notes/onnxruntime-webnn-quantized.md) — runs on the
// integer kernels (compiler/passes/fuse_integer.cc) and gives the exact integer result: checked against
// an integer reference here, including sums past 2^24 that float accumulation rounds, per-tensor and
// per-output-channel weight zero points, padding, strides, dilation, groups, a 1-channel output, and an
// image large enough that the indirection is built per band, filters wide enough to stay uint8 (128 or more input
// channels per group; narrower ones are packed as int16). A conv with fewer than 8 input channels per
// group stays on the float kernels (and is exact while its sums stay below 2^24), unless depthwise: one filter per
// channel runs on the integer dwconv kernel. The float epilogue that
// follows a ConvInteger in onnxruntime's dynamic quantization (cast, scale, bias, relu) runs in the same step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { bytes } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 2 });

// x [1, C, H, W], w [M, C/groups, K, K], zero points: x one value, w one value or [M] (per output channel).
function reference({ c, h, w: width, m, k, groups = 1, stride = 1, dilation = 1, pad = 0 }, x, xzp, w, wzp) {
  const oh = Math.floor((h + 2 * pad - dilation * (k - 1) - 1) / stride) + 1;
  const ow = Math.floor((width + 2 * pad - dilation * (k - 1) - 1) / stride) + 1;
  const cg = c / groups, mg = m / groups;
  const y = new Int32Array(m * oh * ow);
  for (let o = 0; o < m; ++o) {
    const zw = wzp.length === 1 ? wzp[0] : wzp[o];
    const grp = Math.floor(o / mg);
    for (let oy = 0; oy < oh; ++oy) {
      for (let ox = 0; ox < ow; ++ox) {
        let sum = 0;
        for (let ci = 0; ci < cg; ++ci) {
          for (let ky = 0; ky < k; ++ky) {
            const iy = oy * stride + ky * dilation - pad;
            if (iy < 0 || iy >= h) continue;
            for (let kx = 0; kx < k; ++kx) {
              const ix = ox * stride + kx * dilation - pad;
              if (ix < 0 || ix >= width) continue;
              sum += (x[((grp * cg + ci) * h + iy) * width + ix] - xzp) * (w[((o * cg + ci) * k + ky) * k + kx] - zw);
            }
          }
        }
        y[(o * oh + oy) * ow + ox] = sum;
      }
    }
  }
  return { y, shape: [1, m, oh, ow] };
}

// epilogue: what onnxruntime's dynamic quantization puts after a ConvInteger, which joins the integer conv:
// cast to float32, mul by a scale (a run-time [1], or a per-channel constant [1, M, 1, 1]), add a bias
// constant [1, M, 1, 1], relu. Checked bit for bit against the same float32 operations, each rounded.
async function run(shape, { perChannel = false, expectInteger = true, large = false, epilogue = null, signed = false } = {}) {
  const { c, h, w: width, m, k, groups = 1, stride = 1, dilation = 1, pad = 0 } = shape;
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'uint8', shape: [1, c, h, width] });
  const xzp = b.input('xzp', { dataType: 'uint8', shape: [] });
  // `large`: values near 255 against zero points of 0, so every product is near 65025 and sums pass 2^24.
  const near255 = (v) => (large ? v.map((x) => 255 - (x & 7)) : v);
  // signed: int8 weights and zero points (ONNX ConvInteger's other weight type), their bytes read as int8.
  const wBytes = signed ? Int8Array.from(bytes(m * (c / groups) * k * k, m + k), (v) => v - 128)
                        : near255(bytes(m * (c / groups) * k * k, m + k));
  const wzpBytes = signed ? Int8Array.from(perChannel ? bytes(m, 7) : [large ? 0 : 119], (v) => (v % 64) - 32)
                          : perChannel ? bytes(m, 7) : new Uint8Array([large ? 0 : 119]);
  const wType = signed ? 'int8' : 'uint8';
  const xzpValue = large ? 0 : 131;
  const ones = b.constant({ dataType: 'float32', shape: [1, 1, 1, 1] }, new Float32Array([1]));
  const wconst = b.constant({ dataType: wType, shape: [m, c / groups, k, k] }, wBytes);
  const wzp = b.constant({ dataType: wType, shape: perChannel ? [m, 1, 1, 1] : [] }, wzpBytes);
  const xf = b.dequantizeLinear(x, ones, b.reshape(xzp, [1, 1, 1, 1]));
  const wf = b.dequantizeLinear(wconst, perChannel ? b.constant({ dataType: 'float32', shape: [m, 1, 1, 1] }, new Float32Array(m).fill(1)) : ones,
                                perChannel ? wzp : b.reshape(wzp, [1, 1, 1, 1]));
  let y = b.cast(b.conv2d(xf, wf, { padding: [pad, pad, pad, pad], strides: [stride, stride], dilations: [dilation, dilation], groups }), 'int32');
  const scales = epilogue?.perChannelScale ? Float32Array.from({ length: m }, (_, i) => 1e-4 * (i + 1)) : Float32Array.of(3.7e-4);
  const biases = Float32Array.from({ length: m }, (_, i) => (i % 5) - 2.25);
  if (epilogue) {
    const s = epilogue.perChannelScale ? b.constant({ dataType: 'float32', shape: [1, m, 1, 1] }, scales) : b.input('s', { dataType: 'float32', shape: [1] });
    y = b.add(b.mul(b.cast(y, 'float32'), s), b.constant({ dataType: 'float32', shape: [1, m, 1, 1] }, biases));
    if (epilogue.relu) y = b.relu(y);
  }
  const graph = await b.build({ y });
  const xBytes = near255(bytes(c * h * width, c + h));
  const want = reference(shape, xBytes, xzpValue, wBytes, wzpBytes);
  assert.deepEqual(y.shape, want.shape);
  if (epilogue) {
    const plane = want.shape[2] * want.shape[3];
    want.y = Float32Array.from(want.y, (acc, i) => {
      const o = Math.floor(i / plane);
      const v = Math.fround(Math.fround(Math.fround(acc) * scales[epilogue.perChannelScale ? o : 0]) + biases[o]);
      return epilogue.relu ? Math.max(v, 0) : v;
    });
  }
  const xt = await context.createTensor({ dataType: 'uint8', shape: [1, c, h, width], writable: true });
  const zt = await context.createTensor({ dataType: 'uint8', shape: [], writable: true });
  const yt = await context.createTensor({ dataType: epilogue ? 'float32' : 'int32', shape: want.shape, readable: true });
  context.writeTensor(xt, xBytes);
  context.writeTensor(zt, new Uint8Array([xzpValue]));
  const inputs = { x: xt, xzp: zt };
  if (epilogue && !epilogue.perChannelScale) {
    inputs.s = await context.createTensor({ dataType: 'float32', shape: [1], writable: true });
    context.writeTensor(inputs.s, scales);
  }
  __testing.profileNextDispatch(context);
  context.dispatch(graph, inputs, { y: yt });
  const got = epilogue ? new Float32Array(await context.readTensor(yt)) : new Int32Array(await context.readTensor(yt));
  const steps = __testing.takeProfile(context).map((p) => p.step);
  // The qu8 dwconv for a depthwise conv; else the IGEMM or, for 3x3 filters of stride 1, the integer Winograd (the
  // same int32 sums).
  const integerStep = groups > 1 && groups === c && m === c ? 'convInteger/dwconv'
                                                            : steps.find((s) => s === 'convInteger/winograd') ?? 'convInteger/igemm';
  assert.equal(steps.includes(integerStep), expectInteger, `steps: ${steps.join(', ')}`);
  if (epilogue && expectInteger) assert.deepEqual(steps.filter((name) => name !== 'transpose'), [integerStep], `steps: ${steps.join(', ')}`);
  for (let i = 0; i < got.length; ++i) {
    if (got[i] !== want.y[i]) assert.fail(`element ${i}: ${got[i]}, want ${want.y[i]} (${JSON.stringify(shape)})`);
  }
  context.destroy();
  return want.y;
}

test('ConvInteger runs on the integer kernels and is exact, past 2^24 too', async () => {
  await run({ c: 64, h: 12, w: 11, m: 20, k: 3, pad: 1 });
  const y = await run({ c: 64, h: 6, w: 5, m: 4, k: 3, pad: 1 }, { large: true });
  assert.ok(y.some((v) => Math.abs(v) > 2 ** 24 && v % 2 !== 0), 'no odd sum beyond float32\'s exact integers');
});

test('ConvInteger: per-output-channel weight zero points, strides, dilation, groups, a 1-channel output', async () => {
  await run({ c: 16, h: 9, w: 10, m: 12, k: 3, pad: 1 }, { perChannel: true });
  await run({ c: 24, h: 17, w: 15, m: 8, k: 3, stride: 2, dilation: 2, pad: 2 });
  await run({ c: 32, h: 8, w: 8, m: 4, k: 3, groups: 2, pad: 1 });
  await run({ c: 32, h: 8, w: 9, m: 1, k: 3, pad: 1 });
  await run({ c: 8, h: 7, w: 7, m: 5, k: 1 });
});

test('ConvInteger over an image whose indirection is built per band', async () => {
  await run({ c: 8, h: 350, w: 349, m: 8, k: 3, pad: 1 });
});

test('the float epilogue (cast, mul by a run-time or per-channel scale, add a bias, relu) runs inside the integer conv', async () => {
  await run({ c: 32, h: 9, w: 10, m: 12, k: 3, pad: 1 }, { epilogue: { relu: true } });
  await run({ c: 16, h: 9, w: 10, m: 20, k: 3, pad: 1 }, { perChannel: true, epilogue: { perChannelScale: true } });
  await run({ c: 32, h: 8, w: 8, m: 6, k: 3, groups: 2, pad: 1 }, { epilogue: { relu: true, perChannelScale: true } });
  await run({ c: 64, h: 6, w: 5, m: 4, k: 3, pad: 1 }, { large: true, epilogue: {} });
  await run({ c: 8, h: 300, w: 301, m: 8, k: 3, pad: 1 }, { epilogue: { relu: true } });
});

test('int8 weights and zero points (per tensor and per output channel) run on the integer kernels too', async () => {
  await run({ c: 32, h: 9, w: 8, m: 12, k: 3, pad: 1 }, { signed: true });
  await run({ c: 16, h: 7, w: 9, m: 20, k: 3, pad: 1, groups: 2 }, { signed: true, perChannel: true, epilogue: { relu: true } });
});

test('filters of 128 or more input channels per group (kept as uint8, a zero point per output channel) are exact too', async () => {
  await run({ c: 128, h: 7, w: 6, m: 9, k: 3, pad: 1 });
  await run({ c: 160, h: 5, w: 6, m: 8, k: 3, pad: 1 }, { perChannel: true, epilogue: { relu: true } });
  await run({ c: 256, h: 6, w: 5, m: 6, k: 3, groups: 2, pad: 1 }, { signed: true, perChannel: true });
  await run({ c: 128, h: 6, w: 5, m: 4, k: 3, pad: 1 }, { large: true });
  await run({ c: 128, h: 120, w: 100, m: 4, k: 3, stride: 2, pad: 1 }, { signed: true, epilogue: {} });
});

test('depthwise ConvInteger (one filter per channel, any channel count) runs on the integer dwconv kernel, exact', async () => {
  await run({ c: 13, h: 9, w: 10, m: 13, k: 3, groups: 13, pad: 1 });
  await run({ c: 3, h: 8, w: 7, m: 3, k: 5, groups: 3, pad: 2, stride: 2 }, { perChannel: true, signed: true });
  await run({ c: 24, h: 7, w: 9, m: 24, k: 3, groups: 24, pad: 1, dilation: 2 }, { large: true, epilogue: { relu: true, perChannelScale: true } });
  await run({ c: 16, h: 9, w: 8, m: 16, k: 3, groups: 16, pad: 1 }, { perChannel: true, epilogue: {} });
  await run({ c: 8, h: 380, w: 370, m: 8, k: 3, groups: 8, pad: 1 }, { epilogue: { relu: true } });  // indirection per row
});

test('fewer than 8 input channels per group stay on the float kernels', async () => {
  await run({ c: 3, h: 10, w: 10, m: 8, k: 3, pad: 1 }, { expectInteger: false });
});
