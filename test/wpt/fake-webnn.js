// A tiny pure-JS fake of the WebNN API subset the conformance runner uses.
// ONLY for testing the runner itself (test/wpt/*.test.js and the runner's
// --impl option); never used by a real conformance run.
//
// Operators: add, sub, relu, abs, identity, clamp, gemm (2-D, options.c/alpha/beta),
// cast, split (equal splits along an axis), conv2d (always throws
// NotSupportedError), fakeHang (busy-loops forever at build time: for the
// worker watchdog), fakeNever (build() never settles: for the async timeout).
// Data types: float32, float16 (carried as uint16 bits), int32, int64.

import {halfToNumber, sizeOfShape, toHalf} from './compare.js';

const TYPES = ['float32', 'float16', 'int32', 'int64'];
const ARRAYS = {float32: Float32Array, float16: Uint16Array, int32: Int32Array, int64: BigInt64Array};

const lim = (dataTypes = TYPES) => ({dataTypes: [...dataTypes], rankRange: {min: 0, max: 8}});

function limits() {
  const binary = (t) => ({a: lim(t), b: lim(t), output: lim(t)});
  const single = (t) => ({input: lim(t), output: lim(t)});
  return {
    preferredInputLayout: 'nchw',
    maxTensorByteLength: 2 ** 31,
    input: lim(), constant: lim(), output: lim(),
    add: binary(['float32', 'int32', 'int64']), // no float16: such cases are skipped
    sub: binary(['float32', 'int32', 'int64']),
    relu: single(['float32', 'float16']),
    identity: single(),
    abs: single(['float32', 'float16']),
    clamp: single(['float32', 'int64']),
    cast: single(),
    gemm: {a: lim(['float32']), b: lim(['float32']), c: lim(['float32']), output: lim(['float32'])},
    split: {input: lim(), outputs: lim()},
    conv2d: {input: lim(['float32']), filter: lim(['float32']), bias: lim(['float32']),
      output: lim(['float32'])},
    fakeHang: single(['float32']),
    fakeNever: single(['float32']),
  };
}

class FakeOperand {
  constructor(builder, dataType, shape, fields) {
    this._builder = builder;
    this.dataType = dataType;
    this.shape = Object.freeze([...shape]);
    Object.assign(this, fields);
  }
}

class FakeTensor {
  constructor(desc) {
    if (!TYPES.includes(desc.dataType)) throw new TypeError(`unsupported data type ${desc.dataType}`);
    this.dataType = desc.dataType;
    this.shape = Object.freeze([...desc.shape]);
    this.readable = !!desc.readable;
    this.writable = !!desc.writable;
    this.constant = false;
    this._data = new ARRAYS[desc.dataType](sizeOfShape(desc.shape));
    this._destroyed = false;
  }
  destroy() {
    this._destroyed = true;
  }
}

class FakeGraph {
  constructor(outputs) {
    this._outputs = outputs;
    this._destroyed = false;
  }
  destroy() {
    this._destroyed = true;
  }
}

// values <-> JS numbers/BigInts
function toValues(dataType, typed) {
  if (dataType === 'float16') return Array.from(typed, halfToNumber);
  return Array.from(typed);
}
function fromValues(dataType, values) {
  const T = ARRAYS[dataType];
  if (dataType === 'float16') return Uint16Array.from(values, (v) => toHalf(v));
  if (dataType === 'int64') return BigInt64Array.from(values, (v) => BigInt(v));
  return T.from(values);
}

function broadcastIndex(i, outShape, inShape) {
  let idx = 0;
  let stride = 1;
  let rem = i;
  const offset = outShape.length - inShape.length;
  const coords = new Array(outShape.length);
  for (let d = outShape.length - 1; d >= 0; d--) {
    coords[d] = rem % outShape[d];
    rem = Math.floor(rem / outShape[d]);
  }
  for (let d = inShape.length - 1; d >= 0; d--) {
    const c = inShape[d] === 1 ? 0 : coords[d + offset];
    idx += c * stride;
    stride *= inShape[d];
  }
  return idx;
}

function broadcastShapes(a, b) {
  const n = Math.max(a.length, b.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) throw new TypeError('shapes not broadcastable');
    out.push(Math.max(x, y));
  }
  return out;
}

function roundTo(dataType, v) {
  if (dataType === 'float32') return Math.fround(v);
  if (dataType === 'float16') return halfToNumber(toHalf(v));
  if (dataType === 'int32') return v | 0;
  return v;
}

