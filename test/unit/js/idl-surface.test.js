// The interface objects as WPT's idlharness.js checks them (webnn/idlharness.https.any.js), derived from
// idl/webnn.idl with webidl2: global bindings, interface and prototype objects, every operation and attribute
// (property shape, name, length, brand checks, promise-returning members rejecting instead of throwing, too
// few arguments), navigator.ml as the NavigatorML attribute, and nothing on the objects beyond the IDL.
// Lengths per overload are in webidl-lengths.test.js.
import { readFileSync } from 'node:fs';
import { parse } from 'webidl2';
import * as api from '../../../dist/index.mjs';

const read = (file) => parse(readFileSync(new URL(`../../../idl/${file}`, import.meta.url), 'utf8'));
const idl = read('webnn.idl');
const compat = read('compat.idl');

// Interfaces merged with their partials: operations (name -> isPromise, fewest required arguments) and attributes.
function membersOf(defs) {
  const map = new Map();
  for (const def of defs) {
    if (def.type !== 'interface') continue;
    const entry = map.get(def.name) ?? { ops: new Map(), attrs: new Map(), hasCtor: false };
    for (const m of def.members) {
      if (m.type === 'constructor') entry.hasCtor = true;
      if (m.type === 'operation' && m.name && !m.special) {
        const required = m.arguments.filter((a) => !a.optional && !a.variadic).length;
        const prev = entry.ops.get(m.name);
        entry.ops.set(m.name, { promise: m.idlType.generic === 'Promise', required: Math.min(prev?.required ?? Infinity, required) });
      }
      if (m.type === 'attribute') entry.attrs.set(m.name, { promise: m.idlType.generic === 'Promise', readonly: m.readonly });
    }
    map.set(def.name, entry);
  }
  return map;
}
const interfaces = membersOf(idl);
const compatMembers = membersOf(compat);
const names = [...interfaces.keys()];

const expectDescriptor = (desc, shape) => {
  expect(desc).toBeDefined();
  for (const [k, v] of Object.entries(shape)) expect([k, desc[k]]).toEqual([k, v]);
};

// A call that must fail with a TypeError: thrown for ordinary members, a rejected promise for promise-typed ones.
async function expectTypeError(promise, call) {
  if (!promise) {
    expect(call).toThrow(TypeError);
    return;
  }
  let result;
  expect(() => { result = call(); }).not.toThrow();
  await expect(result).rejects.toThrow(TypeError);
}

beforeAll(() => api.install({ mode: 'force', threads: false }));
afterAll(() => api.uninstall());

test('the IDL defines the interfaces we export', () => {
  expect(names.sort()).toEqual(['ML', 'MLContext', 'MLGraph', 'MLGraphBuilder', 'MLOperand', 'MLTensor']);
});

