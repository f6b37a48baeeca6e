// Float64 reference, second half: matmul, gemm, conv2d, pooling, reductions, softmax,
// normalizations and argMin/argMax. Same conventions as reference.mjs (unrounded results, NaN +
// `unchecked` for elements the spec leaves open).
import { INT_RANGE, broadcastShapes, castNumber, isFloat, makeTensor, ravel, sizeOf, unravel } from './tensor.mjs';

/** Flat offset in `t` of the batch (leading) index `batchIdx` of a broadcast batch shape. */
function batchOffset(t, batchIdx, matrixSize) {
  const batchShape = t.shape.slice(0, -2);
  const off = batchIdx.length - batchShape.length;
  return ravel(batchShape.map((d, j) => (d === 1 ? 0 : batchIdx[j + off])), batchShape) * matrixSize;
}

export function matmul(a, b) {
  const [M, K] = a.shape.slice(-2);
  const N = b.shape[b.shape.length - 1];
  const batch = broadcastShapes(a.shape.slice(0, -2), b.shape.slice(0, -2));
  const shape = [...batch, M, N];
  const out = new Float64Array(sizeOf(shape));
  for (let bi = 0; bi < sizeOf(batch); bi++) {
    const bIdx = unravel(bi, batch);
    const aBase = batchOffset(a, bIdx, M * K);
    const bBase = batchOffset(b, bIdx, K * N);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        let s = 0;
        for (let k = 0; k < K; k++) s += a.data[aBase + i * K + k] * b.data[bBase + k * N + j];
        out[bi * M * N + i * N + j] = s;
      }
    }
  }
  return makeTensor(a.dataType, shape, out);
}

// alpha * A * B + beta * C, A and B optionally transposed, C unidirectionally broadcast to [M, N];
// alpha and beta are first cast to the data type.
export function gemm(a, b, { c, alpha = 1, beta = 1, aTranspose = false, bTranspose = false } = {}) {
  const al = castNumber(alpha, a.dataType);
  const be = castNumber(beta, a.dataType);
  const [M, K] = aTranspose ? [a.shape[1], a.shape[0]] : a.shape;
  const N = bTranspose ? b.shape[0] : b.shape[1];
  const A = (i, k) => (aTranspose ? a.data[k * M + i] : a.data[i * K + k]);
  const B = (k, j) => (bTranspose ? b.data[j * K + k] : b.data[k * N + j]);
  const C = (i, j) => {
    const off = 2 - c.shape.length;
    const idx = c.shape.map((d, q) => (d === 1 ? 0 : [i, j][q + off]));
    return c.data[ravel(idx, c.shape)];
  };
  const out = new Float64Array(M * N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = 0;
      for (let k = 0; k < K; k++) s += A(i, k) * B(k, j);
      out[i * N + j] = al * s + (c ? be * C(i, j) : 0);
    }
  }
  return makeTensor(a.dataType, [M, N], out);
}

// Input element reader and dimensions [N, C, H, W] for either layout.
function imageReader(x, layout) {
  const nchw = layout === 'nchw';
  const [N, C, H, W] = nchw ? x.shape : [x.shape[0], x.shape[3], x.shape[1], x.shape[2]];
  const at = (n, c, h, w) => x.data[nchw ? ((n * C + c) * H + h) * W + w : ((n * H + h) * W + w) * C + c];
  return { N, C, H, W, at };
}

// Output shape and flat index for either layout.
function imageWriter(layout, N, C, H, W) {
  const nchw = layout === 'nchw';
  return {
    shape: nchw ? [N, C, H, W] : [N, H, W, C],
    index: (n, c, h, w) => (nchw ? ((n * C + c) * H + h) * W + w : ((n * H + h) * W + w) * C + c),
  };
}