export class MLGraphBuilder {
  constructor(context) {
    if (!(context instanceof MLContext)) throw new TypeError('not an MLContext');
    this._context = context;
    this._names = new Set();
  }
  _check(...ops) {
    for (const o of ops) {
      if (!(o instanceof FakeOperand) || o._builder !== this) throw new TypeError('invalid operand');
    }
  }
  _checkType(op, operand, dataType) {
    const l = limits()[op];
    const t = l[operand] || l.input || l.a;
    if (!t.dataTypes.includes(dataType)) {
      throw new TypeError(`${op}: ${operand} data type ${dataType} is not supported`);
    }
  }
  input(name, desc) {
    if (this._names.has(name)) throw new TypeError(`duplicate input name ${name}`);
    if (!TYPES.includes(desc.dataType)) throw new TypeError(`unsupported data type ${desc.dataType}`);
    this._names.add(name);
    return new FakeOperand(this, desc.dataType, desc.shape, {kind: 'input', name});
  }
  constant(desc, buffer) {
    if (!TYPES.includes(desc.dataType)) throw new TypeError(`unsupported data type ${desc.dataType}`);
    const T = ARRAYS[desc.dataType];
    if (!(buffer instanceof T) || buffer.length !== sizeOfShape(desc.shape)) {
      throw new TypeError(`constant: expected ${T.name} of ${sizeOfShape(desc.shape)} elements`);
    }
    return new FakeOperand(this, desc.dataType, desc.shape, {kind: 'constant', data: T.from(buffer)});
  }
  _op(name, dataType, shape, inputs, fn) {
    return new FakeOperand(this, dataType, shape, {kind: 'op', op: name, inputs, fn});
  }
  _binary(name, a, b, f) {
    this._check(a, b);
    if (a.dataType !== b.dataType) throw new TypeError(`${name}: data types differ`);
    this._checkType(name, 'a', a.dataType);
    const shape = broadcastShapes(a.shape, b.shape);
    const dt = a.dataType;
    return this._op(name, dt, shape, [a, b], ([x, y]) => {
      const n = sizeOfShape(shape);
      const out = new Array(n);
      if (a.shape.join() === b.shape.join()) {
        for (let i = 0; i < n; i++) out[i] = roundTo(dt, f(x[i], y[i]));
        return out;
      }
      for (let i = 0; i < n; i++) {
        out[i] = roundTo(dt, f(x[broadcastIndex(i, shape, a.shape)], y[broadcastIndex(i, shape, b.shape)]));
      }
      return out;
    });
  }
  add(a, b) {
    return this._binary('add', a, b, (x, y) => x + y);
  }
  sub(a, b) {
    return this._binary('sub', a, b, (x, y) => x - y);
  }
  relu(input) {
    this._check(input);
    this._checkType('relu', 'input', input.dataType);
    return this._op('relu', input.dataType, input.shape, [input],
        ([x]) => x.map((v) => (v > 0 ? v : (Number.isNaN(v) ? v : 0))));
  }
  abs(input) {
    this._check(input);
    this._checkType('abs', 'input', input.dataType);
    return this._op('abs', input.dataType, input.shape, [input], ([x]) => x.map((v) => Math.abs(v)));
  }
  identity(input) {
    this._check(input);
    return this._op('identity', input.dataType, input.shape, [input], ([x]) => x.slice());
  }
  cast(input, dataType) {
    this._check(input);
    if (!TYPES.includes(dataType)) throw new TypeError(`cast: unsupported ${dataType}`);
    return this._op('cast', dataType, input.shape, [input], ([x]) => x.map((v) => {
      if (dataType === 'int64') return BigInt(Math.trunc(Number(v)));
      return roundTo(dataType, Number(v));
    }));
  }
  clamp(input, options = {}) {
    this._check(input);
    this._checkType('clamp', 'input', input.dataType);
    const big = input.dataType === 'int64';
    const conv = (v, d) => (v === undefined ? d : (big ? BigInt(v) : roundTo(input.dataType, Number(v))));
    const lo = conv(options.minValue, big ? null : -Infinity);
    const hi = conv(options.maxValue, big ? null : Infinity);
    return this._op('clamp', input.dataType, input.shape, [input], ([x]) => x.map((v) => {
      let r = v;
      if (lo !== null && r < lo) r = lo;
      if (hi !== null && r > hi) r = hi;
      return r;
    }));
  }
  gemm(a, b, options = {}) {
    this._check(a, b);
    if (options.c !== undefined) this._check(options.c);
    const [M, K] = options.aTranspose ? [a.shape[1], a.shape[0]] : a.shape;
    const [K2, N] = options.bTranspose ? [b.shape[1], b.shape[0]] : b.shape;
    if (K !== K2) throw new TypeError('gemm: inner dimensions differ');
    const alpha = options.alpha ?? 1;
    const beta = options.beta ?? 1;
    const c = options.c;
    const inputs = c ? [a, b, c] : [a, b];
    return this._op('gemm', a.dataType, [M, N], inputs, ([x, y, z]) => {
      const out = new Array(M * N);
      for (let i = 0; i < M; i++) {
        for (let j = 0; j < N; j++) {
          let s = 0;
          for (let k = 0; k < K; k++) {
            const av = options.aTranspose ? x[k * M + i] : x[i * K + k];
            const bv = options.bTranspose ? y[j * K + k] : y[k * N + j];
            s = Math.fround(s + Math.fround(av * bv));
          }
          let v = Math.fround(alpha * s);
          if (c) v = Math.fround(v + Math.fround(beta * z[broadcastIndex(i * N + j, [M, N], c.shape)]));
          out[i * N + j] = v;
        }
      }
      return out;
    });
  }
  split(input, splits, options = {}) {
    this._check(input);
    const axis = options.axis ?? 0;
    if (typeof splits !== 'number') throw new TypeError('fake split: only a number of equal splits');
    const len = input.shape[axis] / splits;
    const outer = input.shape.slice(0, axis).reduce((p, q) => p * q, 1);
    const inner = input.shape.slice(axis + 1).reduce((p, q) => p * q, 1);
    const outs = [];
    for (let s = 0; s < splits; s++) {
      const shape = input.shape.slice();
      shape[axis] = len;
      outs.push(this._op('split', input.dataType, shape, [input], ([x]) => {
        const out = [];
        for (let o = 0; o < outer; o++) {
          for (let l = 0; l < len; l++) {
            for (let i = 0; i < inner; i++) {
              out.push(x[(o * input.shape[axis] + s * len + l) * inner + i]);
            }
          }
        }
        return out;
      }));
    }
    return outs;
  }
  conv2d() {
    throw new DOMException('conv2d is not implemented by the fake', 'NotSupportedError');
  }
  fakeHang(input) {
    this._check(input);
    // busy loop: only a worker termination can stop this
    for (;;) { /* hang */ }
  }
  fakeNever(input) {
    this._check(input);
    return this._op('fakeNever', input.dataType, input.shape, [input], () => {
      throw new Error('unreachable');
    });
  }
  async build(outputs) {
    const named = {};
    for (const [k, v] of Object.entries(outputs)) {
      this._check(v);
      if (v.kind !== 'op') throw new TypeError(`output ${k} is not an operator output`);
      named[k] = v;
    }
    const hasNever = (o) => o.kind === 'op' && (o.op === 'fakeNever' || o.inputs.some(hasNever));
    if (Object.values(named).some(hasNever)) await new Promise(() => {});
    return new FakeGraph(named);
  }
}

