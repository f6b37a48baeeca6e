// Checks a valid case's outputs: evaluates the reference op by op and compares each observed operand.
// An op reads the library's own values for observed operands and the reference's for the others
// (exact, or carrying a tolerance through propagating ops: see finishGraph in generate.mjs), so each
// op is judged by its own tolerance (tolerance.mjs) and a mismatch names the op that made it.
import { compareElement } from '../wpt/compare.js';
import { OPS } from './ops.mjs';
import * as ref from './reference.mjs';
import { localTolerance } from './tolerance.mjs';

/** Replaces every {$: id} in args by map(id, position). */
export function mapArgs(args, map) {
  const walk = (v, pos) => {
    if (v && typeof v === 'object' && '$' in v) return map(v.$, pos);
    if (Array.isArray(v)) return v.map((x) => walk(x, pos));
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, pos)]));
    }
    return v;
  };
  return args.map((a, pos) => walk(a, pos));
}

const zeros = (t) => ({ ulp: new Float64Array(t.data.length), abs: new Float64Array(t.data.length) });
const isZero = (tol) => tol.ulp.every((v) => v === 0) && tol.abs.every((v) => v === 0);

// Tolerance of a propagating op's output: the inputs' tolerances moved like the data (tolRef), or
// carried over element by element ('same'). `origin` names the ops whose rounding it carries.
function propagate(op, spec, args, tolOf, valueOf) {
  const origins = new Set();
  mapArgs(args, (id) => tolOf(id).origin && origins.add(tolOf(id).origin));
  const out = {};
  for (const key of ['ulp', 'abs']) {
    const tensorOf = (id) => ref.makeTensor('float32', valueOf(id).shape, tolOf(id)[key]);
    if (spec.propagates === 'same') {
      out[key] = [tensorOf(args[0].$).data];
      continue;
    }
    let a = mapArgs(args, (id, pos) => ((spec.control ?? []).includes(pos) ? valueOf(id) : tensorOf(id)));
    if (op === 'pad') a = [a[0], a[1], a[2], { ...a[3], value: 0 }];  // padding values are exact
    const r = ref[spec.tolRef](...a);
    out[key] = (Array.isArray(r) ? r : [r]).map((t) => t.data);
  }
  return out.ulp.map((u, k) => ({ ulp: u, abs: out.abs[k], origin: [...origins].join(', ') }));
}

/** Compares one output; returns {checked, unchecked, mismatch: null | {...}}. */
export function compareOutput(actual, expected, tol) {
  let checked = 0;
  let unchecked = 0;
  for (let i = 0; i < expected.data.length; i++) {
    if (expected.unchecked?.[i] || tol.abs[i] === Infinity) {
      unchecked++;
      continue;
    }
    checked++;
    const a = actual[i];
    const e = expected.data[i];
    if (expected.accept?.[i]?.includes(a)) continue;
    let pass;
    if (expected.dataType === 'float32') {
      pass = compareElement(a, e, 'float32', { metricType: 'ULP', value: tol.ulp[i] }).pass || Math.abs(a - e) <= tol.abs[i];
    } else {
      pass = a === e;
    }
    if (!pass) return { checked, unchecked, mismatch: { index: i, actual: a, expected: e, ulp: tol.ulp[i], abs: tol.abs[i] } };
  }
  return { checked, unchecked, mismatch: null };
}

/**
 * Evaluates case `c` on the reference, using `actual` (Map id -> typed array read back) for observed
 * operands. Returns {checked, unchecked, outputs, failure: null | {op, operand, ...}}.
 */
export function checkGraph(c, actual) {
  const values = new Map();
  const tols = new Map();
  for (const o of c.operands) {
    if (!o || o.kind === 'op') continue;
    const t = ref.makeTensor(o.dataType, o.shape, Float64Array.from(o.data));
    values.set(o.id, t);
    tols.set(o.id, zeros(t));
  }
  const totals = { checked: 0, unchecked: 0, outputs: 0, failure: null };
  for (const op of c.ops) {
    const spec = OPS[op.op];
    const args = mapArgs(op.args, (id) => values.get(id));
    const res = ref[op.op](...args);
    const outs = Array.isArray(res) ? res : [res];
    const inexact = [];
    mapArgs(op.args, (id, pos) => (isZero(tols.get(id)) ? null : inexact.push(pos)));
    const anyTol = inexact.length > 0;
    if (inexact.some((pos) => !spec.propagates || (spec.control ?? []).includes(pos))) {
      throw new Error(`fuzzer bug: ${op.op} reads an operand that is neither exact nor observed`);
    }
    const carried = spec.propagates && anyTol ? propagate(op.op, spec, op.args, (id) => tols.get(id), (id) => values.get(id)) : null;
    outs.forEach((t, k) => {
      const id = op.outputs[k];
      const expected = { ...t, data: ref.roundTo(t.dataType, t.data) };
      const tol = carried ? carried[k] : { ...localTolerance(op.op, args, t), origin: `${op.op} %${id}` };
      if (!c.observed.includes(id)) {
        // Elements the spec leaves open are unknown downstream: an infinite tolerance.
        if (t.unchecked) tol.abs = tol.abs.map((v, i) => (t.unchecked[i] ? Infinity : v));
        values.set(id, expected);
        tols.set(id, tol);
        return;
      }
      const a = actual.get(id);
      const r = compareOutput(a, expected, tol);
      totals.checked += r.checked;
      totals.unchecked += r.unchecked;
      totals.outputs++;
      if (r.mismatch && !totals.failure) {
        // A mismatch after ops that only move values is the error of the op that rounded them.
        const op2 = carried ? `${op.op} (carrying the error of ${tol.origin})` : op.op;
        totals.failure = { op: op2, operand: id, ...r.mismatch };
      }
      // Consumers read what the library computed: the next op is judged on its own.
      const seen = ref.makeTensor(t.dataType, t.shape, Float64Array.from(a));
      values.set(id, seen);
      tols.set(id, zeros(seen));
    });
    if (totals.failure) break;
  }
  return totals;
}

const TYPED = { float32: Float32Array, int32: Int32Array, uint8: Uint8Array };

/**
 * What a perfect library would read back for case c: the reference rounded once per observed
 * operand (Map id -> typed array). Used to test the checker itself.
 */
export function referenceOutputs(c) {
  const values = new Map();
  for (const o of c.operands) {
    if (o && o.kind !== 'op') values.set(o.id, ref.makeTensor(o.dataType, o.shape, Float64Array.from(o.data)));
  }
  const out = new Map();
  for (const op of c.ops) {
    const res = ref[op.op](...mapArgs(op.args, (id) => values.get(id)));
    (Array.isArray(res) ? res : [res]).forEach((t, k) => {
      const typed = TYPED[t.dataType].from(ref.roundTo(t.dataType, t.data), (v) => (Number.isNaN(v) && t.dataType !== 'float32' ? 0 : v));
      values.set(op.outputs[k], ref.makeTensor(t.dataType, t.shape, Float64Array.from(typed)));
      if (c.observed.includes(op.outputs[k])) out.set(op.outputs[k], typed);
    });
  }
  return out;
}
