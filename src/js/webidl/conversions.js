// WebIDL for the JS layer: overload resolution and argument conversion for every operation of the IDL, as a
// browser's bindings do them (https://webidl.spec.whatwg.org/#es-type-mapping), with errors that name the
// argument path ("Failed to execute '<operation>' on 'MLGraphBuilder': options.strides[1]: ...").
//
// One generic runtime driven by the tables tools/gen-webidl.mjs generates from idl/webnn.idl and idl/compat.idl
// (src/js/generated/idl-tables.js): a new operator in the IDL needs no change here.
//   registerInterface(name, isInstance)          brand check used for interface types (MLOperand, GPUDevice...).
//   convertArguments(interface, operation, args) returns { overload, args, names }; records convert to
//                                                null-prototype objects.
//   convertTo(type, value, path)                 one value to an IDL type (a name or a type string).
import { constructors, dictionaries, enums, interfaceNames, operations, typedefs } from '../generated/idl-tables.js';

const registry = new Map();

function registerInterface(name, isInstance) {
  if (typeof isInstance !== 'function') throw new TypeError(`registerInterface ${name}: isInstance is not a function.`);
  registry.set(name, isInstance);
}

const fail = (path, reason) => new TypeError(`${path}: ${reason}`);
const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';
const { hasOwn } = Object;

// ---- ECMAScript abstract operations, spelled out so that every error names the argument path ----

function toPrimitive(v, hint, path) {
  const exotic = v[Symbol.toPrimitive];
  if (exotic !== undefined && exotic !== null) {
    if (typeof exotic !== 'function') throw fail(path, 'Symbol.toPrimitive is not a function.');
    const result = exotic.call(v, hint);
    if (isObject(result)) throw fail(path, 'Cannot convert object to primitive value.');
    return result;
  }
  for (const name of hint === 'string' ? ['toString', 'valueOf'] : ['valueOf', 'toString']) {
    const method = v[name];
    if (typeof method === 'function') {
      const result = method.call(v);
      if (!isObject(result)) return result;
    }
  }
  throw fail(path, 'Cannot convert object to primitive value.');
}

function primitiveToNumber(p, path) {
  if (typeof p === 'bigint') throw fail(path, 'Cannot convert a BigInt value to a number.');
  if (typeof p === 'symbol') throw fail(path, 'Cannot convert a Symbol value to a number.');
  return Number(p);
}

const toNumber = (v, path) => primitiveToNumber(isObject(v) ? toPrimitive(v, 'number', path) : v, path);

function toNumeric(v, path) {
  const p = isObject(v) ? toPrimitive(v, 'number', path) : v;
  return typeof p === 'bigint' ? p : primitiveToNumber(p, path);
}

function toBigInt(v, path) {
  const p = isObject(v) ? toPrimitive(v, 'number', path) : v;
  switch (typeof p) {
    case 'bigint': return p;
    case 'boolean': return p ? 1n : 0n;
    case 'string':
      try {
        return BigInt(p);
      } catch {
        throw new SyntaxError(`${path}: Cannot convert ${JSON.stringify(p)} to a BigInt.`);
      }
    case 'symbol': throw fail(path, 'Cannot convert a Symbol value to a BigInt.');
    default: throw fail(path, `Cannot convert ${String(p)} to a BigInt.`);
  }
}

function toString(v, path) {
  const p = isObject(v) ? toPrimitive(v, 'string', path) : v;
  if (typeof p === 'symbol') throw fail(path, 'Cannot convert a Symbol value to a string.');
  return String(p);
}

const wellFormed = String.prototype.toWellFormed;
const toUSVString = wellFormed
  ? (s) => wellFormed.call(s)
  : (s) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

// ---- Buffer source brand checks, through the built-in getters (instanceof fails across realms) ----

