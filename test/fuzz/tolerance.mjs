// Tolerance of each operator's float32 result against the float64 reference rounded once.
//
// An element passes if it is within `ulp` ULP (WPT's metric, compare.js) OR within `abs` of the
// reference value. `ulp` is the WPT bound of the operator: the value the WPT corpus
// (/work/shared/wpt-webnn) records for float32, or for operators whose bound depends on sizes, the
// formula of upstream getPrecisionTolerance (README "Tolerance semantics"): conv2d 2*KH*KW*I, gemm
// 2*K (+1 alpha != 1, +1/+2 for C), matmul 2*K like gemm, pooling KH*KW+2, softmax 3*n+3, reductions
// from the reduced count n (sum/L1/product n, mean n+2, sumSquare 2n, L2 2n+2, logSum n+18,
// logSumExp 2n+18, as the corpus values show).
//
// `abs` exists because random data cancels where WPT's data does not: a sum of terms of both signs
// can end near zero, and a relative (ULP) bound then asks for more precision than any float32
// evaluation of the spec's formula has. `abs` is the worst-case rounding error of evaluating the
// spec's definition in float32 in any order, gamma(n) * (sum of |terms|) with gamma(n) = n*u/(1-n*u),
// u = 2^-24 (Higham, "Accuracy and Stability of Numerical Algorithms", ch. 3) - a correct
// implementation always meets it, a wrong index or a dropped term almost never does. For elementwise
// formulas with a cancelling step (elu, gelu, softplus, hardSwish, linear, hardSigmoid) it is the
// error of that step. abs = Infinity marks an element the spec leaves open (not checked).
import * as ref from './reference.mjs';

const U = 2 ** -24;
const gamma = (n) => (n * U) / (1 - n * U);
const absOf = (t) => ref.makeTensor(t.dataType, t.shape, Float64Array.from(t.data, Math.abs));
const ELEMENTWISE_ULP = {
  abs: 0, neg: 0, relu: 0, clamp: 0, ceil: 0, floor: 0, identity: 0, sign: 0, roundEven: 0,
  exp: 0, log: 0, sqrt: 0, reciprocal: 2, sigmoid: 34, tanh: 16, gelu: 18, elu: 18, softplus: 18,
  softsign: 3, hardSwish: 4, hardSigmoid: 2, leakyRelu: 1, linear: 2,
  add: 1, sub: 1, mul: 1, div: 0, max: 0, min: 0, pow: 0,
};
// WPT compares these with an absolute tolerance (1/1024) instead of ULP.
const ELEMENTWISE_ATOL = { erf: 2 ** -10, sin: 2 ** -10, cos: 2 ** -10, tan: 2 ** -10 };

// Per-element absolute allowance of an elementwise op given its input value(s).
const CANCELLATION = {
  elu: (x, [, o = {}]) => (x < 0 ? 2 * U * Math.abs(o.alpha ?? 1) : 0),  // alpha * (exp(x) - 1)
  gelu: (x) => (x === -Infinity ? Infinity : 2 * U * Math.abs(x)),  // x/2 * (1 + erf(...)); -inf: NaN or 0
  softplus: () => 2 * U,  // log(1 + exp(x)) with 1 + exp(x) rounded
  hardSwish: (x) => (x === -Infinity ? Infinity : 2 * U * Math.abs(x) * (Math.abs(x) + 3)),  // x * (x + 3) / 6
  softsign: (x) => (Math.abs(x) === Infinity ? Infinity : 0),  // inf / inf: NaN by the formula, ±1 as a limit
  linear: (x, [, o = {}]) => 2 * U * (Math.abs((o.alpha ?? 1) * x) + Math.abs(o.beta ?? 0)),
  hardSigmoid: (x, [, o = {}]) => 2 * U * (Math.abs((o.alpha ?? 0.2) * x) + Math.abs(o.beta ?? 0.5)),
};

