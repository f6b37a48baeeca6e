// Tests of the WPT runner (engine.js, run.mjs, worker.mjs) against the pure-JS
// fake API in fake-webnn.js and the fixtures under test/wpt/fixtures/.
// Run: node --experimental-vm-modules node_modules/.bin/jest --rootDir . \
//        --testMatch '**/test/wpt/**/*.test.js'

import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {
  classify, expectedStatus, loadJsonCases, loadWptCases, runCase, unsupportedReason,
  updatedExpectations,
} from './engine.js';
import {MLContext, MLGraphBuilder, install} from './fake-webnn.js';

install(); // globalThis.MLGraphBuilder for runCase() without an explicit api

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUN = path.join(HERE, 'run.mjs');
const FAKE = path.join(HERE, 'fake-webnn.js');
const CASES = path.join(HERE, 'fixtures', 'cases');
const HANG = path.join(HERE, 'fixtures', 'hang');
const MINI_WPT = path.join(HERE, 'fixtures', 'mini-wpt');

const lim = (dataTypes = ['float32', 'float16', 'int32', 'int64']) =>
  ({dataTypes, rankRange: {min: 0, max: 4}});

function makeCase(graph, extra = {}) {
  return {
    key: 'test: case', file: 'test', name: 'case', required: true, graph,
    tolerance: {metricType: 'ULP', value: 0}, toleranceFn: null, outsideSpec: null,
    knownIssue: null, ...extra,
  };
}

const T = (data, shape, dataType = 'float32', constant = false) =>
  ({data, descriptor: {shape, dataType}, ...(constant ? {constant: true} : {})});

function cli(args, opts = {}) {
  const r = spawnSync(process.execPath, [RUN, '--impl', FAKE, ...args],
      {encoding: 'utf8', timeout: 60000, ...opts});
  const lines = r.stdout.trimEnd().split('\n');
  return {code: r.status, stdout: r.stdout, stderr: r.stderr, last2: lines.slice(-2)};
}

function tmpdir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'wpt-runner-'));
}

// ---------------------------------------------------------------------------