// Filter reader and dimensions [O, I, KH, KW] for the four filter layouts.
function filterReader(f, layout) {
  const axes = { oihw: 'oihw', hwio: 'hwio', ohwi: 'ohwi', ihwo: 'ihwo' }[layout];
  const dim = (ch) => f.shape[axes.indexOf(ch)];
  const [O, I, KH, KW] = ['o', 'i', 'h', 'w'].map(dim);
  const at = (o, i, h, w) => {
    const pos = { o, i, h, w };
    return f.data[ravel([...axes].map((ch) => pos[ch]), f.shape)];
  };
  return { O, I, KH, KW, at };
}

/** The spec's "calculate conv output size", before rounding. */
export function convOutputSize(inputSize, filterSize, padBegin, padEnd, stride, dilation) {
  const effective = (filterSize - 1) * dilation + 1;
  return (inputSize - effective + padBegin + padEnd) / stride + 1;
}

export function conv2d(input, filter, options = {}) {
  const { padding = [0, 0, 0, 0], strides = [1, 1], dilations = [1, 1], groups = 1 } = options;
  const { inputLayout = 'nchw', filterLayout = 'oihw', bias } = options;
  const x = imageReader(input, inputLayout);
  const w = filterReader(filter, filterLayout);
  const OH = Math.floor(convOutputSize(x.H, w.KH, padding[0], padding[1], strides[0], dilations[0]));
  const OW = Math.floor(convOutputSize(x.W, w.KW, padding[2], padding[3], strides[1], dilations[1]));
  const y = imageWriter(inputLayout, x.N, w.O, OH, OW);
  const out = new Float64Array(sizeOf(y.shape));
  const outPerGroup = w.O / groups;
  for (let n = 0; n < x.N; n++) {
    for (let o = 0; o < w.O; o++) {
      const g = Math.floor(o / outPerGroup);
      for (let oh = 0; oh < OH; oh++) {
        for (let ow = 0; ow < OW; ow++) {
          let s = bias ? bias.data[o] : 0;
          for (let i = 0; i < w.I; i++) {
            for (let kh = 0; kh < w.KH; kh++) {
              const h = oh * strides[0] + kh * dilations[0] - padding[0];
              if (h < 0 || h >= x.H) continue;  // padding contributes zeros
              for (let kw = 0; kw < w.KW; kw++) {
                const ww = ow * strides[1] + kw * dilations[1] - padding[2];
                if (ww < 0 || ww >= x.W) continue;
                s += x.at(n, g * w.I + i, h, ww) * w.at(o, i, kh, kw);
              }
            }
          }
          out[y.index(n, o, oh, ow)] = s;
        }
      }
    }
  }
  return makeTensor(input.dataType, y.shape, out);
}

/** Output height and width of a pooling, as the spec computes them. */
export function poolOutputSizes(H, W, options) {
  const { padding = [0, 0, 0, 0], strides = [1, 1], dilations = [1, 1], outputShapeRounding = 'floor' } = options;
  const [wh, ww] = options.windowDimensions ?? [H, W];
  if (options.outputSizes) return [...options.outputSizes];
  const round = outputShapeRounding === 'ceil' ? Math.ceil : Math.floor;
  return [round(convOutputSize(H, wh, padding[0], padding[1], strides[0], dilations[0])),
    round(convOutputSize(W, ww, padding[2], padding[3], strides[1], dilations[1]))];
}

// Pooling over the input elements of each window; padded positions are not elements (averagePool2d
// divides by the number of real elements, as WPT's data expects). A window without any element is
// not defined by the spec: unchecked.
function pool2d(reduceWindow, input, options = {}) {
  const { padding = [0, 0, 0, 0], strides = [1, 1], dilations = [1, 1], layout = 'nchw' } = options;
  const x = imageReader(input, layout);
  const [wh, ww] = options.windowDimensions ?? [x.H, x.W];
  const [OH, OW] = poolOutputSizes(x.H, x.W, options);
  const y = imageWriter(layout, x.N, x.C, OH, OW);
  const out = new Float64Array(sizeOf(y.shape));
  let unchecked = null;
  for (let n = 0; n < x.N; n++) {
    for (let c = 0; c < x.C; c++) {
      for (let oh = 0; oh < OH; oh++) {
        for (let ow = 0; ow < OW; ow++) {
          const values = [];
          for (let kh = 0; kh < wh; kh++) {
            const h = oh * strides[0] + kh * dilations[0] - padding[0];
            for (let kw = 0; kw < ww; kw++) {
              const w = ow * strides[1] + kw * dilations[1] - padding[2];
              if (h >= 0 && h < x.H && w >= 0 && w < x.W) values.push(x.at(n, c, h, w));
            }
          }
          const i = y.index(n, c, oh, ow);
          if (values.length) {
            out[i] = reduceWindow(values);
          } else {
            out[i] = NaN;
            (unchecked ??= new Uint8Array(out.length))[i] = 1;
          }
        }
      }
    }
  }
  const t = makeTensor(input.dataType, y.shape, out);
  if (unchecked) t.unchecked = unchecked;
  return t;
}