const getter = (proto, key) => Object.getOwnPropertyDescriptor(proto, key)?.get;
const abByteLength = getter(ArrayBuffer.prototype, 'byteLength');
const abResizable = getter(ArrayBuffer.prototype, 'resizable');
const SAB = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : null;
const sabByteLength = SAB && getter(SAB.prototype, 'byteLength');
const sabGrowable = SAB && getter(SAB.prototype, 'growable');
const typedArrayPrototype = Object.getPrototypeOf(Int8Array.prototype);
const typedArrayName = getter(typedArrayPrototype, Symbol.toStringTag);
const typedArrayBuffer = getter(typedArrayPrototype, 'buffer');
const dataViewBuffer = getter(DataView.prototype, 'buffer');

// V8 and JavaScriptCore record a stack trace in every error they throw; a failed brand check does not need one
// (nothing sees the error, and the builtin getter runs no user code while the limit is 0).
const stackTraceLimitWritable = typeof Error.stackTraceLimit === 'number' &&
  Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')?.writable === true;
const brand = (get, v) => {
  const limit = stackTraceLimitWritable ? Error.stackTraceLimit : 0;
  if (stackTraceLimitWritable) Error.stackTraceLimit = 0;
  try {
    get.call(v);
    return true;
  } catch {
    return false;
  } finally {
    if (stackTraceLimitWritable) Error.stackTraceLimit = limit;
  }
};
// The brand checks call a getter that throws on the wrong object, and a thrown exception costs 10-40 µs (more on
// a deep stack: constant() took 0.5-1 ms a call through LiteRT.js's delegate in Chromium, five throws each). So
// views are told apart first without a throw (ArrayBuffer.isView reads internal slots only), and an ArrayBuffer
// is not asked whether it is a SharedArrayBuffer by the getter that would throw: a getter runs only on the
// object it can answer for, in the common cases.
const isBufferView = ArrayBuffer.isView;
const isArrayBuffer = (v) => !isBufferView(v) && brand(abByteLength, v);
const isSharedArrayBuffer = (v) => sabByteLength !== null && !isBufferView(v) && !brand(abByteLength, v) && brand(sabByteLength, v);
const isDataView = (v) => isBufferView(v) && typedArrayName.call(v) === undefined;
const viewBuffer = (v) => (typedArrayName.call(v) !== undefined ? typedArrayBuffer : dataViewBuffer).call(v);
const isResizable = (buffer) => (isSharedArrayBuffer(buffer)
  ? !!(sabGrowable && sabGrowable.call(buffer)) : !!(abResizable && abResizable.call(buffer)));

// ---- Type strings: `[EnforceRange] unsigned long`, `sequence<T>`, `record<K, V>`, `(A or B)`, `T?` ----

const BUILTIN_TYPEDEFS = {
  ArrayBufferView: '(Int8Array or Int16Array or Int32Array or Uint8Array or Uint16Array or Uint32Array or ' +
    'Uint8ClampedArray or BigInt64Array or BigUint64Array or Float16Array or Float32Array or Float64Array or DataView)',
  BufferSource: '(ArrayBufferView or ArrayBuffer)',
  AllowSharedBufferSource: '(ArrayBuffer or SharedArrayBuffer or [AllowShared] ArrayBufferView)',
};
const TYPED_ARRAYS = new Set(['Int8Array', 'Int16Array', 'Int32Array', 'Uint8Array', 'Uint16Array', 'Uint32Array',
  'Uint8ClampedArray', 'BigInt64Array', 'BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array']);
const INTEGERS = {
  byte: [8, true], octet: [8, false], short: [16, true], 'unsigned short': [16, false], long: [32, true],
  'unsigned long': [32, false], 'long long': [64, true], 'unsigned long long': [64, false],
};
const FLOATS = { float: [true, false], 'unrestricted float': [true, true], double: [false, false], 'unrestricted double': [false, true] };
const STRINGS = new Set(['DOMString', 'USVString', 'ByteString']);
const interfaceSet = new Set(interfaceNames);

