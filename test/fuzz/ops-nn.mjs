// Fuzz generators of matmul, gemm, conv2d and the pooling operators. Entry format: ops-elementwise.mjs.
import { broadcastPartner } from './ops-elementwise.mjs';
import { convOutputSize } from './reference-nn.mjs';
import { broadcastShapes } from './tensor.mjs';

const F = ['float32'];
const out = (shape) => [{ dataType: 'float32', shape }];

// [N, C, H, W] of a rank-4 shape in `layout`, and back.
const toNCHW = (s, layout) => (layout === 'nchw' ? [...s] : [s[0], s[3], s[1], s[2]]);
const fromNCHW = ([n, c, h, w], layout) => (layout === 'nchw' ? [n, c, h, w] : [n, h, w, c]);

function imageShape(G, layout) {
  const big = G.big;
  const dims = [G.rng.int(1, 2), big ? G.rng.int(4, 16) : G.rng.int(1, 4), big ? G.rng.int(6, 20) : G.rng.int(1, 6),
    big ? G.rng.int(6, 20) : G.rng.int(1, 6)];
  return fromNCHW(dims, layout);
}

/** Every output position of one spatial dim sees at least one input element. */
function windowsNonEmpty(size, window, padBegin, stride, dilation, outSize) {
  for (let o = 0; o < outSize; o++) {
    let any = false;
    for (let k = 0; k < window && !any; k++) {
      const p = o * stride + k * dilation - padBegin;
      any = p >= 0 && p < size;
    }
    if (!any) return false;
  }
  return true;
}

// Random window, padding, strides, dilations for a spatial size pair, with output sizes >= 1.
function spatialParams(G, H, W, { maxWindow = 4 } = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const win = [G.rng.int(1, Math.min(maxWindow, H + 1)), G.rng.int(1, Math.min(maxWindow, W + 1))];
    const padding = G.rng.chance(0.5) ? [0, 0, 0, 0] : [0, 0, 0, 0].map(() => G.rng.int(0, 2));
    const strides = G.rng.chance(0.5) ? [1, 1] : [G.rng.int(1, 3), G.rng.int(1, 3)];
    const dilations = G.rng.chance(0.7) ? [1, 1] : [G.rng.int(1, 2), G.rng.int(1, 2)];
    const oh = convOutputSize(H, win[0], padding[0], padding[1], strides[0], dilations[0]);
    const ow = convOutputSize(W, win[1], padding[2], padding[3], strides[1], dilations[1]);
    if (Math.floor(oh) >= 1 && Math.floor(ow) >= 1) return { win, padding, strides, dilations, oh, ow };
  }
  return null;
}

// Options with their defaults sometimes left out, to cover the spec's default steps.
function sparse(G, options, defaults) {
  const o = {};
  for (const [k, v] of Object.entries(options)) {
    if (v === undefined) continue;
    if (JSON.stringify(v) === JSON.stringify(defaults[k]) && G.rng.chance(0.5)) continue;
    o[k] = v;
  }
  return o;
}

