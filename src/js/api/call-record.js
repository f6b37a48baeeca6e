// A builder call in one crossing (src/cpp/bindings/call_record.h gives the format): the converted arguments go
// into the native builder's record in Wasm memory as float64s, names and strings into one text, and the call's
// outputs come back in the record. Reading each value through embind's handles cost ~80% of a builder call.
import { heapView } from './heap.js';

const kUndefined = 0;
const kBool = 1;
const kNumber = 2;
const kBigInt = 3;
const kString = 4;
const kOperand = 5;
const kList = 6;

const dataTypeNamesByModule = new WeakMap();

export class CallRecord {
  #runtime;
  #native;
  #values = new Float64Array(64);
  #length = 0;
  #entries = 0;
  #tokens = [];
  #address = 0;
  #capacity = 0;  // float64s known to fit at #address
  #dataTypeNames;
  #listIndex = -1;

  constructor(runtime, native) {
    this.#runtime = runtime;
    this.#native = native;
    const { module } = runtime;
    if (!dataTypeNamesByModule.has(module)) dataTypeNamesByModule.set(module, module.GraphBuilder.dataTypeNames());
    this.#dataTypeNames = dataTypeNamesByModule.get(module);
  }

  // The index in a list argument of the value add() was at when it threw, or -1.
  get listIndex() {
    return this.#listIndex;
  }

  begin() {
    this.#listIndex = -1;
    this.#length = 1;
    this.#entries = 0;
    this.#tokens.length = 0;
  }

  // One argument; `id(value)` is an operand's id, undefined for anything else, or throws.
  add(name, value, id) {
    this.#tokens.push(name);
    this.#value(value, id, false);
    ++this.#entries;
  }

  #push(x) {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = x;
  }

  #value(v, id, inList) {
    switch (typeof v) {
      case 'undefined': this.#push(kUndefined); return;
      case 'boolean': this.#push(kBool); this.#push(v ? 1 : 0); return;
      case 'number': this.#push(kNumber); this.#push(v); return;
      case 'bigint': this.#push(kBigInt); this.#tokens.push(v.toString()); return;
      case 'string': this.#push(kString); this.#tokens.push(v); return;
      default: break;
    }
    const operand = v === null ? undefined : id(v);
    if (operand !== undefined) {
      this.#push(kOperand);
      this.#push(operand);
    } else if (Array.isArray(v) && !inList) {
      this.#push(kList);
      this.#push(v.length);
      for (let i = 0; i < v.length; ++i) {
        this.#listIndex = i;
        this.#value(v[i], id, true);
      }
      this.#listIndex = -1;
    } else {
      this.#push(kUndefined);  // nothing a reader takes (WebIDL conversion leaves no such value)
    }
  }

  // Copies the record into Wasm memory; returns the text and length the native operation() takes: the text is
  // the operator's name, the arguments' tokens and last the label (which may hold any character).
  seal(name, label) {
    this.#values[0] = this.#entries;
    this.#copyIn();
    this.#tokens.push(label);
    return [`${name}\0${this.#tokens.join('\0')}`, this.#length];
  }

  // A shape (a sequence of unsigned long) alone, for stageConstant(); returns its rank.
  sealShape(shape) {
    this.#length = 0;
    for (const d of shape) this.#push(d);
    this.#copyIn();
    return this.#length;
  }

  // Throws an UnknownError when the native record cannot grow.
  #copyIn() {
    if (this.#length > this.#capacity) {
      this.#address = this.#native.record(this.#length);
      if (this.#address === 0) throw new DOMException('out of memory.', 'UnknownError');
      this.#capacity = this.#length;
    }
    heapView(this.#runtime, Float64Array).set(this.#values.subarray(0, this.#length), this.#address / 8);
  }

  // The outputs operation() wrote: [{id, dataType, shape}]. `result` is what it returned (not -1).
  outputs(result) {
    if (result <= -2) {  // the record moved to hold them
      this.#address = this.#native.record(0);
      this.#capacity = 0;
    }
    const r = heapView(this.#runtime, Float64Array);
    let at = this.#address / 8;
    const outputs = new Array(r[at++]);
    for (let i = 0; i < outputs.length; ++i) {
      const id = r[at];
      const dataType = this.#dataTypeNames[r[at + 1]];
      const shape = new Array(r[at + 2]);
      at += 3;
      for (let k = 0; k < shape.length; ++k) shape[k] = r[at++];
      outputs[i] = { id, dataType, shape };
    }
    return outputs;
  }
}