describe.each(names)('%s', (name) => {
  const { ops, attrs, hasCtor } = interfaces.get(name);
  const I = () => globalThis[name];

  test('interface object: global binding, function, name, length, not callable', () => {
    expectDescriptor(Object.getOwnPropertyDescriptor(globalThis, name), { writable: true, enumerable: false, configurable: true });
    expect(typeof I()).toBe('function');
    expect(Object.getPrototypeOf(I())).toBe(Function.prototype);
    expectDescriptor(Object.getOwnPropertyDescriptor(I(), 'name'), { value: name, writable: false, enumerable: false, configurable: true });
    expectDescriptor(Object.getOwnPropertyDescriptor(I(), 'length'), { writable: false, enumerable: false, configurable: true });
    expect(() => I()()).toThrow(TypeError);
    if (!hasCtor) expect(() => new (I())()).toThrow(TypeError);
    // No static members: nothing through which a page could reach the runtime.
    expect(Object.getOwnPropertyNames(I()).sort()).toEqual(['length', 'name', 'prototype']);
    expect(Object.getOwnPropertySymbols(I())).toEqual([]);
  });

  test('interface prototype object: descriptor, [[Prototype]], constructor, @@toStringTag', () => {
    expectDescriptor(Object.getOwnPropertyDescriptor(I(), 'prototype'), { writable: false, enumerable: false, configurable: false });
    const proto = I().prototype;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expectDescriptor(Object.getOwnPropertyDescriptor(proto, 'constructor'), { value: I(), writable: true, enumerable: false, configurable: true });
    expectDescriptor(Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag), { value: name, writable: false, enumerable: false, configurable: true });
    expect(Object.prototype.toString.call(proto)).toBe(`[object ${name}]`);
  });

  test('the prototype holds the IDL members only (and compat.idl additions for older clients)', () => {
    const allowed = new Set(['constructor', ...ops.keys(), ...attrs.keys()]);
    const extra = compatMembers.get(name);
    if (extra) for (const k of [...extra.ops.keys(), ...extra.attrs.keys()]) allowed.add(k);
    // Non-standard and non-enumerable: which implementation serves a context (ours or the bridge's native one).
    if (name === 'MLContext') allowed.add('implementation');
    for (const key of Object.getOwnPropertyNames(I().prototype)) expect([key, allowed.has(key)]).toEqual([key, true]);
  });

  const opNames = [...ops.keys()];
  if (opNames.length) {
    test.each(opNames)('operation %s: property, name, brand check with this = null and {}', async (op) => {
      const { promise } = ops.get(op);
      const desc = Object.getOwnPropertyDescriptor(I().prototype, op);
      expectDescriptor(desc, { writable: true, enumerable: true, configurable: true });
      expect(typeof desc.value).toBe('function');
      expectDescriptor(Object.getOwnPropertyDescriptor(desc.value, 'name'), { value: op, writable: false, enumerable: false, configurable: true });
      for (const self of [null, undefined, {}, Object.create(I().prototype)]) {
        await expectTypeError(promise, () => desc.value.call(self));
      }
    });
  }

  const attrNames = [...attrs.keys()];
  if (attrNames.length) {
    test.each(attrNames)('attribute %s: accessor, getter name and length, brand check', async (attr) => {
      const { promise, readonly } = attrs.get(attr);
      const desc = Object.getOwnPropertyDescriptor(I().prototype, attr);
      expectDescriptor(desc, { enumerable: true, configurable: true });
      expect(typeof desc.get).toBe('function');
      expect(desc.get.name).toBe(`get ${attr}`);
      expect(desc.get.length).toBe(0);
      if (readonly) expect(desc.set).toBeUndefined();
      for (const self of [null, {}, I().prototype]) await expectTypeError(promise, () => desc.get.call(self));
    });
  }
});

describe('instances', () => {
  let context;
  let builder;
  let objects;
  beforeAll(async () => {
    context = await navigator.ml.createContext();
    builder = new MLGraphBuilder(context);
    const input = builder.input('input', { dataType: 'float32', shape: [2, 3] });
    const constant = builder.constant({ dataType: 'float32', shape: [2, 3] }, new Float32Array(6));
    const output = builder.add(input, constant);
    const graphBuilder = new MLGraphBuilder(context);
    const g = await graphBuilder.build({ y: graphBuilder.relu(graphBuilder.input('x', { dataType: 'float32', shape: [1] })) });
    const tensor = await context.createTensor({ dataType: 'float32', shape: [2], readable: true });
    objects = { ML: navigator.ml, MLContext: context, MLGraphBuilder: builder, MLOperand: output, MLGraph: g, MLTensor: tensor };
  });

  test.each(names)('%s: primary interface, stringification, members inherited, too few arguments', async (name) => {
    const object = objects[name];
    expect(Object.getPrototypeOf(object)).toBe(globalThis[name].prototype);
    expect(Object.prototype.toString.call(object)).toBe(`[object ${name}]`);
    const { ops, attrs } = interfaces.get(name);
    for (const op of ops.keys()) expect(typeof object[op]).toBe('function');
    for (const attr of attrs.keys()) expect(attr in object).toBe(true);
    for (const [op, { promise, required }] of ops) {
      for (let n = 0; n < required; n++) await expectTypeError(promise, () => object[op](...new Array(n).fill(undefined)));
    }
  });
});

describe('navigator.ml (NavigatorML)', () => {
  test('an enumerable, configurable getter "get ml" on the navigator\'s prototype, brand-checked, [SameObject]', () => {
    const proto = Object.getPrototypeOf(navigator);
    const holder = proto !== Object.prototype && Object.hasOwn(proto, 'ml') ? proto : navigator;
    const desc = Object.getOwnPropertyDescriptor(holder, 'ml');
    expectDescriptor(desc, { enumerable: true, configurable: true, set: undefined });
    expect(desc.get.name).toBe('get ml');
    expect(desc.get.length).toBe(0);
    expect(() => desc.get.call({})).toThrow(TypeError);
    expect(() => desc.get.call(null)).toThrow(TypeError);
    if (holder === proto) expect(() => proto.ml).toThrow(TypeError);
    expect(navigator.ml).toBe(navigator.ml);
    expect(navigator.ml).toBeInstanceOf(ML);
  });
});
