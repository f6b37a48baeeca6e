// Fuzz generators of the elementwise operators: unary maths and activations, binary arithmetic,
// comparisons, logical ops, where and cast.
//
// Each entry: {types, gen(G) -> {args, outputs: [{dataType, shape}]} | null, ...flags}. `args` is the
// builder call's argument list with G.ref(id) in place of operands. Flags:
//   propagates: the op neither rounds nor jumps (monotone, 1-Lipschitz: relu, clamp, max, data
//     movement): a result may be checked through it. 'same' = the tolerance of the input element
//     carries over; otherwise the tolerance tensors go through the reference op named by tolRef.
//   control: argument positions read as values even when propagating (where's condition).
//   specials: false if NaN/Infinity inputs have no single defined result for this op.
//   signOfZero: argument positions whose sign of zero changes the result (1/x) - they need the
//     library's own values, since relu(-0) and max(-0, 0) may give either zero.
import { broadcastShapes } from './tensor.mjs';

/** A shape bidirectionally broadcastable with `shape`. */
export function broadcastPartner(rng, shape) {
  const r = rng.next();
  if (r < 0.35) return [...shape];
  if (r < 0.55) return shape.slice(rng.int(0, shape.length));  // fewer leading dims, maybe a scalar
  if (r < 0.85) return shape.map((d) => (rng.chance(0.4) ? 1 : d));
  return shape.length < 4 ? [rng.int(1, 3), ...shape.map((d) => (rng.chance(0.3) ? 1 : d))] : [...shape];
}

const label = (G) => (G.rng.chance(0.1) ? { label: G.rng.pick(['l', 'op#1', 'ünï\u202e', '']) } : undefined);
const withOptions = (args, options) => (options === undefined ? args : [...args, options]);

// op(x[, options]): same shape and type out.
function unary({ domain, options } = {}) {
  return function gen(G) {
    const x = G.operand({ types: this.types, specials: this.specials !== false, domain });
    const opts = options ? options(G, G.dtype(x)) : label(G);
    return { args: withOptions([G.ref(x)], opts), outputs: [{ dataType: G.dtype(x), shape: G.shape(x) }] };
  };
}

// op(a, b): broadcast, output type `outType` or a's type. Either operand may be the smaller one.
function binary({ outType, domains = [] } = {}) {
  return function gen(G) {
    const a = G.operand({ types: this.types, specials: this.specials !== false, domain: domains[0] });
    const shapeA = G.shape(a);
    const b = G.operand({
      types: [G.dtype(a)], specials: this.specials !== false, domain: domains[1],
      fits: (s) => broadcastShapes(s, shapeA) !== null, make: () => broadcastPartner(G.rng, shapeA),
    });
    const [x, y] = G.rng.chance(0.3) && !domains.length ? [b, a] : [a, b];
    const shape = broadcastShapes(G.shape(x), G.shape(y));
    return { args: withOptions([G.ref(x), G.ref(y)], label(G)), outputs: [{ dataType: outType ?? G.dtype(a), shape }] };
  };
}

const alphaBeta = (alphaRange, betaRange) => (G) => {
  const o = {};
  if (G.rng.chance(0.8)) o.alpha = G.rng.chance(0.5) ? G.rng.uniform(...alphaRange) : -G.rng.uniform(...alphaRange);
  if (betaRange && G.rng.chance(0.8)) o.beta = G.rng.uniform(...betaRange);
  return o;
};

function clampOptions(G, dataType) {
  const int = dataType !== 'float32';
  const v = () => (int ? G.rng.int(-20, 20) : G.rng.uniform(-3, 3));
  let [lo, hi] = [v(), v()].sort((p, q) => p - q);
  const o = {};
  if (G.rng.chance(0.8)) o.minValue = lo;
  if (G.rng.chance(0.8)) o.maxValue = G.rng.chance(0.1) ? lo : hi;  // min == max is allowed
  if (!int && G.rng.chance(0.1)) o.minValue = -Infinity;
  return o;
}

const FLOAT = ['float32'];
const SIGNED = ['float32', 'int32'];  // abs, neg, relu, sign: float and signed integers

