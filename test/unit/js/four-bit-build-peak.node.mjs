// 4-bit weights are held as constant() takes them, two to a byte, and build() frees each constant once its
// packing is made, into holes the next packings fit in (compiler/passes/unpack_four_bit_constants.cc,
// compiler/compiler.cc, runtime/buffer.cc): in a fresh process, the wasm memory a MatMulNBits stack grows to - its
// peak, since wasm memory never shrinks - stays within 1.4x the bytes the page gave (measured 1.12x; holding
// them a byte per element until build() took 2x before any packing; freeing them only after the whole compile,
// or with each buffer's bookkeeping apart from its bytes, 1.55x).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';
import { bytes } from './fixtures/random-values.mjs';

const ml = createML({ numThreads: 1 });

test('a 4-bit MatMulNBits stack builds within 1.4x its given bytes of wasm memory', async () => {
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
  assert.ok(grown <= 1.4 * given, `memory grew ${grown} bytes for ${given} bytes of constants (> 1.4x)`);
  graph.destroy();
  context.destroy();
});