function parseType(src) {
  let i = 0;
  const bad = () => new Error(`webidl: cannot parse the type '${src}' at ${i}.`);
  const space = () => { while (src[i] === ' ') i++; };
  const word = () => {
    space();
    const m = /^[A-Za-z_]\w*/.exec(src.slice(i));
    if (!m) throw bad();
    i += m[0].length;
    return m[0];
  };
  const peekWord = (w) => { space(); return src.startsWith(w, i) && !/\w/.test(src[i + w.length] ?? ''); };
  const expect = (c) => { space(); if (src[i] !== c) throw bad(); i++; };
  function type() {
    space();
    const ext = [];
    if (src[i] === '[') {
      i++;
      do ext.push(word()); while ((space(), src[i] === ',') && ++i);
      expect(']');
    }
    space();
    let node;
    if (src[i] === '(') {
      i++;
      const members = [type()];
      while (peekWord('or')) {
        i += 2;
        members.push(type());
      }
      expect(')');
      node = { kind: 'union', members };
    } else {
      let name = word();
      if (name === 'unsigned' || name === 'unrestricted') name += ` ${word()}`;
      if ((name === 'long' || name === 'unsigned long') && peekWord('long')) {
        i += 4;
        name += ' long';
      }
      space();
      if (src[i] === '<') {
        i++;
        const params = [type()];
        while ((space(), src[i] === ',') && ++i) params.push(type());
        expect('>');
        node = { kind: 'generic', name, params };
      } else {
        node = { kind: 'named', name };
      }
    }
    space();
    node.nullable = src[i] === '?' && ++i > 0;
    node.ext = ext;
    return node;
  }
  const node = type();
  space();
  if (i !== src.length) throw bad();
  return node;
}

// The definition a named type stands for: typedefs (ours and WebIDL's buffer ones) are expanded.
function resolve(node) {
  if (node.kind !== 'named') return node;
  const src = hasOwn(typedefs, node.name) ? typedefs[node.name]
    : hasOwn(BUILTIN_TYPEDEFS, node.name) ? BUILTIN_TYPEDEFS[node.name] : null;
  if (src === null) return node;
  const target = resolve(parseType(src));
  return { ...target, ext: [...node.ext, ...target.ext], nullable: node.nullable || target.nullable };
}

// What overload resolution and union conversion distinguish a type by (WebIDL's categories).
function category(node) {
  if (node.kind === 'generic') {
    if (node.name === 'sequence' || node.name === 'FrozenArray') return 'sequence';
    return node.name === 'record' ? 'record' : node.name;
  }
  const { name } = node;
  if (hasOwn(INTEGERS, name) || hasOwn(FLOATS, name)) return 'numeric';
  if (STRINGS.has(name) || hasOwn(enums, name)) return 'string';
  if (hasOwn(dictionaries, name)) return 'dictionary';
  if (TYPED_ARRAYS.has(name) || name === 'DataView') return 'view';
  if (['any', 'undefined', 'boolean', 'bigint', 'object', 'symbol', 'ArrayBuffer', 'SharedArrayBuffer'].includes(name)) {
    return name;
  }
  return 'interface';
}

// A union's flattened member types (typedefs expanded, nested unions inlined) and whether it includes null.
function flatten(node) {
  const members = [];
  let nullable = false;
  const visit = (n) => {
    const r = resolve(n);
    nullable ||= r.nullable;
    if (r.kind === 'union') {
      for (const m of r.members) visit({ ...m, ext: [...r.ext, ...m.ext] });
    } else {
      const cat = category(r);
      members.push({ node: r, cat, name: r.name, convert: null });
    }
  };
  visit(node);
  return { members, nullable };
}

const converters = new Map();

function converterFor(type) {
  let convert = converters.get(type);
  if (!convert) {
    convert = compile(parseType(type), type);
    converters.set(type, convert);
  }
  return convert;
}

function compile(node, display) {
  const inner = compileNonNull(node, display);
  if (!node.nullable) return inner;
  return (v, path, method) => (v === null || v === undefined ? null : inner(v, path, method));
}