export class MLContext {
  constructor() {
    this._lost = false;
  }
  opSupportLimits() {
    return limits();
  }
  async createTensor(desc) {
    return new FakeTensor(desc);
  }
  writeTensor(tensor, data) {
    if (!tensor.writable) throw new TypeError('tensor not writable');
    const T = ARRAYS[tensor.dataType];
    const src = data instanceof ArrayBuffer ? new T(data) :
        new T(data.buffer, data.byteOffset, data.byteLength / T.BYTES_PER_ELEMENT);
    if (src.length !== tensor._data.length) throw new TypeError('writeTensor: size mismatch');
    tensor._data.set(src);
  }
  async readTensor(tensor) {
    if (!tensor.readable) throw new TypeError('tensor not readable');
    return tensor._data.slice().buffer;
  }
  dispatch(graph, inputs, outputs) {
    const cache = new Map();
    const evalOp = (o) => {
      if (cache.has(o)) return cache.get(o);
      let v;
      if (o.kind === 'constant') v = toValues(o.dataType, o.data);
      else if (o.kind === 'input') {
        const t = inputs[o.name];
        if (!t) throw new TypeError(`missing input ${o.name}`);
        v = toValues(o.dataType, t._data);
      } else v = o.fn(o.inputs.map(evalOp));
      cache.set(o, v);
      return v;
    };
    for (const [name, operand] of Object.entries(graph._outputs)) {
      const t = outputs[name];
      if (!t) throw new TypeError(`missing output ${name}`);
      t._data.set(fromValues(operand.dataType, evalOp(operand)));
    }
  }
  destroy() {}
}

export function install(target = globalThis) {
  const ml = {createContext: async () => new MLContext()};
  if (!target.navigator) {
    Object.defineProperty(target, 'navigator', {value: {}, configurable: true, writable: true});
  }
  target.navigator.ml = ml;
  target.MLGraphBuilder = MLGraphBuilder;
  target.MLContext = MLContext;
  return ml;
}
