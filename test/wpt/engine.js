// Engine of the WPT WebNN conformance runner: loads cases (JSON corpus or a
// WPT checkout), checks them against opSupportLimits(), builds and runs each
// graph through the WebNN API on globalThis, compares results, and applies
// the expectations file. Used by run.mjs (CLI) and worker.mjs.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

import {
  SPEC_DATA_TYPES, actualValues, compareOutput, decodeArg, describeTolerance,
  sizeOfShape, toHalf, toTypedArray,
} from './compare.js';

export const DEFAULT_TIMEOUT_MS = 30000;

// ---------------------------------------------------------------------------
// Case model
//
// {
//   key:   '<file stem>: <case name>'   (expectations key)
//   file:  file stem ('abs' for abs.json / abs.https.any.js)
//   name, required (true|false|null), graph (upstream shape),
//   tolerance ({metricType, value} | null), toleranceFn (wpt mode, optional),
//   outsideSpec (string|null), knownIssue (string|null)
// }

export function fileStem(fileName) {
  return path.basename(fileName).replace(/\.https\.any\.js$/, '').replace(/\.js$/, '')
      .replace(/\.json$/, '');
}

export function caseKey(stem, name) {
  return `${stem}: ${name}`;
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) &&
      !ArrayBuffer.isView(v) && Object.prototype.toString.call(v) === '[object Object]';
}

/** Data types of a case's graph operands that are not spec data types. */
export function nonSpecDataTypes(graph) {
  const found = new Set();
  const check = (d) => {
    if (d && d.descriptor && !SPEC_DATA_TYPES.includes(d.descriptor.dataType)) {
      found.add(d.descriptor.dataType);
    }
  };
  Object.values(graph.inputs || {}).forEach(check);
  Object.values(graph.expectedOutputs || {}).forEach(check);
  return [...found];
}

function readIndex(dataDir) {
  const p = path.join(dataDir, 'index.json');
  if (!fs.existsSync(p)) return null;
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
}

/** Maps case key -> reason for index.json's knownUpstreamDataIssues / outsideSpecDataTypes. */
export function indexAnnotations(index) {
  const known = new Map();
  const outside = new Map();
  if (!index) return {known, outside};
  for (const k of index.knownUpstreamDataIssues || []) {
    known.set(caseKey(fileStem(k.json), k.name), k.issue);
  }
  for (const o of (index.outsideSpecDataTypes && index.outsideSpecDataTypes.cases) || []) {
    outside.set(caseKey(fileStem(o.json), o.name),
        `outside spec: uses ${o.dataTypes.join('/')} (not an MLOperandDataType of the spec)`);
  }
  return {known, outside};
}

function annotate(c, ann) {
  const nonSpec = nonSpecDataTypes(c.graph);
  c.outsideSpec = ann.outside.get(c.key) ||
      (nonSpec.length ? `outside spec: uses ${nonSpec.join('/')} (not an MLOperandDataType of the spec)` : null);
  c.knownIssue = ann.known.get(c.key) || null;
  return c;
}

export function matchesFilter(c, filter) {
  if (!filter) return true;
  const f = filter.toLowerCase();
  if (c.file.toLowerCase().includes(f)) return true;
  return c.graph.operators.some((op) => String(op.name).toLowerCase().includes(f));
}

