// install({mode: 'auto'}) in front of a native WebNN (src/js/bridge.js). The native WebNN is a stand-in: a second
// instance of our engine (the same bundle under another URL, so its own classes, brands and wasm module), put
// where a browser keeps its own: navigator.ml as a getter on Navigator.prototype and the ML* globals. Its
// createContext() and opSupportLimits() are steered per test: resolve, reject as Chromium does without a
// backend, or lack an operator or data type.
import * as ours from '../../../dist/index.mjs';
import * as native from '../../../dist/index.mjs?native-stand-in';

const NAMES = ['ML', 'MLContext', 'MLGraph', 'MLGraphBuilder', 'MLOperand', 'MLTensor'];
const nativeCreateContext = native.ML.prototype.createContext;
const nativeLimits = native.MLContext.prototype.opSupportLimits;
let behaviour;  // { reject?: DOMException, drop?: [op or 'op:dataType'] }
let nativeCalls;

class Navigator {}

beforeAll(() => {
  ours.createML({ threads: false });
  native.createML({ threads: false });
  native.ML.prototype.createContext = function createContext(...args) {
    ++nativeCalls;
    if (behaviour.reject) return Promise.reject(behaviour.reject);
    return nativeCreateContext.apply(this, args);
  };
  native.MLContext.prototype.opSupportLimits = function opSupportLimits() {
    const limits = nativeLimits.call(this);
    for (const d of behaviour.drop ?? []) {
      const [op, type] = d.split(':');
      if (!type) delete limits[op];
      else for (const v of Object.values(limits[op])) if (v?.dataTypes) v.dataTypes = v.dataTypes.filter((t) => t !== type);
    }
    return limits;
  };
});

beforeEach(() => {
  behaviour = {};
  nativeCalls = 0;
  const standIn = native.createML();
  globalThis.navigator = new Navigator();
  Object.defineProperty(Navigator.prototype, 'ml', { get: () => standIn, configurable: true, enumerable: true });
  for (const name of NAMES) globalThis[name] = native[name];
});

afterEach(() => {
  ours.uninstall();
  delete Navigator.prototype.ml;
  delete globalThis.navigator;
  for (const name of NAMES) delete globalThis[name];
});

// y = relu(x) * 2 built with the global MLGraphBuilder, dispatched and read: [-1, 3] -> [0, 6].
async function compute(context) {
  const builder = new MLGraphBuilder(context);
  const x = builder.input('x', { dataType: 'float32', shape: [2] });
  const two = builder.constant('float32', 2);
  const y = builder.mul(builder.relu(x), two);
  const graph = await builder.build({ y });
  const input = await context.createTensor({ dataType: 'float32', shape: [2], writable: true });
  const output = await context.createTensor({ dataType: 'float32', shape: [2], readable: true });
  context.writeTensor(input, new Float32Array([-1, 3]));
  context.dispatch(graph, { x: input }, { y: output });
  const values = Array.from(new Float32Array(await context.readTensor(output)));
  return { builder, x, y, graph, input, output, values };
}

function expectInstances(objects) {
  expect(navigator.ml).toBeInstanceOf(ML);
  expect(objects.builder).toBeInstanceOf(MLGraphBuilder);
  expect(objects.x).toBeInstanceOf(MLOperand);
  expect(objects.graph).toBeInstanceOf(MLGraph);
  expect(objects.input).toBeInstanceOf(MLTensor);
}

test('auto keeps a native context that works: everything made from it is native', async () => {
  expect(ours.install()).toBe(true);
  expect(ours.installedMode()).toBe('bridge');
  const context = await navigator.ml.createContext();
  expect(nativeCalls).toBe(1);
  expect(context).toBeInstanceOf(native.MLContext);
  expect(context).toBeInstanceOf(MLContext);
  expect(context).not.toBeInstanceOf(ours.MLContext);
  expect(context.implementation).toBe('native');
  const objects = await compute(context);
  expect(objects.values).toEqual([0, 6]);
  expectInstances(objects);
  for (const o of [objects.builder, objects.x, objects.graph, objects.input]) {
    expect(Object.getPrototypeOf(o).constructor.name).toMatch(/^ML/);
    expect(o instanceof ours.MLGraphBuilder || o instanceof ours.MLOperand || o instanceof ours.MLGraph || o instanceof ours.MLTensor).toBe(false);
  }
});

test('auto falls back to us when native createContext rejects (Chromium\'s flag without a backend)', async () => {
  behaviour.reject = new DOMException("Failed to execute 'createContext' on 'ML': WebNN is not supported on this platform.", 'NotSupportedError');
  ours.install();
  const context = await navigator.ml.createContext({ deviceType: 'npu' });
  expect(nativeCalls).toBe(1);
  expect(context).toBeInstanceOf(ours.MLContext);
  expect(context).toBeInstanceOf(MLContext);
  expect(context.implementation).toBe('webnn-wasm');
  const objects = await compute(context);
  expect(objects.values).toEqual([0, 6]);
  expectInstances(objects);
  expect(objects.builder).toBeInstanceOf(ours.MLGraphBuilder);
  expect(objects.graph).toBeInstanceOf(ours.MLGraph);
});

