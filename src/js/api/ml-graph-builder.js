// MLGraphBuilder. Every operator method is defined generically from the IDL (generated/idl-tables.js):
// arguments are converted as WebIDL says, flattened to argument: value and 'options.member': value, operands
// replaced by ids, written into the native builder's call record (call-record.js) and passed to the one native
// entry point, which validates them again. Adding an operator needs no change here. Spec: #api-mlgraphbuilder.
import { operations } from '../generated/idl-tables.js';
import { convertArguments } from '../webidl/conversions.js';
import { CallRecord } from './call-record.js';
import { invalidState, unwrap } from './errors.js';
import { bytesOf, checkBuffer, descriptorByteLength, waitForFlag } from './heap.js';
import { contextInternals, operandInternals, tensorInternals } from './internals.js';
import { MLGraph } from './ml-graph.js';
import { MLOperand } from './ml-operand.js';
import { INTERNAL, defineInterface } from './webidl-class.js';

const builders = new WeakSet();
const release = new FinalizationRegistry((native) => native.delete());
const kNonOperators = new Set(['input', 'constant', 'build']);
// Thrown by #idOf() for an operand of another builder; the caller names the argument.
class ForeignOperand extends Error {}

function brand(self) {
  if (!builders.has(self)) throw new TypeError('Illegal invocation');
  return self;
}

export class MLGraphBuilder {
  #context;
  #runtime;
  #native;
  #record;
  #built = false;
  #operandId = (value) => this.#idOf(value);

