// quantizeLinear / dequantizeLinear with the scale and zeroPoint shapes we accept beyond the spec snapshot,
// as Chromium does (docs/conformance.md, "Validation: where we follow Chromium"): a scale of lower rank than the input covers its trailing axes,
// and a one-element zeroPoint of another shape than a one-element scale (onnxruntime-web's per-tensor form
// without a zero point: scale [1, ..., 1], zeroPoint []). Each result is checked exactly against the formula
// in float32: (x - zeroPoint) * scale, and clamp(roundEven(x / scale) + zeroPoint).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 1 });
const f32 = Math.fround;
const roundEven = (v) => {
  const r = Math.round(v);
  return Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

async function compute(build, inputs, outputShape, outputType) {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const graph = await b.build({ y: build(b) });
  const y = await context.createTensor({ dataType: outputType, shape: outputShape, readable: true });
  const tensors = {};
  for (const [name, { dataType, shape, data }] of Object.entries(inputs)) {
    tensors[name] = await context.createTensor({ dataType, shape, writable: true });
    context.writeTensor(tensors[name], data);
  }
  context.dispatch(graph, tensors, { y });
  const out = await context.readTensor(y);
  context.destroy();
  return outputType === 'float32' ? new Float32Array(out) : outputType === 'int8' ? new Int8Array(out) : new Uint8Array(out);
}

test('dequantizeLinear: a scale [3] and zeroPoint [3] over [2, 6] repeat along the last axis in blocks of 2', async () => {
  const x = Uint8Array.from({ length: 12 }, (_, i) => 7 * i + 3);
  const scale = Float32Array.of(0.5, 0.25, 3.1);
  const zp = Uint8Array.of(2, 200, 17);
  const y = await compute((b) => b.dequantizeLinear(
    b.input('x', { dataType: 'uint8', shape: [2, 6] }),
    b.constant({ dataType: 'float32', shape: [3] }, scale),
    b.constant({ dataType: 'uint8', shape: [3] }, zp)), { x: { dataType: 'uint8', shape: [2, 6], data: x } }, [2, 6], 'float32');
  const expected = Array.from(x, (v, i) => f32((v - zp[(i % 6) >> 1]) * scale[(i % 6) >> 1]));
  assert.deepEqual(Array.from(y), expected);
});

test('dequantizeLinear: zeroPoint [] beside scale [1, 1, 1], both operands at run time', async () => {
  const x = Int8Array.from({ length: 24 }, (_, i) => (i * 37) % 256 - 128);
  const y = await compute((b) => b.dequantizeLinear(
    b.input('x', { dataType: 'int8', shape: [2, 3, 4] }),
    b.input('s', { dataType: 'float32', shape: [1, 1, 1] }),
    b.input('z', { dataType: 'int8', shape: [] })), {
    x: { dataType: 'int8', shape: [2, 3, 4], data: x },
    s: { dataType: 'float32', shape: [1, 1, 1], data: Float32Array.of(0.0375) },
    z: { dataType: 'int8', shape: [], data: Int8Array.of(-3) },
  }, [2, 3, 4], 'float32');
  assert.deepEqual(Array.from(y), Array.from(x, (v) => f32((v + 3) * f32(0.0375))));
});

test('quantizeLinear: zeroPoint [] beside scale [1, 1], and a scale [2] over [3, 4]', async () => {
  const x = Float32Array.from({ length: 12 }, (_, i) => f32((i - 5) * 1.37));
  const perTensor = await compute((b) => b.quantizeLinear(
    b.input('x', { dataType: 'float32', shape: [3, 4] }),
    b.constant({ dataType: 'float32', shape: [1, 1] }, Float32Array.of(0.05)),
    b.constant({ dataType: 'uint8', shape: [] }, Uint8Array.of(128))), { x: { dataType: 'float32', shape: [3, 4], data: x } }, [3, 4], 'uint8');
  const q = (v, s, z, lo, hi) => Math.min(hi, Math.max(lo, roundEven(f32(v / s)) + z));
  assert.deepEqual(Array.from(perTensor), Array.from(x, (v) => q(v, f32(0.05), 128, 0, 255)));
  const scales = Float32Array.of(0.5, 0.125);
  const trailing = await compute((b) => b.quantizeLinear(
    b.input('x', { dataType: 'float32', shape: [3, 4] }),
    b.constant({ dataType: 'float32', shape: [2] }, scales),
    b.constant({ dataType: 'int8', shape: [2] }, Int8Array.of(-1, 4))), { x: { dataType: 'float32', shape: [3, 4], data: x } }, [3, 4], 'int8');
  assert.deepEqual(Array.from(trailing), Array.from(x, (v, i) => q(v, scales[(i % 4) >> 1], [-1, 4][(i % 4) >> 1], -128, 127)));
});