function compileNonNull(node, display) {
  if (node.kind === 'union') return unionConverter(node, display);
  if (node.kind === 'generic') {
    if (node.name === 'sequence') return sequenceConverter(compile(node.params[0], 'element'));
    if (node.name === 'record') return recordConverter(compile(node.params[0], 'key'), compile(node.params[1], 'value'), display);
    throw new Error(`webidl: values of type ${display} are not converted.`);
  }
  const ext = new Set(node.ext);
  const { name } = node;
  if (hasOwn(INTEGERS, name)) return integerConverter(name, ...INTEGERS[name], ext);
  if (hasOwn(FLOATS, name)) return floatConverter(name, ...FLOATS[name]);
  switch (name) {
    case 'any': return (v) => v;
    case 'undefined': return () => undefined;
    case 'boolean': return (v) => Boolean(v);
    case 'bigint': return toBigInt;
    case 'DOMString':
    case 'USVString':
    case 'ByteString': return stringConverter(name, ext);
    case 'object':
      return (v, path) => {
        if (!isObject(v)) throw fail(path, 'Value is not an object.');
        return v;
      };
    case 'ArrayBuffer':
    case 'SharedArrayBuffer':
      return (v, path) => {
        if (!isObject(v) || !(name === 'ArrayBuffer' ? isArrayBuffer(v) : isSharedArrayBuffer(v))) {
          throw fail(path, `Value is not of type ${name}.`);
        }
        if (!ext.has('AllowResizable') && isResizable(v)) throw fail(path, `Value is a resizable ${name}, which is not allowed.`);
        return v;
      };
    default:
  }
  if (TYPED_ARRAYS.has(name) || name === 'DataView') return viewConverter(name, ext);
  if (hasOwn(typedefs, name) || hasOwn(BUILTIN_TYPEDEFS, name)) {
    if (name === 'ArrayBufferView') return viewConverter(name, ext);
    return compile(resolve(node), name);
  }
  if (hasOwn(enums, name)) return enumConverter(name);
  if (hasOwn(dictionaries, name)) return dictionaryConverter(name);
  if (interfaceSet.has(name) || registry.has(name)) return interfaceConverter(name);
  throw new Error(`webidl: unknown type ${name}.`);
}

// WebIDL §3.2.4 ConvertToInt.
function integerConverter(type, bits, signed, ext) {
  const lower = signed ? (bits === 64 ? -(2 ** 53 - 1) : -(2 ** (bits - 1))) : 0;
  const upper = bits === 64 ? 2 ** 53 - 1 : signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  if (ext.has('EnforceRange')) {
    return (v, path) => {
      const x = toNumber(v, path);
      if (!Number.isFinite(x)) throw fail(path, `Value ${x} is not a finite number and cannot be converted to ${type}.`);
      const y = Math.trunc(x);
      if (y < lower || y > upper) throw fail(path, `Value ${x} is outside the range of ${type}.`);
      return y + 0;  // -0 becomes +0
    };
  }
  if (ext.has('Clamp')) {
    return (v, path) => {
      const x = Math.min(Math.max(toNumber(v, path), lower), upper);
      if (Number.isNaN(x)) return 0;
      const floor = Math.floor(x);
      const fraction = x - floor;
      return (fraction > 0.5 || (fraction === 0.5 && floor % 2 !== 0) ? floor + 1 : floor) + 0;
    };
  }
  const modulo = 2 ** bits;
  return (v, path) => {
    const x = toNumber(v, path);
    if (!Number.isFinite(x) || x === 0) return 0;
    const y = Math.trunc(x);
    if (bits === 64) return Number(signed ? BigInt.asIntN(64, BigInt(y)) : BigInt.asUintN(64, BigInt(y)));
    let z = y % modulo;
    if (z < 0) z += modulo;
    if (signed && z >= modulo / 2) z -= modulo;
    return z + 0;
  };
}

