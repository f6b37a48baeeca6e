// Records the WebNN graphs a framework builds on our navigator.ml, and replays them through our API
// alone: the way to time our engine on a model without the framework in the process (onnxruntime-web's
// 28 MB wasm keeps V8's compile threads busy for ~45 s in Node, which swings every timing taken beside
// it). A recording is JSON (builder calls in order, operands as ids, descriptors) plus one binary file
// holding every constant's bytes.

import { rng } from '../test/models/numerics.mjs';

const OPERAND = '$operand';
const BYTES = '$bytes';

// Wraps MLGraphBuilder.prototype so that every builder records its calls. Returns the recordings, one
// per build() call, in order.
export function startRecording(MLGraphBuilder, MLOperand) {
  const builds = [];
  const state = new WeakMap(); // builder -> { calls, ids: Map<MLOperand, id>, chunks, byteLength }
  const proto = MLGraphBuilder.prototype;
  const stateOf = (builder) => {
    let s = state.get(builder);
    if (!s) state.set(builder, (s = { calls: [], ids: new Map(), chunks: [], byteLength: 0 }));
    return s;
  };
  const encode = (s, v) => {
    if (v instanceof MLOperand) {
      if (!s.ids.has(v)) throw new Error('graph-record: an operand from outside the recorded calls');
      return { [OPERAND]: s.ids.get(v) };
    }
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
      const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      const offset = s.byteLength;
      s.chunks.push(bytes.slice());
      s.byteLength += bytes.byteLength;
      return { [BYTES]: offset, length: bytes.byteLength, type: v instanceof ArrayBuffer ? 'ArrayBuffer' : v.constructor.name };
    }
    if (Array.isArray(v)) return v.map((x) => encode(s, x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(s, x)]));
    return v;
  };
  const label = (s, result) => {
    if (result instanceof MLOperand) {
      s.ids.set(result, s.ids.size);
      return s.ids.size - 1;
    }
    if (Array.isArray(result)) return result.map((r) => label(s, r));
    return null;
  };
  for (const name of Object.getOwnPropertyNames(proto)) {
    const desc = Object.getOwnPropertyDescriptor(proto, name);
    if (name === 'constructor' || typeof desc.value !== 'function') continue;
    const original = desc.value;
    if (name === 'build') {
      proto.build = async function (outputs) {
        const s = stateOf(this);
        const graph = await original.call(this, outputs);
        builds.push({
          calls: s.calls,
          outputs: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, s.ids.get(v)])),
          weights: concat(s.chunks, s.byteLength),
        });
        return graph;
      };
      continue;
    }
    proto[name] = function (...args) {
      const s = stateOf(this);
      const encoded = encode(s, args);
      const result = original.apply(this, args);
      s.calls.push({ method: name, args: encoded, result: label(s, result) });
      return result;
    };
  }
  return builds;
}

function concat(chunks, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// Rebuilds a recording on `context`: { graph, inputs: [{name, descriptor}], outputs: [{name, descriptor}],
// buildMs }.
export async function replay(recording, context, MLGraphBuilder) {
  const builder = new MLGraphBuilder(context);
  const operands = [];
  const weights = recording.weights;
  const decode = (v) => {
    if (Array.isArray(v)) return v.map(decode);
    if (v && typeof v === 'object') {
      if (OPERAND in v) return operands[v[OPERAND]];
      if (BYTES in v) {
        const bytes = weights.slice(v[BYTES], v[BYTES] + v.length);
        if (v.type === 'ArrayBuffer') return bytes.buffer;
        const Type = globalThis[v.type];
        return new Type(bytes.buffer, 0, bytes.byteLength / Type.BYTES_PER_ELEMENT);
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]));
    }
    return v;
  };
  const inputs = [];
  for (const call of recording.calls) {
    const args = decode(call.args);
    const result = builder[call.method](...args);
    const assign = (id, r) => {
      if (Array.isArray(id)) id.forEach((x, i) => assign(x, r[i]));
      else if (id !== null) operands[id] = r;
    };
    assign(call.result, result);
    if (call.method === 'input') inputs.push({ name: args[0], descriptor: { dataType: result.dataType, shape: result.shape } });
  }
  const outputs = Object.fromEntries(Object.entries(recording.outputs).map(([k, id]) => [k, operands[id]]));
  const t0 = performance.now();
  const graph = await builder.build(outputs);
  const buildMs = performance.now() - t0;
  return {
    graph,
    buildMs,
    inputs,
    outputs: Object.entries(outputs).map(([name, o]) => ({ name, descriptor: { dataType: o.dataType, shape: o.shape } })),
  };
}

// Seeded data for a replayed graph's input of `descriptor`.
function inputData(descriptor, seed) {
  const size = descriptor.shape.reduce((a, b) => a * b, 1);
  const next = rng(seed);
  switch (descriptor.dataType) {
    case 'float32': return Float32Array.from({ length: size }, () => next() * 2 - 1);
    case 'int32': return Int32Array.from({ length: size }, () => Math.floor(next() * 100));
    case 'int64': return BigInt64Array.from({ length: size }, () => BigInt(Math.floor(next() * 100)));
    default: throw new Error(`input data type ${descriptor.dataType} not handled`);
  }
}

// A replay's graph bound to tensors on `context`: its inputs written with seeded data, its outputs readable.
// run() dispatches it and awaits the reads of every output; dispose() destroys the graph and the tensors.
export async function bindReplay(context, { graph, inputs, outputs }) {
  const feeds = {}, fetches = {};
  for (const [i, input] of inputs.entries()) {
    feeds[input.name] = await context.createTensor({ ...input.descriptor, writable: true });
    context.writeTensor(feeds[input.name], inputData(input.descriptor, 1234 + i));
  }
  for (const output of outputs) fetches[output.name] = await context.createTensor({ ...output.descriptor, readable: true });
  return {
    run: async () => {
      context.dispatch(graph, feeds, fetches);
      await Promise.all(Object.values(fetches).map((t) => context.readTensor(t)));
    },
    dispose: () => {
      graph.destroy();
      for (const t of [...Object.values(feeds), ...Object.values(fetches)]) t.destroy();
    },
  };
}

// Serialisation: <name>.json (calls, outputs) and <name>.bin (weights).
export function toFiles(recording) {
  return { json: JSON.stringify({ calls: recording.calls, outputs: recording.outputs }), bin: recording.weights };
}
export function fromFiles(json, bin) {
  const r = JSON.parse(json);
  return { ...r, weights: new Uint8Array(bin.buffer, bin.byteOffset, bin.byteLength) };
}
