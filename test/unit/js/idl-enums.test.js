// The C++ side reads IDL enums through src/cpp/graph/idl_enums.def (and MLOperandDataType through
// base/data_type.cc): both must list exactly the values of idl/webnn.idl, in its order (MLOperandDataType then
// the values idl/compat.idl adds with [ExtendsEnum], int4 and uint4).
import { readFileSync } from 'node:fs';
import { parse } from 'webidl2';

const root = new URL('../../../', import.meta.url);
const idl = parse(readFileSync(new URL('idl/webnn.idl', root), 'utf8'));
const idlEnums = new Map(idl.filter((d) => d.type === 'enum').map((d) => [d.name, d.values.map((v) => v.value)]));
const compat = parse(readFileSync(new URL('idl/compat.idl', root), 'utf8'));
for (const d of compat.filter((x) => x.type === 'enum')) {
  const extended = d.extAttrs.find((a) => a.name === 'ExtendsEnum')?.rhs.value;
  if (extended) idlEnums.get(extended).push(...d.values.map((v) => v.value));
}

function defEnums() {
  const text = readFileSync(new URL('src/cpp/graph/idl_enums.def', root), 'utf8');
  const byType = new Map();
  const enums = new Map();
  for (const m of text.matchAll(/^WEBNN_IDL_ENUM\((\w+), "(\w+)"\)/gm)) byType.set(m[1], m[2]);
  for (const m of text.matchAll(/^WEBNN_IDL_VALUE\((\w+), \w+, "([\w-]+)"\)/gm)) {
    const name = byType.get(m[1]);
    if (!enums.has(name)) enums.set(name, []);
    enums.get(name).push(m[2]);
  }
  return enums;
}

test('idl_enums.def matches the IDL, value for value', () => {
  const enums = defEnums();
  expect(enums.size).toBeGreaterThanOrEqual(9);
  for (const [name, values] of enums) expect([name, values]).toEqual([name, idlEnums.get(name)]);
});

test('data_type.cc spells MLOperandDataType as the IDL does', () => {
  const text = readFileSync(new URL('src/cpp/base/data_type.cc', root), 'utf8');
  const names = text.match(/kNames\[kDataTypeCount\] = \{([^}]*)\}/)[1].match(/"(\w+)"/g).map((s) => s.slice(1, -1));
  expect(names).toEqual(idlEnums.get('MLOperandDataType'));
});