function floatConverter(type, single, unrestricted) {
  return (v, path) => {
    const x = toNumber(v, path);
    if (!unrestricted && !Number.isFinite(x)) throw fail(path, `Value ${x} is not a finite ${type}.`);
    if (!single) return x;
    const y = Math.fround(x);
    if (!unrestricted && !Number.isFinite(y)) throw fail(path, `Value ${x} is outside the range of ${type}.`);
    return y;
  };
}

function stringConverter(type, ext) {
  const nullToEmpty = ext.has('LegacyNullToEmptyString');
  return (v, path) => {
    if (nullToEmpty && v === null) return '';
    const s = toString(v, path);
    if (type === 'USVString') return toUSVString(s);
    if (type === 'ByteString' && /[^\x00-\xFF]/.test(s)) throw fail(path, 'Value is not a valid ByteString.');
    return s;
  };
}

function viewConverter(name, ext) {
  return (v, path) => {
    const tag = isObject(v) ? typedArrayName.call(v) : undefined;
    const ok = name === 'ArrayBufferView' ? tag !== undefined || (isObject(v) && isDataView(v))
      : name === 'DataView' ? isObject(v) && isDataView(v) : tag === name;
    if (!ok) throw fail(path, `Value is not of type ${name}.`);
    const buffer = viewBuffer(v);
    if (!ext.has('AllowShared') && isSharedArrayBuffer(buffer)) {
      throw fail(path, 'Value is a view on a SharedArrayBuffer, which is not allowed.');
    }
    if (!ext.has('AllowResizable') && isResizable(buffer)) throw fail(path, 'Value is a view on a resizable buffer, which is not allowed.');
    return v;
  };
}

function interfaceConverter(name) {
  return (v, path) => {
    const isInstance = registry.get(name);
    if (!isObject(v) || isInstance === undefined || !isInstance(v)) throw fail(path, `Value is not of type ${name}.`);
    return v;
  };
}

function enumConverter(name) {
  const values = new Set(enums[name]);
  return (v, path) => {
    const s = toString(v, path);
    if (!values.has(s)) throw fail(path, `'${s}' is not a valid value for enum ${name}.`);
    return s;
  };
}

// WebIDL §3.2.20: iterate with the @@iterator method (already looked up when overload resolution chose it).
function sequenceConverter(element) {
  return (v, path, method) => {
    if (!isObject(v)) throw fail(path, 'The provided value cannot be converted to a sequence.');
    if (method === undefined) method = v[Symbol.iterator];
    if (method === undefined || method === null) throw fail(path, 'The provided value cannot be converted to a sequence.');
    if (typeof method !== 'function') throw fail(path, 'Symbol.iterator is not a function.');
    const iterator = method.call(v);
    if (!isObject(iterator)) throw fail(path, 'The iterator is not an object.');
    const { next } = iterator;
    if (typeof next !== 'function') throw fail(path, 'The iterator has no next method.');
    const out = [];
    for (let i = 0; ; i++) {
      const result = next.call(iterator);
      if (!isObject(result)) throw fail(path, 'The iterator result is not an object.');
      if (result.done) return out;
      out.push(element(result.value, `${path}[${i}]`));
    }
  };
}

// WebIDL §3.2.21: own enumerable keys in [[OwnPropertyKeys]] order. The result has a null prototype, so
// `key in record` and Object.keys() see exactly the converted entries.
function recordConverter(key, value, display) {
  return (v, path) => {
    if (!isObject(v)) throw fail(path, `Value is not of type ${display}.`);
    const out = Object.create(null);
    for (const k of Reflect.ownKeys(v)) {
      const desc = Reflect.getOwnPropertyDescriptor(v, k);
      if (desc === undefined || !desc.enumerable) continue;
      const typedKey = key(k, path);
      out[typedKey] = value(v[k], `${path}['${typedKey}']`);
    }
    return out;
  };
}