const sum = (v) => v.reduce((s, x) => s + x, 0);
// Math.max/min propagate NaN, as the library documents for its kernels.
const maxOf = (v) => v.reduce((m, x) => Math.max(m, x));
const minOf = (v) => v.reduce((m, x) => Math.min(m, x));

export const averagePool2d = (x, o) => pool2d((v) => sum(v) / v.length, x, o);
export const maxPool2d = (x, o) => pool2d(maxOf, x, o);
export const l2Pool2d = (x, o) => pool2d((v) => Math.sqrt(sum(v.map((e) => e * e))), x, o);

// log(sum(exp(x))) shifted by the maximum so that large inputs neither overflow nor lose digits.
function logSumExp(v) {
  const m = maxOf(v);
  if (!Number.isFinite(m)) return Math.log(sum(v.map(Math.exp)));
  return m + Math.log(sum(v.map((x) => Math.exp(x - m))));
}

const REDUCERS = {
  reduceL1: (v) => sum(v.map(Math.abs)),
  reduceL2: (v) => Math.sqrt(sum(v.map((x) => x * x))),
  reduceLogSum: (v) => Math.log(sum(v)),
  reduceLogSumExp: logSumExp,
  reduceMax: maxOf,
  reduceMean: (v) => sum(v) / v.length,
  reduceMin: minOf,
  reduceProduct: (v) => v.reduce((p, x) => p * x, 1),
  reduceSum: sum,
  reduceSumSquare: (v) => sum(v.map((x) => x * x)),
};

/** Groups the elements of x by their index with the `axes` dimensions removed. */
function groupsAlong(x, axes) {
  const keptShape = x.shape.map((d, i) => (axes.includes(i) ? 1 : d));
  const groups = Array.from({ length: sizeOf(keptShape) }, () => []);
  for (let i = 0; i < x.data.length; i++) {
    const idx = unravel(i, x.shape).map((j, d) => (axes.includes(d) ? 0 : j));
    groups[ravel(idx, keptShape)].push(i);
  }
  return { keptShape, groups };
}

function reduction(name) {
  return (x, { axes, keepDimensions = false } = {}) => {
    const ax = axes ?? x.shape.map((_, i) => i);
    const { keptShape, groups } = groupsAlong(x, ax);
    const out = Float64Array.from(groups, (g) => REDUCERS[name](g.map((i) => x.data[i])));
    const shape = keepDimensions ? keptShape : x.shape.filter((_, i) => !ax.includes(i));
    const t = makeTensor(x.dataType, shape, out);
    const range = INT_RANGE[x.dataType];
    if (range && !isFloat(x.dataType)) {
      // Integer overflow is not defined by the spec.
      const bad = Uint8Array.from(out, (v) => (v < range[0] || v > range[1] ? 1 : 0));
      if (bad.some((b) => b)) t.unchecked = bad;
    }
    return t;
  };
}
export const reduceL1 = reduction('reduceL1');
export const reduceL2 = reduction('reduceL2');
export const reduceLogSum = reduction('reduceLogSum');
export const reduceLogSumExp = reduction('reduceLogSumExp');
export const reduceMax = reduction('reduceMax');
export const reduceMean = reduction('reduceMean');
export const reduceMin = reduction('reduceMin');
export const reduceProduct = reduction('reduceProduct');
export const reduceSum = reduction('reduceSum');
export const reduceSumSquare = reduction('reduceSumSquare');

