// Float64 reference of WebNN operators, written from the definitions in the spec (index.bs) as plain
// loops. Each function takes the builder method's arguments with reference tensors in place of
// MLOperands, so a fuzz case can call the builder and the reference with the same argument list.
//
// A tensor is {dataType, shape, data}: data is a Float64Array of exact values. Results are the
// mathematical values evaluated in double and NOT rounded: roundTo() rounds them once to the output
// type, which is what WPT's float64 reference does. Elements the spec leaves implementation-defined
// (an out-of-range gather index, a float cast to int32 out of range, integer overflow) are NaN and
// flagged in the optional `unchecked` mask (Uint8Array); the comparator skips and counts them.
// Optional `accept[i]` lists further correct values of element i (argMax/argMin ties).
export * from './reference-nn.mjs';
import { INT_RANGE, broadcastShapes, castNumber, isFloat, makeTensor, ravel, sizeOf, unravel } from './tensor.mjs';
export { broadcastShapes, castNumber, isFloat, makeTensor, sizeOf } from './tensor.mjs';

/** Rounds exact results once to `dataType` (float32: nearest-even, overflow to ±Infinity). */
export function roundTo(dataType, data) {
  if (dataType === 'float32') return Float64Array.from(data, Math.fround);
  if (INT_RANGE[dataType]) return Float64Array.from(data);  // integer results are already exact
  throw new TypeError(`roundTo: unsupported data type ${dataType}`);
}

// ---------------------------------------------------------------------------------------------
// Elementwise

// Integer results of add/sub/mul that leave the type's range are not defined by the spec: NaN, which
// withUnchecked() turns into the mask.
function intResult(dataType, v) {
  const range = INT_RANGE[dataType];
  return v < range[0] || v > range[1] ? NaN : v;
}

/** Flags the NaN elements of an integer result as unchecked (a float NaN is a real value). */
export function withUnchecked(t) {
  if (isFloat(t.dataType) || !t.data.some(Number.isNaN)) return t;
  t.unchecked = Uint8Array.from(t.data, (v) => (Number.isNaN(v) ? 1 : 0));
  return t;
}

// Maps each output element of the broadcast of `inputs` to f(...their elements).
function broadcastMap(dataType, inputs, f) {
  const shape = inputs.map((t) => t.shape).reduce((a, b) => broadcastShapes(a, b));
  if (!shape) throw new TypeError('shapes are not broadcastable');
  const n = sizeOf(shape);
  const out = new Float64Array(n);
  const args = new Array(inputs.length);
  for (let i = 0; i < n; i++) {
    const idx = unravel(i, shape);
    for (let k = 0; k < inputs.length; k++) {
      const t = inputs[k];
      const off = shape.length - t.shape.length;
      // A broadcast dimension (size 1) always reads index 0.
      args[k] = t.data[ravel(t.shape.map((d, j) => (d === 1 ? 0 : idx[j + off])), t.shape)];
    }
    out[i] = f(...args);
  }
  return makeTensor(dataType, shape, out);
}

const unaryMap = (x, f) => makeTensor(x.dataType, x.shape, Float64Array.from(x.data, f));

// erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_{n>=0} 2^n x^(2n+1) / (1*3*...*(2n+1)). All terms have the
// sign of x, so the sum has no cancellation; used for |x| <= 2.
function erfSeries(x) {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
  }
  return (2 / Math.sqrt(Math.PI)) * Math.exp(-x2) * sum;
}