function makeDefault(value, convert) {
  if (value === undefined) return null;
  if (Array.isArray(value)) return (path) => convert([], path);
  if (isObject(value)) return (path) => convert(undefined, path);  // `= {}`: the dictionary with its defaults
  let converted;
  return (path) => {
    if (converted === undefined) converted = { value: convert(value, path) };
    return converted.value;
  };
}

// WebIDL §3.2.17: base dictionaries first, members in lexicographic order, each read once with [[Get]].
// A [LegacyAliasOf=m] member (idl/compat.idl) is read, once, only when m is undefined.
function dictionaryConverter(name) {
  let plan = null;
  const build = () => {
    const chain = [];
    for (let d = name; d; d = dictionaries[d].inherits) chain.unshift(d);
    const aliases = new Map();
    for (const d of chain) {
      for (const m of dictionaries[d].members) {
        if (m.aliasOf) aliases.set(m.aliasOf, [...(aliases.get(m.aliasOf) ?? []), m.name]);
      }
    }
    const members = [];
    for (const d of chain) {
      for (const m of dictionaries[d].members) {
        if (m.aliasOf) continue;
        const convert = converterFor(m.type);
        members.push({
          name: m.name, required: m.required, convert, aliases: aliases.get(m.name) ?? [],
          makeDefault: makeDefault(m.default, convert),
        });
      }
    }
    return members;
  };
  return (v, path) => {
    if (v !== undefined && v !== null && !isObject(v)) throw fail(path, `Value is not of type ${name}.`);
    plan ??= build();
    const out = {};
    for (const m of plan) {
      let x;
      let key = m.name;
      if (v !== undefined && v !== null) {
        x = v[key];
        for (let k = 0; x === undefined && k < m.aliases.length; k++) {
          key = m.aliases[k];
          x = v[key];
        }
      }
      if (x !== undefined) out[m.name] = m.convert(x, `${path}.${key}`);
      else if (m.makeDefault) out[m.name] = m.makeDefault(`${path}.${m.name}`);
      else if (m.required) throw fail(`${path}.${m.name}`, 'Required member is undefined.');
    }
    return out;
  };
}

// Finds the flattened member a value of a given kind converts as, for unions and overload resolution.
const has = (members, pred) => members.find(pred);
const isView = (m) => m.cat === 'view' || m.name === 'ArrayBufferView';

// WebIDL §3.2.24 (union types), steps in the spec's order.
function unionConverter(node, display) {
  let plan = null;
  const build = () => {
    const { members, nullable } = flatten(node);
    for (const m of members) m.convert = compile({ ...m.node, nullable: false }, m.name ?? display);
    return { members, nullable };
  };
  return (v, path, method) => {
    plan ??= build();
    const { members, nullable } = plan;
    let m;
    if (v === undefined && (m = has(members, (x) => x.cat === 'undefined'))) return undefined;
    if (nullable && (v === null || v === undefined)) return null;
    if ((v === null || v === undefined) && (m = has(members, (x) => x.cat === 'dictionary'))) return m.convert(v, path);
    if (isObject(v)) {
      if ((m = has(members, (x) => x.cat === 'interface' && registry.get(x.name)?.(v)))) return v;
      // The member test first: the brand check throws (a cost) on every object that is not a buffer.
      if ((m = has(members, (x) => x.cat === 'ArrayBuffer' || x.cat === 'object')) && isArrayBuffer(v)) return m.convert(v, path);
      if ((m = has(members, (x) => x.cat === 'SharedArrayBuffer' || x.cat === 'object')) && isSharedArrayBuffer(v)) {
        return m.convert(v, path);
      }
      const tag = typedArrayName.call(v);
      if ((tag !== undefined || isDataView(v)) &&
          (m = has(members, (x) => x.name === (tag ?? 'DataView') || x.name === 'ArrayBufferView' || x.cat === 'object'))) {
        return m.convert(v, path);
      }
      if ((m = has(members, (x) => x.cat === 'sequence'))) {
        const iterator = method ?? v[Symbol.iterator];
        if (iterator !== undefined && iterator !== null) return m.convert(v, path, iterator);
      }
      if ((m = has(members, (x) => ['dictionary', 'record', 'object'].includes(x.cat)))) return m.convert(v, path);
    }
    if (typeof v === 'boolean' && (m = has(members, (x) => x.cat === 'boolean'))) return v;
    if (typeof v === 'number' && (m = has(members, (x) => x.cat === 'numeric'))) return m.convert(v, path);
    if (typeof v === 'bigint' && (m = has(members, (x) => x.cat === 'bigint'))) return v;
    if ((m = has(members, (x) => x.cat === 'string'))) return m.convert(v, path);
    const numeric = has(members, (x) => x.cat === 'numeric');
    const bigint = has(members, (x) => x.cat === 'bigint');
    if (numeric && bigint) {
      const x = toNumeric(v, path);
      return typeof x === 'bigint' ? x : numeric.convert(x, path);
    }
    if (numeric) return numeric.convert(v, path);
    if (bigint) return toBigInt(v, path);
    if (has(members, (x) => x.cat === 'boolean')) return Boolean(v);
    throw fail(path, `Value is not of type ${display}.`);
  };
}