export const NN_OPS = {
  matmul: {
    types: F,
    gen(G) {
      const a = G.operand({ types: F, minRank: 2, maxRank: 4, make: () => G.randomShape(2, 4) });
      const sa = G.shape(a);
      const K = sa[sa.length - 1];
      const batchA = sa.slice(0, -2);
      const N = G.big ? G.rng.int(8, 64) : G.rng.int(1, 6);
      const b = G.operand({
        types: F, minRank: 2, maxRank: 4,
        fits: (s) => s[s.length - 2] === K && broadcastShapes(s.slice(0, -2), batchA) !== null,
        make: () => [...broadcastPartner(G.rng, batchA), K, N],
      });
      const sb = G.shape(b);
      const shape = [...broadcastShapes(batchA, sb.slice(0, -2)), sa[sa.length - 2], sb[sb.length - 1]];
      return { args: [G.ref(a), G.ref(b)], outputs: out(shape) };
    },
  },

  gemm: {
    types: F,
    gen(G) {
      const aTranspose = G.rng.chance(0.3);
      const bTranspose = G.rng.chance(0.3);
      const a = G.operand({ types: F, minRank: 2, maxRank: 2, make: () => G.randomShape(2, 2) });
      const [M, K] = aTranspose ? [...G.shape(a)].reverse() : G.shape(a);
      const N = G.big ? G.rng.int(8, 64) : G.rng.int(1, 6);
      const b = G.operand({
        types: F, minRank: 2, maxRank: 2, fits: (s) => s[bTranspose ? 1 : 0] === K,
        make: () => (bTranspose ? [N, K] : [K, N]),
      });
      const Nb = G.shape(b)[bTranspose ? 0 : 1];
      const options = sparse(G, { aTranspose, bTranspose }, { aTranspose: false, bTranspose: false });
      if (G.rng.chance(0.6)) {
        const cShape = G.rng.pick([[], [1], [Nb], [1, Nb], [M, 1], [M, Nb]]);
        options.c = G.ref(G.source('float32', cShape, {}));
      }
      // Nonzero alpha and beta: 0 * Infinity would have no single answer.
      if (G.rng.chance(0.5)) options.alpha = G.rng.pick([1, 0.5, -2, 1.7]);
      if (G.rng.chance(0.5)) options.beta = G.rng.pick([1, 0.25, -1, 3]);
      return { args: [G.ref(a), G.ref(b), options], outputs: out([M, Nb]) };
    },
  },

  // Padding multiplies zeros into the sums, which turns an infinite input or weight into a NaN or
  // not depending on how padding is implemented: no special values.
  conv2d: {
    types: F, specials: false,
    gen(G) {
      const inputLayout = G.rng.pick(['nchw', 'nhwc']);
      const filterLayout = G.rng.pick(['oihw', 'hwio', 'ohwi', 'ihwo']);
      const x = G.operand({ types: F, minRank: 4, maxRank: 4, specials: false, make: () => imageShape(G, inputLayout) });
      const [, C, H, W] = toNCHW(G.shape(x), inputLayout);
      const divisors = [...Array(C).keys()].map((i) => i + 1).filter((g) => C % g === 0);
      const groups = G.rng.chance(0.5) ? 1 : G.rng.chance(0.5) ? C : G.rng.pick(divisors);
      const O = groups * G.rng.int(1, G.big ? 4 : 2);
      const p = spatialParams(G, H, W);
      if (!p) return null;
      const filterDims = { o: O, i: C / groups, h: p.win[0], w: p.win[1] };
      const filter = G.source('float32', [...filterLayout].map((ch) => filterDims[ch]), { specials: false });
      const options = sparse(G, {
        padding: p.padding, strides: p.strides, dilations: p.dilations, groups, inputLayout, filterLayout,
      }, { padding: [0, 0, 0, 0], strides: [1, 1], dilations: [1, 1], groups: 1, inputLayout: 'nchw', filterLayout: 'oihw' });
      if (G.rng.chance(0.5)) options.bias = G.ref(G.source('float32', [O], { specials: false }));
      const [N] = toNCHW(G.shape(x), inputLayout);
      const shape = fromNCHW([N, O, Math.floor(p.oh), Math.floor(p.ow)], inputLayout);
      return { args: [G.ref(x), G.ref(filter), options], outputs: out(shape) };
    },
  },
};

// Pooling: windows that hold no input element (possible with padding and ceil rounding) are not
// defined by the spec; such parameters are drawn again.
function poolGen(G) {
  const layout = G.rng.pick(['nchw', 'nhwc']);
  const x = G.operand({ types: F, minRank: 4, maxRank: 4, make: () => imageShape(G, layout) });
  const [, , H, W] = toNCHW(G.shape(x), layout);
  for (let attempt = 0; attempt < 10; attempt++) {
    const p = spatialParams(G, H, W, { maxWindow: 5 });
    if (!p) return null;
    const globalWindow = G.rng.chance(0.15) && p.padding.every((v) => v === 0);
    const win = globalWindow ? [H, W] : p.win;
    const rounding = G.rng.chance(0.3) ? 'ceil' : 'floor';
    const rnd = rounding === 'ceil' ? Math.ceil : Math.floor;
    const eff = (w, d) => (w - 1) * d + 1;
    const oh = rnd((H - eff(win[0], p.dilations[0]) + p.padding[0] + p.padding[1]) / p.strides[0] + 1);
    const ow = rnd((W - eff(win[1], p.dilations[1]) + p.padding[2] + p.padding[3]) / p.strides[1] + 1);
    if (oh < 1 || ow < 1) continue;
    if (!windowsNonEmpty(H, win[0], p.padding[0], p.strides[0], p.dilations[0], oh)) continue;
    if (!windowsNonEmpty(W, win[1], p.padding[2], p.strides[1], p.dilations[1], ow)) continue;
    const options = sparse(G, {
      windowDimensions: globalWindow && G.rng.chance(0.5) ? undefined : win, padding: p.padding, strides: p.strides,
      dilations: p.dilations, layout, outputShapeRounding: rounding,
    }, { padding: [0, 0, 0, 0], strides: [1, 1], dilations: [1, 1], layout: 'nchw', outputShapeRounding: 'floor' });
    const [N, C] = toNCHW(G.shape(x), layout);
    return { args: [G.ref(x), options], outputs: out(fromNCHW([N, C, oh, ow], layout)) };
  }
  return null;
}

NN_OPS.averagePool2d = { types: F, gen: poolGen };
NN_OPS.l2Pool2d = { types: F, gen: poolGen };
NN_OPS.maxPool2d = { types: F, propagates: true, tolRef: 'maxPool2d', gen: poolGen };
