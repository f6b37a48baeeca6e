// WebIDL `length` of every operation and constructor, as idlharness checks it: computed here from
// idl/webnn.idl with webidl2 (independently of the generated table the classes use) as the fewest
// arguments any overload requires.
import { readFileSync } from 'node:fs';
import { parse } from 'webidl2';
import * as api from '../../../dist/index.mjs';

const idl = parse(readFileSync(new URL('../../../idl/webnn.idl', import.meta.url), 'utf8'));

function required(args) {
  return args.filter((a) => !a.optional && !a.variadic).length;
}

// Interfaces merged with their partial definitions (MLGraphBuilder has one per operator).
const interfaces = new Map();
for (const def of idl) {
  if (def.type !== 'interface' || !api[def.name]) continue;
  const entry = interfaces.get(def.name) ?? { ctor: null, ops: new Map() };
  for (const m of def.members) {
    if (m.type === 'constructor') entry.ctor = Math.min(entry.ctor ?? Infinity, required(m.arguments));
    if (m.type === 'operation' && m.name && !m.special) {
      entry.ops.set(m.name, Math.min(entry.ops.get(m.name) ?? Infinity, required(m.arguments)));
    }
  }
  interfaces.set(def.name, entry);
}
const expected = [];
for (const [name, { ctor, ops }] of interfaces) {
  expected.push([name, 'constructor', ctor ?? 0]);
  for (const [op, length] of ops) expected.push([name, op, length]);
}

test('the IDL has the interfaces and operations we expect to check', () => {
  expect(expected.length).toBeGreaterThan(100);
});

test.each(expected)('%s.%s has length %d', (iface, op, length) => {
  const cls = api[iface];
  expect(op === 'constructor' ? cls.length : cls.prototype[op].length).toBe(length);
});
