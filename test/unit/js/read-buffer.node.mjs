// readTensor() without outputData resolves a new ArrayBuffer of the tensor's exact byte length. In Node it
// comes from Buffer.allocUnsafeSlow, not zero-filled (src/js/api/heap.js): every byte must still be the
// tensor's, never memory the buffer held before; each read gets its own buffer, of this realm, not shared,
// and transferable. Run outside jest (whose vm realm takes the zero-filled path).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML } from '../../../dist/index.mjs';

for (const threads of [true, false]) {
  test(`a read's new ArrayBuffer holds exactly the tensor's bytes (${threads ? 'threaded' : 'single-threaded'} build)`, async () => {
    const context = await createML({ threads, numThreads: 1 }).createContext();
    for (const elements of [1, 5, 1 << 14, (1 << 20) + 3]) {
      const desc = { dataType: 'float32', shape: [elements] };
      const t = await context.createTensor({ ...desc, readable: true, writable: true });
      const pattern = new Float32Array(elements).map((_, i) => (i % 251) - 125.5);
      context.writeTensor(t, pattern);
      // Garbage freed just before: an allocator that reuses it must not let any of it through.
      for (let k = 0; k < 4; k++) new Uint8Array(elements * 4).fill(0xab);
      const first = await context.readTensor(t);
      const second = await context.readTensor(t);
      for (const buffer of [first, second]) {
        assert.ok(buffer instanceof ArrayBuffer);
        assert.equal(buffer.byteLength, elements * 4);
        assert.deepEqual(new Float32Array(buffer), pattern);
      }
      assert.notEqual(first, second);
      new Float32Array(first)[0] = 7;
      assert.equal(new Float32Array(second)[0], pattern[0]);
      const moved = structuredClone(first, { transfer: [first] });
      assert.equal(first.byteLength, 0);
      assert.equal(moved.byteLength, elements * 4);
      t.destroy();
    }
    context.destroy();
  });
}