// exp(x - max) / sum(exp(x - max)) along `axis` (the spec's emulation, exact in double).
export function softmax(x, axis) {
  const { groups } = groupsAlong(x, [axis]);
  const out = new Float64Array(x.data.length);
  for (const g of groups) {
    const m = maxOf(g.map((i) => x.data[i]));
    const e = g.map((i) => Math.exp(x.data[i] - m));
    const s = sum(e);
    g.forEach((i, k) => { out[i] = e[k] / s; });
  }
  return makeTensor(x.dataType, x.shape, out);
}

// (x - mean) / sqrt(variance + epsilon) * scale + bias over the `axes` dimensions, biased variance;
// scale and bias are indexed by the axes in the order `axes` lists them.
export function layerNormalization(x, { scale, bias, axes, epsilon = 1e-5 } = {}) {
  const rank = x.shape.length;
  const ax = axes ?? (rank > 1 ? x.shape.slice(1).map((_, i) => i + 1) : []);
  const eps = castNumber(epsilon, x.dataType);
  const paramShape = ax.map((a) => x.shape[a]);
  const { groups } = groupsAlong(x, ax);
  const out = new Float64Array(x.data.length);
  for (const g of groups) {
    const v = g.map((i) => x.data[i]);
    const mean = sum(v) / v.length;
    const variance = sum(v.map((e) => (e - mean) ** 2)) / v.length;
    const denom = Math.sqrt(variance + eps);
    for (const i of g) {
      const idx = unravel(i, x.shape);
      const p = ravel(ax.map((a) => idx[a]), paramShape);
      out[i] = ((x.data[i] - mean) / denom) * (scale ? scale.data[p] : 1) + (bias ? bias.data[p] : 0);
    }
  }
  return makeTensor(x.dataType, x.shape, out);
}

export function batchNormalization(x, mean, variance, { scale, bias, axis = 1, epsilon = 1e-5 } = {}) {
  const eps = castNumber(epsilon, x.dataType);
  const out = Float64Array.from(x.data, (v, i) => {
    const c = unravel(i, x.shape)[axis];
    const normalized = (v - mean.data[c]) / Math.sqrt(variance.data[c] + eps);
    return normalized * (scale ? scale.data[c] : 1) + (bias ? bias.data[c] : 0);
  });
  return makeTensor(x.dataType, x.shape, out);
}

// Index of the extreme value along `axis`. Ties: the spec lets the implementation pick any of the
// tied indices, so all of them are accepted. A NaN in the slice makes the result undefined.
function argExtreme(better) {
  return (x, axis, { keepDimensions = false, outputDataType = 'int32' } = {}) => {
    const { keptShape, groups } = groupsAlong(x, [axis]);
    const out = new Float64Array(groups.length);
    const accept = new Array(groups.length);
    let unchecked = null;
    groups.forEach((g, k) => {
      const v = g.map((i) => x.data[i]);  // in axis order: groupsAlong visits indices ascending
      if (v.some(Number.isNaN)) {
        out[k] = NaN;
        (unchecked ??= new Uint8Array(groups.length))[k] = 1;
        return;
      }
      let best = 0;
      for (let j = 1; j < v.length; j++) if (better(v[j], v[best])) best = j;
      out[k] = best;
      const ties = v.flatMap((e, j) => (e === v[best] && j !== best ? [j] : []));
      if (ties.length) accept[k] = ties;
    });
    const shape = keepDimensions ? keptShape : x.shape.filter((_, i) => i !== axis);
    const t = makeTensor(outputDataType, shape, out);
    if (accept.some(Boolean)) t.accept = accept;
    if (unchecked) t.unchecked = unchecked;
    return t;
  };
}
export const argMax = argExtreme((a, b) => a > b);
export const argMin = argExtreme((a, b) => a < b);