// erfc(x) for x > 2 from its continued fraction
//   erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + (2/2)/(x + (3/2)/(x + ...)))),
// evaluated from a deep tail backwards (converges to double precision for x >= 2).
function erfcLarge(x) {
  let f = x;
  for (let k = 300; k >= 1; k--) f = x + k / 2 / f;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

export function erfScalar(x) {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  if (ax <= 2) return erfSeries(x);
  return Math.sign(x) * (1 - erfcLarge(ax));
}

/** 1 - erf(x) without cancellation for large x. */
export function erfcScalar(x) {
  if (Number.isNaN(x)) return NaN;
  if (x > 2) return erfcLarge(x);
  return 1 - erfScalar(x);  // >= erfc(2) = 0.0047: the subtraction loses under 8 bits of 53
}

function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

// Unary definitions (spec formulas; the mathematically equal forms used keep double accuracy).
const UNARY = {
  abs: Math.abs,
  neg: (x) => -x,
  ceil: Math.ceil,
  floor: Math.floor,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  erf: erfScalar,
  reciprocal: (x) => 1 / x,
  sign: (x) => (x > 0 ? 1 : x < 0 ? -1 : x),
  identity: (x) => x,
  roundEven: roundHalfEven,
  relu: (x) => Math.max(0, x),
  sigmoid: (x) => 1 / (1 + Math.exp(-x)),
  tanh: Math.tanh,
  // 0.5 * x * (1 + erf(x / sqrt(2))), with 1 + erf(-t) = erfc(t) for accuracy at negative x.
  gelu: (x) => 0.5 * x * erfcScalar(-x / Math.SQRT2),
  hardSwish: (x) => (x * Math.max(0, Math.min(6, x + 3))) / 6,
  // log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|)), which neither overflows nor cancels.
  softplus: (x) => (Number.isNaN(x) ? NaN : Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)))),
  softsign: (x) => x / (1 + Math.abs(x)),
};

export const abs = (x) => withUnchecked(unaryMap(x, isFloat(x.dataType) ? UNARY.abs : (v) => intResult(x.dataType, Math.abs(v))));
export const neg = (x) => withUnchecked(unaryMap(x, isFloat(x.dataType) ? UNARY.neg : (v) => intResult(x.dataType, -v)));
export const ceil = (x) => unaryMap(x, UNARY.ceil);
export const floor = (x) => unaryMap(x, UNARY.floor);
export const exp = (x) => unaryMap(x, UNARY.exp);
export const log = (x) => unaryMap(x, UNARY.log);
export const sqrt = (x) => unaryMap(x, UNARY.sqrt);
export const sin = (x) => unaryMap(x, UNARY.sin);
export const cos = (x) => unaryMap(x, UNARY.cos);
export const tan = (x) => unaryMap(x, UNARY.tan);
export const reciprocal = (x) => unaryMap(x, UNARY.reciprocal);
export const sign = (x) => unaryMap(x, UNARY.sign);
export const identity = (x) => unaryMap(x, UNARY.identity);
export const roundEven = (x) => unaryMap(x, UNARY.roundEven);
export const relu = (x) => unaryMap(x, UNARY.relu);
export const sigmoid = (x) => unaryMap(x, UNARY.sigmoid);
export const tanh = (x) => unaryMap(x, UNARY.tanh);
export const gelu = (x) => unaryMap(x, UNARY.gelu);
export const hardSwish = (x) => unaryMap(x, UNARY.hardSwish);
export const softplus = (x) => unaryMap(x, UNARY.softplus);
export const softsign = (x) => unaryMap(x, UNARY.softsign);
export const erf = (x) => unaryMap(x, UNARY.erf);

// Options are cast to the input's data type first, as the spec's steps say.
export function elu(x, { alpha = 1 } = {}) {
  const a = castNumber(alpha, x.dataType);
  // max(0, x) + alpha * (exp(min(0, x)) - 1)
  return unaryMap(x, (v) => (v > 0 ? v : a * Math.expm1(v)));
}

export function leakyRelu(x, { alpha = 0.01 } = {}) {
  const a = castNumber(alpha, x.dataType);
  return unaryMap(x, (v) => (v >= 0 ? v : a * v));  // max(0, x) + alpha * min(0, x)
}

export function hardSigmoid(x, { alpha = 0.2, beta = 0.5 } = {}) {
  const a = castNumber(alpha, x.dataType);
  const b = castNumber(beta, x.dataType);
  return unaryMap(x, (v) => Math.max(0, Math.min(1, a * v + b)));
}

