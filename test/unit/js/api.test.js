// The WebNN API end to end on the built module (dist/), single-threaded variant (jest's VM does not
// host pthread workers; test/unit/js/threaded.node.mjs covers the threaded one).
import { createML, MLGraphBuilder, MLTensor, MLOperand, MLGraph } from '../../../dist/index.mjs';

const ml = createML({ threads: false });
let context;

beforeAll(async () => {
  context = await ml.createContext();
});

async function run(graph, inputs, outputDescs) {
  const bound = {};
  for (const [name, { desc, data }] of Object.entries(inputs)) {
    bound[name] = await context.createTensor({ ...desc, writable: true });
    context.writeTensor(bound[name], data);
  }
  const outs = {};
  for (const [name, desc] of Object.entries(outputDescs)) outs[name] = await context.createTensor({ ...desc, readable: true });
  context.dispatch(graph, bound, outs);
  const result = {};
  for (const [name, t] of Object.entries(outs)) result[name] = await context.readTensor(t);
  return result;
}

test('context basics', async () => {
  expect(context.accelerated).toBe(false);
  expect(context.lost).toBeInstanceOf(Promise);
  const gpu = await ml.createContext({ deviceType: 'gpu', powerPreference: 'low-power' });
  expect(gpu.accelerated).toBe(false);
  await expect(ml.createContext({ deviceType: 'xpu' })).rejects.toThrow(TypeError);
  await expect(ml.createContext({ powerPreference: 'fast' })).rejects.toThrow(TypeError);
});

test('opSupportLimits tells what build() accepts', () => {
  const limits = context.opSupportLimits();
  expect(limits.preferredInputLayout).toBe('nhwc');
  expect(limits.input.dataTypes).toEqual(['float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8', 'int4', 'uint4']);
  expect(limits.conv2d.input.dataTypes).toEqual(['float32', 'float16']);
  expect(limits.conv2d.input.rankRange).toEqual({ min: 4, max: 4 });
  expect(limits.gru.output1.rankRange).toEqual({ min: 4, max: 4 });
  expect(limits.lstmCell.peepholeWeight.dataTypes).toEqual(['float32', 'float16']);
  expect(limits.add.a.dataTypes.length).toBe(8);
  expect(limits.maxTensorByteLength).toBeGreaterThan(0);
  limits.conv2d = null;  // callers get their own copy
  expect(context.opSupportLimits().conv2d).not.toBeNull();
});

test('builds and runs a graph: conv2d + bias + relu, NCHW', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [1, 1, 3, 3] });
  const w = b.constant({ dataType: 'float32', shape: [1, 1, 2, 2] }, new Float32Array([1, 0, 0, -1]));
  const bias = b.constant({ dataType: 'float32', shape: [1] }, new Float32Array([0.5]));
  const y = b.relu(b.conv2d(x, w, { bias }));
  expect(y).toBeInstanceOf(MLOperand);
  expect(y.dataType).toBe('float32');
  expect(y.shape).toEqual([1, 1, 2, 2]);
  const graph = await b.build({ y });
  expect(graph).toBeInstanceOf(MLGraph);
  const { y: out } = await run(graph, { x: { desc: { dataType: 'float32', shape: [1, 1, 3, 3] }, data: new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]) } },
    { y: { dataType: 'float32', shape: [1, 1, 2, 2] } });
  // x[i,j] - x[i+1,j+1] + 0.5 = -3.5 everywhere, relu -> 0; flip the sign to check real values too.
  expect(Array.from(new Float32Array(out))).toEqual([0, 0, 0, 0]);
});

test('maxPool2d on integers is exact in their own type (the spec allows any type)', async () => {
  for (const [dataType, Array_] of [['int32', Int32Array], ['uint32', Uint32Array], ['int8', Int8Array], ['uint8', Uint8Array]]) {
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType, shape: [1, 1, 2, 3] });
    const y = b.maxPool2d(x, { windowDimensions: [2, 2], padding: [0, 0, 0, 1], strides: [1, 2], layout: 'nchw' });
    expect([y.dataType, y.shape]).toEqual([dataType, [1, 1, 1, 2]]);
    const big = dataType.endsWith('int32') ? 2 ** 24 : 100;  // 2^24 + 1 would round to 2^24 in float32
    const data = dataType === 'int8' ? [-7, -3, -9, -5, -4, -8] : [big + 1, big, 3, 2, big + 3, 4];
    const { y: out } = await run(await b.build({ y }), { x: { desc: { dataType, shape: [1, 1, 2, 3] }, data: new Array_(data) } },
      { y: { dataType, shape: [1, 1, 1, 2] } });
    const expected = dataType === 'int8' ? [-3, -8] : [big + 3, 4];
    expect([dataType, Array.from(new Array_(out))]).toEqual([dataType, expected]);
  }
});

