// Generates the WebIDL layer of src/js from the IDL:
//   src/js/generated/webidl.js  argument conversion and overload resolution for every operation, plus the IDL
//                               itself as metadata (operations, constructors, dictionaries, enums, typedefs);
//   src/js/generated/webnn.d.ts ambient TypeScript declarations of the current spec API.
// Inputs: idl/webnn.idl, then idl/compat.idl (older drafts' members; conversions only, not in the .d.ts).
//
// Usage: node tools/gen-webidl.mjs [--out-dir <dir>] [--check]
//   --check  exit 1 if the files in the output folder are missing or differ from what would be generated.
// Also the default export, so jest can run it as a globalSetup.
//
// The conversion code is one generic runtime (runtimeSource below, copied verbatim into webidl.js) driven by
// the metadata; nothing is written per operation, so a new operator in the IDL needs no change here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse, validate } from 'webidl2';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['idl/webnn.idl', 'idl/compat.idl'];
const DEFAULT_OUT_DIR = 'src/js/generated';

// Extended attributes that annotate the type they precede rather than the argument or member.
const TYPE_ANNOTATIONS = new Set(['AllowResizable', 'AllowShared', 'Clamp', 'EnforceRange', 'LegacyNullToEmptyString']);
// Member extended attributes with a meaning in the generated code.
const MEMBER_ATTRIBUTES = new Set(['LegacyAliasOf']);

const BUILTIN_TYPES = new Set([
  'any', 'undefined', 'boolean', 'byte', 'octet', 'short', 'unsigned short', 'long', 'unsigned long', 'long long',
  'unsigned long long', 'float', 'unrestricted float', 'double', 'unrestricted double', 'bigint', 'DOMString',
  'ByteString', 'USVString', 'object', 'symbol', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Int8Array',
  'Int16Array', 'Int32Array', 'Uint8Array', 'Uint16Array', 'Uint32Array', 'Uint8ClampedArray', 'BigInt64Array',
  'BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array', 'ArrayBufferView', 'BufferSource',
  'AllowSharedBufferSource',
]);

// ---- Reading the IDL ----

function unsupported(what, where) {
  return new Error(`gen-webidl: ${what} is not supported (${where}); extend tools/gen-webidl.mjs.`);
}

// The compact type string used in the metadata, parsed back by the runtime's parseType:
// `[EnforceRange] unsigned long`, `sequence<MLOperand>`, `record<USVString, MLTensor>`, `(A or B)`, `T?`.
function typeString(t, outerAttributes = []) {
  const annotations = [...outerAttributes, ...t.extAttrs].filter((a) => TYPE_ANNOTATIONS.has(a.name)).map((a) => a.name);
  let s;
  if (t.union) s = `(${t.idlType.map((m) => typeString(m)).join(' or ')})`;
  else if (t.generic) s = `${t.generic}<${t.idlType.map((m) => typeString(m)).join(', ')}>`;
  else s = t.idlType;
  if (t.nullable) s += '?';
  return annotations.length ? `[${annotations.join(', ')}] ${s}` : s;
}

function defaultValue(d) {
  if (!d) return undefined;
  switch (d.type) {
    case 'string': return d.value;
    case 'number': return Number(d.value);
    case 'boolean': return d.value;
    case 'null': return null;
    case 'sequence': return [];
    case 'dictionary': return {};
    case 'Infinity': return d.negative ? -Infinity : Infinity;
    case 'NaN': return NaN;
    default: throw unsupported(`default value of type ${d.type}`, JSON.stringify(d));
  }
}

function checkAttributes(node, allowed, where) {
  for (const a of node.extAttrs) {
    if (MEMBER_ATTRIBUTES.has(a.name) && !allowed.has(a.name)) throw unsupported(`[${a.name}] here`, where);
  }
}

