// API misuse scenarios: operand descriptors, buffers, tensors, build(), dispatch() and lost contexts.
// Each: {method, what(params), expect, mode, params(rng)?, run(env, params) -> thunk}. run() does the
// setup; the thunk is the one call under test. mode 'sync': the spec says throw; 'async': return a
// promise that rejects; 'ok': must succeed, and check(result) says whether the result is right.
// env: {ml, context, otherContext, MLGraphBuilder, limits}.

const DESC = { dataType: 'float32', shape: [2, 3] };
const TYPED = { float32: Float32Array, int32: Int32Array, uint8: Uint8Array };

// A graph y = relu(x) over DESC, with tensors for it.
async function reluGraph(context, MLGraphBuilder) {
  const b = new MLGraphBuilder(context);
  const graph = await b.build({ y: b.relu(b.input('x', DESC)) });
  const x = await context.createTensor({ ...DESC, writable: true, readable: true });
  const y = await context.createTensor({ ...DESC, readable: true, writable: true });
  return { graph, x, y };
}

function detachedBuffer(bytes) {
  const buf = new ArrayBuffer(bytes);
  structuredClone(buf, { transfer: [buf] });
  return buf;
}

// Buffers that are not a valid AllowSharedBufferSource for `desc` (validate buffer with descriptor).
const BAD_BUFFERS = {
  short: (d, n) => new TYPED[d.dataType](n - 1),
  long: (d, n) => new TYPED[d.dataType](n + 1),
  wrongView: (d, n) => (d.dataType === 'float32' ? new Int32Array(n) : new Float32Array(n)),
  float64View: (d, n) => new Float64Array(n),
  dataView: (d, n) => new DataView(new ArrayBuffer(n * TYPED[d.dataType].BYTES_PER_ELEMENT)),
  clampedView: (d, n) => new Uint8ClampedArray(n * TYPED[d.dataType].BYTES_PER_ELEMENT),
  detached: (d, n) => detachedBuffer(n * TYPED[d.dataType].BYTES_PER_ELEMENT),
  detachedView: (d, n) => {
    const v = new TYPED[d.dataType](n);
    structuredClone(v.buffer, { transfer: [v.buffer] });  // the view now has length 0
    return v;
  },
  sharedShort: (d, n) => new TYPED[d.dataType](new SharedArrayBuffer((n - 1) * TYPED[d.dataType].BYTES_PER_ELEMENT)),
  plainArray: (d, n) => new Array(n).fill(1),
};
const badBufferParams = (rng) => ({
  dataType: rng.pick(['float32', 'int32', 'uint8']), shape: [rng.int(1, 3), rng.int(2, 4)], buffer: rng.pick(Object.keys(BAD_BUFFERS)),
});
const makeBad = (p) => BAD_BUFFERS[p.buffer]({ dataType: p.dataType, shape: p.shape }, p.shape[0] * p.shape[1]);

// Shapes that fail "check dimensions": each dimension and the element count must be valid
// dimensions (integers in 1..2**31-1), the byte length must be supported (maxTensorByteLength), the
// rank too (opSupportLimits input rankRange). -1, 2**32, NaN and Infinity fail the WebIDL
// [EnforceRange] conversion first - also a TypeError.
const BAD_SHAPES = [
  [0], [3, 0, 2], [-1], [2 ** 31], [2 ** 32], [NaN], [Infinity], [2 ** 31 - 1, 2 ** 31 - 1, 2 ** 31 - 1],
  [65536, 65536], [2 ** 26, 2 ** 26, 2], 'byteLimit', 'rankLimit',
];
function badShape(p, limits) {
  if (p.shape === 'byteLimit') return [Math.floor(Number(limits.maxTensorByteLength) / 4) + 1];
  if (p.shape === 'rankLimit') return new Array(limits.input.rankRange.max + 1).fill(1);
  return p.shape;
}

