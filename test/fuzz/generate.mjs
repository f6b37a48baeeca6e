// Seeded generator of fuzz cases. generateCase(seed, index) is a pure function of its arguments:
//   valid:   a random graph of 1-6 operators (chained, branched, operands reused; a relu/clamp the
//            library can fuse may follow one more), random shapes,
//            options and data (with NaN/Infinity/-0 where the operator's result is defined for them),
//            checked against the float64 reference;
//   invalid: one call the spec requires to throw or reject (invalid.mjs).
import { generateInvalid } from './invalid.mjs';
import { MAKES_SPECIALS, OPS, OP_WEIGHTS, isExactOp, mayBeUnknown } from './ops.mjs';
import { rngFor } from './prng.mjs';
import { isFloat, sizeOf } from './tensor.mjs';

// Bump when a change makes (seed, index) denote other cases; regressions.json records the version of
// each case, and run.mjs --regressions reports cases of another version as stale (to be re-found).
export const GENERATOR_VERSION = 2;
const VALID_SHARE = 0.6;
const MAX_ELEMENTS = 1 << 17;  // per operand: keeps the JS reference fast

/** The case for (seed, index). */
export function generateCase(seed, index) {
  const rng = rngFor(seed, index);
  return rng.chance(VALID_SHARE) ? generateValid(rng, seed, index) : generateInvalid(rng, seed, index);
}

// Data of a new input or constant. Domains keep operators in the range where they are interesting
// (log of positives, pow of a positive base...), yet reused operands feed any data to any op.
function makeData(rng, dataType, shape, { domain, specials, bound }) {
  const n = sizeOf(shape);
  if (dataType === 'int32') {
    const out = new Int32Array(n);
    const wide = rng.chance(0.1);
    for (let i = 0; i < n; i++) {
      if (domain === 'index') out[i] = rng.chance(0.03) ? rng.pick([bound, bound + 2, -bound - 1, 2 ** 31 - 1, -(2 ** 31)]) : rng.int(-bound, bound - 1);
      else if (domain === 'ties') out[i] = rng.int(-2, 2);
      else out[i] = wide ? rng.int(-1e6, 1e6) : rng.int(-20, 20);
    }
    return out;
  }
  if (dataType === 'uint8') {
    return Uint8Array.from({ length: n }, () => (domain === 'bool' ? rng.pick([0, 1, 1, 0, 2, 255]) : rng.int(0, 255)));
  }
  const out = new Float32Array(n);
  const style = rng.weighted({ unit: 6, wide: 1, ints: 1, tiny: 1 });
  for (let i = 0; i < n; i++) {
    let v;
    if (domain === 'positive') v = rng.chance(0.05) ? rng.uniform(-1, 0) : rng.uniform(0.05, 4);
    else if (domain === 'smallInt') v = rng.int(-3, 3);
    else if (domain === 'unit') v = (rng.chance(0.5) ? 1 : -1) * rng.uniform(0.6, 1.6);
    else if (domain === 'variance') v = rng.uniform(0.05, 4);
    else if (domain === 'ties') v = rng.int(-2, 2);
    else if (domain === 'castable') v = rng.uniform(-130, 260);
    else if (style === 'wide') v = rng.uniform(-1000, 1000);
    else if (style === 'ints') v = rng.int(-5, 5);
    else if (style === 'tiny') v = rng.uniform(-1e-3, 1e-3);
    else v = rng.uniform(-4, 4);
    out[i] = v;
  }
  if (specials && rng.chance(0.3)) {
    for (let i = 0; i < n; i++) {
      if (rng.chance(0.08)) out[i] = rng.pick([NaN, Infinity, -Infinity, -0, 0]);
    }
  }
  return out;
}

// How a buffer reaches the API: all of these are valid AllowSharedBufferSource values.
const BUFFER_FORMS = { typed: 12, arraybuffer: 2, uint8: 2, offset: 2, shared: 2, sharedbuffer: 1 };

/** Graph under construction; the op generators (ops-*.mjs) call these methods. */
class GraphGen {
  constructor(rng, big) {
    this.rng = rng;
    this.big = big;
    this.operands = [];
    this.ops = [];
  }

