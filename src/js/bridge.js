// The bridge install({mode: 'auto'}) puts in front of a browser's own WebNN. Each createContext() asks the
// native navigator.ml first and keeps its context only if it serves: when native rejects (Chromium with
// --enable-features=WebMachineLearningNeuralNetwork but no backend rejects with NotSupportedError), or when
// native's opSupportLimits() lacks an operator or data type the caller declared in the non-standard
// `requiredOps` option, the context comes from us instead. The choice is made per context, before anything
// is built, and everything made from a context (builders, operands, graphs, tensors) comes from the same
// implementation, so the two never mix; objects passed to the other one get that one's own TypeError.
//
// The ML* globals become interface objects that cover both: `instanceof` holds for either implementation's
// objects (Symbol.hasInstance), and `new MLGraphBuilder(context)` constructs the builder of the context's
// implementation. Their `prototype` is ours (feature detection sees what the fallback offers).
//
// Every context says which implementation serves it in the non-standard, read-only `implementation`
// property: 'webnn-wasm' (a getter on our MLContext.prototype) or 'native' (set on each native context
// the bridge hands out).
import { defineInterface } from './api/webidl-class.js';

export const INTERFACE_NAMES = ['ML', 'MLContext', 'MLGraph', 'MLGraphBuilder', 'MLOperand', 'MLTensor'];

// Operators (opSupportLimits() keys) the caller needs, each with the data types it must take ([] = any).
// Returns what `limits` lacks, as 'op' or 'op:dataType'.
export function unmetRequirements(limits, requiredOps) {
  if (requiredOps === undefined || requiredOps === null) return [];
  if (typeof requiredOps !== 'object') throw new TypeError('createContext options.requiredOps: should be an object mapping operator names to data types.');
  const missing = [];
  for (const [op, dataTypes] of Object.entries(requiredOps)) {
    const entry = limits?.[op];
    if (!entry || typeof entry !== 'object') {
      missing.push(op);
      continue;
    }
    // `input`, `constant` and `output` list dataTypes directly; operators list them per operand. A data type
    // counts when any operand of the operator takes it (e.g. where's trueValue, cast's output).
    const lists = Array.isArray(entry.dataTypes) ? [entry.dataTypes]
      : Object.values(entry).filter((v) => Array.isArray(v?.dataTypes)).map((v) => v.dataTypes);
    for (const type of Array.isArray(dataTypes) ? dataTypes : [dataTypes]) {
      if (!lists.some((l) => l.includes(type))) missing.push(`${op}:${type}`);
    }
  }
  return missing;
}

function markNative(context) {
  Object.defineProperty(context, 'implementation', { value: 'native', enumerable: false, configurable: true });
  return context;
}

// An interface object that recognises the instances of every class in `classes` (some may be undefined).
function sharedInterface(name, ours, classes, construct) {
  const iface = construct ?? function () {
    throw new TypeError('Illegal constructor');
  };
  Object.defineProperty(iface, 'prototype', { value: ours.prototype, writable: false });
  Object.defineProperty(iface, Symbol.hasInstance, {
    value: (v) => classes.some((c) => typeof c === 'function' && Function.prototype[Symbol.hasInstance].call(c, v)),
  });
  Object.defineProperty(iface, 'name', { value: name });
  Object.defineProperty(iface, 'length', { value: ours.length });
  return iface;
}

// native: { ml, classes: {ML, MLContext, ...} } as found before we installed (a class may be missing);
// ours: { getML: () => our ML object, classes }. Returns { ml, globals } to install.
export function createBridge(native, ours) {
  const nativeMl = native.ml;
  const nativeCreateContext = nativeMl.createContext;

  class ML {
    createContext(...args) {
      if (this !== ml) return Promise.reject(new TypeError('Illegal invocation'));
      return createContext(args);
    }
  }
  defineInterface(ML, 'ML');
  const ml = Object.create(ML.prototype);

  async function createContext(args) {
    const options = args[0];
    const requiredOps = options && typeof options === 'object' ? options.requiredOps : undefined;
    unmetRequirements({}, requiredOps);  // a malformed requiredOps is the caller's TypeError, whoever serves
    let context;
    try {
      context = await nativeCreateContext.apply(nativeMl, args);
    } catch {
      return ours.getML().createContext(...args);
    }
    let missing = [];
    if (requiredOps !== undefined && requiredOps !== null) {
      try {
        missing = unmetRequirements(context.opSupportLimits(), requiredOps);
      } catch {
        missing = ['opSupportLimits()'];
      }
    }
    if (missing.length) {
      context.destroy();
      return ours.getML().createContext(...args);
    }
    return markNative(context);
  }

  const isNativeContext = (v) => typeof native.classes.MLContext === 'function' &&
    Function.prototype[Symbol.hasInstance].call(native.classes.MLContext, v);

  function MLGraphBuilder(...args) {
    if (!new.target) throw new TypeError("Failed to construct 'MLGraphBuilder': Please use the 'new' operator.");
    const Impl = isNativeContext(args[0]) && typeof native.classes.MLGraphBuilder === 'function'
      ? native.classes.MLGraphBuilder : ours.classes.MLGraphBuilder;
    return Reflect.construct(Impl, args, Impl);
  }

  const globals = {};
  for (const name of INTERFACE_NAMES) {
    const classes = [ours.classes[name], native.classes[name]];
    if (name === 'ML') classes.push(ML);
    globals[name] = sharedInterface(name, ours.classes[name], classes, name === 'MLGraphBuilder' ? MLGraphBuilder : null);
  }
  return { ml, globals };
}
