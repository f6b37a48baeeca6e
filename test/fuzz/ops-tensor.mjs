// Fuzz generators of data movement (transpose, reshape, concat, slice, split, expand, pad, gather),
// reductions, argMin/argMax, softmax and the normalizations. Entry format: ops-elementwise.mjs.
import { sizeOf } from './tensor.mjs';

const ANY = ['float32', 'int32', 'uint8'];
// Our implementation-defined maximum of a "valid tensor count" (graph/op_registry.h kMaxTensorCount): a split
// into more outputs is a TypeError, which the invalid-call mutations test, not a valid case.
const MAX_TENSOR_COUNT = 8192;

/** A random factorisation of `n` into `rank` dims (rank 0 only for n = 1). */
function factorShape(rng, n, rank) {
  const primes = [];
  for (let m = n, p = 2; m > 1; p++) {
    while (m % p === 0) {
      primes.push(p);
      m /= p;
    }
  }
  if (rank === 0) return n === 1 ? [] : null;
  const dims = new Array(rank).fill(1);
  for (const p of primes) dims[rng.int(0, rank - 1)] *= p;
  return dims;
}

/** A random subset of 0..rank-1 in random order; undefined (all axes) sometimes. */
function randomAxes(rng, rank, { allowUndefined = true } = {}) {
  if (allowUndefined && rng.chance(0.25)) return undefined;
  return rng.shuffle([...Array(rank).keys()]).slice(0, rng.int(0, rank));
}

const out = (dataType, shape) => [{ dataType, shape }];

