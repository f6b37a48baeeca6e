// Tests of src/js/webidl/conversions.js and the tables tools/gen-webidl.mjs generates (src/js/generated/): WebIDL
// conversions, overload resolution, the compat.idl additions and the generated TypeScript declarations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, render } from '../../../tools/gen-webidl.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// jest.config.cjs also generates in its globalSetup; this covers running the file under another config.
generate();
const { convertArguments, convertTo, registerInterface } = await import('../../../src/js/webidl/conversions.js');
const { operations, constructors, dictionaries, enums, typedefs } = await import('../../../src/js/generated/idl-tables.js');

// Stand-ins for the API classes, branded by a private field as the real ones are.
class FakeOperand {
  #brand = true;
  static is(v) { return #brand in v; }
}
class FakeTensor {
  #brand = true;
  static is(v) { return #brand in v; }
}
class FakeGraph {
  #brand = true;
  static is(v) { return #brand in v; }
}
class FakeContext {
  #brand = true;
  static is(v) { return #brand in v; }
}
registerInterface('MLOperand', FakeOperand.is);
registerInterface('MLTensor', FakeTensor.is);
registerInterface('MLGraph', FakeGraph.is);
registerInterface('MLContext', FakeContext.is);

const a = new FakeOperand();
const b = new FakeOperand();
const tensor = new FakeTensor();

const builder = (op, ...args) => convertArguments('MLGraphBuilder', op, args);
const context = (op, ...args) => convertArguments('MLContext', op, args);
const ml = (op, ...args) => convertArguments('ML', op, args);
// The TypeError message of f(), failing the test if f does not throw a TypeError.
function error(f) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TypeError);
    return e.message;
  }
  throw new Error('expected a TypeError');
}

describe('generator', () => {
  test('is deterministic and matches the generated folder', () => {
    const first = render();
    expect(render()).toEqual(first);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-webidl-'));
    try {
      const { changed } = generate({ outDir: dir });
      expect(changed.sort()).toEqual(['idl-tables.js', 'webnn.d.ts']);
      for (const name of ['idl-tables.js', 'webnn.d.ts']) {
        const fresh = fs.readFileSync(path.join(dir, name), 'utf8');
        expect(fresh).toBe(first[name]);
        expect(fs.readFileSync(path.join(ROOT, 'src/js/generated', name), 'utf8')).toBe(fresh);
      }
      expect(generate({ outDir: dir }).changed).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('is fast', () => {
    const start = performance.now();
    render();
    expect(performance.now() - start).toBeLessThan(2000);
  });

  test('writes no code: the tables are data, the conversions a module with no operation named in it', () => {
    const tables = render()['idl-tables.js'];
    expect(tables.slice(tables.indexOf('export const enums'))).not.toMatch(/\bfunction\b|=>/);
    const runtime = fs.readFileSync(path.join(ROOT, 'src/js/webidl/conversions.js'), 'utf8');
    const names = Object.values(operations).flatMap((ops) => Object.keys(ops));
    expect(names.length).toBeGreaterThan(90);
    for (const name of names) expect(runtime).not.toMatch(new RegExp(`['"\`]${name}['"\`]`));
  });
});

describe('metadata', () => {
  test('operations carry every overload in IDL order', () => {
    expect(operations.MLGraphBuilder.conv2d).toEqual([{
      args: [
        { name: 'input', type: 'MLOperand', optional: false, default: undefined },
        { name: 'filter', type: 'MLOperand', optional: false, default: undefined },
        { name: 'options', type: 'MLConv2dOptions', optional: true, default: {} },
      ],
      returnType: 'MLOperand',
      compat: false,
    }]);
    expect(operations.MLGraphBuilder.constant.map((o) => o.args.map((x) => `${x.type} ${x.name}`))).toEqual([
      ['MLOperandDescriptor descriptor', 'AllowSharedBufferSource buffer'],
      ['MLOperandDataType dataType', 'MLNumber value'],
      ['MLTensor tensor'],
    ]);
    expect(operations.MLGraphBuilder.split[0].args[1].type)
      .toBe('([EnforceRange] unsigned long or sequence<[EnforceRange] unsigned long>)');
    expect(operations.MLGraphBuilder.argMin[0].args[1].type).toBe('[EnforceRange] unsigned long');
    expect(operations.MLGraphBuilder.lstm[0].returnType).toBe('sequence<MLOperand>');
    expect(operations.ML.createContext.map((o) => o.args[0].name)).toEqual(['options', 'gpuDevice']);
    expect(operations.MLContext.readTensor.map((o) => o.returnType)).toEqual(['Promise<ArrayBuffer>', 'Promise<undefined>']);
    expect(operations.MLContext.compute).toEqual([{
      args: [
        { name: 'graph', type: 'MLGraph', optional: false, default: undefined },
        { name: 'inputs', type: 'MLNamedArrayBufferViews', optional: false, default: undefined },
        { name: 'outputs', type: 'MLNamedArrayBufferViews', optional: false, default: undefined },
      ],
      returnType: 'Promise<MLComputeResult>',
      compat: true,
    }]);
    expect(Object.keys(operations.MLOperand)).toEqual([]);
    expect(Object.keys(operations.MLTensor)).toEqual(['destroy']);
    expect(constructors).toEqual({
      MLGraphBuilder: [{ args: [{ name: 'context', type: 'MLContext', optional: false, default: undefined }], compat: false }],
    });
    expect(Object.isFrozen(operations.MLGraphBuilder.conv2d[0].args[2])).toBe(true);
    // Tables keyed by IDL names have no prototype, so generic lookups cannot find Object.prototype members.
    expect(Object.getPrototypeOf(operations)).toBe(null);
    expect(Object.getPrototypeOf(operations.MLGraphBuilder)).toBe(null);
    expect(operations.MLGraph.constructor).toBeUndefined();
    expect(dictionaries.toString).toBeUndefined();
  });

  test('enums, typedefs and dictionaries', () => {
    // The spec's eight, then int4 and uint4 from idl/compat.idl's [ExtendsEnum] (Chromium's, beyond the spec).
    expect(enums.MLOperandDataType).toEqual(['float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8', 'int4', 'uint4']);
    expect(enums.MLDeviceType).toEqual(['cpu', 'gpu', 'npu']);
    expect(typedefs.MLNumber).toBe('(bigint or unrestricted double)');
    expect(typedefs.MLNamedArrayBufferViews).toBe('record<USVString, ArrayBufferView>');
    expect(dictionaries.MLConv2dOptions.inherits).toBe('MLOperatorOptions');
    expect(dictionaries.MLConv2dOptions.members.map((m) => [m.name, m.type, m.required, m.default])).toEqual([
      ['bias', 'MLOperand', false, undefined],
      ['dilations', 'sequence<[EnforceRange] unsigned long>', false, undefined],
      ['filterLayout', 'MLConv2dFilterOperandLayout', false, 'oihw'],
      ['groups', '[EnforceRange] unsigned long', false, 1],
      ['inputLayout', 'MLInputOperandLayout', false, 'nchw'],
      ['padding', 'sequence<[EnforceRange] unsigned long>', false, undefined],
      ['strides', 'sequence<[EnforceRange] unsigned long>', false, undefined],
    ]);
    expect(dictionaries.MLOperandDescriptor.members).toEqual([
      { name: 'dataType', type: 'MLOperandDataType', required: true, default: undefined, compat: false },
      { name: 'dimensions', type: 'sequence<[EnforceRange] unsigned long>', required: false, default: undefined,
        compat: true, aliasOf: 'shape' },
      { name: 'shape', type: 'sequence<[EnforceRange] unsigned long>', required: true, default: undefined, compat: false },
    ]);
    expect(dictionaries.MLContextOptions.members.map((m) => m.name)).toEqual(['accelerated', 'deviceType', 'powerPreference']);
    expect(dictionaries.MLBatchNormalizationOptions.members.find((m) => m.name === 'epsilon').default).toBe(1e-5);
  });
});

describe('dictionaries', () => {
  test('defaults, base members first, then lexicographic order', () => {
    const { args } = builder('conv2d', a, b);
    expect(args[2]).toEqual({ label: '', filterLayout: 'oihw', groups: 1, inputLayout: 'nchw' });
    expect(Object.keys(args[2])).toEqual(['label', 'filterLayout', 'groups', 'inputLayout']);
    expect(builder('batchNormalization', a, a, a).args[3]).toEqual({ label: '', axis: 1, epsilon: 1e-5 });
    expect(builder('gemm', a, b, { c: a, alpha: 2 }).args[2])
      .toEqual({ label: '', aTranspose: false, alpha: 2, bTranspose: false, beta: 1, c: a });
    expect(builder('pad', a, [1], [1]).args[3]).toEqual({ label: '', mode: 'constant', value: 0 });
    expect(convertTo('MLTensorDescriptor', { dataType: 'int32', shape: [2], writable: 1 }, 'createTensor descriptor'))
      .toEqual({ dataType: 'int32', shape: [2], readable: false, writable: true });
  });

  test('undefined and null give the defaults; other primitives throw', () => {
    expect(builder('conv2d', a, b, undefined).args[2]).toEqual({ label: '', filterLayout: 'oihw', groups: 1, inputLayout: 'nchw' });
    expect(builder('conv2d', a, b, null).args[2]).toEqual({ label: '', filterLayout: 'oihw', groups: 1, inputLayout: 'nchw' });
    expect(error(() => builder('conv2d', a, b, 5))).toBe('conv2d options: Value is not of type MLConv2dOptions.');
    expect(error(() => builder('conv2d', a, b, 'nhwc'))).toBe('conv2d options: Value is not of type MLConv2dOptions.');
    expect(error(() => builder('relu', a, true))).toBe('relu options: Value is not of type MLOperatorOptions.');
    // A function is an object: its (absent) members are read.
    expect(builder('relu', a, () => {}).args[1]).toEqual({ label: '' });
  });

  test('unknown members are ignored and the result is a fresh object', () => {
    const padding = [1, 1, 1, 1];
    const options = { padding, groups: 2, bogus: 7, inputlayout: 'NHWC' };
    const { args } = builder('conv2d', a, b, options);
    expect(args[2]).toEqual({ label: '', filterLayout: 'oihw', groups: 2, inputLayout: 'nchw', padding: [1, 1, 1, 1] });
    expect(args[2]).not.toBe(options);
    expect(args[2].padding).not.toBe(padding);
    expect('bogus' in args[2]).toBe(false);
    padding[0] = 9;
    options.groups = 3;
    expect(args[2].padding[0]).toBe(1);
    expect(args[2].groups).toBe(2);
    // 2024 MLTensorDescriptor.usage is an unknown member now.
    expect(context('createTensor', { dataType: 'float32', shape: [1], usage: 3 }).args[0])
      .toEqual({ dataType: 'float32', shape: [1], readable: false, writable: false });
  });

  test('each member is read once, in order, and unknown ones never', () => {
    const reads = [];
    const target = { strides: [2, 2], groups: 1, label: 'x', bias: a, extra: 1 };
    const options = new Proxy(target, { get(t, k, r) { reads.push(k); return Reflect.get(t, k, r); } });
    const { args } = builder('conv2d', a, b, options);
    expect(reads).toEqual(['label', 'bias', 'dilations', 'filterLayout', 'groups', 'inputLayout', 'padding', 'strides']);
    expect(args[2]).toEqual({ label: 'x', bias: a, filterLayout: 'oihw', groups: 1, inputLayout: 'nchw', strides: [2, 2] });

    let calls = 0;
    const withGetter = { get axis() { calls++; return 2; } };
    expect(builder('gather', a, b, withGetter).args[2]).toEqual({ label: '', axis: 2 });
    expect(calls).toBe(1);
  });

  test('a getter that throws propagates unchanged', () => {
    const boom = new RangeError('boom');
    expect(() => builder('gather', a, b, { get axis() { throw boom; } })).toThrow(boom);
  });

  test('required members', () => {
    expect(error(() => builder('input', 'x', { shape: [1] }))).toBe('input descriptor.dataType: Required member is undefined.');
    expect(error(() => builder('input', 'x', { dataType: 'float32' }))).toBe('input descriptor.shape: Required member is undefined.');
    expect(error(() => builder('input', 'x', { dataType: 'float32', shape: undefined })))
      .toBe('input descriptor.shape: Required member is undefined.');
    expect(error(() => builder('input', 'x', null))).toBe('input descriptor.dataType: Required member is undefined.');
    expect(error(() => context('createTensor', { dataType: 'float32', readable: true })))
      .toBe('createTensor descriptor.shape: Required member is undefined.');
    expect(builder('input', 'x', { dataType: 'uint8', shape: [] }).args[1]).toEqual({ dataType: 'uint8', shape: [] });
  });

  test('dimensions is the 2023 alias of shape', () => {
    const { args } = builder('input', 'x', { dataType: 'float32', dimensions: [2, 3] });
    expect(args[1]).toEqual({ dataType: 'float32', shape: [2, 3] });
    expect('dimensions' in args[1]).toBe(false);
    expect(context('createTensor', { dataType: 'int8', dimensions: new Set([4]), readable: true }).args[0])
      .toEqual({ dataType: 'int8', shape: [4], readable: true, writable: false });
    expect(convertTo('MLOperandDescriptor', { dataType: 'int8', dimensions: [5] }, 'd')).toEqual({ dataType: 'int8', shape: [5] });

    // shape wins, and dimensions is then not even read.
    const reads = [];
    const both = new Proxy({ dataType: 'float32', shape: [1], dimensions: [9] },
                           { get(t, k) { reads.push(k); return t[k]; } });
    expect(builder('input', 'x', both).args[1]).toEqual({ dataType: 'float32', shape: [1] });
    expect(reads).toEqual(['dataType', 'shape']);
    // When shape is undefined, dimensions is read right after it.
    reads.length = 0;
    const legacy = new Proxy({ dataType: 'float32', dimensions: [7] }, { get(t, k) { reads.push(k); return t[k]; } });
    expect(builder('input', 'x', legacy).args[1]).toEqual({ dataType: 'float32', shape: [7] });
    expect(reads).toEqual(['dataType', 'shape', 'dimensions']);

    expect(error(() => builder('input', 'x', { dataType: 'float32', dimensions: [1, -1] })))
      .toBe('input descriptor.dimensions[1]: Value -1 is outside the range of unsigned long.');
    expect(error(() => builder('input', 'x', { dataType: 'float32', dimensions: undefined })))
      .toBe('input descriptor.shape: Required member is undefined.');
  });

  test('roundingType is the alias of MLPool2dOptions.outputShapeRounding (Chromium, WPT)', () => {
    const x = new FakeOperand();
    expect(builder('maxPool2d', x, { roundingType: 'ceil' }).args[1].outputShapeRounding).toBe('ceil');
    expect('roundingType' in builder('maxPool2d', x, { roundingType: 'ceil' }).args[1]).toBe(false);
    expect(builder('averagePool2d', x, { outputShapeRounding: 'floor', roundingType: 'ceil' }).args[1].outputShapeRounding).toBe('floor');
    expect(error(() => builder('l2Pool2d', x, { roundingType: 'up' })))
      .toBe("l2Pool2d options.roundingType: 'up' is not a valid value for enum MLRoundingType.");
  });

  test('MLContextOptions.deviceType (compat) is checked as Chromium does', () => {
    for (const deviceType of ['cpu', 'gpu', 'npu']) {
      expect(ml('createContext', { deviceType }).args[0]).toEqual({ accelerated: true, deviceType, powerPreference: 'default' });
    }
    expect(ml('createContext', { deviceType: { toString: () => 'npu' } }).args[0].deviceType).toBe('npu');
    expect(error(() => ml('createContext', { deviceType: 'tpu' })))
      .toBe("createContext options.deviceType: 'tpu' is not a valid value for enum MLDeviceType.");
    expect(error(() => ml('createContext', { deviceType: 'GPU' })))
      .toBe("createContext options.deviceType: 'GPU' is not a valid value for enum MLDeviceType.");
    expect(ml('createContext', { powerPreference: 'low-power', accelerated: 0 }).args[0])
      .toEqual({ accelerated: false, powerPreference: 'low-power' });
  });
});

describe('integers', () => {
  const axis = (v) => builder('argMin', a, v).args[1];
  test('[EnforceRange] unsigned long', () => {
    expect(axis(0)).toBe(0);
    expect(axis(4294967295)).toBe(4294967295);
    expect(axis(1.9)).toBe(1);
    expect(axis(-0.9)).toBe(0);
    expect(Object.is(axis(-0.9), 0)).toBe(true);
    expect(Object.is(axis(-0), 0)).toBe(true);
    expect(axis('3')).toBe(3);
    expect(axis(true)).toBe(1);
    expect(axis(null)).toBe(0);
    expect(axis({ valueOf: () => 7 })).toBe(7);
    expect(axis([5])).toBe(5);
    expect(error(() => axis(-1))).toBe('argMin axis: Value -1 is outside the range of unsigned long.');
    expect(error(() => axis(2 ** 32))).toBe('argMin axis: Value 4294967296 is outside the range of unsigned long.');
    expect(error(() => axis(-1.5))).toBe('argMin axis: Value -1.5 is outside the range of unsigned long.');
    expect(error(() => axis(NaN))).toBe('argMin axis: Value NaN is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => axis(undefined)))
      .toBe('argMin axis: Value NaN is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => axis('x'))).toBe('argMin axis: Value NaN is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => axis(Infinity)))
      .toBe('argMin axis: Value Infinity is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => axis(-Infinity)))
      .toBe('argMin axis: Value -Infinity is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => axis(1n))).toBe('argMin axis: Cannot convert a BigInt value to a number.');
    expect(error(() => axis(Object(1n)))).toBe('argMin axis: Cannot convert a BigInt value to a number.');
    expect(error(() => axis(Symbol('s')))).toBe('argMin axis: Cannot convert a Symbol value to a number.');
    expect(error(() => axis({ valueOf: () => ({}), toString: () => ({}) })))
      .toBe('argMin axis: Cannot convert object to primitive value.');
    expect(error(() => builder('conv2d', a, b, { groups: 4294967296 })))
      .toBe('conv2d options.groups: Value 4294967296 is outside the range of unsigned long.');
  });

  test('[EnforceRange] long and unsigned long long', () => {
    const diagonal = (v) => builder('triangular', a, { diagonal: v }).args[1].diagonal;
    expect(diagonal(-5)).toBe(-5);
    expect(diagonal(-(2 ** 31))).toBe(-(2 ** 31));
    expect(diagonal(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(diagonal(-2.7)).toBe(-2);
    expect(error(() => diagonal(2 ** 31))).toBe('triangular options.diagonal: Value 2147483648 is outside the range of long.');
    expect(error(() => diagonal(-(2 ** 31) - 1)))
      .toBe('triangular options.diagonal: Value -2147483649 is outside the range of long.');
    expect(convertTo('[EnforceRange] unsigned long long', 2 ** 53 - 1, 'x')).toBe(2 ** 53 - 1);
    expect(error(() => convertTo('[EnforceRange] unsigned long long', 2 ** 53, 'limits.maxTensorByteLength')))
      .toBe('limits.maxTensorByteLength: Value 9007199254740992 is outside the range of unsigned long long.');
  });

  test('without [EnforceRange]: modulo 2^n', () => {
    const axis = (v) => builder('cumulativeSum', a, v).args[1];
    expect(axis(-1)).toBe(4294967295);
    expect(axis(2 ** 32 + 5)).toBe(5);
    expect(axis(1.9)).toBe(1);
    expect(axis(-1.9)).toBe(4294967295);
    expect(axis(NaN)).toBe(0);
    expect(axis(Infinity)).toBe(0);
    expect(axis(-Infinity)).toBe(0);
    expect(Object.is(axis(-(2 ** 32)), 0)).toBe(true);
    expect(error(() => axis(2n))).toBe('cumulativeSum axis: Cannot convert a BigInt value to a number.');
    expect(builder('tile', a, [-1, 2 ** 32 + 1, 3.5]).args[1]).toEqual([4294967295, 1, 3]);
    expect(convertTo('long', 2 ** 31, 'x')).toBe(-(2 ** 31));
    expect(convertTo('long', -(2 ** 31) - 1, 'x')).toBe(2 ** 31 - 1);
    expect(convertTo('octet', 257, 'x')).toBe(1);
    expect(convertTo('byte', 200, 'x')).toBe(-56);
    expect(convertTo('unsigned long long', -1, 'x')).toBe(2 ** 64);  // 2^64 - 1 rounded to a double
    expect(convertTo('long long', 2 ** 63, 'x')).toBe(-(2 ** 63));
  });

  test('[Clamp] rounds half to even and clamps', () => {
    expect(convertTo('[Clamp] octet', 300, 'x')).toBe(255);
    expect(convertTo('[Clamp] octet', -3, 'x')).toBe(0);
    expect(convertTo('[Clamp] octet', 2.5, 'x')).toBe(2);
    expect(convertTo('[Clamp] octet', 3.5, 'x')).toBe(4);
    expect(convertTo('[Clamp] octet', NaN, 'x')).toBe(0);
    expect(convertTo('[Clamp] long', Infinity, 'x')).toBe(2 ** 31 - 1);
  });
});

describe('floating point', () => {
  test('double must be finite, unrestricted double need not', () => {
    const alpha = (v) => builder('elu', a, { alpha: v }).args[1].alpha;
    expect(alpha(0.5)).toBe(0.5);
    expect(alpha('0.25')).toBe(0.25);
    expect(alpha(-1e308)).toBe(-1e308);
    expect(error(() => alpha(NaN))).toBe('elu options.alpha: Value NaN is not a finite double.');
    expect(error(() => alpha(Infinity))).toBe('elu options.alpha: Value Infinity is not a finite double.');
    expect(error(() => alpha('abc'))).toBe('elu options.alpha: Value NaN is not a finite double.');
    expect(error(() => alpha(1n))).toBe('elu options.alpha: Cannot convert a BigInt value to a number.');
    expect(convertTo('unrestricted double', NaN, 'x')).toBeNaN();
    expect(convertTo('unrestricted double', -Infinity, 'x')).toBe(-Infinity);
    expect(builder('clamp', a, { minValue: -Infinity, maxValue: NaN }).args[1])
      .toEqual({ label: '', maxValue: NaN, minValue: -Infinity });
  });

  test('float rounds to float32 and must be finite', () => {
    const scales = (v) => builder('resample2d', a, { scales: v }).args[1].scales;
    expect(scales([0.1, 2])).toEqual([Math.fround(0.1), 2]);
    expect(scales([0.1])[0]).not.toBe(0.1);
    expect(error(() => scales([1, NaN]))).toBe('resample2d options.scales[1]: Value NaN is not a finite float.');
    expect(error(() => scales([1e40]))).toBe('resample2d options.scales[0]: Value 1e+40 is outside the range of float.');
    expect(convertTo('unrestricted float', 1e40, 'x')).toBe(Infinity);
    expect(convertTo('unrestricted float', NaN, 'x')).toBeNaN();
    expect(Object.is(convertTo('float', -1e-50, 'x'), -0)).toBe(true);
  });

  test('MLNumber keeps BigInts and converts the rest as unrestricted double', () => {
    const big = 2n ** 63n - 1n;
    expect(builder('constant', 'int64', big).args[1]).toBe(big);
    expect(builder('constant', 'uint64', -1n).args[1]).toBe(-1n);  // range is the graph layer's concern
    expect(builder('constant', 'float32', 1.5).args[1]).toBe(1.5);
    expect(builder('constant', 'float32', '2').args[1]).toBe(2);
    expect(builder('constant', 'float32', NaN).args[1]).toBeNaN();
    expect(builder('constant', 'float32', Infinity).args[1]).toBe(Infinity);
    expect(builder('constant', 'float32', true).args[1]).toBe(1);
    expect(builder('constant', 'float32', Object(5n)).args[1]).toBe(5n);  // ToNumeric, as WebIDL's union steps say
    expect(builder('clamp', a, { minValue: 3n }).args[1]).toEqual({ label: '', minValue: 3n });
    expect(builder('pad', a, [0], [0], { value: 2n }).args[3].value).toBe(2n);
    expect(error(() => builder('constant', 'float32', Symbol('x'))))
      .toBe('constant value: Cannot convert a Symbol value to a number.');
  });
});

describe('sequences', () => {
  test('any iterable: arrays, Sets, generators, iterators', () => {
    expect(builder('reshape', a, [2, 3]).args[1]).toEqual([2, 3]);
    expect(builder('reshape', a, new Set([4, 5])).args[1]).toEqual([4, 5]);
    expect(builder('reshape', a, (function* gen() { yield 6; yield '7'; })()).args[1]).toEqual([6, 7]);
    expect(builder('reshape', a, new Uint32Array([8, 9])).args[1]).toEqual([8, 9]);
    expect(builder('reshape', a, [2, 3].values()).args[1]).toEqual([2, 3]);
    const custom = { [Symbol.iterator]() { let i = 0; return { next: () => ({ done: i >= 2, value: i++ }) }; } };
    expect(builder('reshape', a, custom).args[1]).toEqual([0, 1]);
    expect(builder('concat', new Set([a, b]), 0).args[0]).toEqual([a, b]);
    expect(builder('gru', a, a, a, 1, 1, { activations: ['relu', 'tanh'] }).args[5].activations).toEqual(['relu', 'tanh']);
  });

  test('the iterator method is looked up once', () => {
    let lookups = 0;
    const it = { get [Symbol.iterator]() { lookups++; return () => [1, 2].values(); } };
    expect(builder('reshape', a, it).args[1]).toEqual([1, 2]);
    expect(lookups).toBe(1);
    lookups = 0;
    expect(builder('split', a, it).args[1]).toEqual([1, 2]);  // through the union
    expect(lookups).toBe(1);
  });

  test('strings, array-likes and non-objects are rejected', () => {
    expect(error(() => builder('reshape', a, '12'))).toBe('reshape newShape: The provided value cannot be converted to a sequence.');
    expect(error(() => builder('reshape', a, { length: 2, 0: 1, 1: 2 })))
      .toBe('reshape newShape: The provided value cannot be converted to a sequence.');
    expect(error(() => builder('reshape', a, 3))).toBe('reshape newShape: The provided value cannot be converted to a sequence.');
    expect(error(() => builder('reshape', a, null))).toBe('reshape newShape: The provided value cannot be converted to a sequence.');
    expect(error(() => builder('reshape', a, { [Symbol.iterator]: 1 }))).toBe('reshape newShape: Symbol.iterator is not a function.');
    expect(error(() => builder('conv2d', a, b, { padding: 'abcd' })))
      .toBe('conv2d options.padding: The provided value cannot be converted to a sequence.');
  });

  test('element errors carry the index', () => {
    expect(error(() => builder('conv2d', a, b, { padding: [0, 0, -1, 0] })))
      .toBe('conv2d options.padding[2]: Value -1 is outside the range of unsigned long.');
    expect(error(() => builder('concat', [a, {}], 0))).toBe('concat inputs[1]: Value is not of type MLOperand.');
    expect(error(() => builder('lstm', a, a, a, 1, 1, { activations: ['relu', 'gelu'] })))
      .toBe("lstm options.activations[1]: 'gelu' is not a valid value for enum MLRecurrentNetworkActivation.");
  });
});

describe('records', () => {
  test('convert to null-prototype objects of own enumerable string keys', () => {
    const outputs = Object.create({ inherited: a });
    outputs.y = a;
    outputs.x = b;
    Object.defineProperty(outputs, 'hidden', { value: a, enumerable: false });
    const { args } = builder('build', outputs);
    expect(Object.getPrototypeOf(args[0])).toBe(null);
    expect(Object.keys(args[0])).toEqual(['y', 'x']);
    expect(args[0].y).toBe(a);
    expect(args[0].x).toBe(b);
    expect('inherited' in args[0]).toBe(false);
    expect(args[0]).not.toBe(outputs);
    expect(Object.keys(builder('build', { 2: a, 1: b, z: a }).args[0])).toEqual(['1', '2', 'z']);
    expect(Object.keys(builder('build', {}).args[0])).toEqual([]);
    const tricky = Object.defineProperty({}, '__proto__', { value: a, enumerable: true });
    const converted = builder('build', tricky).args[0];
    expect(Object.getPrototypeOf(converted)).toBe(null);
    expect(Object.keys(converted)).toEqual(['__proto__']);
    expect(converted.__proto__).toBe(a);  // eslint-disable-line no-proto
    expect(error(() => builder('build', JSON.parse('{"__proto__": 1}'))))
      .toBe("build outputs['__proto__']: Value is not of type MLOperand.");
  });

  test('keys are USVStrings, values are converted with the key in the path', () => {
    expect(Object.keys(builder('build', { 'a\uD800': a }).args[0])).toEqual(['a\uFFFD']);
    expect(error(() => builder('build', { ok: a, bad: 1 }))).toBe("build outputs['bad']: Value is not of type MLOperand.");
    expect(error(() => builder('build', { [Symbol('s')]: a }))).toBe('build outputs: Cannot convert a Symbol value to a string.');
    expect(error(() => builder('build', 5))).toBe('build outputs: Value is not of type MLNamedOperands.');
    expect(error(() => builder('build', null))).toBe('build outputs: Value is not of type MLNamedOperands.');
    const graph = new FakeGraph();
    const { args } = context('dispatch', graph, { in: tensor }, { out: tensor });
    expect(args[0]).toBe(graph);
    expect({ ...args[1] }).toEqual({ in: tensor });
    expect(error(() => context('dispatch', graph, { in: a }, {}))).toBe("dispatch inputs['in']: Value is not of type MLTensor.");
  });

  test('compute (compat) takes records of ArrayBufferViews', () => {
    const graph = new FakeGraph();
    const input = new Float32Array(4);
    const output = new DataView(new ArrayBuffer(8));
    const r = context('compute', graph, { x: input }, { y: output });
    expect(r.overload).toBe(0);
    expect(r.args[1].x).toBe(input);
    expect(r.args[2].y).toBe(output);
    expect(error(() => context('compute', graph, { x: new ArrayBuffer(4) }, {})))
      .toBe("compute inputs['x']: Value is not of type ArrayBufferView.");
    expect(error(() => context('compute', graph, { x: [1, 2] }, {})))
      .toBe("compute inputs['x']: Value is not of type ArrayBufferView.");
    // Not [AllowShared]: a view on shared memory is refused.
    expect(error(() => context('compute', graph, { x: new Float32Array(new SharedArrayBuffer(8)) }, {})))
      .toBe("compute inputs['x']: Value is a view on a SharedArrayBuffer, which is not allowed.");
  });
});

describe('strings and enums', () => {
  test('USVString and DOMString', () => {
    expect(builder('input', 'in\uDC00put', { dataType: 'float32', shape: [] }).args[0]).toBe('in\uFFFDput');
    expect(builder('input', '\uD83D\uDE00', { dataType: 'float32', shape: [] }).args[0]).toBe('\uD83D\uDE00');
    expect(builder('input', 42, { dataType: 'float32', shape: [] }).args[0]).toBe('42');
    expect(builder('input', null, { dataType: 'float32', shape: [] }).args[0]).toBe('null');
    expect(builder('relu', a, { label: { toString: () => 'conv\uD800' } }).args[1].label).toBe('conv\uFFFD');
    expect(error(() => builder('relu', a, { label: Symbol('l') }))).toBe('relu options.label: Cannot convert a Symbol value to a string.');
    expect(convertTo('DOMString', 'x\uD800', 'x')).toBe('x\uD800');
    expect(convertTo('ByteString', '\u00ff', 'x')).toBe('\u00ff');
    expect(error(() => convertTo('ByteString', '\u0100', 'x'))).toBe('x: Value is not a valid ByteString.');
  });

  test('enums are case-sensitive strings from the list', () => {
    expect(builder('conv2d', a, b, { inputLayout: 'nhwc' }).args[2].inputLayout).toBe('nhwc');
    expect(builder('cast', a, { toString: () => 'int8' }).args[1]).toBe('int8');
    expect(error(() => builder('conv2d', a, b, { inputLayout: 'NCHW' })))
      .toBe("conv2d options.inputLayout: 'NCHW' is not a valid value for enum MLInputOperandLayout.");
    expect(error(() => builder('cast', a, 'bool'))).toBe("cast dataType: 'bool' is not a valid value for enum MLOperandDataType.");
    expect(error(() => builder('cast', a, null))).toBe("cast dataType: 'null' is not a valid value for enum MLOperandDataType.");
    expect(error(() => builder('cast', a, Symbol.iterator))).toBe('cast dataType: Cannot convert a Symbol value to a string.');
  });

  test('boolean is ToBoolean', () => {
    const keep = (v) => builder('reduceSum', a, { keepDimensions: v }).args[1].keepDimensions;
    expect(keep(1)).toBe(true);
    expect(keep('')).toBe(false);
    expect(keep('false')).toBe(true);
    expect(keep(0n)).toBe(false);
    expect(keep({})).toBe(true);
    expect(keep(null)).toBe(false);
    expect(keep(undefined)).toBe(false);  // the default
  });
});

describe('buffer sources', () => {
  const desc = { dataType: 'float32', shape: [1] };
  const buffer = (v) => builder('constant', desc, v).args[1];
  test('AllowSharedBufferSource takes ArrayBuffer, SharedArrayBuffer and any view, as is', () => {
    for (const v of [new ArrayBuffer(4), new SharedArrayBuffer(4), new Float32Array(1), new Uint8Array(4),
      new DataView(new ArrayBuffer(4)), new BigInt64Array(1), new Uint8Array(new SharedArrayBuffer(4))]) {
      expect(buffer(v)).toBe(v);
    }
    const data = new Float32Array(2);
    expect(context('writeTensor', tensor, data).args).toEqual([tensor, data]);
    expect(context('createConstantTensor', desc, data).args[1]).toBe(data);
  });

  test('everything else is rejected', () => {
    for (const v of [[1, 2, 3], { byteLength: 4 }, 'abcd', 4, null, undefined, Object.create(ArrayBuffer.prototype)]) {
      expect(error(() => buffer(v))).toBe('constant buffer: Value is not of type AllowSharedBufferSource.');
    }
    expect(error(() => context('writeTensor', tensor, {}))).toBe('writeTensor inputData: Value is not of type AllowSharedBufferSource.');
  });

  test('resizable buffers are rejected (no [AllowResizable])', () => {
    const resizable = new ArrayBuffer(4, { maxByteLength: 8 });
    if (!resizable.resizable) return;  // engines without resizable ArrayBuffers
    expect(error(() => buffer(resizable))).toBe('constant buffer: Value is a resizable ArrayBuffer, which is not allowed.');
    expect(error(() => buffer(new Uint8Array(resizable))))
      .toBe('constant buffer: Value is a view on a resizable buffer, which is not allowed.');
  });

  test('BufferSource refuses shared memory', () => {
    const ab = new ArrayBuffer(2);
    expect(convertTo('BufferSource', ab, 'x')).toBe(ab);
    expect(error(() => convertTo('BufferSource', new SharedArrayBuffer(2), 'x'))).toBe('x: Value is not of type BufferSource.');
    expect(error(() => convertTo('BufferSource', new Int8Array(new SharedArrayBuffer(2)), 'x')))
      .toBe('x: Value is a view on a SharedArrayBuffer, which is not allowed.');
    expect(convertTo('[AllowShared] ArrayBufferView', new Int8Array(new SharedArrayBuffer(2)), 'x')).toBeInstanceOf(Int8Array);
  });

  test('an ArrayBuffer whose prototype is gone is still one; brand checks leave Error.stackTraceLimit as it was', () => {
    const bare = Object.setPrototypeOf(new ArrayBuffer(4), null);
    expect(buffer(bare)).toBe(bare);
    const shared = Object.setPrototypeOf(new SharedArrayBuffer(4), Object.prototype);
    expect(buffer(shared)).toBe(shared);
    const saved = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 17;
      for (const v of [new Float32Array(1), new ArrayBuffer(4), new SharedArrayBuffer(4), new DataView(new ArrayBuffer(4))]) buffer(v);
      expect(error(() => buffer({ byteLength: 4 }))).toBe('constant buffer: Value is not of type AllowSharedBufferSource.');
      expect(Error.stackTraceLimit).toBe(17);
    } finally {
      Error.stackTraceLimit = saved;
    }
  });
});

test('constant(descriptor, buffer) asks only the buffer for its brand', () => {
  // A brand check that fails throws (10-40 us each, more under deep stacks). Overload resolution used to ask the
  // descriptor whether it was an ArrayBuffer and a SharedArrayBuffer, three throws per constant() call, though
  // no constant() overload takes a buffer first. Each brand check saves and restores Error.stackTraceLimit:
  // reads of it count them.
  const saved = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  let value = saved.value, reads = 0;
  Object.defineProperty(Error, 'stackTraceLimit', { configurable: true, get: () => { ++reads; return value; }, set: (v) => { value = v; } });
  try {
    convertArguments('MLGraphBuilder', 'constant', [{ dataType: 'float32', shape: [2] }, new Float32Array(2)]);
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', saved);
  }
  expect(reads).toBeLessThanOrEqual(2);  // the view's buffer: shared? (and again for resizable)
});

describe('interfaces', () => {
  test('brand checks use the registered isInstance', () => {
    expect(builder('relu', a).args[0]).toBe(a);
    expect(error(() => builder('relu', {}))).toBe('relu input: Value is not of type MLOperand.');
    expect(error(() => builder('relu', Object.create(FakeOperand.prototype)))).toBe('relu input: Value is not of type MLOperand.');
    expect(error(() => builder('relu', tensor))).toBe('relu input: Value is not of type MLOperand.');
    expect(error(() => builder('relu', null))).toBe('relu input: Value is not of type MLOperand.');
    expect(error(() => builder('conv2d', a, 1))).toBe('conv2d filter: Value is not of type MLOperand.');
    expect(error(() => builder('conv2d', a, b, { bias: tensor }))).toBe('conv2d options.bias: Value is not of type MLOperand.');
    const ctx = new FakeContext();
    expect(convertArguments('MLGraphBuilder', 'constructor', [ctx])).toEqual({ overload: 0, args: [ctx], names: ['context'] });
    expect(error(() => convertArguments('MLGraphBuilder', 'constructor', [{}])))
      .toBe('MLGraphBuilder context: Value is not of type MLContext.');
  });

  test('GPUDevice: unregistered refuses everything, registered picks its overload first', () => {
    class FakeGPUDevice {}
    const device = new FakeGPUDevice();
    expect(error(() => convertTo('GPUDevice', device, 'createContext gpuDevice')))
      .toBe('createContext gpuDevice: Value is not of type GPUDevice.');
    // Unregistered: any object is a MLContextOptions.
    expect(ml('createContext', device)).toEqual({ overload: 0, args: [{ accelerated: true, powerPreference: 'default' }], names: ['options'] });
    registerInterface('GPUDevice', (v) => v instanceof FakeGPUDevice);
    expect(ml('createContext', device)).toEqual({ overload: 1, args: [device], names: ['gpuDevice'] });
    expect(ml('createContext', { powerPreference: 'high-performance' }).overload).toBe(0);
    expect(convertTo('GPUDevice', device, 'x')).toBe(device);
    expect(() => registerInterface('GPUDevice', null)).toThrow(TypeError);
  });
});

describe('overload resolution', () => {
  const desc = { dataType: 'float32', shape: [2] };
  test('MLGraphBuilder.constant', () => {
    const data = new Float32Array(2);
    expect(builder('constant', desc, data)).toEqual({ overload: 0, args: [desc, data], names: ['descriptor', 'buffer'] });
    expect(builder('constant', desc, data).args[0]).not.toBe(desc);
    expect(builder('constant', 'int32', 3)).toEqual({ overload: 1, args: ['int32', 3], names: ['dataType', 'value'] });
    expect(builder('constant', tensor)).toEqual({ overload: 2, args: [tensor], names: ['tensor'] });
    // By count first: one argument is always the tensor overload.
    expect(error(() => builder('constant', desc))).toBe('constant tensor: Value is not of type MLTensor.');
    expect(error(() => builder('constant', 'float32'))).toBe('constant tensor: Value is not of type MLTensor.');
    // Two arguments: an object (or undefined/null) is a descriptor, anything else an MLOperandDataType.
    expect(error(() => builder('constant', desc, [1, 2]))).toBe('constant buffer: Value is not of type AllowSharedBufferSource.');
    expect(error(() => builder('constant', undefined, data))).toBe('constant descriptor.dataType: Required member is undefined.');
    expect(error(() => builder('constant', 5, 1))).toBe("constant dataType: '5' is not a valid value for enum MLOperandDataType.");
    expect(builder('constant', 'float32', {}).args[1]).toBeNaN();  // ToNumeric({}) is NaN, fine for unrestricted
    expect(builder('constant', 'float32', 1, 'extra').args).toEqual(['float32', 1]);
    expect(error(() => builder('constant'))).toBe('constant: 1 argument required, but only 0 present.');
  });

  test('ML.createContext', () => {
    const defaults = { accelerated: true, powerPreference: 'default' };
    expect(ml('createContext')).toEqual({ overload: 0, args: [defaults], names: ['options'] });
    expect(ml('createContext', undefined)).toEqual({ overload: 0, args: [defaults], names: ['options'] });
    expect(ml('createContext', null)).toEqual({ overload: 0, args: [defaults], names: ['options'] });
    expect(ml('createContext', {}).overload).toBe(0);
    expect(error(() => ml('createContext', 5)))
      .toBe('createContext options/gpuDevice: Value is not of type MLContextOptions or GPUDevice.');
    expect(error(() => ml('createContext', 'gpu')))
      .toBe('createContext options/gpuDevice: Value is not of type MLContextOptions or GPUDevice.');
  });

  test('MLContext.readTensor', () => {
    const out = new ArrayBuffer(8);
    expect(context('readTensor', tensor)).toEqual({ overload: 0, args: [tensor], names: ['tensor'] });
    expect(context('readTensor', tensor, out)).toEqual({ overload: 1, args: [tensor, out], names: ['tensor', 'outputData'] });
    // WebIDL counts a trailing undefined here: it selects the two-argument overload.
    expect(error(() => context('readTensor', tensor, undefined)))
      .toBe('readTensor outputData: Value is not of type AllowSharedBufferSource.');
    expect(error(() => context('readTensor', a))).toBe('readTensor tensor: Value is not of type MLTensor.');
    expect(error(() => context('readTensor'))).toBe('readTensor: 1 argument required, but only 0 present.');
  });
});

describe('arguments', () => {
  test('missing required arguments', () => {
    expect(error(() => builder('conv2d'))).toBe('conv2d: 2 arguments required, but only 0 present.');
    expect(error(() => builder('conv2d', a))).toBe('conv2d: 2 arguments required, but only 1 present.');
    expect(error(() => builder('relu'))).toBe('relu: 1 argument required, but only 0 present.');
    expect(error(() => builder('lstm', a, a, a, 1))).toBe('lstm: 5 arguments required, but only 4 present.');
    expect(error(() => convertArguments('MLGraphBuilder', 'constructor', [])))
      .toBe('MLGraphBuilder: 1 argument required, but only 0 present.');
    expect(error(() => context('dispatch', new FakeGraph(), {}))).toBe('dispatch: 3 arguments required, but only 2 present.');
    // A present undefined is converted, not counted as missing, for a required argument.
    expect(error(() => builder('conv2d', a, undefined))).toBe('conv2d filter: Value is not of type MLOperand.');
  });

  test('optional arguments: trailing undefined gives the default, extra arguments are ignored', () => {
    const expected = { label: '', axis: 0 };
    expect(builder('split', a, 2).args).toEqual([a, 2, expected]);
    expect(builder('split', a, 2, undefined).args).toEqual([a, 2, expected]);
    expect(builder('split', a, 2, undefined, 'x', 'y').args).toEqual([a, 2, expected]);
    expect(builder('split', a, 2).names).toEqual(['input', 'splits', 'options']);
    expect(context('destroy', 1, 2)).toEqual({ overload: 0, args: [], names: [] });
    // Defaults are fresh each time.
    const first = builder('relu', a).args[1];
    first.label = 'changed';
    expect(builder('relu', a).args[1]).toEqual({ label: '' });
  });

  test('args may be any array-like, e.g. arguments', () => {
    function relu() { return convertArguments('MLGraphBuilder', 'relu', arguments); }  // eslint-disable-line prefer-rest-params
    expect(relu(a, { label: 'r' }).args).toEqual([a, { label: 'r' }]);
  });

  test("split's (unsigned long or sequence<unsigned long>) union", () => {
    expect(builder('split', a, 3).args[1]).toBe(3);
    expect(builder('split', a, 3.7).args[1]).toBe(3);
    expect(builder('split', a, '4').args[1]).toBe(4);
    expect(builder('split', a, [1, 2]).args[1]).toEqual([1, 2]);
    expect(builder('split', a, new Set([5])).args[1]).toEqual([5]);
    expect(builder('split', a, { valueOf: () => 6 }).args[1]).toBe(6);
    expect(error(() => builder('split', a, [1, -2]))).toBe('split splits[1]: Value -2 is outside the range of unsigned long.');
    expect(error(() => builder('split', a, -1))).toBe('split splits: Value -1 is outside the range of unsigned long.');
    expect(error(() => builder('split', a, {})))
      .toBe('split splits: Value NaN is not a finite number and cannot be converted to unsigned long.');
    expect(error(() => builder('split', a, 2n))).toBe('split splits: Cannot convert a BigInt value to a number.');
  });

  test('unknown operations and types are programming errors, not TypeErrors', () => {
    expect(() => builder('conv3d', a)).toThrow(new Error('webidl: MLGraphBuilder has no operation conv3d.'));
    expect(() => convertArguments('MLGraph', 'constructor', [])).toThrow(new Error('webidl: MLGraph has no operation constructor.'));
    expect(() => builder('toString')).toThrow(new Error('webidl: MLGraphBuilder has no operation toString.'));
    expect(() => convertTo('MLNoSuchThing', 1, 'x')).toThrow(new Error('webidl: unknown type MLNoSuchThing.'));
  });

  test('convertTo takes names and type strings', () => {
    expect(convertTo('sequence<[EnforceRange] unsigned long>', new Set([1, 2]), 'x')).toEqual([1, 2]);
    expect(convertTo('MLNumber', 7n, 'x')).toBe(7n);
    expect(convertTo('(MLOperand or sequence<MLOperand>)', a, 'x')).toBe(a);
    expect(convertTo('(MLOperand or sequence<MLOperand>)', [b], 'x')).toEqual([b]);
    expect(convertTo('MLOperandDataType?', null, 'x')).toBe(null);
    expect(convertTo('record<DOMString, sequence<long>>', { k: [1] }, 'x')).toEqual(Object.assign(Object.create(null), { k: [1] }));
    expect(error(() => convertTo('MLContextOptions', { powerPreference: 'fast' }, 'createContext options')))
      .toBe("createContext options.powerPreference: 'fast' is not a valid value for enum MLPowerPreference.");
  });

  test('every message is "<op> <path>: <reason>." and a TypeError', () => {
    const messages = [
      error(() => builder('conv2d', a, b, { groups: -1 })),
      error(() => builder('conv2d', a, b, { padding: [1, 'x'] })),
      error(() => builder('input', 'x', { dataType: 'f32', shape: [] })),
      error(() => builder('build', { o: 1 })),
      error(() => builder('conv2d', a)),
      error(() => ml('createContext', 1)),
      error(() => builder('split', a, 1n)),
    ];
    for (const m of messages) expect(m).toMatch(/^[A-Za-z]\w*( [\w/]+(\.\w+|\[\d+\]|\['\w+'\])*)?: [A-Z0-9'].*\.$/);
  });
});

describe('webnn.d.ts', () => {
  const dts = fs.readFileSync(path.join(ROOT, 'src/js/generated/webnn.d.ts'), 'utf8');
  test('declares the current API as globals', () => {
    expect(dts).toMatch(/^declare global \{$/m);
    expect(dts.trimEnd().endsWith('export {};')).toBe(true);
    expect(dts).toContain('  interface GPUDevice {}');
    expect(dts).toContain('  type MLNumber = bigint | number;');
    expect(dts).toContain('  type MLNamedOperands = Record<string, MLOperand>;');
    expect(dts).toContain('  type MLInputOperandLayout = "nchw" | "nhwc";');
    expect(dts).toContain('  interface MLConv2dOptions extends MLOperatorOptions {');
    expect(dts).toContain('    shape: number[];');
    expect(dts).toContain('    label?: string;');
    expect(dts).toContain('    conv2d(input: MLOperand, filter: MLOperand, options?: MLConv2dOptions): MLOperand;');
    expect(dts).toContain('    constant(descriptor: MLOperandDescriptor, buffer: ArrayBuffer | SharedArrayBuffer | ArrayBufferView): MLOperand;');
    expect(dts).toContain('    constant(dataType: MLOperandDataType, value: MLNumber): MLOperand;');
    expect(dts).toContain('    split(input: MLOperand, splits: number | number[], options?: MLSplitOptions): MLOperand[];');
    expect(dts).toContain('    readTensor(tensor: MLTensor, outputData: ArrayBuffer | SharedArrayBuffer | ArrayBufferView): Promise<void>;');
    expect(dts).toContain('    createContext(gpuDevice: GPUDevice): Promise<MLContext>;');
    expect(dts).toContain('    readonly shape: ReadonlyArray<number>;');
    expect(dts).toContain('    new(context: MLContext): MLGraphBuilder;');
    expect(dts).toContain('  interface Navigator {\n    readonly ml: ML;\n  }');
    expect(dts).toContain('  interface WorkerNavigator {\n    readonly ml: ML;\n  }');
    expect(dts.split('{').length).toBe(dts.split('}').length);
  });

  test('leaves out compat.idl', () => {
    expect(dts).not.toContain('deviceType');
    expect(dts).not.toContain('dimensions');
    expect(dts).not.toContain('compute(');
    expect(dts).not.toContain('MLComputeResult');
  });
});