test('requiredOps: an operator or data type native lacks gives our context; what native has keeps native', async () => {
  ours.install();
  behaviour.drop = ['gelu', 'relu:float16'];
  const cases = [
    [{ requiredOps: { gelu: [] } }, 'webnn-wasm'],
    [{ requiredOps: { relu: ['float16'] } }, 'webnn-wasm'],
    [{ requiredOps: { relu: ['float32'], conv2d: ['float32', 'float16'] } }, 'native'],
    [{ requiredOps: { cast: ['int64'], where: ['float32'], input: ['uint8'] } }, 'native'],
    [{ deviceType: 'cpu' }, 'native'],
  ];
  for (const [options, expected] of cases) {
    const context = await navigator.ml.createContext(options);
    expect([options, context.implementation]).toEqual([options, expected]);
    expect((await compute(context)).values).toEqual([0, 6]);
    context.destroy();
  }
  expect(nativeCalls).toBe(cases.length);
  await expect(navigator.ml.createContext({ requiredOps: 'gelu' })).rejects.toThrow(TypeError);
  expect(nativeCalls).toBe(cases.length);
  // A native context whose opSupportLimits() throws does not serve either.
  behaviour.drop = ['relu:float16'];
  const limits = native.MLContext.prototype.opSupportLimits;
  native.MLContext.prototype.opSupportLimits = () => { throw new Error('broken'); };
  try {
    expect((await navigator.ml.createContext({ requiredOps: { relu: [] } })).implementation).toBe('webnn-wasm');
    expect((await navigator.ml.createContext()).implementation).toBe('native');
  } finally {
    native.MLContext.prototype.opSupportLimits = limits;
  }
});

test('objects of one implementation given to the other throw TypeError', async () => {
  behaviour.reject = new DOMException('no backend', 'NotSupportedError');
  ours.install();
  const mine = await navigator.ml.createContext();
  behaviour.reject = undefined;
  const theirs = await navigator.ml.createContext();
  expect([mine.implementation, theirs.implementation]).toEqual(['webnn-wasm', 'native']);
  const a = await compute(mine);
  const b = await compute(theirs);
  expect(() => mine.dispatch(b.graph, { x: a.input }, { y: a.output })).toThrow(TypeError);
  expect(() => mine.dispatch(a.graph, { x: b.input }, { y: a.output })).toThrow(TypeError);
  expect(() => theirs.dispatch(a.graph, { x: b.input }, { y: b.output })).toThrow(TypeError);
  expect(() => mine.writeTensor(b.input, new Float32Array(2))).toThrow(TypeError);
  await expect(mine.readTensor(b.output)).rejects.toThrow(TypeError);
  const builder = new MLGraphBuilder(mine);
  expect(() => builder.relu(b.x)).toThrow(TypeError);
  expect(() => builder.constant(b.input)).toThrow(TypeError);
  expect(() => new MLGraphBuilder(theirs).add(b.x, a.x)).toThrow(TypeError);
  expect(() => new MLGraphBuilder({})).toThrow(TypeError);
  expect(() => MLGraphBuilder(mine)).toThrow(TypeError);
  expect(() => new MLContext()).toThrow(TypeError);
  // Each still computes after the attempts.
  expect((await compute(mine)).values).toEqual([0, 6]);
  expect((await compute(theirs)).values).toEqual([0, 6]);
});

test('force always uses us; native never does; uninstall gives the native WebNN back', async () => {
  const standIn = navigator.ml;
  expect(ours.install({ mode: 'native' })).toBe(false);
  expect(navigator.ml).toBe(standIn);
  expect(globalThis.MLGraphBuilder).toBe(native.MLGraphBuilder);
  expect(ours.install({ mode: 'force' })).toBe(true);
  expect(ours.installedMode()).toBe('webnn-wasm');
  expect(navigator.ml).toBeInstanceOf(ours.ML);
  const context = await navigator.ml.createContext();
  expect(nativeCalls).toBe(0);
  expect(context.implementation).toBe('webnn-wasm');
  ours.uninstall();
  expect(navigator.ml).toBe(standIn);
  for (const name of NAMES) expect(globalThis[name]).toBe(native[name]);
  ours.install();
  expect(navigator.ml).not.toBe(standIn);
  expect(navigator.ml).toBe(navigator.ml);
  ours.uninstall();
  expect(navigator.ml).toBe(standIn);
});

test('the bridge\'s interface objects look like WebIDL ones', () => {
  ours.install();
  expect(Object.prototype.toString.call(navigator.ml)).toBe('[object ML]');
  expect(MLGraphBuilder.name).toBe('MLGraphBuilder');
  expect(MLGraphBuilder.length).toBe(1);
  expect(MLContext.prototype).toBe(ours.MLContext.prototype);
  expect(navigator.ml.createContext.length).toBe(0);
  expect({} instanceof MLContext).toBe(false);
  expect(Object.getOwnPropertyDescriptor(globalThis, 'MLContext').enumerable).toBe(false);
  return expect(navigator.ml.createContext.call({})).rejects.toThrow(TypeError);
});