function argumentOf(arg, where) {
  if (arg.variadic) throw unsupported('a variadic argument', where);
  checkAttributes(arg, new Set(), where);
  return {
    name: arg.name,
    type: typeString(arg.idlType, arg.extAttrs),
    optional: arg.optional,
    default: defaultValue(arg.default),
  };
}

function collectNamedTypes(t, out) {
  if (t.union || t.generic) for (const m of t.idlType) collectNamedTypes(m, out);
  else out.add(t.idlType);
}

export function readIdl(root = ROOT) {
  const model = {
    interfaces: new Map(),  // name -> { name, mixin, operations: Map(name -> [overload]), constructors, attributes }
    includes: [],
    dictionaries: new Map(),  // name -> { name, inherits, members: [member] }
    enums: new Map(),
    typedefs: new Map(),
    referenced: new Set(),
    order: [],  // [kind, name] in order of first appearance, for the .d.ts
  };
  const all = [];
  SOURCES.forEach((file, k) => {
    const compat = k > 0;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const def of parse(text, { sourceName: file })) all.push({ def, compat, file });
  });
  const errors = validate(all.map((x) => x.def));
  if (errors.length) throw new Error(`gen-webidl: invalid IDL:\n${errors.map((e) => e.message).join('\n')}`);

  const first = (kind, map, name, make) => {
    if (!map.has(name)) {
      map.set(name, make());
      model.order.push([kind, name]);
    }
    return map.get(name);
  };
  for (const { def, compat, file } of all) {
    const where = `${file}: ${def.type} ${def.name ?? ''}`.trim();
    switch (def.type) {
      case 'eof':
        break;
      case 'interface':
      case 'interface mixin': {
        const iface = first('interface', model.interfaces, def.name, () => ({
          name: def.name, mixin: def.type === 'interface mixin', operations: new Map(), constructors: [], attributes: [],
        }));
        for (const m of def.members) {
          const at = `${where}.${m.name ?? m.type}`;
          if (m.type === 'operation') {
            if (m.special) throw unsupported(`a ${m.special} operation`, at);
            if (!m.name) throw unsupported('an unnamed operation', at);
            const list = iface.operations.get(m.name) ?? [];
            list.push({
              args: m.arguments.map((a) => argumentOf(a, at)),
              returnType: typeString(m.idlType),
              compat,
            });
            iface.operations.set(m.name, list);
            collectNamedTypes(m.idlType, model.referenced);
            for (const a of m.arguments) collectNamedTypes(a.idlType, model.referenced);
          } else if (m.type === 'constructor') {
            iface.constructors.push({ args: m.arguments.map((a) => argumentOf(a, at)), compat });
            for (const a of m.arguments) collectNamedTypes(a.idlType, model.referenced);
          } else if (m.type === 'attribute') {
            if (m.special) throw unsupported(`a ${m.special} attribute`, at);
            iface.attributes.push({ name: m.name, type: typeString(m.idlType), readonly: m.readonly, compat });
            collectNamedTypes(m.idlType, model.referenced);
          } else {
            throw unsupported(`interface member ${m.type}`, at);
          }
        }
        break;
      }
      case 'includes':
        model.includes.push({ target: def.target, mixin: def.includes });
        break;
      case 'dictionary': {
        const dict = first('dictionary', model.dictionaries, def.name, () => ({ name: def.name, inherits: null, members: [] }));
        if (!def.partial) dict.inherits = def.inheritance ?? null;
        for (const m of def.members) {
          const at = `${where}.${m.name}`;
          checkAttributes(m, MEMBER_ATTRIBUTES, at);
          const alias = m.extAttrs.find((a) => a.name === 'LegacyAliasOf');
          const member = {
            name: m.name,
            type: typeString(m.idlType, m.extAttrs),
            required: m.required,
            default: defaultValue(m.default),
            compat,
          };
          if (alias) {
            if (!alias.rhs || alias.rhs.type !== 'identifier') throw unsupported('[LegacyAliasOf] without a member name', at);
            if (m.required || m.default) throw unsupported('a required or defaulted [LegacyAliasOf] member', at);
            member.aliasOf = alias.rhs.value;
          }
          dict.members.push(member);
          collectNamedTypes(m.idlType, model.referenced);
        }
        break;
      }
      case 'enum':
        if (model.enums.has(def.name)) throw unsupported('an enum defined twice', where);
        first('enum', model.enums, def.name, () => ({ values: def.values.map((v) => v.value), compat }));
        break;
      case 'typedef':
        first('typedef', model.typedefs, def.name, () => ({ type: typeString(def.idlType, def.extAttrs), idlType: def.idlType, compat }));
        collectNamedTypes(def.idlType, model.referenced);
        break;
      default:
        throw unsupported(`a ${def.type} definition`, where);
    }
  }

  // Members are converted in lexicographic order within each dictionary (WebIDL §3.2.17); the metadata keeps it.
  for (const dict of model.dictionaries.values()) {
    dict.members.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (dict.inherits && !model.dictionaries.has(dict.inherits)) throw unsupported(`unknown base ${dict.inherits}`, dict.name);
  }
  for (const dict of model.dictionaries.values()) {
    for (const m of dict.members) {
      if (!m.aliasOf) continue;
      let found = false;
      for (let d = dict; d && !found; d = d.inherits && model.dictionaries.get(d.inherits)) {
        found = d.members.some((x) => x.name === m.aliasOf && !x.aliasOf);
      }
      if (!found) throw unsupported(`[LegacyAliasOf=${m.aliasOf}] naming no member`, `${dict.name}.${m.name}`);
    }
  }
  return model;
}

