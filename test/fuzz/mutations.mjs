// Mutations that turn a valid builder call into one the spec's method steps reject. Each takes the
// source generator G, the valid argument list, the PRNG and the op name; it returns {args, what,
// expect?, foreign?, afterBuild?} or null when it does not apply to this call. Unless `expect` says
// otherwise the spec requires a TypeError (argument validation, or WebIDL conversion: a NaN
// `double`, an [EnforceRange] integer out of range, an unknown enum value).
import { REDUCTION_MUTATIONS, TENSOR_MUTATIONS } from './mutations-tensor.mjs';
import { NN_MUTATIONS } from './mutations-nn.mjs';
import {
  badAxisArg, bigDim, floatOnly, nanOption, otherType, set, setOpt, shapeOf, swapOperand, typeOf,
} from './mutations-util.mjs';

function operandRefs(args) {
  const refs = [];
  const walk = (v, path) => {
    if (v && typeof v === 'object' && '$' in v) refs.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, [...path, k]));
  };
  walk(args, []);
  return refs;
}

function replaceAt(args, path, value) {
  const copy = structuredClone(args);
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path[path.length - 1]] = value;
  return copy;
}

export const GENERIC_MUTATIONS = {
  // "If validating operand ... returns false, then throw a TypeError". gemm never validates options.c.
  foreign(G, args, rng, op) {
    const refs = operandRefs(args).filter((p) => !(op === 'gemm' && p[1] === 'c'));
    if (!refs.length) return null;
    const path = rng.pick(refs);
    const id = path.reduce((o, k) => o[k], args).$;
    return { args: replaceAt(args, path, { $foreign: id }), foreign: [id], what: `%${id} comes from another MLGraphBuilder` };
  },
  // "If this can not build, then throw an InvalidStateError".
  afterBuild: (G, args) => ({ args, afterBuild: true, what: 'called after build()', expect: 'InvalidStateError' }),
};

const binary = {
  dataType: (G, args) => ({
    args: swapOperand(G, args, 1, otherType(typeOf(G, args[0])), shapeOf(G, args[1])),
    what: 'b has another data type than a',
  }),
  shape(G, args, rng) {
    const sa = shapeOf(G, args[0]);
    const d = bigDim(rng, sa);
    if (d < 0) return null;
    const sb = Object.assign([...sa], { [d]: sa[d] + 1 });
    return { args: swapOperand(G, args, 1, typeOf(G, args[0]), sb), what: `b [${sb}] does not broadcast with a [${sa}]` };
  },
};
const signedOnly = {
  uint8Input: (G, args) => ({ args: swapOperand(G, args, 0, 'uint8', shapeOf(G, args[0])), what: 'uint8 input (not an allowed type)' }),
};
const logical = { floatInput: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', shapeOf(G, args[0])), what: 'float32 input (uint8 only)' }) };

export const OP_MUTATIONS = {
  ...TENSOR_MUTATIONS, ...REDUCTION_MUTATIONS, ...NN_MUTATIONS,
  abs: signedOnly, neg: signedOnly, relu: signedOnly, sign: signedOnly,
  logicalNot: logical,
  logicalAnd: { ...binary, ...logical }, logicalOr: { ...binary, ...logical }, logicalXor: { ...binary, ...logical },
  clamp: {
    minAboveMax: (G, args) => ({ args: setOpt(args, 1, { minValue: 5, maxValue: 2 }), what: 'minValue 5 > maxValue 2' }),
  },
  cast: { badType: (G, args, rng) => ({ args: set(args, 1, rng.pick(['float64', 'bool', 'int2'])), what: 'unknown MLOperandDataType' }) },
  where: {
    condType: (G, args) => ({ args: swapOperand(G, args, 0, 'float32', shapeOf(G, args[0])), what: 'float32 condition (uint8 only)' }),
    valueType: (G, args) => ({
      args: swapOperand(G, args, 2, otherType(typeOf(G, args[1])), shapeOf(G, args[2])),
      what: 'falseValue type differs from trueValue',
    }),
    shape(G, args, rng) {
      const st = shapeOf(G, args[1]);
      const d = bigDim(rng, st);
      if (d < 0) return null;
      const sc = Object.assign([...st], { [d]: st[d] + 1 });
      return { args: swapOperand(G, args, 0, 'uint8', sc), what: `condition [${sc}] does not broadcast with [${st}]` };
    },
  },
  ...Object.fromEntries(['add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'equal', 'notEqual', 'greater',
    'greaterOrEqual', 'lesser', 'lesserOrEqual'].map((op) => [op, binary])),
  ...Object.fromEntries(['ceil', 'floor', 'roundEven', 'exp', 'log', 'sqrt', 'reciprocal', 'sin', 'cos', 'tan', 'erf',
    'sigmoid', 'tanh', 'gelu', 'softplus', 'softsign', 'hardSwish'].map((op) => [op, floatOnly])),
  elu: { ...floatOnly, ...nanOption('alpha') },
  leakyRelu: { ...floatOnly, ...nanOption('alpha') },
  linear: { ...floatOnly, ...nanOption('alpha'), ...nanOption('beta') },
  hardSigmoid: { ...floatOnly, ...nanOption('alpha'), ...nanOption('beta') },
  softmax: { ...floatOnly, ...badAxisArg(1) },
  argMax: { ...badAxisArg(1) },
  argMin: { ...badAxisArg(1) },
};
for (const op of ['argMax', 'argMin']) {
  OP_MUTATIONS[op].outputType = (G, args, rng) => {
    const t = rng.pick(['float32', 'uint32', 'uint8']);
    return { args: setOpt(args, 2, { outputDataType: t }), what: `outputDataType ${t} (int32/int64 only)` };
  };
}
