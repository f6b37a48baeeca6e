// The spec's generic validation rules, one case each: which exception, and a message naming the method, the
// argument and the rule. Per-operator rules are in the native unit tests and the fuzzer's invalid cases.
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ threads: false });
let context;
beforeAll(async () => { context = await ml.createContext(); });

const f32 = (shape) => ({ dataType: 'float32', shape });

// [rule, call, exception name, message pattern]; call gets a fresh builder with input 'x' [2] and returns the
// result (a promise for async methods).
const cases = [
  ['operand from another builder', (b) => b.add(b.x, new MLGraphBuilder(context).input('y', f32([2]))), 'TypeError', /^add b: the operand belongs to another builder/],
  ['... with the label', (b) => b.relu(new MLGraphBuilder(context).input('y', f32([2])), { label: 'r' }), 'TypeError', /^\[r\] relu input: the operand belongs to another builder/],
  ['output from another builder', (b) => b.build({ o: new MLGraphBuilder(context).input('y', f32([2])) }), 'TypeError', /^build outputs\['o'\]: the operand belongs to another builder/],
  // As Chromium and the WPT validation tests: input() takes a name twice; build() refuses a graph with both.
  ['two graph inputs of one name', (b) => b.build({ s: b.add(b.x, b.input('x', f32([2]))) }), 'TypeError', /^build inputs: two inputs of the graph are named 'x'/],
  ['empty input name', (b) => b.input('', f32([2])), 'TypeError', /^input name: should not be empty/],
  ['an output that is an input', (b) => b.build({ o: b.x }), 'TypeError', /^build outputs\['o'\]: should not be an input or a constant/],
  ['no outputs', (b) => b.build({}), 'TypeError', /^build outputs: should not be empty/],
  ['a zero dimension', (b) => b.input('z', f32([2, 0])), 'TypeError', /^input descriptor: dimensions must be between 1 and 2147483647, got \[2, 0\]/],
  ['a dimension over long (a "valid dimension")', (b) => b.input('z', { dataType: 'int8', shape: [2 ** 31] }), 'TypeError', /^input descriptor: dimensions must be between 1 and 2147483647/],
  ['an element count over long', (b) => b.input('z', { dataType: 'int8', shape: [2 ** 16, 2 ** 15] }), 'TypeError', /more than 2\^31 - 1 elements/],
  ['an output dimension over long', (b) => b.concat([b.input('a', { dataType: 'int8', shape: [2 ** 30] }), b.input('c', { dataType: 'int8', shape: [2 ** 30] })], 0), 'TypeError', /^concat output: dimensions must be between 1 and 2147483647/],
  ['a dimension over unsigned long', (b) => b.input('z', f32([2 ** 32])), 'TypeError', /^input descriptor\.shape\[0\]: Value 4294967296 is outside the range/],
  ['an input over maxTensorByteLength', (b) => b.input('z', f32([context.opSupportLimits().maxTensorByteLength / 4 + 1])), 'TypeError', /^input descriptor: a tensor of shape \[\d+\] is too large/],
  ['an output over maxTensorByteLength', (b) => b.add(b.input('a', f32([context.opSupportLimits().maxTensorByteLength / 4, 1])), b.input('b', f32([1, 5])), { label: 'big' }), 'TypeError', /^\[big\] add output: a tensor of shape \[536870912, 5\] is too large/],
  ['a tensor over maxTensorByteLength', () => context.createTensor(f32([context.opSupportLimits().maxTensorByteLength / 4 + 1])), 'TypeError', /^createTensor descriptor: a tensor of shape/],
  ['an unknown data type', (b) => b.input('z', { dataType: 'float64', shape: [1] }), 'TypeError', /^input descriptor\.dataType: 'float64' is not a valid value/],
  ['a constant buffer of the wrong size', (b) => b.constant(f32([2]), new Float32Array(3)), 'TypeError', /^constant buffer: byte length 12 does not match the descriptor's 8/],
  ['a constant buffer of the wrong type', (b) => b.constant(f32([2]), new Int32Array(2)), 'TypeError', /^constant buffer: a Int32Array cannot hold float32 data/],
  ['a constant Float64Array for float32 (size checked first, as the spec orders it)', (b) => b.constant(f32([2]), new Float64Array(1)), 'TypeError', /^constant buffer: a Float64Array cannot hold float32 data/],
  ['a constant BigInt64Array for float32', (b) => b.constant(f32([2]), new BigInt64Array(1)), 'TypeError', /^constant buffer: a BigInt64Array cannot hold float32 data/],
  ['elu alpha NaN (WebIDL double)', (b) => b.elu(b.x, { alpha: NaN }), 'TypeError', /options\.alpha/],
  ['a BigInt MLNumber for a type other than int64/uint64 (Chromium, WPT): clamp', (b) => b.clamp(b.x, { minValue: 1n, maxValue: 3n, label: 'c' }), 'TypeError', /^\[c\] clamp options\.minValue: a BigInt is only valid for int64 and uint64 data, not float32/],
  ['... pad', (b) => b.pad(b.x, [1], [1], { value: 2n }), 'TypeError', /^pad options\.value: a BigInt is only valid for int64 and uint64/],
  ['... constant(type, value)', (b) => b.constant('float32', 123n), 'TypeError', /^constant value: a BigInt is only valid for int64 and uint64 data, not float32/],
  ['the label prefixes the message', (b) => b.slice(b.x, [0], [3], { label: 'slice_xxx' }), 'TypeError', /^\[slice_xxx\] slice sizes:/],
];

test.each(cases)('%s', async (rule, call, name, message) => {
  const b = new MLGraphBuilder(context);
  b.x = b.input('x', f32([2]));
  let error;
  try {
    await call(b);
  } catch (e) {
    error = e;
  }
  expect(error?.name).toBe(name);
  expect(error.message).toMatch(message);
});

test('an input name used twice is fine while only one of those inputs is in the graph', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', f32([2]));
  b.input('x', f32([2]));
  await expect(b.build({ y: b.relu(x) })).resolves.toBeDefined();
});