export function linear(x, { alpha = 1, beta = 0 } = {}) {
  const a = castNumber(alpha, x.dataType);
  const b = castNumber(beta, x.dataType);
  return unaryMap(x, (v) => a * v + b);
}

export function clamp(x, { minValue = -Infinity, maxValue = Infinity } = {}) {
  const lo = castNumber(minValue, x.dataType);
  const hi = castNumber(maxValue, x.dataType);
  return unaryMap(x, (v) => Math.min(Math.max(v, lo), hi));
}

// C99 / IEEE 754 pow, which differs from Math.pow for a base of 1 or -1 with a NaN or infinite
// exponent (pow(1, y) = 1 for every y, pow(-1, ±Infinity) = 1).
function powScalar(a, b) {
  if (a === 1 || b === 0) return 1;
  if (a === -1 && Math.abs(b) === Infinity) return 1;
  return Math.pow(a, b);
}

function binary(f, intF) {
  return (a, b) => withUnchecked(
      broadcastMap(a.dataType, [a, b], isFloat(a.dataType) ? f : (x, y) => intResult(a.dataType, intF(x, y))));
}
export const add = binary((x, y) => x + y, (x, y) => x + y);
export const sub = binary((x, y) => x - y, (x, y) => x - y);
export const mul = binary((x, y) => x * y, (x, y) => x * y);
export const div = binary((x, y) => x / y, () => NaN);  // integer division: not defined by the spec
export const max = binary((x, y) => Math.max(x, y), (x, y) => Math.max(x, y));
export const min = binary((x, y) => Math.min(x, y), (x, y) => Math.min(x, y));
export const pow = binary(powScalar, () => NaN);

const predicate = (f) => (a, b) => broadcastMap('uint8', [a, b], (x, y) => (f(x, y) ? 1 : 0));
export const equal = predicate((x, y) => x === y);
export const notEqual = predicate((x, y) => x !== y);
export const greater = predicate((x, y) => x > y);
export const greaterOrEqual = predicate((x, y) => x >= y);
export const lesser = predicate((x, y) => x < y);
export const lesserOrEqual = predicate((x, y) => x <= y);
export const logicalAnd = predicate((x, y) => x !== 0 && y !== 0);
export const logicalOr = predicate((x, y) => x !== 0 || y !== 0);
export const logicalXor = predicate((x, y) => (x !== 0) !== (y !== 0));
export const logicalNot = (a) => makeTensor('uint8', a.shape, Float64Array.from(a.data, (x) => (x === 0 ? 1 : 0)));

export function where(condition, trueValue, falseValue) {
  return broadcastMap(trueValue.dataType, [condition, trueValue, falseValue], (c, t, f) => (c !== 0 ? t : f));
}

// cast(): float -> float rounds to nearest; float -> integer truncates when in range (else the
// result is implementation-defined); integer -> integer keeps in-range values and otherwise takes the
// lowest bits in two's complement.
export function cast(x, dataType) {
  const range = INT_RANGE[dataType];
  const f = (v) => {
    if (!range) return v;  // to float32: roundTo() gives the nearest value
    if (isFloat(x.dataType)) {
      const t = Math.trunc(v);
      return Number.isNaN(t) || t < range[0] || t > range[1] ? NaN : t === 0 ? 0 : t;
    }
    const span = range[1] - range[0] + 1;
    let w = ((v - range[0]) % span + span) % span;  // wrap into the range
    return w + range[0];
  };
  return withUnchecked(makeTensor(dataType, x.shape, Float64Array.from(x.data, f)));
}

// ---------------------------------------------------------------------------------------------
// Data movement

/**
 * Builds a tensor of `shape` whose element at multi-index idx is x.data[source(idx)]; a negative
 * source marks an element the spec does not define (unchecked).
 */
function gatherFrom(x, shape, source) {
  const n = sizeOf(shape);
  const out = new Float64Array(n);
  let unchecked = null;
  for (let i = 0; i < n; i++) {
    const s = source(unravel(i, shape));
    if (s >= 0) {
      out[i] = x.data[s];
    } else {
      out[i] = NaN;
      (unchecked ??= new Uint8Array(n))[i] = 1;
    }
  }
  const t = makeTensor(x.dataType, shape, out);
  if (unchecked) t.unchecked = unchecked;
  return t;
}