// Names the IDL uses but does not define, and that are not WebIDL's own: external interfaces (GPUDevice).
function externalInterfaces(model) {
  const defined = (n) => BUILTIN_TYPES.has(n) || model.interfaces.has(n) || model.dictionaries.has(n) ||
    model.enums.has(n) || model.typedefs.has(n) || n === 'Promise';
  return [...model.referenced].filter((n) => !defined(n)).sort();
}

// ---- webidl.js ----

// A JS literal for the metadata: JSON plus undefined, NaN and ±Infinity, in insertion (IDL) order.
function literal(v, indent = '') {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v !== 'object' || v === null) return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    if (v.every((x) => typeof x !== 'object' || x === null)) return `[${v.map((x) => literal(x)).join(', ')}]`;
    return `[\n${v.map((x) => inner + literal(x, inner)).join(',\n')},\n${indent}]`;
  }
  const keys = Object.keys(v);
  if (!keys.length) return '{}';
  const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const flat = keys.every((k) => typeof v[k] !== 'object' || v[k] === null || (Array.isArray(v[k]) && !v[k].length) ||
                                 (!Array.isArray(v[k]) && !Object.keys(v[k]).length));
  if (flat) return `{ ${keys.map((k) => `${key(k)}: ${literal(v[k])}`).join(', ')} }`;
  return `{\n${keys.map((k) => `${inner}${key(k)}: ${literal(v[k], inner)}`).join(',\n')},\n${indent}}`;
}

function metadata(model) {
  const operations = {};
  const constructors = {};
  for (const iface of model.interfaces.values()) {
    if (iface.mixin) continue;
    operations[iface.name] = Object.fromEntries(iface.operations);
    if (iface.constructors.length) constructors[iface.name] = iface.constructors;
  }
  const dictionaries = {};
  for (const d of model.dictionaries.values()) dictionaries[d.name] = { inherits: d.inherits, members: d.members };
  const enums = {};
  for (const [name, e] of model.enums) enums[name] = e.values;
  const typedefs = {};
  for (const [name, t] of model.typedefs) typedefs[name] = t.type;
  const interfaces = [...model.interfaces.values()].filter((i) => !i.mixin).map((i) => i.name);
  return { operations, constructors, dictionaries, enums, typedefs, interfaces: [...interfaces, ...externalInterfaces(model)] };
}

