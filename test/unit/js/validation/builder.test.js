// MLGraphBuilder's input(), the three constant() forms and build() (#api-mlgraphbuilder-input,
// #api-mlgraphbuilder-constant-buffer, -constant-tensor, -constant-datatype-value, #api-mlgraphbuilder-build),
// one row per method step, with "check dimensions" and "validate buffer with descriptor" which they call.
// The generic rules shared by every method (operands of another builder, a lost context) are in
// ../validation-rules.test.js.
import { createML, describeCases, MLGraphBuilder, out, error, typeError } from './cases.mjs';

const f32 = 'float32';
const desc = (dataType, shape) => ({ dataType, shape });
// Spends the builder: its "can not build" is true from here on.
const spend = async (b, t) => { await b.build({ y: b.relu(t(f32, [2])) }); };
const invalidState = (method) => error('InvalidStateError', new RegExp(`^${method}: the builder has already built a graph`));

describeCases('input', [
  ['returns an operand of the descriptor', (b) => b.input('x', desc(f32, [2, 3])), out(f32, [2, 3])],
  ['a 0-D input', (b) => b.input('x', desc('int64', [])), out('int64', [])],
  ['"If this can not build, then throw an InvalidStateError"', async (b, t) => { await spend(b, t); return b.input('x', desc(f32, [1])); }, invalidState('input')],
  ['"If name is empty"', (b) => b.input('', desc(f32, [1])), typeError(/^input name: /)],
  // docs/conformance.md, "Validation: where we follow Chromium": a name used twice is accepted here (Chromium, WPT) and refused by build() when both inputs
  // are in the graph; the spec's step 3 throws here.
  ['a name used twice (beyond the spec: Chromium and WPT accept it here)', (b) => { b.input('x', desc(f32, [1])); return b.input('x', desc(f32, [2])); }, out(f32, [2])],
  ['check dimensions: "If any item of descriptor.shape is not a valid dimension": 0', (b) => b.input('x', desc(f32, [3, 0])), typeError(/^input descriptor: /)],
  ['check dimensions: "If descriptor.shape\'s size is too large to be supported by the implementation" (9 > 8)', (b) => b.input('x', desc(f32, [1, 1, 1, 1, 1, 1, 1, 1, 1])), typeError(/^input descriptor: /)],
  ['shape is a sequence<[EnforceRange] unsigned long>: -1', (b) => b.input('x', desc(f32, [-1])), typeError(/^input descriptor\.shape\[0\]: /)],
  ['dataType is an MLOperandDataType', (b) => b.input('x', desc('bool', [1])), typeError(/^input descriptor\.dataType: /)],
  ['shape is required', (b) => b.input('x', { dataType: f32 }), typeError(/^input descriptor\.shape: /)],
]);

describeCases('constant(descriptor, buffer)', [
  ['a Float32Array for float32', (b) => b.constant(desc(f32, [2, 2]), new Float32Array(4)), out(f32, [2, 2])],
  ['a 0-D constant', (b) => b.constant(desc('int32', []), new Int32Array(1)), out('int32', [])],
  ['"If bufferSource is a Uint8Array object, then return true" for any data type', (b) => b.constant(desc('int64', [2]), new Uint8Array(16)), out('int64', [2])],
  ['an ArrayBuffer of the byte length', (b) => b.constant(desc('uint32', [3]), new ArrayBuffer(12)), out('uint32', [3])],
  ['a SharedArrayBuffer of the byte length', (b) => b.constant(desc(f32, [3]), new SharedArrayBuffer(12)), out(f32, [3])],
  ['a BigUint64Array for uint64', (b) => b.constant(desc('uint64', [1]), new BigUint64Array(1)), out('uint64', [1])],
  ['"If this can not build"', async (b, t) => { await spend(b, t); return b.constant(desc(f32, [1]), new Float32Array(1)); }, invalidState('constant')],
  ['check dimensions: a zero dimension', (b) => b.constant(desc(f32, [0]), new Float32Array(0)), typeError(/^constant descriptor: /)],
  ['check dimensions: rank 9', (b) => b.constant(desc(f32, [1, 1, 1, 1, 1, 1, 1, 1, 1]), new Float32Array(1)), typeError(/^constant descriptor: /)],
  ['check dimensions comes before the buffer: a zero dimension and a buffer of the wrong size', (b) => b.constant(desc(f32, [2, 0]), new Float32Array(1)), typeError(/^constant descriptor: dimensions must be between 1/)],
  ['"If bufferSource\'s byte length is not equal to descriptor\'s byte length"', (b) => b.constant(desc(f32, [2]), new Float32Array(3)), typeError(/^constant buffer: /)],
  ['"If bufferSource matches descriptor\'s dataType according to this table": an Int8Array for uint8', (b) => b.constant(desc('uint8', [2]), new Int8Array(2)), typeError(/^constant buffer: /)],
  ['... a Uint8ClampedArray for uint8', (b) => b.constant(desc('uint8', [2]), new Uint8ClampedArray(2)), typeError(/^constant buffer: /)],
  ['... a DataView', (b) => b.constant(desc(f32, [2]), new DataView(new ArrayBuffer(8))), typeError(/^constant buffer: /)],
  ['... an Int32Array for uint32', (b) => b.constant(desc('uint32', [2]), new Int32Array(2)), typeError(/^constant buffer: /)],
]);