export function transpose(x, { permutation } = {}) {
  const perm = permutation ?? x.shape.map((_, i) => x.shape.length - 1 - i);
  const shape = perm.map((p) => x.shape[p]);
  return gatherFrom(x, shape, (idx) => {
    const src = new Array(idx.length);
    perm.forEach((p, i) => { src[p] = idx[i]; });
    return ravel(src, x.shape);
  });
}

export function reshape(x, newShape) {
  return makeTensor(x.dataType, [...newShape], Float64Array.from(x.data));
}

export function expand(x, newShape) {
  const off = newShape.length - x.shape.length;
  return gatherFrom(x, [...newShape], (idx) => ravel(x.shape.map((d, j) => (d === 1 ? 0 : idx[j + off])), x.shape));
}

export function concat(inputs, axis) {
  const shape = [...inputs[0].shape];
  shape[axis] = inputs.reduce((s, t) => s + t.shape[axis], 0);
  const n = sizeOf(shape);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const idx = unravel(i, shape);
    let k = 0;
    let pos = idx[axis];
    while (pos >= inputs[k].shape[axis]) pos -= inputs[k++].shape[axis];
    idx[axis] = pos;
    out[i] = inputs[k].data[ravel(idx, inputs[k].shape)];
  }
  return makeTensor(inputs[0].dataType, shape, out);
}

export function slice(x, starts, sizes, { strides } = {}) {
  const st = strides ?? x.shape.map(() => 1);
  const shape = sizes.map((s, i) => Math.ceil(s / st[i]));
  return gatherFrom(x, shape, (idx) => ravel(idx.map((j, d) => starts[d] + j * st[d]), x.shape));
}

export function split(x, splits, { axis = 0 } = {}) {
  const sizes = typeof splits === 'number' ? new Array(splits).fill(x.shape[axis] / splits) : splits;
  let start = 0;
  return sizes.map((s) => {
    const starts = x.shape.map((_, d) => (d === axis ? start : 0));
    const sz = x.shape.map((d, k) => (k === axis ? s : d));
    start += s;
    return slice(x, starts, sz);
  });
}

export function pad(x, beginningPadding, endingPadding, { mode = 'constant', value = 0 } = {}) {
  const shape = x.shape.map((d, i) => d + beginningPadding[i] + endingPadding[i]);
  const v = castNumber(value, x.dataType);
  const n = sizeOf(shape);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const src = unravel(i, shape).map((j, d) => j - beginningPadding[d]);
    let inside = true;
    for (let d = 0; d < src.length; d++) {
      const size = x.shape[d];
      if (src[d] >= 0 && src[d] < size) continue;
      if (mode === 'edge') src[d] = src[d] < 0 ? 0 : size - 1;
      else if (mode === 'reflection') src[d] = src[d] < 0 ? -src[d] : 2 * (size - 1) - src[d];  // no edge repeat
      else inside = false;
    }
    out[i] = inside ? x.data[ravel(src, x.shape)] : v;
  }
  return makeTensor(x.dataType, shape, out);
}

// gather(): indices in [-N, N) select along `axis` (negative from the end). The spec leaves other
// indices to the implementation (it suggests clamping), so those elements are not checked (NaN).
export function gather(x, indices, { axis = 0 } = {}) {
  const r = indices.shape.length;
  const shape = [...x.shape.slice(0, axis), ...indices.shape, ...x.shape.slice(axis + 1)];
  const n = x.shape[axis];
  return gatherFrom(x, shape, (idx) => {
    const at = indices.data[ravel(idx.slice(axis, axis + r), indices.shape)];
    if (!(at >= -n && at < n)) return -1;
    return ravel([...idx.slice(0, axis), at < 0 ? at + n : at, ...idx.slice(axis + r)], x.shape);
  });
}