// The runtime copied into webidl.js. It is never called here: only its source text is used. It reads the
// metadata constants (operations, constructors, dictionaries, enums, typedefs, interfaceNames) declared
// above it in the generated file.
/* eslint-disable no-undef */
function runtimeSource() {
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

  const brand = (get, v) => {
    try {
      get.call(v);
      return true;
    } catch {
      return false;
    }
  };
  const isArrayBuffer = (v) => brand(abByteLength, v);
  const isSharedArrayBuffer = (v) => sabByteLength !== null && brand(sabByteLength, v);
  const isDataView = (v) => brand(dataViewBuffer, v);
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
        if (isArrayBuffer(v) && (m = has(members, (x) => x.cat === 'ArrayBuffer' || x.cat === 'object'))) return m.convert(v, path);
        if (isSharedArrayBuffer(v) && (m = has(members, (x) => x.cat === 'SharedArrayBuffer' || x.cat === 'object'))) {
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
    const key = `${interfaceName}.${operationName}`;
    let plan = plans.get(key);
    if (plan) return plan;
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
    plans.set(key, plan);
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
      if (isArrayBuffer(v) && (e = find((ms) => has(ms, (x) => x.cat === 'ArrayBuffer' || x.cat === 'object')))) return [e];
      if (isSharedArrayBuffer(v) && (e = find((ms) => has(ms, (x) => x.cat === 'SharedArrayBuffer' || x.cat === 'object')))) {
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
}
/* eslint-enable no-undef */

function runtimeText() {
  const src = runtimeSource.toString();
  const body = src.slice(src.indexOf('{') + 1, src.lastIndexOf('}'));
  return body.split('\n').map((line) => line.replace(/^ {2}/, '')).join('\n').trim();
}

export function generateWebidlJs(model) {
  const meta = metadata(model);
  const parts = [
    '// Generated by tools/gen-webidl.mjs from idl/webnn.idl and idl/compat.idl. Do not edit: run',
    '// `node tools/gen-webidl.mjs` (the build does) after changing the IDL.',
    '//',
    '// registerInterface(name, isInstance)          brand check used for interface types (MLOperand, GPUDevice...).',
    '// convertArguments(interface, operation, args) WebIDL overload resolution and argument conversion;',
    '//   returns { overload, args, names }. Records convert to null-prototype objects.',
    '// convertTo(type, value, path)                  one value to an IDL type (a name or a type string).',
    '// operations, constructors, dictionaries, enums, typedefs: the IDL, for defining methods generically.',
    '',
    '/* eslint-disable */',
    'const deepFreeze = (o) => {',
    "  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {",
    '    Object.freeze(o);',
    '    for (const v of Object.values(o)) deepFreeze(v);',
    '  }',
    '  return o;',
    '};',
    "// Tables keyed by IDL names have no prototype: looking up 'constructor' or 'toString' finds nothing.",
    'const table = (o, depth = 1) => {',
    '  Object.setPrototypeOf(o, null);',
    '  if (depth > 1) for (const v of Object.values(o)) table(v, depth - 1);',
    '  return o;',
    '};',
    '',
    `export const enums = deepFreeze(table(${literal(meta.enums)}));`,
    '',
    `export const typedefs = deepFreeze(table(${literal(meta.typedefs)}));`,
    '',
    `export const dictionaries = deepFreeze(table(${literal(meta.dictionaries)}));`,
    '',
    `export const operations = deepFreeze(table(${literal(meta.operations)}, 2));`,
    '',
    `export const constructors = deepFreeze(table(${literal(meta.constructors)}));`,
    '',
    '// Interfaces the IDL defines or references (GPUDevice is external); only registered ones accept values.',
    `const interfaceNames = ${literal(meta.interfaces)};`,
    '',
    runtimeText(),
    '',
    'export { registerInterface, convertArguments, convertTo };',
    '',
  ];
  return parts.join('\n');
}

// ---- webnn.d.ts ----

const TS_RESERVED = new Set(['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete',
  'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with']);

const TS_NAMED = {
  boolean: 'boolean', bigint: 'bigint', any: 'any', object: 'object', symbol: 'symbol',
  DOMString: 'string', USVString: 'string', ByteString: 'string',
  BufferSource: 'ArrayBuffer | ArrayBufferView',
  AllowSharedBufferSource: 'ArrayBuffer | SharedArrayBuffer | ArrayBufferView',
};
const TS_NUMERIC = new Set(['byte', 'octet', 'short', 'unsigned short', 'long', 'unsigned long', 'long long',
  'unsigned long long', 'float', 'unrestricted float', 'double', 'unrestricted double']);

function tsType(t, isReturn = false) {
  let s;
  if (t.union) {
    s = t.idlType.map((m) => tsType(m)).join(' | ');
  } else if (t.generic) {
    const [a, b] = t.idlType;
    switch (t.generic) {
      case 'sequence': {
        const e = tsType(a);
        s = /[|&]/.test(e) ? `(${e})[]` : `${e}[]`;
        break;
      }
      case 'FrozenArray': s = `ReadonlyArray<${tsType(a)}>`; break;
      case 'record': s = `Record<string, ${tsType(b)}>`; break;
      case 'Promise': s = `Promise<${tsType(a, true)}>`; break;
      default: throw unsupported(`the generic type ${t.generic}`, 'webnn.d.ts');
    }
  } else if (t.idlType === 'undefined') {
    s = isReturn ? 'void' : 'undefined';
  } else if (TS_NUMERIC.has(t.idlType)) {
    s = 'number';
  } else {
    s = TS_NAMED[t.idlType] ?? t.idlType;
  }
  return t.nullable ? `${s} | null` : s;
}

const tsName = (n) => (TS_RESERVED.has(n) ? `${n}_` : n);
const tsKey = (n) => (/^[A-Za-z_$][\w$]*$/.test(n) ? n : JSON.stringify(n));

export function generateDts(root = ROOT) {
  // The current spec only: parse webnn.idl again without compat.idl.
  const text = fs.readFileSync(path.join(root, SOURCES[0]), 'utf8');
  const defs = parse(text, { sourceName: SOURCES[0] });
  const byName = new Map();
  const order = [];
  const includes = [];
  for (const def of defs) {
    if (def.type === 'eof') continue;
    if (def.type === 'includes') {
      includes.push(def);
      continue;
    }
    if (!byName.has(def.name)) {
      byName.set(def.name, []);
      order.push(def.name);
    }
    byName.get(def.name).push(def);
  }
  const referenced = new Set();
  const walk = (t) => collectNamedTypes(t, referenced);
  for (const def of defs) {
    if (def.type === 'typedef') walk(def.idlType);
    for (const m of def.members ?? []) {
      if (m.idlType) walk(m.idlType);
      for (const a of m.arguments ?? []) walk(a.idlType);
    }
  }
  const external = [...referenced].filter((n) => !BUILTIN_TYPES.has(n) && !byName.has(n)).sort();

  const out = [
    '// Generated by tools/gen-webidl.mjs from idl/webnn.idl. Do not edit.',
    '// The WebNN API of the current spec; the older members idl/compat.idl still accepts are not declared.',
    '',
    'declare global {',
  ];
  const emit = (line = '') => out.push(line ? `  ${line}` : '');
  for (const name of external) {
    emit(`// ${name} is defined by ${name.startsWith('GPU') ? 'WebGPU' : 'another spec'}. An empty interface merges with its`);
    emit('// declaration when there is one (e.g. @webgpu/types) and otherwise accepts any object.');
    emit(`interface ${name} {}`);
    emit();
  }
  const args = (list) => list.map((a) => `${tsName(a.name)}${a.optional ? '?' : ''}: ${tsType(a.idlType)}`).join(', ');
  const mixins = new Map();
  for (const name of order) {
    const group = byName.get(name);
    const kind = group[0].type;
    if (kind === 'enum') {
      emit(`type ${name} = ${group[0].values.map((v) => JSON.stringify(v.value)).join(' | ')};`);
      emit();
    } else if (kind === 'typedef') {
      emit(`type ${name} = ${tsType(group[0].idlType)};`);
      emit();
    } else if (kind === 'dictionary') {
      const base = group.find((d) => !d.partial)?.inheritance;
      emit(`interface ${name}${base ? ` extends ${base}` : ''} {`);
      for (const d of group) {
        for (const m of d.members) emit(`  ${tsKey(m.name)}${m.required ? '' : '?'}: ${tsType(m.idlType)};`);
      }
      emit('}');
      emit();
    } else if (kind === 'interface' || kind === 'interface mixin') {
      const lines = [];
      const ctors = [];
      for (const d of group) {
        for (const m of d.members) {
          if (m.type === 'operation') lines.push(`${m.name}(${args(m.arguments)}): ${tsType(m.idlType, true)};`);
          else if (m.type === 'attribute') lines.push(`${m.readonly ? 'readonly ' : ''}${tsKey(m.name)}: ${tsType(m.idlType)};`);
          else if (m.type === 'constructor') ctors.push(`new(${args(m.arguments)}): ${name};`);
        }
      }
      if (kind === 'interface mixin') {
        mixins.set(name, lines);
        continue;
      }
      emit(`interface ${name} {`);
      for (const l of lines) emit(`  ${l}`);
      emit('}');
      emit(`var ${name}: {`);
      emit(`  prototype: ${name};`);
      for (const c of ctors.length ? ctors : [`new(): ${name};`]) emit(`  ${c}`);
      emit('};');
      emit();
    } else {
      throw unsupported(`a ${kind} definition`, 'webnn.d.ts');
    }
  }
  for (const inc of includes) {
    emit(`interface ${inc.target} {`);
    for (const l of mixins.get(inc.includes) ?? []) emit(`  ${l}`);
    emit('}');
    emit();
  }
  if (out[out.length - 1] === '') out.pop();
  out.push('}', '', 'export {};', '');
  return out.join('\n');
}

// ---- Driver ----

function writeIfChanged(file, text) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Rename into place: jest workers may import the file while another process regenerates it.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
  return true;
}

export function render(root = ROOT) {
  const model = readIdl(root);
  return { 'webidl.js': generateWebidlJs(model), 'webnn.d.ts': generateDts(root) };
}

export function generate({ root = ROOT, outDir = path.join(root, DEFAULT_OUT_DIR) } = {}) {
  const files = render(root);
  const changed = [];
  for (const [name, text] of Object.entries(files)) {
    if (writeIfChanged(path.join(outDir, name), text)) changed.push(name);
  }
  return { outDir, files: Object.keys(files), changed };
}

// jest globalSetup entry point.
export default async function globalSetup() {
  generate();
}

function main(argv) {
  let outDir;
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out-dir') outDir = path.resolve(argv[++i]);
    else if (argv[i] === '--check') check = true;
    else throw new Error(`gen-webidl: unknown argument ${argv[i]}`);
  }
  outDir ??= path.join(ROOT, DEFAULT_OUT_DIR);
  if (check) {
    const stale = Object.entries(render()).filter(([name, text]) => {
      const file = path.join(outDir, name);
      return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
    });
    for (const [name] of stale) console.error(`gen-webidl: ${path.join(outDir, name)} is out of date.`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  const { changed } = generate({ outDir });
  console.log(`gen-webidl: ${changed.length ? `wrote ${changed.join(', ')}` : 'up to date'} in ${path.relative(process.cwd(), outDir) || '.'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main(process.argv.slice(2));
