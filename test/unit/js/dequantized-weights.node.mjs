// Dequantized constant weights that no fusion keeps as stored - a QDQ convolution's int8 filter, dequantized per
// output channel - are folded once at build() whatever their size (passes/fold_constants.cc, the last fold), not
// dequantized at every dispatch: the step profile has no quantize step, and the results are bit-identical to the
// same graph given the dequantized filter as float32.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 1 });

test('a 64x64x3x3 int8 filter dequantized per channel: folded at build, bit-identical to its float32 form', async () => {
  const O = 64, I = 64, K = 3;  // 147 KB as float32: above the 64 KiB an ordinary fold may grow to
  const q = Int8Array.from({ length: O * I * K * K }, (_, i) => ((i * 2654435761) >>> 24) - 128);
  const scale = Float32Array.from({ length: O }, (_, o) => 0.001 * (1 + (o % 5)));
  const zp = Int8Array.from({ length: O }, (_, o) => (o % 7) - 3);
  const dequantized = Float32Array.from(q, (v, i) => Math.fround((v - zp[Math.floor(i / (I * K * K))]) * scale[Math.floor(i / (I * K * K))]));
  const x = Float32Array.from({ length: I * 20 * 20 }, (_, i) => Math.sin(i));
  const context = await ml.createContext();
  const run = async (filter) => {
    const b = new MLGraphBuilder(context);
    const input = b.input('x', { dataType: 'float32', shape: [1, I, 20, 20] });
    const graph = await b.build({ y: b.conv2d(input, filter(b), { padding: [1, 1, 1, 1] }) });
    const tx = await context.createTensor({ dataType: 'float32', shape: [1, I, 20, 20], writable: true });
    const ty = await context.createTensor({ dataType: 'float32', shape: [1, O, 20, 20], readable: true });
    context.writeTensor(tx, x);
    __testing.profileNextDispatch(context);
    context.dispatch(graph, { x: tx }, { y: ty });
    const y = new Float32Array(await context.readTensor(ty));
    return { y, steps: __testing.takeProfile(context).map((p) => p.step) };
  };
  const qdq = await run((b) => b.dequantizeLinear(b.constant({ dataType: 'int8', shape: [O, I, K, K] }, q),
    b.constant({ dataType: 'float32', shape: [O, 1, 1, 1] }, scale), b.constant({ dataType: 'int8', shape: [O, 1, 1, 1] }, zp)));
  const float = await run((b) => b.constant({ dataType: 'float32', shape: [O, I, K, K] }, dequantized));
  assert.ok(!qdq.steps.some((s) => /quantize/i.test(s)), `steps: ${qdq.steps.join(', ')}`);
  assert.deepEqual(qdq.steps, float.steps);
  assert.deepEqual(Array.from(qdq.y), Array.from(float.y));
  context.destroy();
});
