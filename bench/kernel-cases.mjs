// The operations bench/kernels-vs-xnnpack.mjs times on both engines: one row per operator and shape,
// NHWC on both sides. Each case names its inputs (fed through tensors every run) and constants (weights:
// builder.constant() on our side, a tf.Tensor created once on tfjs's, which is where tfjs-backend-wasm
// keys its cached, pre-packed XNNPACK operator), builds the one operator on our side (`ours`) and
// computes the same on tfjs's (`tf`, inside tf.tidy). `work` is what the rate column divides by:
// {flops} (2 × multiply-adds) for GEMM-class work, {bytes} (read + written) for memory-bound work.
// `smoke` marks the one shape per operator that --smoke runs.
//
// `xnnpack` says what tfjs-backend-wasm 4.22 runs: XNNPACK for conv, depthwise, fully connected
// (its matMul of a batch-1 A and B), binary, sigmoid, elu, softmax and pooling; a scalar loop over libm's
// erf for erf, a loop of its own for leakyRelu; and for layerNormalization and gelu, which it has no op
// for, a composition of its ops (so those ratios compare our one kernel with several of theirs, not kernel
// with kernel).

const F32 = 4;

function conv({ size, inC, outC, k, stride = 1, pad, smoke = false }) {
  const out = Math.floor((size + 2 * pad - k) / stride) + 1;
  return {
    op: 'conv2d', shape: `${k}x${k}${stride > 1 ? ` s${stride}` : ''} ${size}²x${inC}→${outC}`, smoke,
    inputs: { x: [1, size, size, inC] },
    constants: { w: [outC, k, k, inC] }, // ohwi
    ours: (b, v) => b.conv2d(v.x, v.w, { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [pad, pad, pad, pad],
                                          strides: [stride, stride] }),
    prepareTf: (tf, t) => ({ ...t, w: tf.transpose(t.w, [1, 2, 3, 0]) }), // ohwi -> tfjs's hwio
    tf: (tf, t) => tf.conv2d(t.x, t.w, stride, [[0, 0], [pad, pad], [pad, pad], [0, 0]], 'NHWC'),
    work: { flops: 2 * out * out * outC * k * k * inC },
    xnnpack: 'XNNPACK convolution',
  };
}

function depthwise({ size, channels, k, stride = 1, smoke = false }) {
  const pad = (k - 1) / 2;
  const out = Math.floor((size + 2 * pad - k) / stride) + 1;
  return {
    op: 'conv2d dw', shape: `${k}x${k}${stride > 1 ? ` s${stride}` : ''} ${size}²x${channels}`, smoke,
    inputs: { x: [1, size, size, channels] },
    constants: { w: [1, k, k, channels] }, // ihwo: the same bytes as tfjs's [k, k, channels, 1]
    ours: (b, v) => b.conv2d(v.x, v.w, { inputLayout: 'nhwc', filterLayout: 'ihwo', groups: channels,
                                          padding: [pad, pad, pad, pad], strides: [stride, stride] }),
    prepareTf: (tf, t) => ({ ...t, w: tf.reshape(t.w, [k, k, channels, 1]) }),
    tf: (tf, t) => tf.depthwiseConv2d(t.x, t.w, stride, [[0, 0], [pad, pad], [pad, pad], [0, 0]], 'NHWC'),
    work: { flops: 2 * out * out * channels * k * k },
    xnnpack: 'XNNPACK convolution (groups = channels)',
  };
}

function matmul({ m, k, n, smoke = false }) {
  return {
    op: 'matmul', shape: `${m}x${k}x${n}`, smoke,
    inputs: { a: [m, k] },
    constants: { b: [k, n] },
    ours: (b, v) => b.matmul(v.a, v.b),
    tf: (tf, t) => tf.matMul(t.a, t.b),
    work: { flops: 2 * m * k * n },
    xnnpack: 'XNNPACK fully connected (B packed once)',
  };
}

const MEGA = [1024, 1024];
const MEGA_BYTES = 1024 * 1024 * F32;

function unary(op, ours, tf, xnnpack, smoke) {
  return { op, shape: '1M', smoke, inputs: { x: MEGA }, constants: {}, ours: (b, v) => ours(b, v.x),
           tf: (tfjs, t) => tf(tfjs, t.x), work: { bytes: 2 * MEGA_BYTES }, xnnpack };
}