/** Loads every <dir>/*.json (except index.json) as cases. */
export function loadJsonCases(dataDir, {filter, caseFilter, annotations} = {}) {
  const ann = annotations || indexAnnotations(readIndex(dataDir));
  const files = fs.readdirSync(dataDir).filter((f) => f.endsWith('.json') && f !== 'index.json').sort();
  const cases = [];
  for (const f of files) {
    const list = JSON.parse(fs.readFileSync(path.join(dataDir, f), 'utf8'));
    if (!Array.isArray(list)) continue;
    const stem = fileStem(f);
    const seen = new Map();
    for (const raw of list) {
      let name = raw.name;
      const n = (seen.get(name) || 0) + 1;
      seen.set(name, n);
      if (n > 1) name = `${name} #${n}`;
      const c = annotate({
        key: caseKey(stem, name),
        file: stem,
        name,
        required: raw.required === undefined ? null : raw.required,
        graph: raw.graph,
        tolerance: raw.tolerance === undefined ? null : raw.tolerance,
        toleranceError: raw.toleranceError || null,
        toleranceFn: null,
      }, ann);
      if (!matchesFilter(c, filter)) continue;
      if (caseFilter && !c.name.includes(caseFilter)) continue;
      cases.push(c);
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------
// WPT checkout loader

/** Deep-copies a value from a vm realm into plain main-realm data. */
export function normalizeValue(v) {
  if (Array.isArray(v)) return v.map(normalizeValue);
  if (ArrayBuffer.isView(v)) return Array.from(v);
  if (isPlainObject(v)) {
    const out = {};
    for (const k of Object.keys(v)) out[k] = normalizeValue(v[k]);
    return out;
  }
  return v;
}

function makeSandbox() {
  const noop = () => {};
  const fail = (name) => (...args) => {
    throw new Error(`${name} called while loading test data (${args.length} args)`);
  };
  class AssertionError extends Error {}
  const sandbox = {
    console, URL, URLSearchParams, TextEncoder, TextDecoder, structuredClone,
    setTimeout, clearTimeout,
    location: {search: '', href: 'https://web-platform.test/webnn/conformance_tests/'},
    navigator: {ml: {createContext: fail('navigator.ml.createContext')}},
    MLGraphBuilder: function MLGraphBuilder() {
      throw new Error('MLGraphBuilder is not available while loading test data');
    },
    AssertionError,
    fetch: async () => ({ok: false, status: 404, text: async () => ''}),
    promise_test: noop, test: noop, async_test: noop, promise_setup: noop, setup: noop,
    done: noop, add_completion_callback: noop, step_timeout: noop,
  };
  for (const a of ['assert_true', 'assert_false', 'assert_equals', 'assert_not_equals',
    'assert_array_equals', 'assert_approx_equals', 'assert_array_approx_equals',
    'assert_less_than', 'assert_less_than_equal', 'assert_greater_than',
    'assert_greater_than_equal', 'assert_throws_js', 'assert_throws_dom',
    'assert_implements', 'assert_implements_optional', 'assert_unreached',
    'promise_rejects_js', 'promise_rejects_dom', 'assert_in_array', 'assert_own_property']) {
    sandbox[a] = noop;
  }
  sandbox.self = sandbox;
  sandbox.window = sandbox;
  return sandbox;
}

function stripJsonComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:"'])\/\/.*$/gm, '$1');
}

/**
 * Loads <checkout>/webnn/conformance_tests/*.https.any.js. Each file is
 * evaluated in its own vm context after <checkout>/webnn/resources/utils.js
 * (when present); webnn_conformance_test() is replaced by a function that
 * captures (tests, buildFn, toleranceFn) in both the array form
 * (tests, build, tolerance) and the older per-case form (build, tolerance, test).
 * Returns {cases, errors: [{file, message}]}.
 */
export function loadWptCases(checkout, {filter, caseFilter, annotations} = {}) {
  const ann = annotations || {known: new Map(), outside: new Map()};
  const testsDir = path.join(checkout, 'webnn', 'conformance_tests');
  const utilsPath = path.join(checkout, 'webnn', 'resources', 'utils.js');
  const minSetPath = path.join(checkout, 'webnn', 'resources', 'minimum_datatype_set.json');
  if (!fs.existsSync(testsDir)) {
    throw new Error(`${testsDir} not found (is --wpt a WPT checkout?)`);
  }
  const utilsSrc = fs.existsSync(utilsPath) ? fs.readFileSync(utilsPath, 'utf8') : null;
  const minSet = fs.existsSync(minSetPath) ?
      JSON.parse(stripJsonComments(fs.readFileSync(minSetPath, 'utf8'))) : null;
  const files = fs.readdirSync(testsDir).filter((f) => f.endsWith('.https.any.js')).sort();
  const cases = [];
  const errors = [];
  for (const f of files) {
    const stem = fileStem(f);
    const sandbox = makeSandbox();
    const ctx = vm.createContext(sandbox);
    const captured = [];
    sandbox.__wptCapture__ = (a, b, c) => {
      if (Array.isArray(a)) {
        captured.push({tests: a, buildFn: b, toleranceFn: c});
      } else if (typeof a === 'function' && c && typeof c === 'object') {
        captured.push({tests: [c], buildFn: a, toleranceFn: b});
      } else {
        throw new Error('unrecognised webnn_conformance_test() call');
      }
    };
    try {
      if (utilsSrc !== null) vm.runInContext(utilsSrc, ctx, {filename: utilsPath});
      // works whether utils.js declared it as a function, var or let
      vm.runInContext('if (typeof webnn_conformance_test === "undefined") {' +
          '  globalThis.webnn_conformance_test = globalThis.__wptCapture__;' +
          '} else {' +
          '  webnn_conformance_test = globalThis.__wptCapture__;' +
          '}', ctx);
      if (minSet) {
        sandbox.__minSet__ = minSet;
        vm.runInContext(
            'try { minimumDataTypeSet = globalThis.__minSet__; } catch (e) {}', ctx);
      }
      vm.runInContext(fs.readFileSync(path.join(testsDir, f), 'utf8'), ctx,
          {filename: path.join(testsDir, f)});
    } catch (e) {
      errors.push({file: f, message: `${e && e.name}: ${e && e.message}`});
      if (!captured.length) continue;
    }
    let isMinimum = null;
    if (minSet) {
      try {
        isMinimum = vm.runInContext(
            'typeof isMinimumTest === "function" ? isMinimumTest : null', ctx);
      } catch {
        isMinimum = null;
      }
    }
    const seen = new Map();
    for (const cap of captured) {
      for (const t of cap.tests) {
        let name = String(t.name);
        const n = (seen.get(name) || 0) + 1;
        seen.set(name, n);
        if (n > 1) name = `${name} #${n}`;
        const graph = normalizeValue(t.graph);
        // older data names the shape `dimensions`
        for (const d of [...Object.values(graph.inputs || {}),
          ...Object.values(graph.expectedOutputs || {})]) {
          if (d.descriptor && d.descriptor.shape === undefined &&
              d.descriptor.dimensions !== undefined) {
            d.descriptor.shape = d.descriptor.dimensions;
            delete d.descriptor.dimensions;
          }
        }
        let required = null;
        if (isMinimum) {
          try {
            required = !!isMinimum({name, graph: normalizeValue(t.graph)});
          } catch {
            required = null;
          }
        }
        const tolFn = cap.toleranceFn;
        const c = annotate({
          key: caseKey(stem, name),
          file: stem,
          name,
          required,
          graph,
          tolerance: null,
          toleranceError: null,
          // computed after the operators are built, with the intermediate
          // operands, exactly as utils.js calls it
          toleranceFn: typeof tolFn === 'function' ?
              (g, intermediates) => normalizeValue(tolFn(g, intermediates)) : null,
        }, ann);
        if (!matchesFilter(c, filter)) continue;
        if (caseFilter && !c.name.includes(caseFilter)) continue;
        cases.push(c);
      }
    }
  }
  return {cases, errors};
}

// ---------------------------------------------------------------------------
// opSupportLimits checks

const INT_TYPES = ['uint4', 'int4', 'uint8', 'int8', 'uint32', 'int32', 'uint64', 'int64'];
const FLOAT_TYPES = ['float16', 'float32'];

/** A wider supported type to carry `dataType` through a cast (upstream castedType). */
export function findCompatibleType(dataType, supportedTypes, castLimits) {
  if (!castLimits || !castLimits.input || !castLimits.input.dataTypes ||
      !castLimits.input.dataTypes.includes(dataType)) {
    return null;
  }
  const castOut = (castLimits.output && castLimits.output.dataTypes) || [];
  for (const t of supportedTypes) {
    if (INT_TYPES.includes(dataType) && INT_TYPES.includes(t) &&
        INT_TYPES.indexOf(t) > INT_TYPES.indexOf(dataType) && castOut.includes(dataType)) {
      return t;
    }
    if (FLOAT_TYPES.includes(dataType) && FLOAT_TYPES.indexOf(t) > FLOAT_TYPES.indexOf(dataType)) {
      return t;
    }
  }
  return null;
}

function rankOk(limit, rank) {
  const r = limit && limit.rankRange;
  if (!r) return true;
  if (r.min !== undefined && rank < r.min) return false;
  if (r.max !== undefined && rank > r.max) return false;
  return true;
}

function typeOk(limit, dataType) {
  return !!(limit && Array.isArray(limit.dataTypes) && limit.dataTypes.includes(dataType));
}

/** Names of graph inputs passed to `operand` of `op` (positional key or option). */
function inputNamesFor(op, operand) {
  const names = [];
  for (const entry of op.arguments) {
    for (const [k, v] of Object.entries(entry)) {
      if (k === 'options' && isPlainObject(v)) {
        if (Object.prototype.hasOwnProperty.call(v, operand) && typeof v[operand] === 'string') {
          names.push(v[operand]);
        }
      } else if (k === operand) {
        if (typeof v === 'string') names.push(v);
        else if (Array.isArray(v)) names.push(...v.filter((x) => typeof x === 'string'));
      }
    }
  }
  return names;
}

/**
 * Returns null if the context supports every graph input, constant and
 * output of the case (data type and rank, top-level and per operator
 * operand), else a short reason. Mirrors upstream's
 * validateContextSupportsGraph, except that per-operand data types must be
 * listed exactly.
 */
export function unsupportedReason(limits, graph) {
  if (!limits) return 'opSupportLimits() returned nothing';
  const castLimits = limits.cast;
  const checkGraphOperand = (kind, name, desc, constant) => {
    const top = kind === 'output' ? limits.output : constant ? limits.constant : limits.input;
    const what = kind === 'output' ? 'output' : constant ? 'constant' : 'input';
    if (!top) return `opSupportLimits().${what} missing`;
    if (!typeOk(top, desc.dataType) &&
        !findCompatibleType(desc.dataType, top.dataTypes || [], castLimits)) {
      return `${what} '${name}' ${desc.dataType} not in opSupportLimits().${what}.dataTypes`;
    }
    if (!rankOk(top, desc.shape.length)) {
      return `${what} '${name}' rank ${desc.shape.length} outside opSupportLimits().${what}.rankRange`;
    }
    return null;
  };
  for (const op of graph.operators) {
    const opLimits = limits[op.name];
    if (!opLimits || typeof opLimits !== 'object') {
      return `${op.name} not in opSupportLimits()`;
    }
    const outputs = Array.isArray(op.outputs) ? op.outputs : [op.outputs];
    for (const operand of Object.keys(opLimits)) {
      const lim = opLimits[operand];
      if (!lim || typeof lim !== 'object' || !('dataTypes' in lim)) continue;
      let targets = [];
      if (operand === 'output') {
        targets = typeof op.outputs === 'string' ? [op.outputs] : [];
      } else if (operand === 'outputs') {
        targets = outputs;
      } else if (/^output\d+$/.test(operand)) {
        const i = Number(operand.slice(6));
        targets = i < outputs.length ? [outputs[i]] : [];
      } else {
        for (const name of inputNamesFor(op, operand)) {
          const input = graph.inputs[name];
          if (!input) continue; // intermediate operand
          const desc = input.descriptor;
          const r = checkGraphOperand('input', name, desc, !!input.constant);
          if (r) return r;
          if (!typeOk(lim, desc.dataType)) {
            return `${op.name}.${operand} ${desc.dataType} not in opSupportLimits().${op.name}.${operand}.dataTypes`;
          }
          if (!rankOk(lim, desc.shape.length)) {
            return `${op.name}.${operand} rank ${desc.shape.length} outside opSupportLimits().${op.name}.${operand}.rankRange`;
          }
        }
        continue;
      }
      for (const name of targets) {
        const out = graph.expectedOutputs[name];
        if (!out) continue; // intermediate output
        const desc = out.descriptor;
        const r = checkGraphOperand('output', name, desc, false);
        if (r) return r;
        if (!typeOk(lim, desc.dataType)) {
          return `${op.name}.${operand} ${desc.dataType} not in opSupportLimits().${op.name}.${operand}.dataTypes`;
        }
        if (!rankOk(lim, desc.shape.length)) {
          return `${op.name}.${operand} rank ${desc.shape.length} outside opSupportLimits().${op.name}.${operand}.rankRange`;
        }
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Running one case

class CaseError extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

export function describeError(e) {
  if (e instanceof CaseError) return e.reason;
  if (e && e.name === 'NotSupportedError') return `not supported: ${e.message}`;
  if (e && typeof e === 'object' && 'name' in e) return `${e.name}: ${e.message}`;
  return `threw ${String(e)}`;
}

function sameShape(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (Number(a[i]) !== b[i]) return false;
  return true;
}

/**
 * Builds, dispatches and checks one case. Resolves to {status, reason}.
 * `api` is {MLGraphBuilder} (defaults to globalThis).
 */
async function executeCase(context, c, limits, cleanup, api) {
  const g = c.graph;
  const Builder = api.MLGraphBuilder;
  if (typeof Builder !== 'function') throw new CaseError('MLGraphBuilder is not defined');
  const builder = new Builder(context);
  const operands = new Map(); // name -> MLOperand (graph inputs and op outputs)
  const intermediates = {}; // op outputs only (passed to tolerance functions)
  const feeds = []; // non-constant inputs: {name, dataType, shape, data}
  const inputLimits = limits.input || {};
  const constantLimits = limits.constant || {};
  const outputLimits = limits.output || {};

  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const isOperandName = (v) => typeof v === 'string' && (operands.has(v) || has(g.inputs, v));

  const getOperand = (name) => {
    if (operands.has(name)) return operands.get(name);
    const res = g.inputs[name];
    const desc = res.descriptor;
    const dataType = desc.dataType;
    const shape = desc.shape.slice();
    const supported = res.constant ? constantLimits.dataTypes : inputLimits.dataTypes;
    let carrier = dataType;
    if (Array.isArray(supported) && !supported.includes(dataType)) {
      const compat = findCompatibleType(dataType, supported, limits.cast);
      if (compat) carrier = compat;
    }
    let operand;
    try {
      if (res.constant) {
        operand = builder.constant({dataType: carrier, shape},
            toTypedArray(carrier, shape, res.data));
      } else {
        operand = builder.input(name, {dataType: carrier, shape});
        feeds.push({name, dataType: carrier, shape, data: res.data});
      }
      if (carrier !== dataType) operand = builder.cast(operand, dataType);
    } catch (e) {
      throw new CaseError(`builder.${res.constant ? 'constant' : 'input'}('${name}') ` +
          `threw ${describeError(e)}`);
    }
    operands.set(name, operand);
    return operand;
  };

  const resolve = (v) => {
    if (isOperandName(v)) return getOperand(v);
    if (Array.isArray(v)) return v.map((x) => (isOperandName(x) ? getOperand(x) : decodeArg(x)));
    return decodeArg(v);
  };

  for (const op of g.operators) {
    const args = [];
    for (const entry of op.arguments) {
      for (const key of Object.keys(entry)) {
        const value = entry[key];
        if (key === 'options' && isPlainObject(value)) {
          const options = {};
          for (const [k, v] of Object.entries(value)) {
            options[k] = isOperandName(v) ? getOperand(v) : decodeArg(v);
          }
          args.push(options);
        } else {
          args.push(resolve(value));
        }
      }
    }
    const fn = builder[op.name];
    if (typeof fn !== 'function') {
      throw new CaseError(`not supported: MLGraphBuilder.${op.name} is not implemented`);
    }
    let result;
    try {
      result = fn.apply(builder, args);
    } catch (e) {
      throw new CaseError(e && e.name === 'NotSupportedError' ?
          `not supported: ${e.message}` : `builder.${op.name}() threw ${describeError(e)}`);
    }
    if (Array.isArray(op.outputs)) {
      if (!result || typeof result[Symbol.iterator] !== 'function') {
        throw new CaseError(`builder.${op.name}() returned no sequence of operands`);
      }
      const list = [...result];
      op.outputs.forEach((n, i) => {
        operands.set(n, list[i]);
        intermediates[n] = list[i];
      });
    } else {
      operands.set(op.outputs, result);
      intermediates[op.outputs] = result;
    }
  }

  // outputs (cast to a carrier type when the context cannot output the type)
  const outputNames = Object.keys(g.expectedOutputs);
  const namedOutputs = {};
  const outInfo = [];
  for (const name of outputNames) {
    let operand = intermediates[name];
    if (!operand) throw new CaseError(`graph output '${name}' is not produced by any operator`);
    const desc = g.expectedOutputs[name].descriptor;
    let carrier = desc.dataType;
    if (Array.isArray(outputLimits.dataTypes) && !outputLimits.dataTypes.includes(desc.dataType)) {
      const compat = findCompatibleType(desc.dataType, outputLimits.dataTypes, limits.cast);
      if (compat) {
        carrier = compat;
        operand = builder.cast(operand, compat);
      }
    }
    if (operand.dataType !== carrier || !sameShape(operand.shape, desc.shape)) {
      throw new CaseError(`output '${name}' operand is ${operand.dataType} ` +
          `[${operand.shape}], expected ${carrier} [${desc.shape}]`);
    }
    namedOutputs[name] = operand;
    outInfo.push({name, carrier, desc});
  }

  // tolerance (wpt mode: computed with the intermediate operands as upstream)
  let tolerance = c.tolerance;
  let toleranceNote = null;
  if (c.toleranceFn) {
    try {
      tolerance = c.toleranceFn(g, intermediates);
      if (!tolerance || !tolerance.metricType) tolerance = null;
    } catch (e) {
      tolerance = null;
      toleranceNote = `tolerance function threw ${describeError(e)}`;
    }
  }

  let graph;
  try {
    graph = await builder.build(namedOutputs);
  } catch (e) {
    throw new CaseError(e && e.name === 'NotSupportedError' ?
        `not supported: ${e.message}` : `build() threw ${describeError(e)}`);
  }
  cleanup.push(graph);

  const inputs = {};
  for (const f of feeds) {
    const t = await context.createTensor({dataType: f.dataType, shape: f.shape, writable: true});
    cleanup.push(t);
    context.writeTensor(t, toTypedArray(f.dataType, f.shape, f.data));
    inputs[f.name] = t;
  }
  const outputs = {};
  for (const o of outInfo) {
    const t = await context.createTensor({dataType: o.carrier, shape: o.desc.shape, readable: true});
    cleanup.push(t);
    outputs[o.name] = t;
  }
  try {
    context.dispatch(graph, inputs, outputs);
  } catch (e) {
    throw new CaseError(`dispatch() threw ${describeError(e)}`);
  }
  const buffers = await Promise.all(outInfo.map((o) => context.readTensor(outputs[o.name])));

  for (let i = 0; i < outInfo.length; i++) {
    const o = outInfo[i];
    let raw = actualValues(o.carrier, o.desc.shape, buffers[i]);
    // values carried in a wider type (castedType): float16 carried as float32
    // is compared as float16 bits; integers compare as numbers anyway
    if (o.carrier !== o.desc.dataType && o.desc.dataType === 'float16') {
      raw = Uint16Array.from(raw, (x) => toHalf(x));
    }
    const expected = g.expectedOutputs[o.name];
    const r = compareOutput(o.name, raw, expected,
        tolerance ? tolerance : null);
    if (!r.pass) {
      return {status: 'fail', tolerance,
        reason: r.reason + (toleranceNote ? ` (${toleranceNote})` : '')};
    }
  }
  return {status: 'pass', tolerance, reason: tolerance ? undefined :
      `compared with ${describeTolerance(null)}` + (toleranceNote ? ` (${toleranceNote})` : '')};
}

function destroyAll(list) {
  for (const o of list.reverse()) {
    try {
      if (o && typeof o.destroy === 'function') o.destroy();
    } catch {
      // ignore
    }
  }
}

/**
 * Runs one case: classification (opSupportLimits) and then build/dispatch/compare with a timeout. Never
 * throws. A case outside the spec (int4/uint4) runs like any other where opSupportLimits() lists its data
 * types (Chromium's, and ours, beyond the spec snapshot), and is skipped where it does not; either way it
 * is counted apart from the in-spec totals.
 * Returns {status: 'pass'|'fail'|'skip', reason, ms, outsideSpec?}.
 */
export async function runCase(context, c, options = {}) {
  const r = await runCaseIn(context, c, options);
  return c.outsideSpec ? {...r, outsideSpec: true} : r;
}

async function runCaseIn(context, c, {limits, timeoutMs = DEFAULT_TIMEOUT_MS, api} = {}) {
  const t0 = Date.now();
  const done = (r) => ({...r, ms: Date.now() - t0});
  let lim = limits;
  try {
    if (!lim) lim = context.opSupportLimits();
  } catch (e) {
    return done({status: 'fail', reason: `opSupportLimits() threw ${describeError(e)}`});
  }
  let unsupported;
  try {
    unsupported = unsupportedReason(lim, c.graph);
  } catch (e) {
    unsupported = `could not check opSupportLimits: ${describeError(e)}`;
  }
  if (unsupported) {
    if (c.outsideSpec) return done({status: 'skip', reason: `${c.outsideSpec}; unsupported by opSupportLimits: ${unsupported}`});
    if (c.required === true) {
      return done({status: 'fail', reason: `required case unsupported by opSupportLimits: ${unsupported}`});
    }
    return done({status: 'skip', reason: `unsupported by opSupportLimits: ${unsupported}`});
  }
  const cleanup = [];
  let timer;
  try {
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve({status: 'fail', reason: `timeout after ${timeoutMs} ms`}), timeoutMs);
    });
    const run = executeCase(context, c, lim, cleanup, api || globalThis)
        .catch((e) => ({status: 'fail', reason: describeError(e)}));
    return done(await Promise.race([run, timeout]));
  } catch (e) {
    return done({status: 'fail', reason: describeError(e)});
  } finally {
    clearTimeout(timer);
    destroyAll(cleanup);
  }
}

// ---------------------------------------------------------------------------
// Expectations

export function readExpectations(file) {
  if (!file || !fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Expected status of a case: the expectations file entry, else 'fail' for
 * known upstream data issues, 'skip' for outside-spec cases, else 'pass'.
 */
export function expectedStatus(c, expectations) {
  const e = expectations[c.key];
  if (e) return e.status;
  if (c.knownIssue) return 'fail';
  if (c.outsideSpec) return 'skip';
  return 'pass';
}

/**
 * Classifies results against expectations. results: [{c, status, reason}].
 * Unexpected failure: status 'fail' and not expected 'fail'.
 * Unexpected pass: status 'pass' and the expectations file lists the case
 * (as fail or skip). Unexpected skips are reported but do not fail the run.
 */
export function classify(results, expectations) {
  const unexpectedFailures = [];
  const unexpectedPasses = [];
  const unexpectedSkips = [];
  for (const r of results) {
    const exp = expectedStatus(r.c, expectations);
    r.expected = exp;
    r.unexpected = false;
    if (r.status === 'fail' && exp !== 'fail') {
      r.unexpected = true;
      unexpectedFailures.push(r);
    } else if (r.status === 'pass' && expectations[r.c.key]) {
      r.unexpected = true;
      unexpectedPasses.push(r);
    } else if (r.status === 'skip' && exp !== 'skip') {
      unexpectedSkips.push(r);
    }
  }
  return {unexpectedFailures, unexpectedPasses, unexpectedSkips};
}

/**
 * New expectations from results: every non-passing case, keeping the old
 * reason when the status is unchanged (known upstream data issues get the
 * index.json reason). Entries of cases not in this run are kept when
 * `partial` (a filtered run), else dropped. Sorted by key.
 */
export function updatedExpectations(results, old, {partial = false} = {}) {
  const ran = new Set(results.map((r) => r.c.key));
  const next = {};
  if (partial) {
    for (const [k, v] of Object.entries(old)) if (!ran.has(k)) next[k] = v;
  }
  for (const r of results) {
    if (r.status === 'pass') continue;
    const prev = old[r.c.key];
    let reason;
    if (prev && prev.status === r.status && prev.reason) reason = prev.reason;
    else if (r.status === 'fail' && r.c.knownIssue) reason = `known upstream data issue: ${r.c.knownIssue}`;
    else reason = r.reason || '';
    next[r.c.key] = {status: r.status, reason};
  }
  const sorted = {};
  for (const k of Object.keys(next).sort()) sorted[k] = next[k];
  return sorted;
}

export function writeExpectations(file, expectations) {
  fs.writeFileSync(file, JSON.stringify(expectations, null, 2) + '\n');
}

// ---------------------------------------------------------------------------
// Report

// The distinct operators and data types a case uses (its operators; its inputs' and outputs' types).
function caseOperators(c) {
  return [...new Set((c.graph?.operators ?? []).map((o) => o.name))];
}
function caseDataTypes(c) {
  const descs = [...Object.values(c.graph?.inputs ?? {}), ...Object.values(c.graph?.expectedOutputs ?? {})];
  return [...new Set(descs.map((d) => d?.descriptor?.dataType).filter(Boolean))];
}

export function summarize(results) {
  const perFile = new Map();
  const perOperator = new Map();
  const perDataType = new Map();
  const totals = {pass: 0, fail: 0, skip: 0, total: 0, outsideSpec: 0, outsideSpecPass: 0, outsideSpecSkip: 0, knownIssues: 0,
    knownIssueFailures: 0, noTolerance: 0, required: 0, requiredPass: 0};
  const count = (map, key, status) => {
    if (!map.has(key)) map.set(key, {pass: 0, fail: 0, skip: 0, total: 0});
    map.get(key)[status]++;
    map.get(key).total++;
  };
  for (const r of results) {
    count(perFile, r.c.file, r.status);
    for (const op of caseOperators(r.c)) count(perOperator, op, r.status);
    for (const t of caseDataTypes(r.c)) count(perDataType, t, r.status);
    if (r.c.required === true) {
      totals.required++;
      if (r.status === 'pass') totals.requiredPass++;
    }
    totals[r.status]++;
    totals.total++;
    if (r.c.outsideSpec) {
      totals.outsideSpec++;
      if (r.status === 'pass') totals.outsideSpecPass++;
      if (r.status === 'skip') totals.outsideSpecSkip++;
    }
    if (r.c.knownIssue) {
      totals.knownIssues++;
      if (r.status === 'fail') totals.knownIssueFailures++;
    }
    if (!r.c.tolerance && !r.c.toleranceFn) totals.noTolerance++;
  }
  return {perFile, perOperator, perDataType, totals};
}

export function formatReport(results, cls, {header = []} = {}) {
  const {perFile, perOperator, perDataType, totals} = summarize(results);
  const lines = [...header];
  const w = Math.max(24, ...[...perFile.keys(), ...perOperator.keys()].map((k) => k.length)) + 2;
  const row = (name, s) => name.padEnd(w) + String(s.pass).padStart(6) +
      String(s.fail).padStart(6) + String(s.skip).padStart(6) + String(s.total).padStart(7);
  const table = (title, map, withTotal) => {
    lines.push(title.padEnd(w) + 'pass'.padStart(6) + 'fail'.padStart(6) + 'skip'.padStart(6) + 'total'.padStart(7));
    for (const [name, s] of [...map.entries()].sort((a, b) => a[0].localeCompare(b[0]))) lines.push(row(name, s));
    if (withTotal) lines.push(row('TOTAL', totals));
    lines.push('');
  };
  table('file', perFile, true);
  lines.push('By operator and by data type, a case counts once for each operator it uses and each data type');
  lines.push('among its inputs and outputs:');
  table('operator', perOperator, false);
  table('data type', perDataType, false);
  const inSpec = totals.total - totals.outsideSpec;
  const inSpecPass = totals.pass - totals.outsideSpecPass;
  lines.push(`required cases: ${totals.requiredPass} of ${totals.required} pass`);
  lines.push(`all cases: ${totals.pass} of ${totals.total} pass; in-spec cases: ${inSpecPass} of ${inSpec} ` +
      `(${inSpec ? (100 * inSpecPass / inSpec).toFixed(2) : '0.00'}%)`);
  lines.push(`outside spec (int4/uint4, beyond the spec snapshot): ${totals.outsideSpec}, ` +
      `${totals.outsideSpecPass} passed, ${totals.outsideSpecSkip} skipped (not in opSupportLimits)`);
  lines.push(`known upstream data issues (allowed to fail): ${totals.knownIssues} ` +
      `(${totals.knownIssueFailures} failed)`);
  lines.push(`cases without tolerance (compared with ${describeTolerance(null)}): ${totals.noTolerance}`);
  if (cls.unexpectedSkips.length) {
    lines.push(`skipped but not expected to skip (not counted as unexpected): ${cls.unexpectedSkips.length}`);
  }
  if (cls.unexpectedFailures.length) {
    lines.push('');
    lines.push('UNEXPECTED FAILURES:');
    for (const r of cls.unexpectedFailures) lines.push(`  ${r.c.key}: ${r.reason}`);
  }
  if (cls.unexpectedPasses.length) {
    lines.push('');
    lines.push('UNEXPECTED PASSES (remove from expectations or run --update-expectations):');
    for (const r of cls.unexpectedPasses) lines.push(`  ${r.c.key}`);
  }
  lines.push('');
  lines.push(`wpt: ${totals.pass} passed, ${totals.fail} failed, ${totals.skip} skipped`);
  lines.push(`unexpected: ${cls.unexpectedFailures.length} failures, ${cls.unexpectedPasses.length} passes`);
  return lines.join('\n');
}

export function jsonReport(results, cls, meta = {}) {
  const {perFile, totals} = summarize(results);
  return {
    ...meta,
    totals,
    unexpected: {failures: cls.unexpectedFailures.length, passes: cls.unexpectedPasses.length},
    files: Object.fromEntries([...perFile.entries()].sort((a, b) => a[0].localeCompare(b[0]))),
    cases: results.map((r) => ({
      key: r.c.key, file: r.c.file, name: r.c.name, required: r.c.required,
      status: r.status, reason: r.reason || null, expected: r.expected,
      tolerance: r.tolerance === undefined ? undefined : r.tolerance,
      unexpected: !!r.unexpected, ms: r.ms,
      ...(r.c.outsideSpec ? {outsideSpec: true} : {}),
      ...(r.c.knownIssue ? {knownIssue: r.c.knownIssue} : {}),
    })),
  };
}

export {sizeOfShape};

// ---------------------------------------------------------------------------
// Loading cases and the implementation (shared by run.mjs and worker.mjs)

/**
 * opts: {data, wpt, filter, caseFilter, indexDir}. With `wpt` the checkout is
 * read; known upstream data issues / outside-spec lists come from
 * `<indexDir or data>/index.json` when present.
 * Returns {cases, errors, source}.
 */
export function loadCases(opts) {
  const indexDir = opts.indexDir || opts.data;
  const annotations = indexAnnotations(indexDir ? readIndex(indexDir) : null);
  if (opts.wpt) {
    const {cases, errors} = loadWptCases(opts.wpt, {
      filter: opts.filter, caseFilter: opts.caseFilter, annotations});
    return {cases, errors, source: `WPT checkout ${opts.wpt}`};
  }
  const cases = loadJsonCases(opts.data, {
    filter: opts.filter, caseFilter: opts.caseFilter, annotations});
  return {cases, errors: [], source: `JSON cases ${opts.data}`};
}

/**
 * The implementation's runtimeInfo() ({variant, numThreads} for ours), or
 * null when the module does not export one. Call it after loadImpl().
 */
export async function implRuntimeInfo(implPath) {
  const {pathToFileURL} = await import('node:url');
  const mod = await import(pathToFileURL(path.resolve(implPath)).href);
  return typeof mod.runtimeInfo === 'function' ? mod.runtimeInfo() : null;
}

/**
 * Imports the implementation module and installs it: calls its install()
 * export (or default.install()). Returns globalThis.navigator.ml.
 */
export async function loadImpl(implPath) {
  const {pathToFileURL} = await import('node:url');
  const mod = await import(pathToFileURL(path.resolve(implPath)).href);
  const install = mod.install || (mod.default && mod.default.install);
  if (typeof install === 'function') await install();
  const ml = globalThis.navigator && globalThis.navigator.ml;
  if (!ml || typeof ml.createContext !== 'function') {
    throw new Error(`${implPath}: install() did not provide navigator.ml`);
  }
  if (typeof globalThis.MLGraphBuilder !== 'function') {
    throw new Error(`${implPath}: install() did not provide MLGraphBuilder`);
  }
  return ml;
}