describeCases('constant(dataType, value)', [
  ['a 0-D operand of dataType', (b) => b.constant('float16', 1.5), out('float16', [])],
  ['"Set value to the result of casting value to dataType": 300 to uint8 is not an error', (b) => b.constant('uint8', 300), out('uint8', [])],
  ['a BigInt for int64', (b) => b.constant('int64', -(2n ** 40n)), out('int64', [])],
  ['"If this can not build"', async (b, t) => { await spend(b, t); return b.constant(f32, 1); }, invalidState('constant')],
  ['dataType is an MLOperandDataType', (b) => b.constant('float64', 1), typeError(/^constant dataType: /)],
]);

// Returns what build() gave as a descriptor-like row, so describeCases can compare a resolved build.
const built = async (promise) => ({ dataType: (await promise).constructor.name, shape: [] });

describeCases('build', [
  ['resolves with an MLGraph', (b, t) => built(b.build({ y: b.relu(t(f32, [2])), z: b.neg(t(f32, [3])) })), out('MLGraph', [])],
  ['"If this can not build, then return a new promise rejected with an InvalidStateError"', async (b, t) => { const z = b.neg(t(f32, [1])); await spend(b, t); return b.build({ z }); }, invalidState('build')],
  ['"If outputs is empty"', (b) => b.build({}), typeError(/^build outputs: /)],
  ['"If name is empty"', (b, t) => b.build({ '': b.relu(t(f32, [2])) }), typeError(/^build outputs: /)],
  ['"If operand is in this\'s graph\'s inputs"', (b, t) => b.build({ y: t(f32, [2]) }), typeError(/^build outputs\['y'\]: /)],
  ['"... or constants"', (b) => b.build({ c: b.constant(f32, 1) }), typeError(/^build outputs\['c'\]: /)],
]);

describe('constant(tensor), and build() given an operand of another builder', () => {
  const ml = createML({ threads: false });
  let context;
  let other;
  const f = desc(f32, [2]);
  beforeAll(async () => { [context, other] = await Promise.all([ml.createContext(), ml.createContext()]); });

  test('returns an operand of the tensor\'s descriptor', async () => {
    const b = new MLGraphBuilder(context);
    const c = b.constant(await context.createConstantTensor(f, new Float32Array(2)));
    expect([c.dataType, c.shape]).toEqual([f32, [2]]);
  });
  test('"If tensor.[[context]] is not this.[[context]]"', async () => {
    const tensor = await other.createConstantTensor(f, new Float32Array(2));
    expect(() => new MLGraphBuilder(context).constant(tensor)).toThrow(expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^constant tensor: /) }));
  });
  test('"If tensor.[[isDestroyed]] is true"', async () => {
    const tensor = await context.createConstantTensor(f, new Float32Array(2));
    tensor.destroy();
    expect(() => new MLGraphBuilder(context).constant(tensor)).toThrow(expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^constant tensor: /) }));
  });
  test('"If tensor.[[isConstant]] is false"', async () => {
    const tensor = await context.createTensor(f);
    expect(() => new MLGraphBuilder(context).constant(tensor)).toThrow(expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^constant tensor: /) }));
  });
  test('build(): "If validating operand given this and operand returns false"', async () => {
    const b = new MLGraphBuilder(context);
    const another = new MLGraphBuilder(context);
    const y = another.relu(another.input('x', f));
    await expect(b.build({ y })).rejects.toMatchObject({ name: 'TypeError', message: expect.stringMatching(/^build outputs\['y'\]: /) });
  });
  test('"If this can not build"', async () => {
    const b = new MLGraphBuilder(context);
    const tensor = await context.createConstantTensor(f, new Float32Array(2));
    await b.build({ y: b.relu(b.input('x', f)) });
    expect(() => b.constant(tensor)).toThrow(expect.objectContaining({ name: 'InvalidStateError', message: expect.stringMatching(/^constant: /) }));
  });
  test('the tensor is checked before "can not build": a non-constant tensor on a built builder is a TypeError', async () => {
    const b = new MLGraphBuilder(context);
    await b.build({ y: b.relu(b.input('x', f)) });
    const tensor = await context.createTensor(f);
    expect(() => b.constant(tensor)).toThrow(expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^constant tensor: /) }));
  });
});
