// A minimal writer of ONNX model files (protobuf, the fields of onnx.proto the synthetic test models need), so a
// test can make the exact graph it wants - e.g. a decoder with 4-bit MatMulNBits projections - without Python or
// a binary fixture. Repeated scalars are written unpacked, which every protobuf reader accepts. A message holds
// its encoding as a list of byte chunks (a tensor's data is one chunk, referenced, not copied), so a model of
// several hundred MB is written in one copy, at the end.
//
//   const bytes = model({ opsets: { '': 17, 'com.microsoft': 1 }, nodes, initializers, inputs, outputs });
//   node('MatMulNBits', ['a', 'b', 's'], ['y'], { K: 64, N: 32, bits: 4, block_size: 32 }, 'com.microsoft')
//   tensor('b', 'uint8', [32, 2, 16], bytes); valueInfo('a', 'float32', [1, 'sequence_length', 64])

const ELEMENT_TYPES = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, float16: 10 };

function varint(value) {
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;  // two's complement, as protobuf writes negative int64
  const out = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Uint8Array.from(out);
}

class Message {
  constructor() {
    this.chunks = [];
    this.length = 0;
  }
  push(chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  varint(field, value) {
    this.push(varint((field << 3) | 0));
    this.push(varint(value));
    return this;
  }
  fixed32Float(field, value) {
    this.push(varint((field << 3) | 5));
    this.push(new Uint8Array(new Float32Array([value]).buffer));
    return this;
  }
  bytesField(field, data) {
    const payload = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    this.push(varint((field << 3) | 2));
    this.push(varint(payload.length));
    if (payload instanceof Message) {
      for (const c of payload.chunks) this.push(c);
    } else {
      this.push(payload);
    }
    return this;
  }
  toBytes() {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

export function tensor(name, dataType, dims, data) {
  const m = new Message();
  for (const d of dims) m.varint(1, d);
  m.varint(2, ELEMENT_TYPES[dataType]);
  m.bytesField(8, name);
  m.bytesField(9, new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, data.byteLength));
  return m;
}

function attribute(name, value) {
  const m = new Message().bytesField(1, name);
  if (Array.isArray(value)) {
    m.varint(20, 7);  // INTS
    for (const v of value) m.varint(8, v);
  } else if (typeof value === 'string') {
    m.varint(20, 3).bytesField(4, value);  // STRING
  } else if (Number.isInteger(value)) {
    m.varint(20, 2).varint(3, value);  // INT
  } else {
    m.varint(20, 1).fixed32Float(2, value);  // FLOAT
  }
  return m;
}

export function node(opType, inputs, outputs, attributes = {}, domain = '') {
  const m = new Message();
  for (const i of inputs) m.bytesField(1, i);
  for (const o of outputs) m.bytesField(2, o);
  m.bytesField(3, `${opType}_${outputs[0]}`);
  m.bytesField(4, opType);
  for (const [k, v] of Object.entries(attributes)) m.bytesField(5, attribute(k, v));
  if (domain) m.bytesField(7, domain);
  return m;
}

// dims: numbers, or strings for symbolic dims (dim_param).
export function valueInfo(name, dataType, dims) {
  const shape = new Message();
  for (const d of dims) shape.bytesField(1, typeof d === 'string' ? new Message().bytesField(2, d) : new Message().varint(1, d));
  const tensorType = new Message().varint(1, ELEMENT_TYPES[dataType]).bytesField(2, shape);
  return new Message().bytesField(1, name).bytesField(2, new Message().bytesField(1, tensorType));
}

export function model({ opsets, nodes, initializers, inputs, outputs, name = 'synthetic' }) {
  const graph = new Message();
  for (const n of nodes) graph.bytesField(1, n);
  graph.bytesField(2, name);
  for (const t of initializers) graph.bytesField(5, t);
  for (const i of inputs) graph.bytesField(11, i);
  for (const o of outputs) graph.bytesField(12, o);
  const m = new Message().varint(1, 8).bytesField(2, 'webnn-wasm tests');
  m.bytesField(7, graph);
  for (const [domain, version] of Object.entries(opsets)) {
    m.bytesField(8, new Message().bytesField(1, domain).varint(2, version));
  }
  return m.toBytes();
}