export const TENSOR_OPS = {
  transpose: {
    types: ANY, propagates: true, tolRef: 'transpose',
    gen(G) {
      const x = G.operand({ types: this.types });
      const rank = G.shape(x).length;
      const permutation = G.rng.chance(0.2) ? undefined : G.rng.shuffle([...Array(rank).keys()]);
      const shape = (permutation ?? [...Array(rank).keys()].reverse()).map((p) => G.shape(x)[p]);
      return { args: [G.ref(x), permutation ? { permutation } : {}], outputs: out(G.dtype(x), shape) };
    },
  },

  reshape: {
    types: ANY, propagates: true, tolRef: 'reshape',
    gen(G) {
      const x = G.operand({ types: this.types });
      const n = sizeOf(G.shape(x));
      const shape = factorShape(G.rng, n, n === 1 ? G.rng.int(0, 3) : G.rng.int(1, 4));
      return { args: [G.ref(x), shape], outputs: out(G.dtype(x), shape) };
    },
  },

  concat: {
    types: ANY, propagates: true, tolRef: 'concat',
    gen(G) {
      const first = G.operand({ types: this.types, minRank: 1 });
      const s0 = G.shape(first);
      const axis = G.rng.int(0, s0.length - 1);
      const inputs = [first];
      for (let k = G.rng.int(0, 3); k > 0; k--) {
        // The same operand may appear twice: operand reuse.
        inputs.push(G.operand({
          types: [G.dtype(first)], minRank: s0.length, maxRank: s0.length,
          fits: (s) => s.every((d, i) => i === axis || d === s0[i]),
          make: () => s0.map((d, i) => (i === axis ? G.rng.int(1, 4) : d)),
        }));
      }
      const shape = [...s0];
      shape[axis] = inputs.reduce((t, id) => t + G.shape(id)[axis], 0);
      return { args: [inputs.map((id) => G.ref(id)), axis], outputs: out(G.dtype(first), shape) };
    },
  },

  slice: {
    types: ANY, propagates: true, tolRef: 'slice',
    gen(G) {
      const x = G.operand({ types: this.types });
      const shape = G.shape(x);
      const starts = shape.map((d) => G.rng.int(0, d - 1));
      const sizes = shape.map((d, i) => G.rng.int(1, d - starts[i]));
      const strides = G.rng.chance(0.5) ? shape.map(() => G.rng.int(1, 3)) : undefined;
      const outShape = sizes.map((s, i) => Math.ceil(s / (strides ? strides[i] : 1)));
      return { args: [G.ref(x), starts, sizes, ...(strides ? [{ strides }] : [])], outputs: out(G.dtype(x), outShape) };
    },
  },

  split: {
    types: ANY, propagates: true, tolRef: 'split',
    gen(G) {
      const x = G.operand({ types: this.types, minRank: 1 });
      const shape = G.shape(x);
      const axis = G.rng.int(0, shape.length - 1);
      const d = shape[axis];
      let splits;
      if (G.rng.chance(0.5)) {
        const divisors = [...Array(d).keys()].map((i) => i + 1).filter((k) => d % k === 0 && k <= MAX_TENSOR_COUNT);
        splits = G.rng.pick(divisors);
      } else {
        splits = [];
        for (let left = d; left > 0;) {
          // The last of MAX_TENSOR_COUNT sizes takes what is left.
          const s = splits.length === MAX_TENSOR_COUNT - 1 ? left : G.rng.int(1, left);
          splits.push(s);
          left -= s;
        }
      }
      const sizes = typeof splits === 'number' ? new Array(splits).fill(d / splits) : splits;
      const outputs = sizes.map((s) => ({ dataType: G.dtype(x), shape: shape.map((e, i) => (i === axis ? s : e)) }));
      const options = axis === 0 && G.rng.chance(0.5) ? [] : [{ axis }];
      return { args: [G.ref(x), splits, ...options], outputs };
    },
  },

  expand: {
    types: ANY, propagates: true, tolRef: 'expand',
    gen(G) {
      const x = G.operand({ types: this.types, maxRank: 3 });
      const lead = new Array(G.rng.int(0, 4 - G.shape(x).length)).fill(0).map(() => G.rng.int(1, 3));
      const newShape = [...lead, ...G.shape(x).map((d) => (d === 1 ? G.rng.int(1, 4) : d))];
      return { args: [G.ref(x), newShape], outputs: out(G.dtype(x), newShape) };
    },
  },

  pad: {
    types: ANY, propagates: true, tolRef: 'pad',
    gen(G) {
      const x = G.operand({ types: this.types });
      const shape = G.shape(x);
      const mode = G.rng.pick(['constant', 'edge', 'reflection']);
      // reflection: each padding must be smaller than its dimension.
      const p = (d) => G.rng.int(0, mode === 'reflection' ? Math.min(2, d - 1) : 2);
      const begin = shape.map(p);
      const end = shape.map(p);
      const options = { mode };
      if (mode === 'constant' && G.rng.chance(0.7)) options.value = G.dtype(x) === 'float32' ? G.rng.uniform(-5, 5) : G.rng.int(-5, 5);
      const outShape = shape.map((d, i) => d + begin[i] + end[i]);
      return { args: [G.ref(x), begin, end, options], outputs: out(G.dtype(x), outShape) };
    },
  },

  gather: {
    types: ANY, propagates: true, tolRef: 'gather', control: [1],
    gen(G) {
      const x = G.operand({ types: this.types, minRank: 1 });
      const shape = G.shape(x);
      const axis = G.rng.int(0, shape.length - 1);
      const idxShape = G.randomShape(0, Math.min(2, 4 - shape.length + 1));
      // Indices are always fresh: their values must be in [-N, N) (see G.source, domain 'index').
      const indices = G.source('int32', idxShape, { domain: 'index', bound: shape[axis] });
      const outShape = [...shape.slice(0, axis), ...idxShape, ...shape.slice(axis + 1)];
      const options = axis === 0 && G.rng.chance(0.5) ? [] : [{ axis }];
      const n = shape[axis];
      const mayBeUnknown = G.operands[indices].data?.some((i) => i < -n || i >= n);
      return { args: [G.ref(x), G.ref(indices), ...options], outputs: out(G.dtype(x), outShape), mayBeUnknown };
    },
  },

  softmax: {
    types: ['float32'], specials: false,
    gen(G) {
      const x = G.operand({ types: this.types, minRank: 1, specials: false });
      const axis = G.rng.int(0, G.shape(x).length - 1);
      return { args: [G.ref(x), axis], outputs: out('float32', G.shape(x)) };
    },
  },

  layerNormalization: {
    types: ['float32'], specials: false,
    gen(G) {
      const x = G.operand({ types: this.types, specials: false });
      const shape = G.shape(x);
      const options = {};
      const axes = randomAxes(G.rng, shape.length);
      if (axes) options.axes = axes;
      const used = axes ?? (shape.length > 1 ? shape.slice(1).map((_, i) => i + 1) : []);
      const paramShape = used.map((a) => shape[a]);
      if (G.rng.chance(0.6)) options.scale = G.ref(G.source('float32', paramShape, { specials: false }));
      if (G.rng.chance(0.6)) options.bias = G.ref(G.source('float32', paramShape, { specials: false }));
      if (G.rng.chance(0.5)) options.epsilon = G.rng.pick([1e-5, 1e-3, 0.1, 1]);
      return { args: [G.ref(x), options], outputs: out('float32', shape) };
    },
  },

  batchNormalization: {
    types: ['float32'], specials: false,
    gen(G) {
      const x = G.operand({ types: this.types, minRank: 1, specials: false });
      const shape = G.shape(x);
      const options = {};
      let axis = 1;
      if (shape.length < 2 || G.rng.chance(0.5)) options.axis = axis = G.rng.int(0, shape.length - 1);
      const c = [shape[axis]];
      const mean = G.source('float32', c, { specials: false });
      const variance = G.source('float32', c, { domain: 'variance', specials: false });
      if (G.rng.chance(0.6)) options.scale = G.ref(G.source('float32', c, { specials: false }));
      if (G.rng.chance(0.6)) options.bias = G.ref(G.source('float32', c, { specials: false }));
      if (G.rng.chance(0.4)) options.epsilon = G.rng.pick([1e-5, 1e-3, 0.5]);
      return { args: [G.ref(x), G.ref(mean), G.ref(variance), options], outputs: out('float32', shape) };
    },
  },

  argMax: { types: ['float32', 'int32'], specials: false, gen: argGen },
  argMin: { types: ['float32', 'int32'], specials: false, gen: argGen },
};

