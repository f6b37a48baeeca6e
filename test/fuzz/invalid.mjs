// Invalid fuzz cases: calls that the spec's steps require to throw (builder methods, writeTensor,
// dispatch: synchronously) or to reject (build, createTensor, readTensor: a rejected promise).
//   family 'op':  a valid call of a builder method (from the same generators as valid graphs), then
//                 one mutation that breaks exactly one step of that method (mutations-*.mjs);
//   family 'api': descriptors, buffers, tensors, build and dispatch misuse (api-cases.mjs).
// A case is data: the executor (execute.mjs) performs it.
import { API_SCENARIOS } from './api-cases.mjs';
import { OP_MUTATIONS, GENERIC_MUTATIONS } from './mutations.mjs';
import { OPS } from './ops.mjs';

class SourceGen {
  // A GraphGen without reuse (every operand a fresh input), enough for a single call.
  constructor(rng) {
    this.rng = rng;
    this.big = false;
    this.operands = [];
  }

  ref(id) { return { $: id }; }
  dtype(id) { return this.operands[id].dataType; }
  shape(id) { return this.operands[id].shape; }
  randomShape(minRank, maxRank) {
    return Array.from({ length: this.rng.int(minRank, maxRank) }, () => this.rng.int(1, 4));
  }
  source(dataType, shape) {
    const id = this.operands.length;
    this.operands.push({ id, dataType, shape, kind: 'input', form: 'typed' });
    return id;
  }
  operand({ types, minRank = 0, maxRank = 4, make }) {
    const dataType = types.includes('float32') ? 'float32' : types[0];
    return this.source(dataType, make ? make() : this.randomShape(minRank, maxRank));
  }
}

function opCase(rng) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const op = rng.pick(Object.keys(OPS));
    const G = new SourceGen(rng);
    const call = OPS[op].gen(G);
    if (!call) continue;
    const own = OP_MUTATIONS[op] ?? {};
    const names = [...Object.keys(own), ...Object.keys(GENERIC_MUTATIONS)];
    const name = rng.chance(0.75) && Object.keys(own).length ? rng.pick(Object.keys(own)) : rng.pick(names);
    const mutate = own[name] ?? GENERIC_MUTATIONS[name];
    const m = mutate(G, call.args, rng, op);
    if (!m) continue;
    return {
      family: 'op', op, what: `${op}: ${m.what}`, expect: m.expect ?? 'TypeError', mode: 'sync',
      operands: G.operands, args: m.args, foreign: m.foreign ?? [], afterBuild: !!m.afterBuild,
    };
  }
  return null;
}

function apiCase(rng) {
  const name = rng.pick(Object.keys(API_SCENARIOS));
  const s = API_SCENARIOS[name];
  const params = s.params ? s.params(rng) : {};
  return { family: 'api', op: s.method, scenario: name, params, what: s.what(params), expect: s.expect, mode: s.mode };
}

export function generateInvalid(rng, seed, index) {
  const c = (rng.chance(0.6) && opCase(rng)) || apiCase(rng);
  return { kind: 'invalid', seed, index, ...c };
}
