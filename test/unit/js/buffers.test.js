// The spec's "validate buffer with descriptor" for constant(), createConstantTensor(), writeTensor() and
// readTensor(tensor, outputData): the byte length must be equal (not just large enough) and a view must
// be a Uint8Array or the data type's own view (Uint16Array for float16 bits); anything else is a
// TypeError. A read target detached before the read completes rejects with a TypeError.
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

let context;
beforeAll(async () => {
  context = await createML({ threads: false }).createContext();
});

const f32 = { dataType: 'float32', shape: [2, 2] };

test('constant() takes the data type\'s view or Uint8Array, and nothing else', () => {
  const b = new MLGraphBuilder(context);
  expect(b.constant(f32, new Float32Array(4))).toBeDefined();
  expect(b.constant(f32, new Uint8Array(16))).toBeDefined();
  expect(b.constant(f32, new ArrayBuffer(16))).toBeDefined();
  expect(b.constant({ dataType: 'float16', shape: [2] }, new Uint16Array(2))).toBeDefined();
  for (const wrong of [new Int32Array(4), new DataView(new ArrayBuffer(16)), new Uint8ClampedArray(16), new Float64Array(2)]) {
    expect(() => b.constant(f32, wrong)).toThrow(TypeError);
  }
  expect(() => b.constant(f32, new Float32Array(5))).toThrow(/byte length 20 does not match the descriptor's 16/);
});

test('createConstantTensor() rejects a wrong view or size with a TypeError', async () => {
  await expect(context.createConstantTensor(f32, new Int32Array(4))).rejects.toThrow(TypeError);
  await expect(context.createConstantTensor(f32, new Float32Array(3))).rejects.toThrow(/byte length 12 does not match/);
  expect(await context.createConstantTensor(f32, new Float32Array(4))).toBeDefined();
});

test('writeTensor() and readTensor() check the view and want the exact byte length', async () => {
  const t = await context.createTensor({ ...f32, readable: true, writable: true });
  expect(() => context.writeTensor(t, new Int32Array(4))).toThrow(TypeError);
  expect(() => context.writeTensor(t, new Float32Array(8))).toThrow(/byte length 32 does not match/);
  context.writeTensor(t, new Float32Array([1, 2, 3, 4]));
  await expect(context.readTensor(t, new Float32Array(8))).rejects.toThrow(TypeError);
  await expect(context.readTensor(t, new DataView(new ArrayBuffer(16)))).rejects.toThrow(TypeError);
  const out = new Float32Array(4);
  await context.readTensor(t, out);
  expect(Array.from(out)).toEqual([1, 2, 3, 4]);
  const bytes = new Uint8Array(16);
  await context.readTensor(t, bytes);
  expect(Array.from(new Float32Array(bytes.buffer))).toEqual([1, 2, 3, 4]);
});

test('readTensor() and writeTensor() also take an Int8Array as a byte view (beyond the spec, as Chromium and onnxruntime-web do); constant() does not', async () => {
  const t = await context.createTensor({ ...f32, readable: true, writable: true });
  context.writeTensor(t, new Int8Array(new Float32Array([5, 6, 7, 8]).buffer));
  const bytes = new Int8Array(16);
  await context.readTensor(t, bytes);
  expect(Array.from(new Float32Array(bytes.buffer))).toEqual([5, 6, 7, 8]);
  expect(() => new MLGraphBuilder(context).constant(f32, new Int8Array(16))).toThrow(TypeError);
});

test('a read target detached before the read completes rejects with a TypeError', async () => {
  const t = await context.createTensor({ ...f32, readable: true });
  const target = new ArrayBuffer(16);
  const pending = context.readTensor(t, target);
  structuredClone(target, { transfer: [target] });
  await expect(pending).rejects.toThrow(/detached/);
});