function pool(op, { size, channels, k, stride, pad, smoke = false }) {
  const out = Math.floor((size + pad - k) / stride) + 1; // pad at the end only, as TF's 'same' does here
  const options = { windowDimensions: [k, k], strides: [stride, stride], padding: [0, pad, 0, pad], layout: 'nhwc' };
  return {
    op, shape: `${k}x${k}${stride > 1 ? ` s${stride}` : ''} ${size}²x${channels}`, smoke,
    inputs: { x: [1, size, size, channels] },
    constants: {},
    ours: (b, v) => b[op](v.x, options),
    tf: (tf, t) => (op === 'maxPool2d' ? tf.maxPool : tf.avgPool)(t.x, k, stride, pad ? 'same' : 'valid'),
    work: { bytes: (size * size + out * out) * channels * F32 },
    xnnpack: `XNNPACK ${op === 'maxPool2d' ? 'max' : 'average'} pooling`,
  };
}

export const CASES = [
  conv({ size: 56, inC: 64, outC: 64, k: 3, pad: 1, smoke: true }),
  conv({ size: 112, inC: 32, outC: 64, k: 3, stride: 2, pad: 1 }),
  conv({ size: 28, inC: 128, outC: 256, k: 1, pad: 0 }),
  conv({ size: 112, inC: 16, outC: 96, k: 1, pad: 0 }),
  depthwise({ size: 112, channels: 32, k: 3, smoke: true }),
  depthwise({ size: 28, channels: 240, k: 5 }), // efficientnet_b0's stage-4 shape
  matmul({ m: 512, k: 512, n: 512, smoke: true }),
  matmul({ m: 128, k: 256, n: 1024 }),
  {
    op: 'add', shape: '1M', smoke: true, inputs: { a: MEGA, b: MEGA }, constants: {},
    ours: (b, v) => b.add(v.a, v.b), tf: (tf, t) => tf.add(t.a, t.b),
    work: { bytes: 3 * MEGA_BYTES }, xnnpack: 'XNNPACK binary add',
  },
  unary('sigmoid', (b, x) => b.sigmoid(x), (tf, x) => tf.sigmoid(x), 'XNNPACK sigmoid', true),
  unary('erf', (b, x) => b.erf(x), (tf, x) => tf.erf(x), 'not XNNPACK: scalar libm erf', true),
  unary('elu', (b, x) => b.elu(x), (tf, x) => tf.elu(x), 'XNNPACK elu', false),
  unary('leakyRelu', (b, x) => b.leakyRelu(x, { alpha: 0.1 }), (tf, x) => tf.leakyRelu(x, 0.1),
        'not XNNPACK: tfjs\'s own loop', false),
  unary('gelu', (b, x) => b.gelu(x), (tf, x) => tf.mul(tf.mul(x, 0.5), tf.add(tf.erf(tf.mul(x, Math.SQRT1_2)), 1)),
        'composed: 5 tfjs ops (mul, mul, erf, add, mul)', true),
  {
    op: 'softmax', shape: '128x1024', smoke: true, inputs: { x: [128, 1024] }, constants: {},
    ours: (b, v) => b.softmax(v.x, 1), tf: (tf, t) => tf.softmax(t.x),
    work: { bytes: 2 * 128 * 1024 * F32 }, xnnpack: 'XNNPACK softmax',
  },
  {
    op: 'layerNormalization', shape: '128x1024, axes [1]', smoke: true,
    inputs: { x: [128, 1024] }, constants: { scale: [1024], bias: [1024] },
    ours: (b, v) => b.layerNormalization(v.x, { axes: [1], scale: v.scale, bias: v.bias, epsilon: 1e-5 }),
    tf: (tf, t) => {
      const { mean, variance } = tf.moments(t.x, -1, true);
      return tf.add(tf.mul(tf.mul(tf.sub(t.x, mean), tf.rsqrt(tf.add(variance, 1e-5))), t.scale), t.bias);
    },
    work: { bytes: (2 * 128 * 1024 + 2 * 1024) * F32 },
    xnnpack: 'composed: moments + 5 tfjs ops',
  },
  pool('averagePool2d', { size: 56, channels: 64, k: 3, stride: 1, pad: 0, smoke: true }),
  pool('maxPool2d', { size: 112, channels: 64, k: 3, stride: 2, pad: 1, smoke: true }),
];