  ref(id) { return { $: id }; }
  dtype(id) { return this.operands[id].dataType; }
  shape(id) { return this.operands[id].shape; }

  randomShape(minRank, maxRank) {
    const rank = this.rng.int(minRank, maxRank);
    if (this.big && rank > 0) {
      // Big enough for every SIMD tail and for the threaded build's parallel loops.
      const shape = new Array(rank).fill(1);
      while (sizeOf(shape) < 4096 * 8) shape[this.rng.int(0, rank - 1)] *= this.rng.int(2, 5);
      return shape;
    }
    return Array.from({ length: rank }, () => (this.rng.chance(0.15) ? 1 : this.rng.int(1, 5)));
  }

  /** A new graph input or constant. */
  source(dataType, shape, { domain, specials = true, bound } = {}) {
    const id = this.operands.length;
    const withSpecials = specials && isFloat(dataType) && !['index', 'ties', 'castable'].includes(domain);
    this.operands.push({
      id, dataType, shape, kind: this.rng.chance(0.3) ? 'constant' : 'input',
      data: makeData(this.rng, dataType, shape, { domain, specials: withSpecials, bound }),
      form: this.rng.weighted(BUFFER_FORMS), mayHaveSpecials: withSpecials,
    });
    return id;
  }

  /** An existing operand that fits `req`, often the newest one, or else a new source. */
  operand({ types, minRank = 0, maxRank = 4, specials = true, fits, make, domain }) {
    const ok = (o) => types.includes(o.dataType) && o.shape.length >= minRank && o.shape.length <= maxRank &&
        (specials || !o.mayHaveSpecials) && (!fits || fits(o.shape)) && !o.fresh;
    const candidates = this.operands.filter(ok);
    if (candidates.length && this.rng.chance(0.7)) {
      return (this.rng.chance(0.5) ? candidates[candidates.length - 1] : this.rng.pick(candidates)).id;
    }
    const dataType = types.includes('float32') && this.rng.chance(0.7) ? 'float32' : this.rng.pick(types);
    const shape = make ? make() : this.randomShape(minRank, maxRank);
    return this.source(dataType, shape, { domain, specials });
  }
}

function addOp(G, name, { args, outputs, mayBeUnknown: unknown = false }) {
  const inputs = [];
  JSON.stringify(args, (k, v) => {
    if (v && typeof v === 'object' && '$' in v) inputs.push(v.$);
    return v;
  });
  const ids = outputs.map((o) => {
    const id = G.operands.length;
    G.operands.push({
      id, dataType: o.dataType, shape: o.shape, kind: 'op', producer: G.ops.length,
      mayBeUnknown: unknown || mayBeUnknown(name, o.dataType),
      mayHaveSpecials: MAKES_SPECIALS.has(name) || inputs.some((i) => G.operands[i].mayHaveSpecials),
    });
    return id;
  });
  G.ops.push({ op: name, args, inputs, outputs: ids });
}

function generateValid(rng, seed, index) {
  const G = new GraphGen(rng, rng.chance(0.04));
  for (let k = rng.int(1, 2); k > 0; k--) {
    const dataType = rng.weighted({ float32: 8, int32: 1.5, uint8: 0.5 });
    G.source(dataType, G.randomShape(0, 4), { domain: dataType === 'uint8' ? 'bool' : undefined });
  }
  const nOps = rng.int(1, 6);
  for (let attempt = 0; G.ops.length < nOps && attempt < nOps * 10; attempt++) {
    const name = rng.weighted(OP_WEIGHTS);
    const before = G.operands.length;
    const r = OPS[name].gen(G);
    if (!r || r.outputs.some((o) => sizeOf(o.shape) > MAX_ELEMENTS)) {
      G.operands.length = before;  // forget the sources made for the failed attempt
      continue;
    }
    addOp(G, name, r);
    if (FUSABLE.has(name) && r.outputs[0].dataType === 'float32' && rng.chance(0.35)) addActivation(G);
  }
  return finishGraph(G, seed, index);
}

// The library fuses relu/clamp into these when the intermediate is used once and not an output.
const FUSABLE = new Set(['conv2d', 'gemm', 'matmul', 'add', 'sub', 'mul', 'div', 'max', 'min', 'pow']);