const windowOf = (x, o = {}) => {
  const [H, W] = (o.layout ?? 'nchw') === 'nchw' ? x.shape.slice(2) : x.shape.slice(1, 3);
  return (o.windowDimensions ?? [H, W]).reduce((a, b) => a * b, 1);
};
const reducedCount = (x, o = {}) => (o.axes ?? x.shape.map((_, i) => i)).reduce((n, a) => n * x.shape[a], 1);

// Operators whose bound depends on the arguments: (args, out) -> {ulp, abs}.
const SIZED = {
  matmul: ([a, b]) => {
    const K = a.shape[a.shape.length - 1];
    return { ulp: 2 * K, abs: scaled(gamma(K + 1), ref.matmul(absOf(a), absOf(b))) };
  },
  gemm: ([a, b, o = {}]) => {
    const K = o.aTranspose ? a.shape[0] : a.shape[1];
    const alpha = ref.castNumber(o.alpha ?? 1, 'float32');
    const beta = ref.castNumber(o.beta ?? 1, 'float32');
    const ulp = 2 * K + (alpha !== 1 ? 1 : 0) + (o.c ? (beta !== 1 ? 2 : 1) : 0);
    const terms = ref.gemm(absOf(a), absOf(b), { ...o, c: o.c && absOf(o.c), alpha: Math.abs(alpha), beta: Math.abs(beta) });
    return { ulp, abs: scaled(gamma(K + 3), terms) };
  },
  conv2d: ([x, w, o = {}]) => {
    const f = ref.conv2d(x, w, o);  // only for the filter dims
    const layout = o.filterLayout ?? 'oihw';
    const n = ['i', 'h', 'w'].reduce((p, ch) => p * w.shape[layout.indexOf(ch)], 1);
    const terms = ref.conv2d(absOf(x), absOf(w), { ...o, bias: o.bias && absOf(o.bias) });
    return { ulp: 2 * n + (o.bias ? 1 : 0), abs: scaled(gamma(n + 2), terms), shape: f.shape };
  },
  averagePool2d: ([x, o]) => {
    const n = windowOf(x, o);
    return { ulp: n + 2, abs: scaled(gamma(n + 2), ref.averagePool2d(absOf(x), o)) };
  },
  l2Pool2d: ([x, o]) => ({ ulp: windowOf(x, o) + 2, abs: 0 }),
  maxPool2d: () => ({ ulp: 0, abs: 0 }),
  reduceSum: ([x, o]) => {
    const n = reducedCount(x, o);
    return { ulp: n, abs: scaled(gamma(n), ref.reduceSum(absOf(x), o)) };
  },
  reduceMean: ([x, o]) => {
    const n = reducedCount(x, o);
    return { ulp: n + 2, abs: scaled(gamma(n + 2), ref.reduceMean(absOf(x), o)) };
  },
  reduceL1: ([x, o]) => ({ ulp: reducedCount(x, o), abs: 0 }),
  reduceProduct: ([x, o]) => ({ ulp: reducedCount(x, o), abs: 0 }),
  reduceSumSquare: ([x, o]) => ({ ulp: 2 * reducedCount(x, o), abs: 0 }),
  reduceL2: ([x, o]) => ({ ulp: 2 * reducedCount(x, o) + 2, abs: 0 }),
  reduceMax: () => ({ ulp: 0, abs: 0 }),
  reduceMin: () => ({ ulp: 0, abs: 0 }),
  // log(s): a relative error e of the sum s is an absolute error e of the result.
  reduceLogSumExp: ([x, o]) => {
    const n = reducedCount(x, o);
    return { ulp: 2 * n + 18, abs: (2 * n + 18) * U };
  },
  reduceLogSum: ([x, o]) => {
    const n = reducedCount(x, o);
    const sums = ref.reduceSum(x, o).data;
    const cond = ref.reduceSum(absOf(x), o).data.map((s, i) => s / Math.abs(sums[i]));  // sum |x| / |sum x|
    return { ulp: n + 18, abs: cond.map((c) => (n + 18) * U * c) };
  },
  softmax: ([x, axis]) => ({ ulp: 3 * x.shape[axis] + 3, abs: 0 }),
  layerNormalization: ([x, o = {}]) => ({ ulp: 0, abs: layerNormBound(x, o) }),
  batchNormalization: ([x, mean, variance, o = {}]) => {
    const axis = o.axis ?? 1;
    const eps = ref.castNumber(o.epsilon ?? 1e-5, 'float32');
    const stride = x.shape.slice(axis + 1).reduce((a, b) => a * b, 1);
    const abs = Float64Array.from(x.data, (v, i) => {
      const c = Math.floor(i / stride) % x.shape[axis];
      const s = o.scale ? Math.abs(o.scale.data[c]) : 1;
      const b = o.bias ? Math.abs(o.bias.data[c]) : 0;
      return 2 * gamma(6) * (((Math.abs(v) + Math.abs(mean.data[c])) / Math.sqrt(variance.data[c] + eps)) * s + b);
    });
    return { ulp: 6, abs };
  },
};

