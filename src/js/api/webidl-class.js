// Makes a JS class look like a WebIDL interface object: Symbol.toStringTag on the prototype,
// enumerable operations and attributes, "Illegal constructor" for interfaces without one, and the
// `length` of each operation and constructor that WebIDL defines (the fewest arguments any of its
// overloads requires), where our methods take (...args) and so would report 0.
import { constructors, operations } from '../generated/idl-tables.js';

export const INTERNAL = Symbol('webnn-wasm internal');

// Overloads we add for older clients (`compat` in the table) do not count, unless there is no other.
function webidlLength(overloads) {
  const spec = overloads.filter((o) => !o.compat);
  return Math.min(...(spec.length ? spec : overloads).map((o) => o.args.filter((a) => !a.optional && !a.variadic).length));
}

export function defineInterface(cls, name) {
  const proto = cls.prototype;
  const ops = Object.hasOwn(operations, name) ? operations[name] : {};
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === 'constructor') continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    Object.defineProperty(proto, key, { ...desc, enumerable: true });
    if (typeof desc.value === 'function' && Object.hasOwn(ops, key)) {
      Object.defineProperty(desc.value, 'length', { value: webidlLength(ops[key]), configurable: true });
    }
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  Object.defineProperty(cls, 'name', { value: name });
  const ctor = Object.hasOwn(constructors, name) ? webidlLength(constructors[name]) : 0;
  Object.defineProperty(cls, 'length', { value: ctor, configurable: true });
  return cls;
}

export function checkInternal(token) {
  if (token !== INTERNAL) throw new TypeError('Illegal constructor');
}
