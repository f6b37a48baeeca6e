// Runs one fuzz case against the library. Returns {ok, failure?, checked, unchecked, outputs}; a
// failure is {type, message}: 'mismatch', 'exception' (a valid call threw), 'shape' (an operand's
// inferred descriptor differs from the spec's), 'wrong-exception', 'no-exception', 'trap' (a Wasm
// RuntimeError), 'timeout' (an async call never settled), 'harness' (a bug of the fuzzer itself).
// The worker adds 'health' (a plain graph computes wrong afterwards), the runner 'hang' and 'crash'.
import { API_SCENARIOS, scenarioExpect, scenarioMode } from './api-cases.mjs';
import { checkGraph, mapArgs } from './check.mjs';

const TYPED = { float32: Float32Array, int32: Int32Array, uint8: Uint8Array };

export class CaseFailure extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

const errName = (e) => (e instanceof WebAssembly.RuntimeError ? 'RuntimeError' : e?.name ?? typeof e);
const describeError = (e) => `${errName(e)}: ${e?.message ?? e}`;
const fail = (type, message) => { throw new CaseFailure(type, message); };

// A wasm trap is a failure whatever was expected.
function rethrowTrap(e, what) {
  if (e instanceof WebAssembly.RuntimeError || /RuntimeError|Aborted\(|unreachable/.test(String(e?.message ?? ''))) {
    fail('trap', `${what}: ${describeError(e)}`);
  }
}

/** `data` (a typed array) in the buffer form the case asks for; all are valid buffer sources. */
export function bufferFor(form, data) {
  const T = data.constructor;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  switch (form) {
    case 'arraybuffer': return bytes.slice().buffer;
    case 'uint8': {  // a Uint8Array view at an odd offset into a larger buffer
      const big = new Uint8Array(bytes.length + 3);
      big.set(bytes, 1);
      return big.subarray(1, 1 + bytes.length);
    }
    case 'offset': {  // a typed view at a nonzero offset into a larger buffer
      const big = new T(data.length + 5);
      big.set(data, 2);
      return big.subarray(2, 2 + data.length);
    }
    case 'shared': {
      const v = new T(new SharedArrayBuffer(data.byteLength));
      v.set(data);
      return v;
    }
    case 'sharedbuffer': {
      const sab = new SharedArrayBuffer(data.byteLength);
      new Uint8Array(sab).set(bytes);
      return sab;
    }
    default: return T.from(data);
  }
}

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new CaseFailure('timeout', `${what} did not settle in ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// Reads an output tensor as a typed array, with readTensor(tensor) or readTensor(tensor, buffer).
async function readOutput(context, tensor, dataType, n, form, ms) {
  const T = TYPED[dataType];
  if (form === 'plain') return new T(await withTimeout(context.readTensor(tensor), ms, 'readTensor'));
  const target = bufferFor(form, new T(n).fill(dataType === 'float32' ? 123.5 : 77));
  await withTimeout(context.readTensor(tensor, target), ms, 'readTensor(tensor, buffer)');
  return T.from(target instanceof Uint8Array && T !== Uint8Array ? new T(target.slice().buffer) : target);
}

async function runValid(env, c, ms) {
  const { context, MLGraphBuilder } = env;
  const b = new MLGraphBuilder(context);
  const operands = new Map();
  const sources = c.operands.filter((o) => o && o.kind !== 'op');
  for (const o of sources) {
    const desc = { dataType: o.dataType, shape: o.shape };
    try {
      operands.set(o.id, o.kind === 'input' ? b.input(`in${o.id}`, desc) : b.constant(desc, bufferFor(o.form, o.data)));
    } catch (e) {
      rethrowTrap(e, `${o.kind} %${o.id}`);
      fail('exception', `${o.kind} %${o.id} ${o.dataType}[${o.shape}] (${o.form}) threw ${describeError(e)}`);
    }
  }
  for (const op of c.ops) {
    let result;
    try {
      result = b[op.op](...mapArgs(op.args, (id) => operands.get(id)));
    } catch (e) {
      rethrowTrap(e, op.op);
      fail('exception', `${op.op} threw ${describeError(e)}`);
    }
    const outs = Array.isArray(result) ? result : [result];
    if (outs.length !== op.outputs.length) fail('shape', `${op.op} returned ${outs.length} operands, expected ${op.outputs.length}`);
    outs.forEach((operand, k) => {
      const want = c.operands[op.outputs[k]];
      if (operand.dataType !== want.dataType || JSON.stringify(operand.shape) !== JSON.stringify(want.shape)) {
        fail('shape', `${op.op} output ${k}: ${operand.dataType}[${operand.shape}], spec says ${want.dataType}[${want.shape}]`);
      }
      operands.set(op.outputs[k], operand);
    });
  }
  const named = Object.fromEntries(c.observed.map((id) => [`out${id}`, operands.get(id)]));
  let graph;
  try {
    graph = await withTimeout(b.build(named), ms, 'build');
  } catch (e) {
    if (e instanceof CaseFailure) throw e;
    rethrowTrap(e, 'build');
    fail('exception', `build rejected: ${describeError(e)}`);
  }
  const tensors = [];
  try {
    const inputs = {};
    for (const o of sources.filter((s) => s.kind === 'input')) {
      const t = await context.createTensor({ dataType: o.dataType, shape: o.shape, writable: true });
      tensors.push(t);
      context.writeTensor(t, bufferFor(o.form, o.data));
      inputs[`in${o.id}`] = t;
    }
    const outputs = {};
    for (const id of c.observed) {
      const o = c.operands[id];
      outputs[`out${id}`] = await context.createTensor({ dataType: o.dataType, shape: o.shape, readable: true });
      tensors.push(outputs[`out${id}`]);
    }
    context.dispatch(graph, inputs, outputs);
    const actual = new Map();
    for (const id of c.observed) {
      const o = c.operands[id];
      const n = o.shape.reduce((p, q) => p * q, 1);
      actual.set(id, await readOutput(context, outputs[`out${id}`], o.dataType, n, c.readForms[id], ms));
    }
    const r = checkGraph(c, actual);
    if (r.failure) {
      const f = r.failure;
      fail('mismatch', `${f.op} -> %${f.operand}[${f.index}]: library ${fmt(f.actual)}, reference ${fmt(f.expected)} ` +
          `(tolerance ${f.ulp} ULP or ${f.abs} absolute)`);
    }
    return r;
  } catch (e) {
    if (e instanceof CaseFailure) throw e;
    rethrowTrap(e, 'dispatch/read');
    fail('exception', `tensors/dispatch/read: ${describeError(e)}`);
  } finally {
    graph.destroy();
    for (const t of tensors) t.destroy();
  }
  return null;
}

const fmt = (v) => (Object.is(v, -0) ? '-0' : String(v));

// The thunk of an op-family invalid case: the mutated call on a builder holding its sources.
async function opThunk(env, c) {
  const { context, MLGraphBuilder } = env;
  const b = new MLGraphBuilder(context);
  const other = new MLGraphBuilder(context);
  const own = new Map(c.operands.map((o) => [o.id, b.input(`in${o.id}`, { dataType: o.dataType, shape: o.shape })]));
  const foreign = new Map(c.foreign.map((id) => [id, other.input(`in${id}`, { dataType: c.operands[id].dataType, shape: c.operands[id].shape })]));
  if (c.afterBuild) {
    const z = b.input('z', { dataType: 'float32', shape: [1] });
    await b.build({ z: b.relu(z) });
  }
  const swapForeign = (v) => {
    if (v && typeof v === 'object' && '$foreign' in v) return foreign.get(v.$foreign);
    if (Array.isArray(v)) return v.map(swapForeign);
    if (v && typeof v === 'object' && !('$' in v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swapForeign(x)]));
    return v;
  };
  const args = mapArgs(swapForeign(c.args), (id) => own.get(id));
  return () => b[c.op](...args);
}

const matches = (e, expect) => (expect === 'TypeError' ? e instanceof TypeError : e instanceof DOMException && e.name === expect);

async function runInvalid(env, c, ms) {
  const s = API_SCENARIOS[c.scenario];
  const mode = c.family === 'op' ? 'sync' : scenarioMode(s, c.params);
  const expect = c.family === 'op' ? c.expect : scenarioExpect(s, c.params);
  let thunk;
  try {
    thunk = c.family === 'op' ? await opThunk(env, c) : await s.run(env, c.params);
  } catch (e) {
    rethrowTrap(e, 'setup');
    fail('exception', `setup of the case threw ${describeError(e)}`);
  }
  let result;
  try {
    result = thunk();
  } catch (e) {
    rethrowTrap(e, c.what);
    if (mode === 'sync' && matches(e, expect)) return { checked: 0, unchecked: 0, outputs: 0 };
    fail('wrong-exception', mode === 'sync' ? `threw ${describeError(e)}, spec: ${expect}` : `threw ${describeError(e)} synchronously, spec: a promise rejected with ${expect}`);
  }
  if (mode === 'sync') {
    result?.then?.(() => {}, () => {});
    fail('no-exception', `did not throw (spec: ${expect})${result?.then ? '; returned a promise' : ''}`);
  }
  if (mode === 'ok') {
    const problem = s.check(await withTimeout(Promise.resolve(result), ms, c.what), c.params);
    if (problem) fail('mismatch', problem);
    return { checked: 1, unchecked: 0, outputs: 0 };
  }
  if (typeof result?.then !== 'function') fail('no-exception', `returned ${typeof result}, not a promise (spec: rejects with ${expect})`);
  try {
    await withTimeout(result, ms, c.what);
  } catch (e) {
    if (e instanceof CaseFailure) throw e;
    rethrowTrap(e, c.what);
    if (matches(e, expect)) return { checked: 0, unchecked: 0, outputs: 0 };
    fail('wrong-exception', `rejected with ${describeError(e)}, spec: ${expect}`);
  }
  return fail('no-exception', `resolved (spec: rejects with ${expect})`);
}

/** Runs case c; never throws (a failure is reported in the result). */
export async function runCase(env, c, { timeoutMs = 10000 } = {}) {
  try {
    const r = c.kind === 'valid' ? await runValid(env, c, timeoutMs) : await runInvalid(env, c, timeoutMs);
    return { ok: true, ...r };
  } catch (e) {
    if (e instanceof CaseFailure) return { ok: false, failure: { type: e.type, message: e.message } };
    if (e instanceof WebAssembly.RuntimeError) return { ok: false, failure: { type: 'trap', message: describeError(e) } };
    return { ok: false, failure: { type: 'harness', message: `${describeError(e)}\n${e?.stack ?? ''}` } };
  }
}