test('a built builder: InvalidStateError from every method', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', f32([2]));
  const y = b.relu(x);
  await b.build({ y });
  for (const [method, call] of [['input', () => b.input('k', f32([1]))], ['relu', () => b.relu(x)], ['constant', () => b.constant(f32([1]), new Float32Array(1))]]) {
    expect(call).toThrow(expect.objectContaining({ name: 'InvalidStateError', message: expect.stringMatching(new RegExp(`^${method}: the builder has already built a graph`)) }));
  }
  await expect(b.build({ y })).rejects.toMatchObject({ name: 'InvalidStateError', message: expect.stringMatching(/^build: the builder has already built a graph/) });
});

test('a destroyed context: InvalidStateError, other contexts unaffected', async () => {
  const other = await ml.createContext();
  const b = new MLGraphBuilder(other);
  const x = b.input('x', f32([2]));
  other.destroy();
  expect(() => b.relu(x)).toThrow(expect.objectContaining({ name: 'InvalidStateError', message: expect.stringMatching(/^relu: the context is lost/) }));
  expect(() => new MLGraphBuilder(other)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
  await expect(other.createTensor(f32([2]))).rejects.toMatchObject({ name: 'InvalidStateError' });
  const live = new MLGraphBuilder(context);
  await expect(live.build({ y: live.relu(live.input('x', f32([2]))) })).resolves.toBeDefined();
});

test('tensor buffers: wrong size or type is a TypeError naming the argument', async () => {
  const t = await context.createTensor({ ...f32([2]), readable: true, writable: true });
  expect(() => context.writeTensor(t, new Float32Array(3))).toThrow(new TypeError("writeTensor inputData: byte length 12 does not match the descriptor's 8."));
  expect(() => context.writeTensor(t, new Int32Array(2))).toThrow(TypeError);
  await expect(context.readTensor(t, new Float32Array(3))).rejects.toThrow(TypeError);
  t.destroy();
});

test('a BigInt MLNumber is fine for int64 and uint64', () => {
  const b = new MLGraphBuilder(context);
  expect(b.constant('int64', 2n ** 40n).dataType).toBe('int64');
  const x = b.input('x', { dataType: 'int64', shape: [2] });
  expect(b.clamp(x, { minValue: -3n, maxValue: 3n }).shape).toEqual([2]);
  expect(b.pad(x, [1], [0], { value: 7n }).shape).toEqual([3]);
});

test('convTranspose2d: groups that leave input channels over are valid for the builder (the spec, Chromium), not for build()', async () => {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', f32([1, 1, 5, 5]));
  const w = b.constant(f32([1, 1, 3, 3]), new Float32Array(9).fill(1));
  const y = b.convTranspose2d(x, w, { padding: [1, 1, 1, 1], groups: 3 });
  expect(y.shape).toEqual([1, 3, 5, 5]);
  await expect(b.build({ y })).rejects.toMatchObject({ name: 'NotSupportedError' });
});
