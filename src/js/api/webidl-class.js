// Makes a JS class look like a WebIDL interface object: Symbol.toStringTag on the prototype,
// enumerable operations and attributes, and "Illegal constructor" for interfaces without one.
export const INTERNAL = Symbol('webnn-wasm internal');

export function defineInterface(cls, name) {
  const proto = cls.prototype;
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === 'constructor') continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    Object.defineProperty(proto, key, { ...desc, enumerable: true });
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}

export function checkInternal(token) {
  if (token !== INTERNAL) throw new TypeError('Illegal constructor');
}