  constructor(...args) {
    if (!new.target) throw new TypeError("Failed to construct 'MLGraphBuilder': use 'new'.");
    const { args: [context] } = convertArguments('MLGraphBuilder', 'constructor', args);
    contextInternals.checkLive(context, 'MLGraphBuilder');
    this.#context = context;
    this.#runtime = contextInternals.runtimeOf(context);
    this.#native = new this.#runtime.module.GraphBuilder(contextInternals.nativeOf(context));
    this.#record = new CallRecord(this.#runtime, this.#native);
    builders.add(this);
    release.register(this, this.#native, this);
  }

  #checkUsable(method) {
    contextInternals.checkLive(this.#context, method);
    if (this.#built) throw invalidState(`${method}: the builder has already built a graph.`);
  }

  // A native call's result: the value, or the exception its error maps to.
  #checked(result) {
    if (result === -1) unwrap(this.#native.takeError());
    return result;
  }

  // An operand's id; undefined for any other value. An operand of another builder is an error that names where
  // it was passed (#operation() catches it and adds the path).
  #idOf(value) {
    if (!operandInternals.isOperand(value)) return undefined;
    if (operandInternals.builderOf(value) !== this) throw new ForeignOperand();
    return operandInternals.idOf(value);
  }

  input(...args) {
    brand(this);
    const { args: [name, desc] } = convertArguments('MLGraphBuilder', 'input', args);
    this.#checkUsable('input');
    return new MLOperand(INTERNAL, this, unwrap(this.#native.input(name, desc.dataType, desc.shape)), desc);
  }

  constant(...args) {
    brand(this);
    const { overload, args: converted } = convertArguments('MLGraphBuilder', 'constant', args);
    const sig = operations.MLGraphBuilder.constant[overload].args.map((a) => a.name);
    if (sig[0] === 'tensor') {
      // The spec checks the tensor (TypeError) before whether the builder can build (InvalidStateError).
      const tensor = converted[0];
      if (tensorInternals.contextOf(tensor) !== this.#context) throw new TypeError('constant tensor: the tensor belongs to another context.');
      if (tensorInternals.isDestroyed(tensor)) throw new TypeError('constant tensor: the tensor is destroyed.');
      if (!tensor.constant) throw new TypeError('constant tensor: the tensor was not created by createConstantTensor().');
      this.#checkUsable('constant');
      const id = unwrap(this.#native.constantTensor(tensorInternals.nativeOf(tensor)));
      return new MLOperand(INTERNAL, this, id, { dataType: tensor.dataType, shape: tensor.shape });
    }
    this.#checkUsable('constant');
    if (sig[0] === 'dataType') {
      const [type, value] = converted;
      // The spec's cast of value to type (and Chromium's BigInt rule) is native: graph/cast_number.h.
      return new MLOperand(INTERNAL, this, unwrap(this.#native.constantNumber(type, value)), { dataType: type, shape: [] });
    }
    const [desc, buffer] = converted;
    const rank = this.#record.sealShape(desc.shape);
    const byteLength = descriptorByteLength(desc);
    try {
      checkBuffer('constant buffer', buffer, desc.dataType, byteLength);
    } catch (e) {
      this.#checked(this.#native.stageConstant(desc.dataType, rank, -1));  // the spec checks the descriptor first
      throw e;
    }
    const bytes = bytesOf(buffer);
    const held = this.#constantFromSource(desc.dataType, rank, bytes);
    if (held >= 0) return new MLOperand(INTERNAL, this, held, desc);
    // The bytes are copied once, into memory the constant then owns.
    const address = this.#checked(this.#native.stageConstant(desc.dataType, rank, byteLength));
    new Uint8Array(this.#runtime.memory().buffer, address, byteLength).set(bytes);
    return new MLOperand(INTERNAL, this, this.#checked(this.#native.addStagedConstant()), desc);
  }

  // A large weight an earlier build packed (a language model's second session: 4-bit weights, their scales) is not
  // copied in: its bytes pass through a small scratch and are compared in full with what that packing reads back;
  // on a match the constant holds the packing (src/cpp/runtime/weight_sources.h). Returns the constant's id, or -1.
  #constantFromSource(dataType, rank, bytes) {
    const native = this.#native;
    const scratch = native.probeConstant(dataType, rank, bytes.byteLength);
    if (!scratch) return -1;
    for (let at; (at = native.sourceWanted()) >= 0; native.sourceFed()) {
      const part = bytes.subarray(at, at + native.sourceWantedBytes());
      new Uint8Array(this.#runtime.memory().buffer, scratch, part.byteLength).set(part);
    }
    const id = native.addSourceConstant();
    return id === -2 ? -1 : this.#checked(id);
  }

  #operation(name, args) {
    brand(this);
    const { args: converted, names } = convertArguments('MLGraphBuilder', name, args);
    this.#checkUsable(name);
    const options = converted[names.indexOf('options')];
    const label = options?.label ?? '';
    const record = this.#record;
    record.begin();
    let path;
    try {
      for (let i = 0; i < names.length; ++i) {
        const argName = names[i];
        const value = converted[i];
        if (argName === 'options' && value && typeof value === 'object') {
          for (const member of Object.keys(value)) {
            path = `options.${member}`;
            if (member !== 'label') record.add(path, value[member], this.#operandId);
          }
        } else {
          path = argName;
          record.add(argName, value, this.#operandId);
        }
      }
    } catch (e) {
      if (!(e instanceof ForeignOperand)) throw e;
      // Errors found here carry the label too, as the native ones do: "[label] op argument: reason".
      const at = record.listIndex < 0 ? path : `${path}[${record.listIndex}]`;
      throw new TypeError(`${label ? `[${label}] ${name}` : name} ${at}: the operand belongs to another builder.`);
    }
    const result = this.#checked(this.#native.operation(...record.seal(name, label)));
    return record.outputs(result).map((o) => new MLOperand(INTERNAL, this, o.id, o));
  }

  build(...args) {
    let request;
    try {
      brand(this);
      const { args: [outputs] } = convertArguments('MLGraphBuilder', 'build', args);
      this.#checkUsable('build');
      const names = Object.keys(outputs);
      const ids = names.map((n) => {
        if (operandInternals.builderOf(outputs[n]) !== this) throw new TypeError(`build outputs['${n}']: the operand belongs to another builder.`);
        return operandInternals.idOf(outputs[n]);
      });
      request = unwrap(this.#native.build(names, ids));
    } catch (e) {
      return Promise.reject(e);
    }
    this.#built = true;
    // The compile step holds what it needs of the builder; the JS handle is no longer needed.
    release.unregister(this);
    this.#native.delete();
    return this.#finishBuild(request);
  }

  // The compile is a step of the context's timeline (off the JS thread in the threaded build).
  async #finishBuild(request) {
    try {
      const runtime = contextInternals.runtimeOf(this.#context);
      if (request.state() === 0) await waitForFlag(runtime, request.flagAddress());
      contextInternals.checkLive(this.#context, 'build');
      return new MLGraph(INTERNAL, this.#context, unwrap(request.result()));
    } finally {
      request.delete();
    }
  }

  static {
    for (const [name, overloads] of Object.entries(operations.MLGraphBuilder)) {
      if (kNonOperators.has(name) || name === 'constructor') continue;
      const returnsList = overloads[0].returnType.startsWith('sequence');
      const method = {
        [name](...args) {
          const outputs = this.#operation(name, args);
          return returnsList ? outputs : outputs[0];
        },
      }[name];
      Object.defineProperty(this.prototype, name, { value: method, writable: true, configurable: true, enumerable: true });
    }
  }
}

defineInterface(MLGraphBuilder, 'MLGraphBuilder');
