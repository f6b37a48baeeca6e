// MLGraphBuilder. Every operator method is defined generically from the IDL (generated/idl-tables.js):
// arguments are converted as WebIDL says, flattened to {argument: value, 'options.member': value},
// operands replaced by ids, and passed to the one native entry point, which validates them again.
// Adding an operator needs no change here. Spec: #api-mlgraphbuilder.
import { operations } from '../generated/idl-tables.js';
import { convertArguments } from '../webidl/conversions.js';
import { invalidState, unwrap } from './errors.js';
import { bytesOf, checkBuffer, descriptorByteLength, waitForFlag, withStaged } from './heap.js';
import { contextInternals, operandInternals, tensorInternals } from './internals.js';
import { MLGraph } from './ml-graph.js';
import { MLOperand } from './ml-operand.js';
import { INTERNAL, defineInterface } from './webidl-class.js';

const builders = new WeakSet();
const release = new FinalizationRegistry((native) => native.delete());
const kNonOperators = new Set(['input', 'constant', 'build']);

function brand(self) {
  if (!builders.has(self)) throw new TypeError('Illegal invocation');
  return self;
}

export class MLGraphBuilder {
  #context;
  #native;
  #built = false;

  constructor(...args) {
    if (!new.target) throw new TypeError("Failed to construct 'MLGraphBuilder': use 'new'.");
    const { args: [context] } = convertArguments('MLGraphBuilder', 'constructor', args);
    contextInternals.checkLive(context, 'MLGraphBuilder');
    this.#context = context;
    const runtime = contextInternals.runtimeOf(context);
    this.#native = new runtime.module.GraphBuilder(contextInternals.nativeOf(context));
    builders.add(this);
    release.register(this, this.#native, this);
  }

  #checkUsable(method) {
    contextInternals.checkLive(this.#context, method);
    if (this.#built) throw invalidState(`${method}: the builder has already built a graph.`);
  }

  #operand(result) {
    const id = unwrap(result);
    return new MLOperand(INTERNAL, this, id, this.#native.describe(id));
  }

  #encode(value, path) {
    if (operandInternals.isOperand(value)) {
      if (operandInternals.builderOf(value) !== this) throw new TypeError(`${path}: the operand belongs to another builder.`);
      return { operand: operandInternals.idOf(value) };
    }
    if (Array.isArray(value)) return value.map((v, i) => this.#encode(v, `${path}[${i}]`));
    return value;
  }

  input(...args) {
    brand(this);
    const { args: [name, desc] } = convertArguments('MLGraphBuilder', 'input', args);
    this.#checkUsable('input');
    return this.#operand(this.#native.input(name, desc.dataType, desc.shape));
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
      return this.#operand(this.#native.constantTensor(tensorInternals.nativeOf(tensor)));
    }
    this.#checkUsable('constant');
    if (sig[0] === 'dataType') {
      const [type, value] = converted;
      // The spec's cast of value to type (and Chromium's BigInt rule) is native: graph/cast_number.h.
      return this.#operand(this.#native.constantNumber(type, value));
    }
    const [desc, buffer] = converted;
    // The spec checks the descriptor's dimensions before the buffer.
    unwrap(contextInternals.runtimeOf(this.#context).module.checkDescriptor('constant descriptor', desc.dataType, desc.shape));
    checkBuffer('constant buffer', buffer, desc.dataType, descriptorByteLength(desc));
    return this.#constantBytes(desc.dataType, desc.shape, bytesOf(buffer));
  }

  #constantBytes(type, shape, bytes) {
    const runtime = contextInternals.runtimeOf(this.#context);
    return this.#operand(withStaged(runtime, bytes, (staged) => this.#native.constant(type, shape, staged)));
  }

  #operation(name, args) {
    brand(this);
    const { args: converted, names } = convertArguments('MLGraphBuilder', name, args);
    this.#checkUsable(name);
    const flat = {};
    const options = converted[names.indexOf('options')];
    const label = options?.label ?? '';
    // Errors found here carry the label too, as the native ones do: "[label] op argument: reason".
    const op = label ? `[${label}] ${name}` : name;
    names.forEach((argName, i) => {
      const value = converted[i];
      if (argName === 'options' && value && typeof value === 'object') {
        for (const [member, v] of Object.entries(value)) {
          if (member !== 'label') flat[`options.${member}`] = this.#encode(v, `${op} options.${member}`);
        }
      } else {
        flat[argName] = this.#encode(value, `${op} ${argName}`);
      }
    });
    const ids = unwrap(this.#native.operation(name, label, flat));
    return ids.map((id) => new MLOperand(INTERNAL, this, id, this.#native.describe(id)));
  }

  build(...args) {
    let request;
    try {
      brand(this);
      const { args: [outputs] } = convertArguments('MLGraphBuilder', 'build', args);
      this.#checkUsable('build');
      const names = Object.keys(outputs);
      const ids = names.map((n) => this.#encode(outputs[n], `build outputs['${n}']`).operand);
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
