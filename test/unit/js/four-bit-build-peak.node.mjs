// 4-bit weights are held as constant() takes them, two to a byte, and build() packs each MatMulNBits weight in its
// own bytes (kernels/qbw.h: a block of 8 columns' groups is exactly the bytes of their 8 rows), so it takes fresh
// memory only for the blocks' scales and zero points, and never depends on where the allocator puts a packing. In a
// fresh process, the wasm memory a MatMulNBits stack grows to - its peak, since wasm memory never shrinks - stays
// within 1.1x the bytes the page gave (measured 0.76x, 10 runs alike). Packings in fresh memory, placed where the
// freed constants left holes, took 1.12x in two runs of three and 1.55x in the third: small allocations the
// compile kept split those holes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { bytes } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 1 });

test('a 4-bit MatMulNBits stack builds within 1.1x its given bytes of wasm memory', async () => {
  const context = await ml.createContext();
  const N = 2048, K = 2048, block = 32, blocks = K / block, layers = 12;
  const before = (await __testing.heapStats()).memory;
  const b = new MLGraphBuilder(context);
  let given = 0;
  const constant = (desc, data) => {
    given += data.byteLength;
    return b.constant(desc, data);
  };
  let x = b.input('x', { dataType: 'float32', shape: [1, 1, K] });
  for (let i = 0; i < layers; ++i) {
    const q = constant({ dataType: 'uint4', shape: [N, blocks, block] }, bytes(N * K / 2, i));
    const s = constant({ dataType: 'float32', shape: [N, blocks, 1] }, new Float32Array(N * blocks).fill(0.01));
    const z = constant({ dataType: 'uint4', shape: [N, blocks, 1] }, bytes(N * blocks / 2, i + 99));
    x = b.matmul(x, b.transpose(b.reshape(b.dequantizeLinear(q, s, z), [N, K])));
  }
  const afterConstants = (await __testing.heapStats()).memory;
  const graph = await b.build({ y: x });
  const grown = (await __testing.heapStats()).memory - before;
  console.log(`given ${given} B; memory grew ${afterConstants - before} B by the constants, ${grown} B by build()'s end`);
  assert.ok(grown <= 1.1 * given, `memory grew ${grown} bytes for ${given} bytes of constants (> 1.1x)`);
  graph.destroy();
  context.destroy();
});
