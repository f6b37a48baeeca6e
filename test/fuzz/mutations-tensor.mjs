// Mutations of data movement, reduction and normalization calls (see mutations.mjs).
import {
  BAD_UNSIGNED, badAxisArg, bigDim, floatOnly, nanOption, otherType, set, setOpt, shapeOf, swapOperand, typeOf,
} from './mutations-util.mjs';

const rankOf = (G, args) => shapeOf(G, args[0]).length;

// An [EnforceRange] unsigned long list argument with one bad item.
const enforceList = (pos, key) => (G, args, rng) => {
  const list = key ? args[pos]?.[key] : args[pos];
  if (!list || !list.length) return null;
  const v = rng.pick(BAD_UNSIGNED);
  const bad = Object.assign([...list], { [rng.int(0, list.length - 1)]: v });
  return { args: key ? setOpt(args, pos, { [key]: bad }) : set(args, pos, bad), what: `${key ?? 'list'} item ${v} ([EnforceRange])` };
};

export const TENSOR_MUTATIONS = {
  transpose: {
    permLength: (G, args) => {
      const r = rankOf(G, args);
      return { args: set(args, 1, { permutation: [...Array(r + 1).keys()] }), what: 'permutation longer than the rank' };
    },
    permRange: (G, args, rng) => {
      const r = rankOf(G, args);
      if (r === 0) return null;
      const p = Object.assign([...Array(r).keys()], { [rng.int(0, r - 1)]: r });
      return { args: set(args, 1, { permutation: p }), what: `permutation [${p}] has an item >= rank` };
    },
    permDuplicate: (G, args) => {
      const r = rankOf(G, args);
      if (r < 2) return null;
      return { args: set(args, 1, { permutation: new Array(r).fill(0) }), what: 'permutation with duplicates' };
    },
  },
  reshape: {
    count: (G, args) => ({ args: set(args, 1, [...args[1], 2]), what: 'newShape holds twice the elements' }),
    zeroDim: (G, args) => ({ args: set(args, 1, [0, ...args[1]]), what: 'newShape has a 0 (not a valid dimension)' }),
    hugeDim: (G, args) => ({ args: set(args, 1, [2 ** 31]), what: 'newShape [2**31] (not a valid dimension)' }),
    enforceRange: (G, args, rng) => {
      const v = rng.pick(BAD_UNSIGNED);
      return { args: set(args, 1, [v]), what: `newShape [${v}] ([EnforceRange])` };
    },
  },
  concat: {
    ...badAxisArg(1),
    empty: (G, args) => ({ args: set(args, 0, []), what: 'no inputs (not a valid tensor count)' }),
    dimMismatch: (G, args, rng) => {
      const s0 = shapeOf(G, args[0][0]);
      const others = s0.flatMap((d, i) => (i === args[1] ? [] : [i]));
      if (!others.length) return null;
      const d = rng.pick(others);
      const id = G.source(typeOf(G, args[0][0]), Object.assign([...s0], { [d]: s0[d] + 1 }));
      return { args: set(args, 0, [...args[0], G.ref(id)]), what: `an input differs in dimension ${d} (not the axis)` };
    },
    typeMismatch: (G, args) => {
      const id = G.source(otherType(typeOf(G, args[0][0])), shapeOf(G, args[0][0]));
      return { args: set(args, 0, [...args[0], G.ref(id)]), what: 'inputs of two data types' };
    },
    rankMismatch: (G, args) => {
      const id = G.source(typeOf(G, args[0][0]), [...shapeOf(G, args[0][0]), 1]);
      return { args: set(args, 0, [...args[0], G.ref(id)]), what: 'inputs of two ranks' };
    },
  },
  slice: {
    zeroSize: (G, args, rng) => {
      const r = rankOf(G, args);
      if (!r) return null;
      return { args: set(args, 2, Object.assign([...args[2]], { [rng.int(0, r - 1)]: 0 })), what: 'a size of 0' };
    },
    pastEnd: (G, args, rng) => {
      const s = shapeOf(G, args[0]);
      if (!s.length) return null;
      const d = rng.int(0, s.length - 1);
      return { args: set(args, 2, Object.assign([...args[2]], { [d]: s[d] - args[1][d] + 1 })), what: `starts + sizes > dimension ${d}` };
    },
    startsLength: (G, args) => ({ args: set(args, 1, [...args[1], 0]), what: 'starts longer than the rank' }),
    stridesLength: (G, args) => ({ args: set(args, 3, { strides: [...args[1].map(() => 1), 1] }), what: 'strides longer than the rank' }),
    strideZero: (G, args, rng) => {
      const r = rankOf(G, args);
      if (!r) return null;
      const strides = Object.assign(new Array(r).fill(1), { [rng.int(0, r - 1)]: 0 });
      return { args: set(args, 3, { strides }), what: 'a stride of 0' };
    },
    enforceRange: enforceList(1),
  },
  split: {
    notDividing: (G, args) => {
      const axis = args[2]?.axis ?? 0;
      const d = shapeOf(G, args[0])[axis];
      return { args: set(args, 1, d + 1), what: `${d + 1} splits do not divide ${d}` };
    },
    zeroCount: (G, args) => ({ args: set(args, 1, 0), what: 'splits 0 (not a valid tensor count)' }),
    sumMismatch: (G, args) => {
      const d = shapeOf(G, args[0])[args[2]?.axis ?? 0];
      return { args: set(args, 1, [d + 1]), what: 'split sizes do not sum to the dimension' };
    },
    zeroItem: (G, args) => {
      const d = shapeOf(G, args[0])[args[2]?.axis ?? 0];
      return { args: set(args, 1, [0, d]), what: 'a split size of 0' };
    },
    axisRange: (G, args) => ({ args: set(args, 2, { axis: rankOf(G, args) }), what: 'axis equal to the rank' }),
  },
  expand: {
    notBroadcastable: (G, args, rng) => {
      const s = shapeOf(G, args[0]);
      const d = bigDim(rng, s);
      if (d < 0) return null;
      const off = args[1].length - s.length;
      return { args: set(args, 1, Object.assign([...args[1]], { [d + off]: s[d] + 1 })), what: 'newShape not broadcastable from the input' };
    },
    fewerDims: (G, args) => {
      const s = shapeOf(G, args[0]);
      if (!s.length) return null;
      return { args: set(args, 1, s.slice(1)), what: 'newShape of lower rank than the input' };
    },
    enforceRange: enforceList(1),
  },
  pad: {
    lengthMismatch: (G, args) => ({ args: set(args, 1, [...args[1], 0]), what: 'beginningPadding longer than the rank' }),
    reflectionTooBig: (G, args, rng) => {
      const s = shapeOf(G, args[0]);
      if (!s.length) return null;
      const d = rng.int(0, s.length - 1);
      return {
        args: setOpt(set(args, 1, Object.assign([...args[1]], { [d]: s[d] })), 3, { mode: 'reflection' }),
        what: `reflection padding ${s[d]} >= dimension ${d}`,
      };
    },
    enforceRange: enforceList(2),
  },
  gather: {
    axisRange: (G, args) => ({ args: set(args, 2, { axis: rankOf(G, args) }), what: 'axis equal to the rank' }),
    indicesType: (G, args, rng) => {
      const t = rng.pick(['float32', 'uint8']);
      return { args: swapOperand(G, args, 1, t, shapeOf(G, args[1])), what: `${t} indices (int32/uint32/int64 only)` };
    },
  },
  layerNormalization: {
    ...floatOnly,
    ...nanOption('epsilon'),
    axesRange: (G, args) => ({ args: setOpt(args, 1, { axes: [rankOf(G, args)], scale: undefined, bias: undefined }), what: 'an axis equal to the rank' }),
    axesDuplicate: (G, args) => {
      if (!rankOf(G, args)) return null;
      return { args: setOpt(args, 1, { axes: [0, 0], scale: undefined, bias: undefined }), what: 'duplicate axes' };
    },
    scaleRank: (G, args) => {
      const s = shapeOf(G, args[0]);
      const axes = args[1].axes ?? (s.length > 1 ? s.slice(1).map((_, i) => i + 1) : []);
      return { args: swapOperand(G, args, 1, 'float32', [...axes.map((a) => s[a]), 1], 'scale'), what: 'scale rank is not the number of axes' };
    },
    biasShape: (G, args, rng) => {
      const s = shapeOf(G, args[0]);
      const axes = args[1].axes ?? (s.length > 1 ? s.slice(1).map((_, i) => i + 1) : []);
      if (!axes.length) return null;
      const k = rng.int(0, axes.length - 1);
      const shape = axes.map((a, i) => s[a] + (i === k ? 1 : 0));
      return { args: swapOperand(G, args, 1, 'float32', shape, 'bias'), what: `bias [${shape}] does not match the axes` };
    },
  },
  batchNormalization: {
    ...floatOnly,
    ...nanOption('epsilon', 3),
    axisRange: (G, args) => ({ args: setOpt(args, 3, { axis: rankOf(G, args) }), what: 'axis equal to the rank' }),
    meanShape: (G, args) => ({ args: swapOperand(G, args, 1, 'float32', [shapeOf(G, args[1])[0] + 1]), what: 'mean size is not the axis dimension' }),
    varianceShape: (G, args) => ({ args: swapOperand(G, args, 2, 'float32', [shapeOf(G, args[2])[0], 1]), what: 'variance is not 1-D' }),
    scaleShape: (G, args) => ({ args: swapOperand(G, args, 3, 'float32', [shapeOf(G, args[1])[0] + 1], 'scale'), what: 'scale size is not the axis dimension' }),
    meanType: (G, args) => ({ args: swapOperand(G, args, 1, 'int32', shapeOf(G, args[1])), what: 'int32 mean (same type as input only)' }),
  },
};