export const API_SCENARIOS = {
  inputName: {
    method: 'input', expect: 'TypeError', mode: 'sync',
    params: () => ({}),
    what: () => 'an empty input name',
    run({ context, MLGraphBuilder }) {
      const b = new MLGraphBuilder(context);
      return () => b.input('', DESC);
    },
  },
  badShape: {
    method: 'input/constant/createConstantTensor', expect: 'TypeError',
    params: (rng) => ({ shape: rng.pick(BAD_SHAPES), method: rng.pick(['input', 'constant', 'createConstantTensor']) }),
    what: (p) => `${p.method} with shape ${JSON.stringify(p.shape)}`,
    mode: 'by-method',
    run({ context, MLGraphBuilder, limits }, p) {
      const desc = { dataType: 'float32', shape: badShape(p, limits) };
      const b = new MLGraphBuilder(context);
      if (p.method === 'input') return () => b.input('x', desc);
      if (p.method === 'constant') return () => b.constant(desc, new Float32Array(4));
      return () => context.createConstantTensor(desc, new Float32Array(4));
    },
  },
  badDataType: {
    method: 'input', expect: 'TypeError', mode: 'sync',
    params: (rng) => ({ dataType: rng.pick(['float64', 'bool', 'FLOAT32', 'int2', undefined]) }),
    what: (p) => `descriptor dataType ${p.dataType}`,
    run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      return () => b.input('x', { dataType: p.dataType, shape: [2] });
    },
  },
  constantBuffer: {
    method: 'constant', expect: 'TypeError', mode: 'sync', params: badBufferParams,
    what: (p) => `constant ${p.dataType}[${p.shape}] with a ${p.buffer} buffer`,
    run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      const buffer = makeBad(p);
      return () => b.constant({ dataType: p.dataType, shape: p.shape }, buffer);
    },
  },
  constantTensorBuffer: {
    method: 'createConstantTensor', expect: 'TypeError', mode: 'async', params: badBufferParams,
    what: (p) => `createConstantTensor ${p.dataType}[${p.shape}] with a ${p.buffer} buffer`,
    run({ context }, p) {
      const buffer = makeBad(p);
      return () => context.createConstantTensor({ dataType: p.dataType, shape: p.shape }, buffer);
    },
  },
  writeBuffer: {
    method: 'writeTensor', expect: 'TypeError', mode: 'sync', params: badBufferParams,
    what: (p) => `writeTensor ${p.dataType}[${p.shape}] with a ${p.buffer} buffer`,
    async run({ context }, p) {
      const t = await context.createTensor({ dataType: p.dataType, shape: p.shape, writable: true });
      const buffer = makeBad(p);
      return () => context.writeTensor(t, buffer);
    },
  },
  readIntoBuffer: {
    method: 'readTensor(tensor, outputData)', expect: 'TypeError', mode: 'async', params: badBufferParams,
    what: (p) => `readTensor ${p.dataType}[${p.shape}] into a ${p.buffer} buffer`,
    async run({ context }, p) {
      const t = await context.createTensor({ dataType: p.dataType, shape: p.shape, readable: true });
      const buffer = makeBad(p);
      return () => context.readTensor(t, buffer);
    },
  },
  constantScalarType: {
    method: 'constant(dataType, value)', expect: 'TypeError', mode: 'sync',
    params: (rng) => ({ dataType: rng.pick(['float64', 'int2', '']) }),
    what: (p) => `constant('${p.dataType}', 1)`,
    run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      return () => b.constant(p.dataType, 1);
    },
  },
  constantTensor: {
    method: 'constant(tensor)', expect: 'TypeError', mode: 'sync',
    params: (rng) => ({ kind: rng.pick(['notConstant', 'destroyed', 'otherContext']) }),
    what: (p) => `constant(tensor): ${p.kind} tensor`,
    async run({ context, otherContext, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      let t;
      if (p.kind === 'notConstant') t = await context.createTensor(DESC);
      else t = await (p.kind === 'otherContext' ? otherContext : context).createConstantTensor(DESC, new Float32Array(6));
      if (p.kind === 'destroyed') t.destroy();
      return () => b.constant(t);
    },
  },
  build: {
    method: 'build', mode: 'async',
    params: (rng) => ({ kind: rng.pick(['empty', 'emptyName', 'input', 'constant', 'foreign', 'twice', 'sameInputName']) }),
    what: (p) => `build(): ${p.kind}`,
    expect: (p) => (p.kind === 'twice' ? 'InvalidStateError' : 'TypeError'),
    async run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      const x = b.input('x', DESC);
      const y = b.relu(x);
      const other = new MLGraphBuilder(context);
      // sameInputName: input() takes a name twice (as Chromium); a graph with both inputs is refused by build().
      const outputs = {
        empty: {}, emptyName: { '': y }, input: { y, x }, constant: { y, c: b.constant(DESC, new Float32Array(6)) },
        foreign: { y, z: other.relu(other.input('x', DESC)) }, twice: { y },
        sameInputName: p.kind === 'sameInputName' ? { s: b.add(x, b.input('x', DESC)) } : null,
      }[p.kind];
      if (p.kind === 'twice') await b.build({ y });
      return () => b.build(outputs);
    },
  },
  afterBuild: {
    method: 'input/constant', expect: 'InvalidStateError', mode: 'sync',
    params: (rng) => ({ kind: rng.pick(['input', 'constant', 'constantScalar', 'relu']) }),
    what: (p) => `${p.kind} after build()`,
    async run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      const x = b.input('x', DESC);
      await b.build({ y: b.relu(x) });
      return {
        input: () => () => b.input('z', DESC), constant: () => () => b.constant(DESC, new Float32Array(6)),
        constantScalar: () => () => b.constant('float32', 1), relu: () => () => b.relu(x),
      }[p.kind]();
    },
  },
  dispatch: {
    method: 'dispatch', mode: 'sync',
    params: (rng) => ({
      kind: rng.pick(['otherContextGraph', 'destroyedGraph', 'duplicate', 'missingInput', 'extraInput', 'wrongShape',
        'wrongType', 'destroyedTensor', 'otherContextTensor', 'constantTensor', 'missingOutput', 'wrongOutputShape']),
    }),
    what: (p) => `dispatch(): ${p.kind}`,
    expect: (p) => (p.kind === 'destroyedGraph' ? 'InvalidStateError' : 'TypeError'),
    async run({ context, otherContext, MLGraphBuilder }, p) {
      const { graph, x, y } = await reluGraph(context, MLGraphBuilder);
      let inputs = { x };
      let outputs = { y };
      let on = context;
      switch (p.kind) {
        case 'otherContextGraph': on = otherContext; inputs = { x: await on.createTensor(DESC) }; outputs = { y: await on.createTensor(DESC) }; break;
        case 'destroyedGraph': graph.destroy(); break;
        case 'duplicate': outputs = { y: x }; break;
        case 'missingInput': inputs = {}; break;
        case 'extraInput': inputs = { x, w: await context.createTensor(DESC) }; break;
        case 'wrongShape': inputs = { x: await context.createTensor({ dataType: 'float32', shape: [3, 2] }) }; break;
        case 'wrongType': inputs = { x: await context.createTensor({ dataType: 'int32', shape: [2, 3] }) }; break;
        case 'destroyedTensor': x.destroy(); break;
        case 'otherContextTensor': inputs = { x: await otherContext.createTensor(DESC) }; break;
        case 'constantTensor': inputs = { x: await context.createConstantTensor(DESC, new Float32Array(6)) }; break;
        case 'missingOutput': outputs = {}; break;
        case 'wrongOutputShape': outputs = { y: await context.createTensor({ dataType: 'float32', shape: [6] }) }; break;
        default: break;
      }
      return () => on.dispatch(graph, inputs, outputs);
    },
  },
  tensorAccess: {
    method: 'writeTensor/readTensor', expect: 'TypeError',
    params: (rng) => ({ call: rng.pick(['write', 'read']), kind: rng.pick(['noAccess', 'destroyed', 'otherContext']) }),
    what: (p) => `${p.call}Tensor on a ${p.kind} tensor`,
    mode: 'by-call',
    async run({ context, otherContext }, p) {
      const on = p.kind === 'otherContext' ? otherContext : context;
      // noAccess: write to a tensor that is not writable / read one that is not readable.
      const flags = p.kind === 'noAccess' ? { readable: p.call === 'write', writable: p.call === 'read' } : { readable: true, writable: true };
      const t = await on.createTensor({ ...DESC, ...flags });
      if (p.kind === 'destroyed') t.destroy();
      return p.call === 'write' ? () => context.writeTensor(t, new Float32Array(6)) : () => context.readTensor(t);
    },
  },
  lostContext: {
    method: 'after MLContext.destroy()', expect: 'InvalidStateError',
    params: (rng) => ({ call: rng.pick(['builder', 'input', 'build', 'createTensor', 'createConstantTensor', 'dispatch']) }),
    what: (p) => `${p.call} after context.destroy()`,
    mode: 'by-call',
    async run({ ml, MLGraphBuilder }, p) {
      const context = await ml.createContext();
      const b = new MLGraphBuilder(context);
      const y = b.relu(b.input('x', DESC));
      const r = p.call === 'dispatch' ? await reluGraph(context, MLGraphBuilder) : null;
      context.destroy();
      return {
        builder: () => new MLGraphBuilder(context), input: () => b.input('z', DESC), build: () => b.build({ y }),
        createTensor: () => context.createTensor(DESC), createConstantTensor: () => context.createConstantTensor(DESC, new Float32Array(6)),
        dispatch: () => context.dispatch(r.graph, { x: r.x }, { y: r.y }),
      }[p.call];
    },
  },
  // Not an error: [EnforceRange] truncates a fractional dimension (WebIDL IntegerPart).
  fractionalShape: {
    method: 'input', expect: 'ok', mode: 'ok',
    params: (rng) => ({ shape: [rng.int(1, 4) + 0.5, rng.int(1, 4) + 0.99] }),
    what: (p) => `input with shape ${JSON.stringify(p.shape)} truncates to integers`,
    run({ context, MLGraphBuilder }, p) {
      const b = new MLGraphBuilder(context);
      return () => b.input('x', { dataType: 'float32', shape: p.shape });
    },
    check: (operand, p) => (JSON.stringify(operand.shape) === JSON.stringify(p.shape.map(Math.trunc)) ? null : `shape ${JSON.stringify(operand.shape)}`),
  },
};

// Modes that depend on the parameters: promise-returning methods reject, the others throw.
const ASYNC_METHODS = new Set(['createConstantTensor', 'build', 'createTensor', 'read']);
export function scenarioMode(s, p) {
  if (s.mode === 'by-method') return ASYNC_METHODS.has(p.method) ? 'async' : 'sync';
  if (s.mode === 'by-call') return ASYNC_METHODS.has(p.call) ? 'async' : 'sync';
  return s.mode;
}
export const scenarioExpect = (s, p) => (typeof s.expect === 'function' ? s.expect(p) : s.expect);