describe('argument mapping', () => {
  // A builder that records the arguments of its spy operators.
  const calls = [];
  class SpyBuilder extends MLGraphBuilder {
    spyOp(...args) {
      calls.push(args);
      return this.identity(args[0]);
    }
    spyConcat(inputs, axis) {
      calls.push([inputs, axis]);
      return this.identity(inputs[0]);
    }
  }
  const context = new MLContext();
  const limits = {
    ...context.opSupportLimits(),
    spyOp: {input: lim(), output: lim()},
    spyConcat: {inputs: lim(), output: lim()},
  };

  beforeEach(() => calls.splice(0));

  test('every key of every entry in order; options resolve operand names only', async () => {
    const c = makeCase({
      inputs: {
        x: T([1, 2], [2]), s: T([3, 4], [2], 'float32', true),
        z: T([5, 6], [2], 'float32', true), w: T([7, 8], [2], 'float32', true),
      },
      operators: [{
        name: 'spyOp',
        arguments: [
          {input: 'x'}, {scale: 's', zeroPoint: 'z'}, {axis: {$bigint: '5'}},
          {options: {
            bias: 'w', activations: ['relu', 'sigmoid'], direction: 'forward',
            maxValue: {$number: 'Infinity'}, minValue: {$number: '-0'}, count: 3,
          }},
        ],
        outputs: 'out',
      }],
      expectedOutputs: {out: T([1, 2], [2])},
    });
    const r = await runCase(context, c, {limits, api: {MLGraphBuilder: SpyBuilder}});
    expect(r).toMatchObject({status: 'pass'});
    expect(calls).toHaveLength(1);
    const [input, scale, zeroPoint, axis, options] = calls[0];
    expect(calls[0]).toHaveLength(5);
    expect(input).toMatchObject({kind: 'input', name: 'x', dataType: 'float32'});
    expect(scale).toMatchObject({kind: 'constant'});
    expect(Array.from(scale.data)).toEqual([3, 4]);
    expect(Array.from(zeroPoint.data)).toEqual([5, 6]);
    expect(axis).toBe(5n);
    expect(Array.from(options.bias.data)).toEqual([7, 8]);
    expect(options.activations).toEqual(['relu', 'sigmoid']);
    expect(options.direction).toBe('forward');
    expect(options.maxValue).toBe(Infinity);
    expect(Object.is(options.minValue, -0)).toBe(true);
    expect(options.count).toBe(3);
    // the case data is not mutated
    expect(c.graph.operators[0].arguments[3].options.bias).toBe('w');
  });

  test('lists of names (concat inputs) resolve to inputs and intermediates', async () => {
    const c = makeCase({
      inputs: {x: T([1, 2], [2]), y: T([3, 4], [2], 'float32', true)},
      operators: [
        {name: 'relu', arguments: [{input: 'x'}], outputs: 'r'},
        {name: 'spyConcat', arguments: [{inputs: ['r', 'y']}, {axis: 0}], outputs: 'out'},
      ],
      expectedOutputs: {out: T([1, 2], [2])},
    });
    const r = await runCase(context, c, {limits, api: {MLGraphBuilder: SpyBuilder}});
    expect(r.status).toBe('pass');
    const [inputs, axis] = calls[0];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({kind: 'op', op: 'relu'});
    expect(inputs[1]).toMatchObject({kind: 'constant'});
    expect(axis).toBe(0);
  });

  test('graph inputs used twice are created once', async () => {
    const c = makeCase({
      inputs: {x: T([1, -2], [2])},
      operators: [{name: 'add', arguments: [{a: 'x'}, {b: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([2, -4], [2])},
    });
    expect((await runCase(context, c, {limits})).status).toBe('pass');
  });
});

describe('runCase', () => {
  const context = new MLContext();

  test('NotSupportedError from a builder method is a failure "not supported: ..."', async () => {
    const c = makeCase({
      inputs: {x: T([1], [1, 1, 1, 1]), f: T([1], [1, 1, 1, 1], 'float32', true)},
      operators: [{name: 'conv2d', arguments: [{input: 'x'}, {filter: 'f'}], outputs: 'out'}],
      expectedOutputs: {out: T([1], [1, 1, 1, 1])},
    });
    const r = await runCase(context, c);
    expect(r.status).toBe('fail');
    expect(r.reason).toBe('not supported: conv2d is not implemented by the fake');
  });

  test('other builder errors name the method, error name and message', async () => {
    const c = makeCase({
      inputs: {x: T([1], [1]), y: T([1], [1], 'int64')},
      operators: [{name: 'add', arguments: [{a: 'x'}, {b: 'y'}], outputs: 'out'}],
      expectedOutputs: {out: T([2], [1])},
    });
    const r = await runCase(context, c);
    expect(r).toMatchObject({status: 'fail', reason: 'builder.add() threw TypeError: add: data types differ'});
  });

  test('output descriptor mismatch fails', async () => {
    const c = makeCase({
      inputs: {x: T([1, 2], [2])},
      operators: [{name: 'relu', arguments: [{input: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([1, 2], [1, 2])},
    });
    const r = await runCase(context, c);
    expect(r.reason).toMatch(/output 'out' operand is float32 \[2\], expected float32 \[1,2\]/);
  });

  test('async hang times out; graphs and tensors are destroyed', async () => {
    const c = makeCase({
      inputs: {x: T([1], [1])},
      operators: [{name: 'fakeNever', arguments: [{input: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([1], [1])},
    });
    const r = await runCase(context, c, {timeoutMs: 100});
    expect(r).toMatchObject({status: 'fail', reason: 'timeout after 100 ms'});

    const created = [];
    const spyContext = new MLContext();
    const orig = spyContext.createTensor.bind(spyContext);
    spyContext.createTensor = async (d) => {
      const t = await orig(d);
      created.push(t);
      return t;
    };
    const ok = makeCase({
      inputs: {x: T([1], [1])},
      operators: [{name: 'relu', arguments: [{input: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([1], [1])},
    });
    expect((await runCase(spyContext, ok)).status).toBe('pass');
    expect(created).toHaveLength(2);
    expect(created.every((t) => t._destroyed)).toBe(true);
  });

  test('optional unsupported -> skip; required unsupported -> fail; outside spec -> skip unless listed', async () => {
    const graph = {
      inputs: {x: T([1], [1], 'float16')},
      operators: [{name: 'add', arguments: [{a: 'x'}, {b: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([2], [1], 'float16')},
    };
    const opt = await runCase(context, makeCase(graph, {required: false}));
    expect(opt.status).toBe('skip');
    expect(opt.reason).toMatch(/^unsupported by opSupportLimits: add.a float16/);
    const unknown = await runCase(context, makeCase(graph, {required: null}));
    expect(unknown.status).toBe('skip');
    const req = await runCase(context, makeCase(graph, {required: true}));
    expect(req.status).toBe('fail');
    expect(req.reason).toMatch(/^required case unsupported by opSupportLimits/);
    const out = await runCase(context, makeCase(graph, {outsideSpec: 'outside spec: int4'}));
    expect(out).toMatchObject({status: 'skip', outsideSpec: true});
    expect(out.reason).toMatch(/^outside spec: int4; unsupported by opSupportLimits: add.a float16/);
    // An outside-spec case whose types the context lists runs (and is still marked as outside the spec).
    const supported = {
      inputs: {x: T([1], [1])},
      operators: [{name: 'relu', arguments: [{input: 'x'}], outputs: 'out'}],
      expectedOutputs: {out: T([1], [1])},
    };
    expect(await runCase(context, makeCase(supported, {outsideSpec: 'outside spec: int4'})))
        .toMatchObject({status: 'pass', outsideSpec: true});
  });
});

describe('unsupportedReason', () => {
  const limits = new MLContext().opSupportLimits();
  const graph = (inputs, ops, outs) => ({inputs, operators: ops, expectedOutputs: outs});

  test('top-level input/constant/output limits and ranks', () => {
    const relu = [{name: 'relu', arguments: [{input: 'x'}], outputs: 'out'}];
    expect(unsupportedReason(limits, graph({x: T([1], [1])}, relu, {out: T([1], [1])}))).toBeNull();
    expect(unsupportedReason(limits, graph({x: T([1], [1], 'uint8')}, relu, {out: T([1], [1])})))
        .toMatch(/input 'x' uint8 not in opSupportLimits\(\).input.dataTypes/);
    expect(unsupportedReason(limits, graph({x: T(1, [1, 1, 1, 1, 1, 1, 1, 1, 1])}, relu,
        {out: T([1], [1])}))).toMatch(/rank 9 outside/);
    expect(unsupportedReason(limits, graph({x: T([1], [1], 'uint8', true)}, relu,
        {out: T([1], [1])}))).toMatch(/constant 'x' uint8/);
    expect(unsupportedReason(limits, graph({x: T([1], [1])}, relu, {out: T([1], [1], 'uint8')})))
        .toMatch(/output 'out' uint8/);
  });

  test('per-operator operands, options operands, intermediates ignored, unknown ops', () => {
    const g = graph({a: T([1], [1]), b: T([1], [1]), c: T([1], [1], 'float16', true)},
        [{name: 'gemm', arguments: [{a: 'a'}, {b: 'b'}, {options: {c: 'c'}}], outputs: 'out'}],
        {out: T([1], [1])});
    expect(unsupportedReason(limits, g)).toMatch(/gemm.c float16 not in opSupportLimits\(\).gemm.c/);
    const inter = graph({x: T([1], [1], 'int64')},
        [{name: 'cast', arguments: [{input: 'x'}, {type: 'float16'}], outputs: 'y'},
          {name: 'relu', arguments: [{input: 'y'}], outputs: 'out'}],
        {out: T([1], [1], 'float16')});
    expect(unsupportedReason(limits, inter)).toBeNull();
    expect(unsupportedReason(limits, graph({x: T([1], [1])},
        [{name: 'erf', arguments: [{input: 'x'}], outputs: 'out'}], {out: T([1], [1])})))
        .toBe('erf not in opSupportLimits()');
  });
});

describe('expectations', () => {
  const c = (name, extra = {}) => ({key: `f: ${name}`, file: 'f', name, ...extra});
  const results = () => [
    {c: c('passes'), status: 'pass'},
    {c: c('fails new'), status: 'fail', reason: 'new failure'},
    {c: c('fails known'), status: 'fail', reason: 'r1'},
    {c: c('was failing'), status: 'pass'},
    {c: c('skips'), status: 'skip', reason: 'unsupported by opSupportLimits: x'},
    {c: c('upstream issue', {knownIssue: 'bad data'}), status: 'fail', reason: 'mismatch'},
    {c: c('int4', {outsideSpec: 'outside spec'}), status: 'skip', reason: 'outside spec'},
    {c: c('listed skip now fails'), status: 'fail', reason: 'boom'},
  ];
  const exp = {
    'f: fails known': {status: 'fail', reason: 'tracked in #12'},
    'f: was failing': {status: 'fail', reason: 'old'},
    'f: listed skip now fails': {status: 'skip', reason: 'x'},
    'f: not in this run': {status: 'fail', reason: 'kept when partial'},
  };

  test('unexpected failures and passes', () => {
    const cls = classify(results(), exp);
    expect(cls.unexpectedFailures.map((r) => r.c.name)).toEqual(['fails new', 'listed skip now fails']);
    expect(cls.unexpectedPasses.map((r) => r.c.name)).toEqual(['was failing']);
    expect(cls.unexpectedSkips.map((r) => r.c.name)).toEqual(['skips']);
  });

  test('missing expectations file = everything expected to pass (except built-ins)', () => {
    const cls = classify(results(), {});
    expect(cls.unexpectedFailures.map((r) => r.c.name))
        .toEqual(['fails new', 'fails known', 'listed skip now fails']);
    expect(cls.unexpectedPasses).toEqual([]);
    expect(expectedStatus(c('x', {knownIssue: 'y'}), {})).toBe('fail');
    expect(expectedStatus(c('x', {outsideSpec: 'y'}), {})).toBe('skip');
  });

  test('update keeps reasons when the status is unchanged, sorted by key', () => {
    const next = updatedExpectations(results(), exp);
    expect(Object.keys(next)).toEqual([...Object.keys(next)].sort());
    expect(next['f: fails known']).toEqual({status: 'fail', reason: 'tracked in #12'});
    expect(next['f: fails new']).toEqual({status: 'fail', reason: 'new failure'});
    expect(next['f: listed skip now fails']).toEqual({status: 'fail', reason: 'boom'});
    expect(next['f: upstream issue']).toEqual(
        {status: 'fail', reason: 'known upstream data issue: bad data'});
    expect(next['f: skips'].status).toBe('skip');
    expect(next['f: was failing']).toBeUndefined();
    expect(next['f: passes']).toBeUndefined();
    expect(next['f: not in this run']).toBeUndefined();
    expect(updatedExpectations(results(), exp, {partial: true})['f: not in this run'])
        .toEqual(exp['f: not in this run']);
  });
});

describe('case loading', () => {
  test('JSON fixtures with index.json annotations', () => {
    const cases = loadJsonCases(CASES);
    expect(cases).toHaveLength(17);
    const byKey = Object.fromEntries(cases.map((c) => [c.key, c]));
    expect(byKey['identity: identity known upstream issue'].knownIssue).toMatch(/wrong on purpose/);
    expect(byKey['identity: identity int4 outside spec'].outsideSpec).toMatch(/int4/);
    expect(byKey['subgraph: add + relu without tolerance'].tolerance).toBeNull();
    expect(loadJsonCases(CASES, {filter: 'relu'}).map((c) => c.file))
        .toEqual(['relu', 'relu', 'relu', 'split', 'subgraph', 'subgraph']);
  });

  test('WPT checkout: both call forms, typed arrays, dimensions, required, tolerance fn', () => {
    const {cases, errors} = loadWptCases(MINI_WPT);
    expect(errors).toEqual([]);
    expect(cases.map((c) => [c.key, c.required])).toEqual([
      ['abs: abs float32 1D tensor with typed array data', true],
      ['abs: abs float16 filled tensor', false],
      ['abs: abs + add with intermediate-dependent tolerance', true],
      ['relu: relu float32 with dimensions and ATOL', true],
      ['relu: relu int64 optional', false],
    ]);
    const [typed, , inter, dims, big] = cases;
    expect(Array.isArray(typed.graph.inputs.absInput.data)).toBe(true);
    expect(typed.graph.inputs.absInput.data[3]).toBeNaN();
    expect(Object.is(typed.graph.inputs.absInput.data[2], -0)).toBe(true);
    expect(inter.toleranceFn(inter.graph, {absOut: {shape: [3]}})).toEqual({metricType: 'ULP', value: 4});
    expect(dims.graph.inputs.reluInput.descriptor).toEqual({shape: [3], dataType: 'float32'});
    expect(dims.toleranceFn(dims.graph, {})).toEqual({metricType: 'ATOL', value: 1e-3});
    expect(big.graph.inputs.reluInput.data).toEqual([-1n, 5n]);
  });
});

describe('CLI end to end (fake API)', () => {
  test('no expectations file: failures are unexpected, exit 1, closing lines', () => {
    const dir = tmpdir();
    const json = path.join(dir, 'report.json');
    const r = cli(['--data', CASES, '--expectations', path.join(dir, 'none.json'), '--json', json]);
    expect(r.code).toBe(1);
    expect(r.last2).toEqual([
      'wpt: 10 passed, 5 failed, 2 skipped',
      'unexpected: 4 failures, 0 passes',
    ]);
    expect(r.stdout).toMatch(/^add +2 +2 +1 +5$/m);
    expect(r.stdout).toMatch(/^TOTAL +10 +5 +2 +17$/m);
    expect(r.stdout).toMatch(/outside spec \(int4\/uint4, beyond the spec snapshot\): 1, 0 passed, 1 skipped/);
    expect(r.stdout).toMatch(/known upstream data issues \(allowed to fail\): 1 \(1 failed\)/);
    expect(r.stdout).toMatch(/relative error bound of 1e-3/);
    expect(r.stdout).toMatch(/UNEXPECTED FAILURES:\n {2}add: add float32 expected off by 2 ULP: output 'output'\[0\]: actual 2/);
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(report.totals).toMatchObject({pass: 10, fail: 5, skip: 2, total: 17});
    const byKey = Object.fromEntries(report.cases.map((c) => [c.key, c]));
    expect(byKey['conv2d: conv2d float32 not supported'].reason)
        .toBe('not supported: conv2d is not implemented by the fake');
    expect(byKey['gemm: gemm float32 options.c operand and alpha'].status).toBe('pass');
    expect(byKey['clamp: clamp int64 $bigint maxValue'].status).toBe('pass');
    expect(byKey['relu: relu float16 filled 2D'].status).toBe('pass');
    expect(byKey['relu: relu float16 rounding of inputs'].status).toBe('pass');
    expect(byKey['split: split float32 into 2 with relu'].status).toBe('pass');
    expect(byKey['subgraph: add + relu without tolerance'].status).toBe('pass');
    expect(byKey['subgraph: add + relu without tolerance, off by 1%'].status).toBe('fail');
  });

  test('--update-expectations, then clean run; unexpected pass and failure detected', () => {
    const dir = tmpdir();
    const expFile = path.join(dir, 'expectations.json');
    const upd = cli(['--data', CASES, '--expectations', expFile, '--update-expectations']);
    expect(upd.code).toBe(0);
    expect(upd.last2[1]).toBe('unexpected: 0 failures, 0 passes');
    let exp = JSON.parse(fs.readFileSync(expFile, 'utf8'));
    expect(Object.keys(exp)).toEqual([...Object.keys(exp)].sort());
    expect(Object.keys(exp)).toHaveLength(7);
    expect(exp['identity: identity known upstream issue']).toEqual({
      status: 'fail', reason: 'known upstream data issue: fixture: expected[1] is wrong on purpose'});
    expect(exp['add: add float16 optional'].status).toBe('skip');
    expect(exp['identity: identity int4 outside spec'].status).toBe('skip');

    const clean = cli(['--data', CASES, '--expectations', expFile]);
    expect(clean.code).toBe(0);
    expect(clean.last2).toEqual(['wpt: 10 passed, 5 failed, 2 skipped', 'unexpected: 0 failures, 0 passes']);

    // a listed case that now passes, and an unlisted failure
    exp['gemm: gemm float32 options.c operand and alpha'] = {status: 'fail', reason: 'was broken'};
    delete exp['conv2d: conv2d float32 not supported'];
    exp['add: add float32 expected off by 2 ULP'].reason = 'custom reason';
    fs.writeFileSync(expFile, JSON.stringify(exp));
    const bad = cli(['--data', CASES, '--expectations', expFile]);
    expect(bad.code).toBe(1);
    expect(bad.last2[1]).toBe('unexpected: 1 failures, 1 passes');
    expect(bad.stdout).toMatch(/UNEXPECTED PASSES[^\n]*\n {2}gemm: gemm float32 options.c operand and alpha/);
    expect(bad.stdout).toMatch(/UNEXPECTED FAILURES:\n {2}conv2d: conv2d float32 not supported: not supported/);

    // filtered update keeps entries of cases that did not run and custom reasons
    const part = cli(['--data', CASES, '--expectations', expFile, '--filter', 'add',
      '--update-expectations']);
    expect(part.code).toBe(0);
    exp = JSON.parse(fs.readFileSync(expFile, 'utf8'));
    expect(exp['add: add float32 expected off by 2 ULP'].reason).toBe('custom reason');
    expect(exp['gemm: gemm float32 options.c operand and alpha']).toBeDefined(); // not run
  });

  test('missing data directory', () => {
    const missing = path.join(tmpdir(), 'nope');
    const a = cli(['--data', missing, '--allow-missing']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^skipped: .*nope not found/);
    expect(cli(['--data', missing]).code).toBe(1);
  });

  test('hangs do not stop the run (worker watchdog and async timeout)', () => {
    const dir = tmpdir();
    const json = path.join(dir, 'r.json');
    const r = cli(['--data', HANG, '--timeout', '300', '--expectations',
      path.join(dir, 'none.json'), '--json', json]);
    expect(r.last2).toEqual(['wpt: 2 passed, 2 failed, 0 skipped', 'unexpected: 2 failures, 0 passes']);
    const cases = JSON.parse(fs.readFileSync(json, 'utf8')).cases;
    expect(cases.map((c) => c.status)).toEqual(['pass', 'fail', 'fail', 'pass']);
    expect(cases[1].reason).toMatch(/timeout after 300 ms \(hung synchronously; worker terminated\)/);
    expect(cases[2].reason).toBe('timeout after 300 ms');
  }, 30000);

  test('--wpt reads a checkout and computes tolerances with intermediate operands', () => {
    const dir = tmpdir();
    const json = path.join(dir, 'r.json');
    const r = cli(['--wpt', MINI_WPT, '--expectations', path.join(dir, 'none.json'), '--json', json]);
    expect(r.code).toBe(0);
    expect(r.last2).toEqual(['wpt: 4 passed, 0 failed, 1 skipped', 'unexpected: 0 failures, 0 passes']);
    const byName = Object.fromEntries(JSON.parse(fs.readFileSync(json, 'utf8')).cases
        .map((c) => [c.name, c]));
    expect(byName['abs + add with intermediate-dependent tolerance'].tolerance)
        .toEqual({metricType: 'ULP', value: 4});
    expect(byName['relu float32 with dimensions and ATOL'].tolerance)
        .toEqual({metricType: 'ATOL', value: 1e-3});
    expect(byName['relu int64 optional'].status).toBe('skip');
  });

  test('in-process mode gives the same results', () => {
    const dir = tmpdir();
    const r = cli(['--data', CASES, '--in-process', '--expectations', path.join(dir, 'none.json')]);
    expect(r.last2).toEqual(['wpt: 10 passed, 5 failed, 2 skipped', 'unexpected: 4 failures, 0 passes']);
  });
});
