// MLContext: the timeline (dispatch, tensor reads and writes, in order), tensors and lifetime.
// Spec: #api-mlcontext.
import { convertArguments } from '../generated/webidl.js';
import { errorFromStatus, invalidState, unwrap } from './errors.js';
import { bytesOf, copyIn, copyOut, waitForFlag } from './heap.js';
import { MLGraph } from './ml-graph.js';
import { MLTensor } from './ml-tensor.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const contexts = new WeakSet();

function brand(self) {
  if (!contexts.has(self)) throw new TypeError('Illegal invocation');
  return self;
}

// Promise-returning operations report argument errors by rejecting, as WebIDL says.
function settle(fn) {
  try {
    return Promise.resolve(fn());
  } catch (e) {
    return Promise.reject(e);
  }
}

export class MLContext {
  #runtime;
  #native;
  #lost;
  #resolveLost;
  #destroyed = false;
  #tensors = new Set();
  #graphs = new Set();
  #limits = null;

  constructor(token, runtime) {
    checkInternal(token);
    this.#runtime = runtime;
    this.#native = new runtime.module.Context();
    this.#lost = new Promise((resolve) => { this.#resolveLost = resolve; });
    contexts.add(this);
  }

  get accelerated() {
    brand(this);
    return false;  // a CPU implementation: never a GPU or NPU
  }

  get lost() {
    return brand(this).#lost;
  }