test('constant(type, value) holds the spec\'s cast of value: saturating, half to even, float16 rounding', async () => {
  const cases = [
    ['int8', 300, Int8Array, 127], ['int8', -300, Int8Array, -128], ['uint8', -5, Uint8Array, 0],
    ['int32', 2.5, Int32Array, 2], ['int32', 3.5, Int32Array, 4], ['int32', -2.5, Int32Array, -2], ['int32', NaN, Int32Array, 0],
    ['uint32', 4e9, Uint32Array, 4e9], ['uint32', 5e9, Uint32Array, 4294967295],
    ['int64', 2n ** 70n, BigInt64Array, 2n ** 63n - 1n], ['uint64', -1n, BigUint64Array, 0n], ['int64', 1.5, BigInt64Array, 2n],
    ['float32', 1 + 2 ** -30, Float32Array, 1], ['float16', 65520, Uint16Array, 0x7c00], ['float16', 1 + 2 ** -11, Uint16Array, 0x3c00],
  ];
  for (const [dataType, value, Array_, expected] of cases) {
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType, shape: [] });
    // x + c with x = 0 reads the constant back (identity on a constant alone would not be a graph output).
    const y = b.add(x, b.constant(dataType, value));
    const zero = dataType.endsWith('64') ? new Array_([0n]) : new Array_([0]);
    const { y: out } = await run(await b.build({ y }), { x: { desc: { dataType, shape: [] }, data: zero } }, { y: { dataType, shape: [] } });
    expect([dataType, value, new Array_(out)[0]]).toEqual([dataType, value, expected]);
  }
});

test('reads see every dispatch queued before them, in order', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [4] });
  const graph = await b.build({ y: b.add(x, b.constant('float32', 1)) });
  const xt = await context.createTensor({ dataType: 'float32', shape: [4], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [4], readable: true });
  context.writeTensor(xt, new Float32Array([1, 2, 3, 4]));
  context.dispatch(graph, { x: xt }, { y: yt });
  const first = context.readTensor(yt);
  context.writeTensor(xt, new Float32Array([10, 20, 30, 40]));
  context.dispatch(graph, { x: xt }, { y: yt });
  const second = context.readTensor(yt);
  expect(Array.from(new Float32Array(await first))).toEqual([2, 3, 4, 5]);
  const target = new Float32Array(4);
  await context.readTensor(yt, target);
  expect(Array.from(target)).toEqual([11, 21, 31, 41]);
  expect(Array.from(new Float32Array(await second))).toEqual([11, 21, 31, 41]);
});

test('dispatch checks its arguments', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [2] });
  const graph = await b.build({ y: b.relu(x) });
  const t = await context.createTensor({ dataType: 'float32', shape: [2], readable: true, writable: true });
  const u = await context.createTensor({ dataType: 'float32', shape: [3], readable: true, writable: true });
  expect(() => context.dispatch(graph, { x: t }, { y: t })).toThrow(TypeError);
  expect(() => context.dispatch(graph, { x: u }, { y: t })).toThrow(TypeError);
  expect(() => context.dispatch(graph, { z: t }, { y: u })).toThrow(TypeError);
  expect(() => context.dispatch(graph, {}, { y: t })).toThrow(TypeError);
  const other = await ml.createContext();
  const foreign = await other.createTensor({ dataType: 'float32', shape: [2], readable: true });
  const own = await context.createTensor({ dataType: 'float32', shape: [2], writable: true });
  expect(() => context.dispatch(graph, { x: own }, { y: foreign })).toThrow(TypeError);
  own.destroy();
  expect(() => context.dispatch(graph, { x: own }, { y: t })).toThrow(TypeError);
  graph.destroy();
  expect(() => context.dispatch(graph, { x: u }, { y: t })).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
});