// ---- Operations: the effective overload set and WebIDL §3.7.1's overload resolution algorithm ----

const plans = new Map();

function operationPlan(interfaceName, operationName) {
  // By interface, then operation: no key string is built on every call.
  let byOperation = plans.get(interfaceName);
  if (!byOperation) plans.set(interfaceName, byOperation = new Map());
  let plan = byOperation.get(operationName);
  if (plan) return plan;
  const key = `${interfaceName}.${operationName}`;
  const isConstructor = operationName === 'constructor';
  const table = isConstructor ? constructors : hasOwn(operations, interfaceName) ? operations[interfaceName] : null;
  const overloads = table && hasOwn(table, isConstructor ? interfaceName : operationName)
    ? table[isConstructor ? interfaceName : operationName] : null;
  if (!overloads) throw new Error(`webidl: ${interfaceName} has no operation ${operationName}.`);
  const entries = [];
  overloads.forEach((op, index) => {
    const args = op.args.map((a) => {
      const convert = converterFor(a.type);
      const at = `${isConstructor ? interfaceName : operationName} ${a.name}`;
      return { ...a, path: at, convert, makeDefault: makeDefault(a.default, convert), info: null };
    });
    const names = Object.freeze(op.args.map((a) => a.name));
    entries.push({ index, length: args.length, args, names });
    for (let k = args.length - 1; k >= 0 && args[k].optional; k--) entries.push({ index, length: k, args, names });
  });
  const maxarg = Math.max(...entries.map((e) => e.length));
  const sets = [];
  for (let count = 0; count <= maxarg; count++) {
    const set = entries.filter((e) => e.length === count);
    if (!set.length) {
      sets.push(null);
      continue;
    }
    let d = -1;
    if (set.length > 1) {
      for (let i = 0; i < count && d < 0; i++) {
        const a = set[0].args[i];
        if (set.some((e) => e.args[i].type !== a.type || e.args[i].optional !== a.optional)) d = i;
      }
      if (d < 0) throw new Error(`webidl: the overloads of ${key} with ${count} arguments are indistinguishable.`);
      for (const e of set) e.args[d].info ??= flatten(parseType(e.args[d].type));
    }
    sets.push({ entries: set, d });
  }
  plan = {
    prefix: isConstructor ? interfaceName : operationName,
    maxarg,
    minRequired: Math.min(...entries.map((e) => e.length)),
    sets,
  };
  byOperation.set(operationName, plan);
  return plan;
}

function convertArgument(a, v) {
  if (v === undefined && a.optional) return a.makeDefault ? a.makeDefault(a.path) : undefined;
  return a.convert(v, a.path);
}

