// Mutations of matmul, gemm, conv2d and pooling calls (see mutations.mjs).
import { BAD_UNSIGNED, floatOnly, nanOption, setOpt, shapeOf, swapOperand } from './mutations-util.mjs';

const toNCHW = (s, layout) => (layout === 'nhwc' ? [s[0], s[3], s[1], s[2]] : [...s]);
const fromDims = (layout, dims) => [...layout].map((ch) => dims[ch]);

// conv2d: the call's input channels, filter dims and layouts.
function convInfo(G, args) {
  const o = args[2] ?? {};
  const inputLayout = o.inputLayout ?? 'nchw';
  const filterLayout = o.filterLayout ?? 'oihw';
  const [N, C, H, W] = toNCHW(shapeOf(G, args[0]), inputLayout);
  const f = shapeOf(G, args[1]);
  const dims = Object.fromEntries([...filterLayout].map((ch, i) => [ch, f[i]]));
  return { o, inputLayout, filterLayout, N, C, H, W, dims, groups: o.groups ?? 1 };
}

const listOption = (key, value, what) => (G, args) => ({ args: setOpt(args, 2, { [key]: value }), what });

export const NN_MUTATIONS = {
  matmul: {
    ...floatOnly,
    rank1: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', shapeOf(G, args[0]).slice(-1)), what: 'a of rank 1' }),
    kMismatch: (G, args) => {
      const s = shapeOf(G, args[1]);
      const shape = Object.assign([...s], { [s.length - 2]: s[s.length - 2] + 1 });
      return { args: swapOperand(G, args, 1, 'float32', shape), what: 'rows of b differ from columns of a' };
    },
    batchMismatch: (G, args) => {
      const [M, K] = shapeOf(G, args[0]).slice(-2);
      const N = shapeOf(G, args[1]).slice(-1)[0];
      const a = swapOperand(G, args, 0, 'float32', [2, M, K]);
      return { args: swapOperand(G, a, 1, 'float32', [3, K, N]), what: 'batch dims 2 and 3 do not broadcast' };
    },
  },
  gemm: {
    ...floatOnly,
    ...nanOption('alpha', 2),
    rank3: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', [1, ...shapeOf(G, args[0])]), what: 'a of rank 3' }),
    kMismatch: (G, args) => {
      const s = shapeOf(G, args[1]);
      const k = args[2]?.bTranspose ? 1 : 0;
      return { args: swapOperand(G, args, 1, 'float32', Object.assign([...s], { [k]: s[k] + 1 })), what: 'inner dims differ' };
    },
    cShape: (G, args) => {
      const sa = shapeOf(G, args[0]);
      const M = args[2]?.aTranspose ? sa[1] : sa[0];
      const sb = shapeOf(G, args[1]);
      const N = args[2]?.bTranspose ? sb[0] : sb[1];
      return { args: swapOperand(G, args, 2, 'float32', [M + 1, N], 'c'), what: `c [${M + 1}, ${N}] not broadcastable to [${M}, ${N}]` };
    },
  },
  conv2d: {
    ...floatOnly,
    inputRank: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', shapeOf(G, args[0]).slice(0, 3)), what: 'input of rank 3' }),
    filterRank: (G, args) => ({ args: swapOperand(G, args, 1, 'float32', shapeOf(G, args[1]).slice(1)), what: 'filter of rank 3' }),
    filterType: (G, args) => ({ args: swapOperand(G, args, 1, 'int32', shapeOf(G, args[1])), what: 'int32 filter for a float32 input' }),
    paddingLength: listOption('padding', [0, 0, 0], 'padding of length 3'),
    stridesLength: listOption('strides', [1], 'strides of length 1'),
    strideZero: listOption('strides', [0, 1], 'a stride of 0'),
    dilationZero: listOption('dilations', [1, 0], 'a dilation of 0'),
    groupsZero: listOption('groups', 0, 'groups 0'),
    paddingEnforceRange: (G, args, rng) => {
      const v = rng.pick(BAD_UNSIGNED);
      return { args: setOpt(args, 2, { padding: [0, v, 0, 0] }), what: `padding item ${v} ([EnforceRange])` };
    },
    layoutEnum: (G, args, rng) => {
      const [key, value] = rng.pick([['inputLayout', 'nwhc'], ['filterLayout', 'oiwh'], ['inputLayout', 'NCHW']]);
      return { args: setOpt(args, 2, { [key]: value }), what: `${key} '${value}' (not an enum value)` };
    },
    groupsNotDividing: (G, args) => {
      const { C } = convInfo(G, args);
      return { args: setOpt(args, 2, { groups: C + 1 }), what: `groups ${C + 1} does not divide ${C} input channels` };
    },
    filterChannels: (G, args) => {
      const { filterLayout, dims } = convInfo(G, args);
      return {
        args: swapOperand(G, args, 1, 'float32', fromDims(filterLayout, { ...dims, i: dims.i + 1 })),
        what: 'filter input channels differ from input channels / groups',
      };
    },
    outChannels: (G, args) => {
      const { filterLayout, dims, groups } = convInfo(G, args);
      if (groups < 2) return null;
      return {
        args: swapOperand(G, args, 1, 'float32', fromDims(filterLayout, { ...dims, o: dims.o + 1 })),
        what: `output channels ${dims.o + 1} not divisible by groups ${groups}`,
      };
    },
    biasShape: (G, args) => {
      const { dims } = convInfo(G, args);
      return { args: swapOperand(G, args, 2, 'float32', [dims.o + 1], 'bias'), what: 'bias size is not the output channels' };
    },
    outputEmpty: (G, args) => {
      const { filterLayout, dims, H } = convInfo(G, args);
      const a = swapOperand(G, args, 1, 'float32', fromDims(filterLayout, { ...dims, h: H + 1 }));
      return {
        args: setOpt(a, 2, { padding: [0, 0, 0, 0], dilations: [1, 1] }),
        what: `filter height ${H + 1} > input height ${H}: output height 0`,
      };
    },
  },
};

function poolMutations(floatInputOnly) {
  const opt = (key, value, what) => (G, args) => ({ args: setOpt(args, 1, { [key]: value }), what });
  return {
    ...(floatInputOnly ? floatOnly : {}),
    inputRank: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', shapeOf(G, args[0]).slice(0, 3)), what: 'input of rank 3' }),
    windowLength: opt('windowDimensions', [2], 'windowDimensions of length 1'),
    windowZero: opt('windowDimensions', [0, 1], 'a window dimension of 0'),
    paddingLength: opt('padding', [0, 0], 'padding of length 2'),
    strideZero: opt('strides', [1, 0], 'a stride of 0'),
    dilationZero: opt('dilations', [0, 1], 'a dilation of 0'),
    stridesEnforceRange: (G, args, rng) => {
      const v = rng.pick(BAD_UNSIGNED);
      return { args: setOpt(args, 1, { strides: [v, 1] }), what: `stride ${v} ([EnforceRange])` };
    },
    outputEmpty: (G, args) => {
      const [, , H] = toNCHW(shapeOf(G, args[0]), args[1]?.layout ?? 'nchw');
      return {
        args: setOpt(args, 1, { windowDimensions: [H + 1, 1], padding: [0, 0, 0, 0], strides: [1, 1], dilations: [1, 1] }),
        what: `window height ${H + 1} > input height ${H}: output height 0`,
      };
    },
  };
}
NN_MUTATIONS.averagePool2d = poolMutations(true);
NN_MUTATIONS.l2Pool2d = poolMutations(true);
NN_MUTATIONS.maxPool2d = poolMutations(false);