// relu or clamp on the newest operand, which stays unobserved unless something else needs it.
function addActivation(G) {
  const x = G.operands[G.operands.length - 1];
  x.preferUnobserved = true;
  if (G.rng.chance(0.5)) {
    addOp(G, 'relu', { args: [G.ref(x.id)], outputs: [{ dataType: 'float32', shape: x.shape }] });
    return;
  }
  const [lo, hi] = [G.rng.uniform(-3, 1), G.rng.uniform(-1, 4)].sort((a, b) => a - b);
  const options = G.rng.pick([{ minValue: lo, maxValue: hi }, { minValue: 0, maxValue: 6 }, { minValue: lo }, { maxValue: hi }]);
  addOp(G, 'clamp', { args: [G.ref(x.id), options], outputs: [{ dataType: 'float32', shape: x.shape }] });
}

// Chooses the graph outputs. An op's result is checked against the reference evaluated on the values
// the library actually fed it - those of observed operands (graph outputs, read back) or of exactly
// known operands (inputs, constants, and exact ops of exact operands). So an operand that is neither
// must be observed before an op that rounds, jumps (floor, comparisons) or reads it as a control
// value; other ops (relu, max, data movement) carry a tolerance through, and leave operands
// unobserved often enough for the library to fuse (conv2d + relu).
function finishGraph(G, seed, index) {
  const { rng, operands, ops } = G;
  const consumed = new Set(ops.flatMap((o) => o.inputs));
  const observed = new Set();
  for (const o of operands) {
    if (o.kind === 'op' && (!consumed.has(o.id) || (!o.preferUnobserved && rng.chance(0.3)))) observed.add(o.id);
  }
  const exact = new Set(operands.filter((o) => o.kind !== 'op').map((o) => o.id));
  for (const op of ops) {
    const spec = OPS[op.op];
    op.args.forEach((arg, pos) => {
      const ids = [];
      JSON.stringify(arg, (k, v) => (v && typeof v === 'object' && '$' in v ? (ids.push(v.$), v) : v));
      const needsValue = !spec.propagates || (spec.control ?? []).includes(pos);
      for (const id of ids) {
        if (operands[id].kind !== 'op') continue;
        if ((needsValue && !exact.has(id)) || (spec.signOfZero ?? []).includes(pos)) {
          observed.add(id);
          exact.add(id);
        }
      }
    });
    const inputsExact = op.inputs.every((id) => exact.has(id));
    for (const id of op.outputs) {
      const o = operands[id];
      const computedExactly = !isFloat(o.dataType) || isExactOp(op.op);
      if (observed.has(id) || (inputsExact && computedExactly && !o.mayBeUnknown)) exact.add(id);
    }
  }
  const used = new Set([...consumed, ...ops.flatMap((o) => o.outputs)]);
  return {
    kind: 'valid', seed, index, big: G.big,
    operands: operands.map((o) => (used.has(o.id) ? o : null)),
    ops: ops.map(({ op, args, outputs }) => ({ op, args, outputs })),
    observed: [...observed].sort((a, b) => a - b),
    readForms: Object.fromEntries([...observed].map((id) => [id, rng.chance(0.2) ? rng.pick(['typed', 'uint8', 'offset', 'shared']) : 'plain'])),
  };
}

/** One line per operand and op, for failure reports. */
export function describeCase(c) {
  if (c.kind !== 'valid') return `${c.kind} ${c.op ?? ''}: ${c.what}`;
  const arg = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && '$' in x ? `%${x.$}` : x)).replace(/"%(\d+)"/g, '%$1');
  const lines = c.operands.filter(Boolean).filter((o) => o.kind !== 'op')
    .map((o) => `%${o.id} = ${o.kind} ${o.dataType}[${o.shape}] (${o.form}${o.mayHaveSpecials ? ', NaN/Inf' : ''})`);
  for (const op of c.ops) {
    const outs = op.outputs.map((id) => `%${id}${c.observed.includes(id) ? '*' : ''}`).join(', ');
    const types = op.outputs.map((id) => `${c.operands[id].dataType}[${c.operands[id].shape}]`).join(', ');
    lines.push(`${outs} = ${op.op}(${op.args.map(arg).join(', ')}) -> ${types}`);
  }
  return lines.join('\n') + '\n(* = graph output)';
}
