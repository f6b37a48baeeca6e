// Generates the WebIDL layer of src/js from the IDL:
//   src/js/generated/idl-tables.js the IDL as tables (operations, constructors, dictionaries, enums, typedefs,
//                                  interface names), which src/js/webidl/conversions.js interprets;
//   src/js/generated/webnn.d.ts    ambient TypeScript declarations of the current spec API.
// Inputs: idl/webnn.idl, then idl/compat.idl (older drafts' members and Chromium's beyond the spec snapshot;
// conversions only, not in the .d.ts).
//
// Usage: node tools/gen-webidl.mjs [--out-dir <dir>] [--check]
//   --check  exit 1 if the files in the output folder are missing or differ from what would be generated.
// Also the default export, so jest can run it as a globalSetup.
//
// The conversion code is one generic runtime (src/js/webidl/conversions.js, a normal module) driven by the
// tables; nothing is written per operation, so a new operator in the IDL needs no change here or there.
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
      case 'enum': {
        // [ExtendsEnum=Name] (ours, not WebIDL's, which has no partial enums): the values join the enum Name
        // defined before; the carrier enum itself is not registered.
        const extend = def.extAttrs.find((a) => a.name === 'ExtendsEnum');
        if (extend) {
          const target = model.enums.get(extend.rhs?.value);
          if (!target) throw unsupported(`[ExtendsEnum] of an enum not defined before`, where);
          target.values.push(...def.values.map((v) => v.value));
          break;
        }
        if (model.enums.has(def.name)) throw unsupported('an enum defined twice', where);
        first('enum', model.enums, def.name, () => ({ values: def.values.map((v) => v.value), compat }));
        break;
      }
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

// ---- idl-tables.js ----

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

export function generateIdlTables(model) {
  const meta = metadata(model);
  const parts = [
    '// Generated by tools/gen-webidl.mjs from idl/webnn.idl and idl/compat.idl. Do not edit: run',
    '// `node tools/gen-webidl.mjs` (the build does) after changing the IDL.',
    '//',
    '// The IDL as tables: operations, constructors, dictionaries, enums, typedefs and the interface names, read by',
    '// src/js/webidl/conversions.js (argument conversion) and src/js/api (methods defined generically).',
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
    `export const interfaceNames = ${literal(meta.interfaces)};`,
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
  return { 'idl-tables.js': generateIdlTables(model), 'webnn.d.ts': generateDts(root) };
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