  dispatch(...args) {
    brand(this);
    const { args: [graph, inputs, outputs] } = convertArguments('MLContext', 'dispatch', args);
    if (this.#destroyed) throw invalidState('dispatch: the context is destroyed.');
    if (MLGraph.contextOf(graph) !== this) throw new TypeError('dispatch graph: the graph belongs to another context.');
    if (MLGraph.isDestroyed(graph)) throw invalidState('dispatch graph: the graph is destroyed.');
    const names = [[], []];
    const natives = [[], []];
    [inputs, outputs].forEach((record, k) => {
      for (const name of Object.keys(record)) {
        const tensor = record[name];
        const where = `dispatch ${k ? 'outputs' : 'inputs'}['${name}']`;
        if (MLTensor.contextOf(tensor) !== this) throw new TypeError(`${where}: the tensor belongs to another context.`);
        if (MLTensor.isDestroyed(tensor)) throw new TypeError(`${where}: the tensor is destroyed.`);
        names[k].push(name);
        natives[k].push(MLTensor.nativeOf(tensor));
      }
    });
    unwrap(this.#native.dispatch(MLGraph.nativeOf(graph), names[0], natives[0], names[1], natives[1]));
  }

  #createTensor(desc, constant, data) {
    if (this.#destroyed) throw invalidState('createTensor: the context is destroyed.');
    const native = unwrap(this.#native.createTensor(desc.dataType, desc.shape, !!desc.readable,
                                                     !!desc.writable, constant));
    const tensor = new MLTensor(INTERNAL, this, native, { ...desc, constant });
    this.#tensors.add(tensor);
    if (data) {
      const bytes = bytesOf(data);
      if (bytes.byteLength !== native.byteLength()) {
        tensor.destroy();
        throw new TypeError(`createConstantTensor inputData: byte length ${bytes.byteLength} does not match the ` +
                            `descriptor's ${native.byteLength()}.`);
      }
      unwrap(this.#native.writeTensor(native, copyIn(this.#runtime, bytes), bytes.byteLength));
    }
    return tensor;
  }

  createTensor(...args) {
    return settle(() => {
      brand(this);
      const { args: [desc] } = convertArguments('MLContext', 'createTensor', args);
      return this.#createTensor(desc, false);
    });
  }

  createConstantTensor(...args) {
    return settle(() => {
      brand(this);
      const { args: [desc, data] } = convertArguments('MLContext', 'createConstantTensor', args);
      return this.#createTensor(desc, true, data);
    });
  }

  #checkTensor(method, tensor) {
    if (this.#destroyed) throw invalidState(`${method}: the context is destroyed.`);
    if (MLTensor.contextOf(tensor) !== this) throw new TypeError(`${method} tensor: the tensor belongs to another context.`);
    if (MLTensor.isDestroyed(tensor)) throw new TypeError(`${method} tensor: the tensor is destroyed.`);
  }

  writeTensor(...args) {
    brand(this);
    const { args: [tensor, data] } = convertArguments('MLContext', 'writeTensor', args);
    this.#checkTensor('writeTensor', tensor);
    if (!tensor.writable) throw new TypeError('writeTensor tensor: the tensor is not writable.');
    const bytes = bytesOf(data);
    // The bytes are copied now, so the caller may reuse its buffer as soon as this returns.
    const ptr = copyIn(this.#runtime, bytes);
    unwrap(this.#native.writeTensor(MLTensor.nativeOf(tensor), ptr, bytes.byteLength));
  }

  readTensor(...args) {
    return settle(() => this.#readTensor(args));
  }

  #readTensor(args) {
    brand(this);
    const { args: [tensor, outputData] } = convertArguments('MLContext', 'readTensor', args);
    this.#checkTensor('readTensor', tensor);
    if (!tensor.readable) throw new TypeError('readTensor tensor: the tensor is not readable.');
    const native = MLTensor.nativeOf(tensor);
    let target = null;
    if (outputData !== undefined) {
      target = bytesOf(outputData);
      if (target.byteLength < native.byteLength()) {
        throw new TypeError(`readTensor outputData: byte length ${target.byteLength} is smaller than the tensor's ` +
                            `${native.byteLength()}.`);
      }
    }
    const request = unwrap(this.#native.readTensor(native));
    return this.#finishRead(request, target);
  }

  async #finishRead(request, target) {
    try {
      if (request.status() === 0) await waitForFlag(this.#runtime, request.flagAddress());
      else await null;  // settle after the caller's synchronous code, as a timeline read does
      if (this.#destroyed || request.status() !== 1) {
        throw invalidState('readTensor: the context or tensor was destroyed before the read completed.');
      }
      const out = copyOut(this.#runtime, request.dataAddress(), request.size(), target);
      return target ? undefined : out;
    } finally {
      request.delete();
    }
  }

  opSupportLimits() {
    brand(this);
    this.#limits ??= JSON.stringify(this.#runtime.module.opSupportLimits());
    return JSON.parse(this.#limits);
  }

  destroy() {
    brand(this);
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#native.destroy();
    for (const t of this.#tensors) t.destroy();
    for (const g of this.#graphs) g.destroy();
    this.#tensors.clear();
    this.#graphs.clear();
    this.#native.delete();
    this.#resolveLost({ message: 'The context was destroyed by destroy().' });
  }

  // The 2024 API: compute(graph, inputs, outputs) with ArrayBufferViews, resolved with both.
  compute(...args) {
    return settle(() => {
      brand(this);
      return this.#compute(convertArguments('MLContext', 'compute', args).args);
    });
  }

  async #compute([graph, inputs, outputs]) {
    const desc = MLGraph.descriptorsOf(graph);
    const made = [];
    const bind = async (record, list, usage) => {
      const out = {};
      for (const d of list) {
        if (!(d.name in record)) throw new TypeError(`compute: missing '${d.name}'.`);
        const t = await this.createTensor({ dataType: d.dataType, shape: d.shape, ...usage });
        made.push(t);
        out[d.name] = t;
      }
      return out;
    };
    try {
      const ins = await bind(inputs, desc.inputs, { writable: true });
      const outs = await bind(outputs, desc.outputs, { readable: true });
      for (const [name, t] of Object.entries(ins)) this.writeTensor(t, inputs[name]);
      this.dispatch(graph, ins, outs);
      for (const [name, t] of Object.entries(outs)) await this.readTensor(t, outputs[name]);
      return { inputs, outputs };
    } finally {
      for (const t of made) t.destroy();
    }
  }

  // Internal hooks for MLGraphBuilder.
  static runtimeOf(ctx) { return brand(ctx).#runtime; }
  static nativeOf(ctx) { return brand(ctx).#native; }
  static isDestroyed(ctx) { return brand(ctx).#destroyed; }
  static adoptGraph(ctx, graph) { ctx.#graphs.add(graph); }
  static isContext(v) { return contexts.has(v); }
}

defineInterface(MLContext, 'MLContext');
export { errorFromStatus };