function argGen(G) {
  const x = G.operand({ types: this.types, minRank: 1, specials: false, domain: 'ties' });
  const shape = G.shape(x);
  const axis = G.rng.int(0, shape.length - 1);
  const keepDimensions = G.rng.chance(0.5);
  const options = G.rng.chance(0.3) ? [] : [{ keepDimensions, outputDataType: 'int32' }];
  const kept = options.length && keepDimensions;
  const outShape = kept ? shape.map((d, i) => (i === axis ? 1 : d)) : shape.filter((_, i) => i !== axis);
  return { args: [G.ref(x), axis, ...options], outputs: out('int32', outShape) };
}

// Reductions: float-only ones and the ones that also take int32 (spec tables).
const REDUCTIONS = {
  reduceSum: ['float32', 'int32'], reduceMean: ['float32'], reduceMax: ['float32', 'int32', 'uint8'],
  reduceMin: ['float32', 'int32', 'uint8'], reduceProduct: ['float32', 'int32'], reduceL1: ['float32', 'int32'],
  reduceL2: ['float32'], reduceSumSquare: ['float32', 'int32'], reduceLogSum: ['float32'], reduceLogSumExp: ['float32'],
};
const REDUCTION_DOMAIN = { reduceProduct: 'unit', reduceLogSum: 'positive' };

for (const [name, types] of Object.entries(REDUCTIONS)) {
  const extreme = name === 'reduceMax' || name === 'reduceMin';
  TENSOR_OPS[name] = {
    types,
    // max/min just pick an element; the others' special values (inf - inf) are fine in IEEE too,
    // except logSum/logSumExp whose log of 0 or of a negative sum has no single answer.
    specials: !(name === 'reduceLogSum' || name === 'reduceLogSumExp'),
    ...(extreme ? { propagates: true, tolRef: 'reduceMax' } : {}),
    gen(G) {
      const x = G.operand({ types: this.types, specials: this.specials, domain: REDUCTION_DOMAIN[name] });
      const shape = G.shape(x);
      const axes = randomAxes(G.rng, shape.length);
      const keepDimensions = G.rng.chance(0.5);
      const options = {};
      if (axes) options.axes = axes;
      if (keepDimensions || G.rng.chance(0.5)) options.keepDimensions = keepDimensions;
      const all = axes ?? shape.map((_, i) => i);
      const outShape = keepDimensions ? shape.map((d, i) => (all.includes(i) ? 1 : d)) : shape.filter((_, i) => !all.includes(i));
      return { args: [G.ref(x), options], outputs: out(G.dtype(x), outShape) };
    },
  };
}