export const ELEMENTWISE_OPS = {
  abs: { types: SIGNED, propagates: 'same', gen: unary() },
  neg: { types: SIGNED, propagates: 'same', gen: unary() },
  relu: { types: SIGNED, propagates: 'same', gen: unary() },
  identity: { types: ['float32', 'int32', 'uint8'], propagates: 'same', gen: unary() },
  clamp: { types: ['float32', 'int32', 'uint8'], propagates: 'same', gen: unary({ options: clampOptions }) },
  sign: { types: SIGNED, gen: unary() },
  ceil: { types: FLOAT, gen: unary() },
  floor: { types: FLOAT, gen: unary() },
  roundEven: { types: FLOAT, gen: unary() },
  exp: { types: FLOAT, gen: unary() },
  log: { types: FLOAT, gen: unary({ domain: 'positive' }) },
  sqrt: { types: FLOAT, gen: unary({ domain: 'positive' }) },
  reciprocal: { types: FLOAT, signOfZero: [0], gen: unary() },
  sin: { types: FLOAT, gen: unary() },
  cos: { types: FLOAT, gen: unary() },
  tan: { types: FLOAT, gen: unary() },
  erf: { types: FLOAT, gen: unary() },
  sigmoid: { types: FLOAT, gen: unary() },
  tanh: { types: FLOAT, gen: unary() },
  gelu: { types: FLOAT, gen: unary() },
  softplus: { types: FLOAT, gen: unary() },
  softsign: { types: FLOAT, gen: unary() },
  hardSwish: { types: FLOAT, gen: unary() },
  // alpha = 0 would make alpha * -Infinity a NaN the spec does not settle; ranges exclude it.
  elu: { types: FLOAT, gen: unary({ options: alphaBeta([0.05, 2]) }) },
  leakyRelu: { types: FLOAT, gen: unary({ options: alphaBeta([0.01, 1]) }) },
  hardSigmoid: { types: FLOAT, gen: unary({ options: alphaBeta([0.05, 1], [-1, 1]) }) },
  linear: { types: FLOAT, gen: unary({ options: alphaBeta([0.1, 3], [-2, 2]) }) },

  add: { types: ['float32', 'int32'], gen: binary() },
  sub: { types: ['float32', 'int32'], gen: binary() },
  mul: { types: ['float32', 'int32'], gen: binary() },
  // Integer division and pow are left undefined by the spec (rounding, zero divisor): float only.
  div: { types: FLOAT, signOfZero: [1], gen: binary() },
  pow: { types: FLOAT, signOfZero: [0], gen: binary({ domains: ['positive', 'smallInt'] }) },
  max: { types: ['float32', 'int32', 'uint8'], propagates: true, tolRef: 'max', gen: binary() },
  min: { types: ['float32', 'int32', 'uint8'], propagates: true, tolRef: 'max', gen: binary() },

  equal: { types: ['float32', 'int32', 'uint8'], gen: binary({ outType: 'uint8' }) },
  notEqual: { types: ['float32', 'int32'], gen: binary({ outType: 'uint8' }) },
  greater: { types: ['float32', 'int32'], gen: binary({ outType: 'uint8' }) },
  greaterOrEqual: { types: ['float32', 'int32'], gen: binary({ outType: 'uint8' }) },
  lesser: { types: ['float32', 'int32'], gen: binary({ outType: 'uint8' }) },
  lesserOrEqual: { types: ['float32', 'int32'], gen: binary({ outType: 'uint8' }) },
  logicalAnd: { types: ['uint8'], gen: binary() },
  logicalOr: { types: ['uint8'], gen: binary() },
  logicalXor: { types: ['uint8'], gen: binary() },
  logicalNot: { types: ['uint8'], gen: unary() },

  where: {
    types: ['float32', 'int32'], propagates: true, tolRef: 'where', control: [0],
    gen(G) {
      const t = G.operand({ types: this.types });
      const shapeT = G.shape(t);
      const f = G.operand({
        types: [G.dtype(t)], fits: (s) => broadcastShapes(s, shapeT) !== null, make: () => broadcastPartner(G.rng, shapeT),
      });
      const valueShape = broadcastShapes(shapeT, G.shape(f));
      const c = G.operand({
        types: ['uint8'], domain: 'bool', fits: (s) => broadcastShapes(s, valueShape) !== null,
        make: () => broadcastPartner(G.rng, valueShape),
      });
      const shape = broadcastShapes(G.shape(c), valueShape);
      return { args: [G.ref(c), G.ref(t), G.ref(f)], outputs: [{ dataType: G.dtype(t), shape }] };
    },
  },

  // Float -> integer casts of out-of-range values (NaN, ±Infinity) are implementation-defined.
  cast: {
    types: ['float32', 'int32', 'uint8'], specials: false,
    gen(G) {
      const x = G.operand({ types: this.types, specials: false, domain: 'castable' });
      const to = G.rng.pick(['float32', 'int32', 'uint8']);
      return { args: withOptions([G.ref(x), to], label(G)), outputs: [{ dataType: to, shape: G.shape(x) }] };
    },
  },
};