const scaled = (g, t) => t.data.map((v) => g * v);

// (x - mean) / sqrt(var + eps) * scale + bias in float32: the mean is off by up to gamma(n) * mean|x|,
// the subtraction and the scaling add a few roundings each.
function layerNormBound(x, o) {
  const rank = x.shape.length;
  const axes = o.axes ?? (rank > 1 ? x.shape.slice(1).map((_, i) => i + 1) : []);
  const n = axes.reduce((p, a) => p * x.shape[a], 1);
  const keep = { axes, keepDimensions: true };
  const meanAbs = ref.expand(ref.reduceMean(absOf(x), keep), x.shape).data;
  const mean = ref.expand(ref.reduceMean(x, keep), x.shape).data;
  const sq = ref.makeTensor('float32', x.shape, x.data.map((v, i) => (v - mean[i]) ** 2));
  const variance = ref.expand(ref.reduceMean(sq, keep), x.shape).data;
  const eps = ref.castNumber(o.epsilon ?? 1e-5, 'float32');
  const param = (p) => (p ? ref.expand(reorderParam(p, x.shape, axes), x.shape).data : null);
  const s = param(o.scale);
  const b = param(o.bias);
  return x.data.map((v, i) => 2 * gamma(n + 6) *
      (((Math.abs(v - mean[i]) + meanAbs[i]) / Math.sqrt(variance[i] + eps)) * (s ? Math.abs(s[i]) : 1) +
       (b ? Math.abs(b[i]) : 0)));
}

// A layerNormalization scale/bias (dims in `axes` order) as a tensor broadcastable to x's shape.
function reorderParam(p, shape, axes) {
  const sorted = [...axes].sort((a, b) => a - b);
  const perm = sorted.map((a) => axes.indexOf(a));
  const t = perm.length > 1 ? ref.transpose(p, { permutation: perm }) : p;
  const full = shape.map((d, i) => (axes.includes(i) ? d : 1));
  return ref.reshape(t, full);
}

/**
 * Tolerance of op's float32 output given its (reference tensor) arguments and exact output:
 * {ulp: Float64Array, abs: Float64Array} per element.
 */
export function localTolerance(op, args, out) {
  const n = out.data.length;
  const fill = (v) => (typeof v === 'number' ? new Float64Array(n).fill(v) : Float64Array.from(v));
  if (out.dataType !== 'float32') return { ulp: fill(0), abs: fill(0) };  // integer results are exact
  if (SIZED[op]) {
    const t = SIZED[op](args, out);
    return { ulp: fill(t.ulp), abs: fill(t.abs) };
  }
  if (op in ELEMENTWISE_ATOL) return { ulp: fill(0), abs: fill(ELEMENTWISE_ATOL[op]) };
  if (op in ELEMENTWISE_ULP) {
    const c = CANCELLATION[op];
    const x = args[0];
    return { ulp: fill(ELEMENTWISE_ULP[op]), abs: c ? fill(x.data.map((v) => c(v, args))) : fill(0) };
  }
  return { ulp: fill(0), abs: fill(0) };  // data movement, comparisons, casts, where: exact
}
