// MLContext: marshals to the runtime's context (src/cpp/runtime/context.h), which owns the timeline
// (dispatch, tensor reads and writes, builds and destroys, in order), the tensors and graphs, and the
// lost state. Spec: #api-mlcontext.
import { yieldToEventLoop } from '../loader.js';
import { convertArguments } from '../webidl/conversions.js';
import { errorFromStatus, invalidState, unwrap } from './errors.js';
import { bytesOf, checkBuffer, copyOut, descriptorByteLength, heapView, newFaultedBuffer, waitForFlag, withStaged } from './heap.js';
import { contextInternals, destroyWhenCollected, graphInternals, tensorInternals } from './internals.js';
import { MLTensor } from './ml-tensor.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

// readTensor()/writeTensor() views that hold bytes of any data type (see checkBuffer: Int8Array beyond the spec).
const TENSOR_BYTE_VIEWS = ['Uint8Array', 'Int8Array'];
const contexts = new WeakSet();
const limitsByModule = new WeakMap();  // opSupportLimits() as JSON, per runtime

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
  #lostMessage = null;  // set once the context is destroyed or lost
  #lostFlag;  // the int32 index in Wasm memory of the flag the runtime sets once the context is lost

  constructor(token, runtime) {
    checkInternal(token);
    this.#runtime = runtime;
    this.#native = new runtime.module.Context();
    this.#lostFlag = this.#native.lostFlagAddress() / 4;  // not `>> 2`: the address may be above 2 GiB
    this.#lost = new Promise((resolve) => { this.#resolveLost = resolve; });
    contexts.add(this);
    // Forgotten contexts: their tensors and graphs refer to them, so this waits until those are gone too.
    destroyWhenCollected.register(this, this.#native, this);
    if (runtime.threaded && typeof Atomics.waitAsync === 'function') {
      // Resolve `lost` as soon as the executor loses the context, without keeping this object alive or a
      // Node process running. Elsewhere the loss is noticed at the next call.
      const self = new WeakRef(this);
      waitForFlag(runtime, this.#lostFlag * 4, { holdProcess: false }).then(() => self.deref()?.#isLost());
    }
  }

  // Whether the context is destroyed or lost; notices a loss on the executor and resolves `lost`. Every call
  // of the API asks: the flag is read from Wasm memory (a native call took ~10% of a builder call).
  #isLost() {
    if (this.#lostMessage === null && Atomics.load(heapView(this.#runtime, Int32Array), this.#lostFlag) !== 0) {
      this.#markLost(this.#native.lostMessage());
    }
    return this.#lostMessage !== null;
  }

  #markLost(message) {
    this.#lostMessage = message;
    // The runtime has freed the context's tensors and graphs; their JS handles (and this one's native
    // handle) are deleted by their owners' destroy() or when collected.
    this.#resolveLost({ message });
  }

  #checkLive(method) {
    if (this.#isLost()) throw invalidState(`${method}: the context is lost (${this.#lostMessage})`);
  }

  get accelerated() {
    brand(this);
    return false;  // a CPU implementation: never a GPU or NPU
  }

  // A promise-typed attribute: on a wrong `this` the getter rejects rather than throws (WebIDL §3.7.6).
  get lost() {
    try {
      return brand(this).#lost;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  dispatch(...args) {
    brand(this);
    const { args: [graph, inputs, outputs] } = convertArguments('MLContext', 'dispatch', args);
    this.#checkLive('dispatch');
    if (graphInternals.contextOf(graph) !== this) throw new TypeError('dispatch graph: the graph belongs to another context.');
    if (graphInternals.isDestroyed(graph)) throw invalidState('dispatch graph: the graph is destroyed.');
    const bound = [];
    [inputs, outputs].forEach((record, k) => {
      for (const name of Object.keys(record)) {
        const tensor = record[name];
        const where = `dispatch ${k ? 'outputs' : 'inputs'}['${name}']`;
        if (tensorInternals.contextOf(tensor) !== this) throw new TypeError(`${where}: the tensor belongs to another context.`);
        if (tensorInternals.isDestroyed(tensor)) throw new TypeError(`${where}: the tensor is destroyed.`);
        bound.push([k, name, tensorInternals.nativeOf(tensor)]);
      }
    });
    for (const [k, name, native] of bound) {
      if (k) this.#native.bindOutput(name, native);
      else this.#native.bindInput(name, native);
    }
    unwrap(this.#native.dispatch(graphInternals.nativeOf(graph)));
  }

  #createTensor(desc, constant, data) {
    this.#checkLive(constant ? 'createConstantTensor' : 'createTensor');
    if (data) checkBuffer('createConstantTensor inputData', data, desc.dataType, descriptorByteLength(desc));
    const native = unwrap(this.#native.createTensor(desc.dataType, desc.shape, !!desc.readable,
                                                     !!desc.writable, constant));
    const tensor = new MLTensor(INTERNAL, this, native, { ...desc, constant });
    if (data) {
      const bytes = bytesOf(data);
      try {
        withStaged(this.#runtime, bytes, (staged) => unwrap(this.#native.writeTensor(native, staged)));
      } catch (e) {
        tensor.destroy();
        throw e;
      }
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
    this.#checkLive(method);
    if (tensorInternals.contextOf(tensor) !== this) throw new TypeError(`${method} tensor: the tensor belongs to another context.`);
    if (tensorInternals.isDestroyed(tensor)) throw new TypeError(`${method} tensor: the tensor is destroyed.`);
  }

  writeTensor(...args) {
    brand(this);
    const { args: [tensor, data] } = convertArguments('MLContext', 'writeTensor', args);
    this.#checkTensor('writeTensor', tensor);
    if (!tensor.writable) throw new TypeError('writeTensor tensor: the tensor is not writable.');
    const native = tensorInternals.nativeOf(tensor);
    checkBuffer('writeTensor inputData', data, tensor.dataType, native.byteLength(), { byteViews: TENSOR_BYTE_VIEWS });
    const bytes = bytesOf(data);
    // The bytes are copied now, so the caller may reuse its buffer as soon as this returns.
    withStaged(this.#runtime, bytes, (staged) => unwrap(this.#native.writeTensor(native, staged)));
  }

  readTensor(...args) {
    return settle(() => this.#readTensor(args));
  }

  #readTensor(args) {
    brand(this);
    const { args: [tensor, outputData] } = convertArguments('MLContext', 'readTensor', args);
    this.#checkTensor('readTensor', tensor);
    if (!tensor.readable) throw new TypeError('readTensor tensor: the tensor is not readable.');
    const native = tensorInternals.nativeOf(tensor);
    let target = null;
    if (outputData !== undefined) {
      checkBuffer('readTensor outputData', outputData, tensor.dataType, native.byteLength(), { byteViews: TENSOR_BYTE_VIEWS });
      target = outputData;
    }
    // Without outputData the result is a new ArrayBuffer: made now, while the work before the read runs
    // (and before the request, which must not be left behind if this throws).
    const fresh = target ? null : newFaultedBuffer(native.byteLength());
    const request = unwrap(this.#native.readTensor(native));
    return tensorInternals.trackRead(tensor, this.#finishRead(request, tensor, target, fresh));
  }

  async #finishRead(request, tensor, target, fresh) {
    try {
      // Never blocks while the event loop has anything else to run (see waitForFlag).
      const { module } = this.#runtime;
      if (request.status() === 0) {
        await waitForFlag(this.#runtime, request.flagAddress());
      } else if (module.inlineDebtHigh()) {
        // Steps ran on this thread and a loop of dispatch + read has not let the event loop turn: settle after
        // a task, so that it does, and the next steps may run here too (Executor::InlineDebtMs).
        await yieldToEventLoop();
        module.eventLoopTurned();
      } else {
        await null;  // settle after the caller's synchronous code, as a timeline read does
      }
      if (tensorInternals.isDestroyed(tensor)) {
        throw invalidState('readTensor: the tensor was destroyed before the read completed.');
      }
      if (this.#isLost() || request.status() !== 1) {
        throw invalidState(`readTensor: the context was lost before the read completed (${this.#lostMessage}).`);
      }
      const size = request.size();
      // The spec checks outputData again here: the page may have detached (transferred) it meanwhile.
      if (target && target.byteLength !== size) {
        throw new TypeError('readTensor outputData: the buffer was detached before the read completed.');
      }
      const view = target ? bytesOf(target) : new Uint8Array(fresh);
      // The bytes are still the tensor's own (see runtime/read_request.h): claimed, copied, released at once.
      const address = request.beginCopy();
      if (!address && size) throw new DOMException('readTensor: out of memory while keeping the bytes read.', 'UnknownError');
      copyOut(this.#runtime, address, size, view);
      return target ? undefined : fresh;
    } finally {
      request.endCopy();  // also when nothing was copied: a later write then need not set the bytes aside
      request.delete();
    }
  }

  // A new dictionary each call, as the spec's; what it holds is the runtime's, built once (1-7 ms a context in
  // Chromium, which LiteRT.js's delegate asks for each model it compiles).
  opSupportLimits() {
    brand(this);
    const { module } = this.#runtime;
    if (!limitsByModule.has(module)) limitsByModule.set(module, module.opSupportLimitsJson());
    return JSON.parse(limitsByModule.get(module));
  }

  destroy() {
    brand(this);
    if (this.#isLost()) return;
    this.#native.destroy();  // abandons queued work: pending reads and builds reject
    this.#markLost(this.#native.lostMessage());
  }

  // The 2024 API: compute(graph, inputs, outputs) with ArrayBufferViews, resolved with both.
  compute(...args) {
    return settle(() => {
      brand(this);
      return this.#compute(convertArguments('MLContext', 'compute', args).args);
    });
  }

  async #compute([graph, inputs, outputs]) {
    const desc = graphInternals.descriptorsOf(graph);
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

  static {
    Object.assign(contextInternals, {
      isContext: (v) => contexts.has(v),
      runtimeOf: (ctx) => ctx.#runtime,
      nativeOf: (ctx) => ctx.#native,
      checkLive: (ctx, method) => ctx.#checkLive(method),
      isLost: (ctx) => ctx.#isLost(),
      lostMessage: (ctx) => ctx.#lostMessage,
    });
  }
}

defineInterface(MLContext, 'MLContext');
export { errorFromStatus };