test('tensor usage and sizes are enforced', async () => {
  const t = await context.createTensor({ dataType: 'int32', dimensions: [2, 2] });  // the 2023 name still works
  expect(t).toBeInstanceOf(MLTensor);
  expect(t.shape).toEqual([2, 2]);
  expect(t.readable).toBe(false);
  expect(() => context.writeTensor(t, new Int32Array(4))).toThrow(TypeError);
  await expect(context.readTensor(t)).rejects.toThrow(TypeError);
  const w = await context.createTensor({ dataType: 'int32', shape: [2, 2], writable: true, readable: true });
  expect(() => context.writeTensor(w, new Int32Array(3))).toThrow(TypeError);
  await expect(context.readTensor(w, new Int32Array(3))).rejects.toThrow(TypeError);
  await expect(context.createTensor({ dataType: 'float32', shape: [0] })).rejects.toThrow(TypeError);
  await expect(context.createTensor({ dataType: 'float32', shape: [65536, 65536, 4] })).rejects.toThrow(TypeError);
  const c = await context.createConstantTensor({ dataType: 'float32', shape: [2] }, new Float32Array([1, 2]));
  expect(c.constant).toBe(true);
  const b = new MLGraphBuilder(context);
  const y = b.add(b.constant(c), b.input('x', { dataType: 'float32', shape: [2] }));
  const graph = await b.build({ y });
  const { y: out } = await run(graph, { x: { desc: { dataType: 'float32', shape: [2] }, data: new Float32Array([3, 4]) } },
    { y: { dataType: 'float32', shape: [2] } });
  expect(Array.from(new Float32Array(out))).toEqual([4, 6]);
});

test('builder errors are TypeErrors naming the operator and argument', () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [1, 3, 8, 8] });
  const w = b.input('w', { dataType: 'float32', shape: [8, 3, 3] });
  expect(() => b.conv2d(x, w)).toThrow(new TypeError('conv2d filter: should be a 4-D tensor, got 3-D.'));
  expect(() => b.conv2d(x, w, { label: 'enc.1' })).toThrow(/^\[enc\.1\] conv2d filter:/);
  expect(() => b.relu({})).toThrow(TypeError);
  expect(() => b.softmax(x, 7)).toThrow(/softmax axis/);
  const other = new MLGraphBuilder(context);
  expect(() => other.relu(x)).toThrow(/another builder/);
  expect(() => b.input('', { dataType: 'float32', shape: [1] })).toThrow(TypeError);
});

test('a builder builds once; a destroyed context refuses everything', async () => {
  const ctx = await ml.createContext();
  const b = new MLGraphBuilder(ctx);
  const y = b.relu(b.input('x', { dataType: 'float32', shape: [1] }));
  await b.build({ y });
  await expect(b.build({ y })).rejects.toMatchObject({ name: 'InvalidStateError' });
  expect(() => b.relu(y)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
  const t = await ctx.createTensor({ dataType: 'float32', shape: [1], readable: true });
  const pending = ctx.readTensor(t);
  ctx.destroy();
  await expect(pending).rejects.toMatchObject({ name: 'InvalidStateError' });
  expect(await ctx.lost).toEqual({ message: expect.any(String) });
  await expect(ctx.createTensor({ dataType: 'float32', shape: [1] })).rejects.toMatchObject({ name: 'InvalidStateError' });
  expect(() => new MLGraphBuilder(ctx)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
});

test('legacy compute() still works', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [3] });
  const graph = await b.build({ y: b.mul(x, x) });
  const result = await context.compute(graph, { x: new Float32Array([1, 2, 3]) }, { y: new Float32Array(3) });
  expect(Array.from(result.outputs.y)).toEqual([1, 4, 9]);
});

// Beyond the spec snapshot (idl/compat.idl): Chromium's MLGraph.devices, which LiteRT.js's WebNN delegate reads.
test('MLGraph.devices is a frozen [\'cpu\'], the same array each time', async () => {
  const b = new MLGraphBuilder(context);
  const graph = await b.build({ y: b.relu(b.input('x', { dataType: 'float32', shape: [2] })) });
  expect(graph.devices).toEqual(['cpu']);
  expect(Object.isFrozen(graph.devices)).toBe(true);
  expect(graph.devices).toBe(graph.devices);
  const getter = Object.getOwnPropertyDescriptor(MLGraph.prototype, 'devices');
  expect(getter.enumerable).toBe(true);
  expect(() => getter.get.call({})).toThrow(new TypeError('Illegal invocation'));
  graph.destroy();
  expect(graph.devices).toEqual(['cpu']);
});