const FLOAT_ONLY_REDUCTIONS = ['reduceL2', 'reduceLogSum', 'reduceLogSumExp', 'reduceMean'];
const NO_UINT8 = ['reduceL1', 'reduceProduct', 'reduceSum', 'reduceSumSquare'];

export const REDUCTION_MUTATIONS = Object.fromEntries([...FLOAT_ONLY_REDUCTIONS, ...NO_UINT8, 'reduceMax', 'reduceMin'].map((op) => {
  const m = {
    axesRange: (G, args) => ({ args: setOpt(args, 1, { axes: [rankOf(G, args)] }), what: 'an axis equal to the rank' }),
    axesDuplicate: (G, args) => (rankOf(G, args) ? { args: setOpt(args, 1, { axes: [0, 0] }), what: 'duplicate axes' } : null),
    axesEnforceRange: (G, args, rng) => {
      const v = rng.pick(BAD_UNSIGNED);
      return { args: setOpt(args, 1, { axes: [v] }), what: `axes [${v}] ([EnforceRange])` };
    },
  };
  if (FLOAT_ONLY_REDUCTIONS.includes(op)) Object.assign(m, floatOnly);
  if (NO_UINT8.includes(op)) {
    m.uint8Input = (G, args) => ({ args: swapOperand(G, args, 0, 'uint8', shapeOf(G, args[0])), what: 'uint8 input (not an allowed type)' });
  }
  return [op, m];
}));