// Step 12 of the overload resolution algorithm: choose the overload by the value at the distinguishing index.
function selectOverload(set, v, prefix) {
  const { entries, d } = set;
  const find = (pred) => entries.find((e) => pred(e.args[d].info.members, e.args[d]));
  let e;
  if (v === undefined && (e = find((ms, a) => a.optional))) return [e];
  if ((v === null || v === undefined) &&
      (e = find((ms, a) => a.info.nullable || has(ms, (x) => x.cat === 'dictionary')))) return [e];
  if (isObject(v)) {
    if ((e = find((ms) => has(ms, (x) => x.cat === 'interface' && registry.get(x.name)?.(v))))) return [e];
    // The overload test first: the brand check throws (a cost) on every object that is not a buffer, and
    // constant(descriptor, buffer)'s descriptor would be asked twice per call.
    if ((e = find((ms) => has(ms, (x) => x.cat === 'ArrayBuffer' || x.cat === 'object'))) && isArrayBuffer(v)) return [e];
    if ((e = find((ms) => has(ms, (x) => x.cat === 'SharedArrayBuffer' || x.cat === 'object'))) && isSharedArrayBuffer(v)) {
      return [e];
    }
    const tag = typedArrayName.call(v);
    if ((tag !== undefined || isDataView(v)) &&
        (e = find((ms) => has(ms, (x) => x.name === (tag ?? 'DataView') || isView(x) || x.cat === 'object')))) return [e];
    if ((e = find((ms) => has(ms, (x) => x.cat === 'sequence')))) {
      const method = v[Symbol.iterator];
      if (method !== undefined && method !== null) return [e, method];
    }
    if ((e = find((ms) => has(ms, (x) => ['dictionary', 'record', 'object'].includes(x.cat))))) return [e];
  }
  if (typeof v === 'boolean' && (e = find((ms) => has(ms, (x) => x.cat === 'boolean')))) return [e];
  if (typeof v === 'number' && (e = find((ms) => has(ms, (x) => x.cat === 'numeric')))) return [e];
  if (typeof v === 'bigint' && (e = find((ms) => has(ms, (x) => x.cat === 'bigint')))) return [e];
  for (const cat of ['string', 'numeric', 'bigint', 'boolean', 'any']) {
    if ((e = find((ms) => has(ms, (x) => x.cat === cat)))) return [e];
  }
  const names = [...new Set(entries.map((x) => x.args[d].name))].join('/');
  const types = [...new Set(entries.map((x) => x.args[d].type))].join(' or ');
  throw fail(`${prefix} ${names}`, `Value is not of type ${types}.`);
}

function convertArguments(interfaceName, operationName, args) {
  const plan = operationPlan(interfaceName, operationName);
  const n = args.length;
  const count = Math.min(plan.maxarg, n);
  const set = plan.sets[count];
  if (!set) {
    if (n < plan.minRequired) {
      const required = plan.minRequired;
      throw new TypeError(`${plan.prefix}: ${required} argument${required === 1 ? '' : 's'} required, but only ${n} present.`);
    }
    throw new TypeError(`${plan.prefix}: No overload takes ${count} arguments.`);
  }
  const values = [];
  let entry = set.entries[0];
  let i = 0;
  if (set.d >= 0) {
    for (; i < set.d; i++) values.push(convertArgument(entry.args[i], args[i]));
    let method;
    [entry, method] = selectOverload(set, args[i], plan.prefix);
    const a = entry.args[i];
    values.push(method === undefined ? convertArgument(a, args[i]) : a.convert(args[i], a.path, method));
    i++;
  }
  for (; i < count; i++) values.push(convertArgument(entry.args[i], args[i]));
  for (; i < entry.args.length; i++) values.push(convertArgument(entry.args[i], undefined));
  return { overload: entry.index, args: values, names: entry.names };
}

function convertTo(typeName, value, path) {
  return converterFor(typeName)(value, path);
}

export { registerInterface, convertArguments, convertTo };
