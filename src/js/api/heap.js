// Copies between JS buffers and Wasm memory. Views are made fresh for every copy: memory can grow
// (from any thread in the threaded build), which replaces the buffer behind older views.
import { holdProcessOpen } from '../loader.js';
import { errorFromStatus } from './errors.js';

export function bytesOf(source) {
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return new Uint8Array(source);
}

// Copies `bytes` into a new Wasm allocation; the callee takes ownership of the returned pointer.
export function copyIn(runtime, bytes) {
  const ptr = runtime.module._malloc(Math.max(1, bytes.byteLength));
  if (!ptr) throw errorFromStatus(5, `out of memory allocating ${bytes.byteLength} bytes.`);
  new Uint8Array(runtime.memory().buffer, ptr, bytes.byteLength).set(bytes);
  return ptr;
}

export function copyOut(runtime, ptr, size, target) {
  const src = new Uint8Array(runtime.memory().buffer, ptr, size);
  if (target) {
    target.set(src);
    return target;
  }
  const out = new ArrayBuffer(size);
  new Uint8Array(out).set(src);
  return out;
}

// Resolves once the int32 at `address` is no longer 0 (set by the executor thread).
export async function waitForFlag(runtime, address) {
  const i32 = () => new Int32Array(runtime.memory().buffer);
  if (typeof Atomics.waitAsync === 'function') {
    const r = Atomics.waitAsync(i32(), address >> 2, 0);
    if (!r.async) return;
    // Node does not count a pending waitAsync as work and the pthread workers are unref'ed.
    const release = holdProcessOpen();
    try {
      await r.value;
    } finally {
      release();
    }
    return;
  }
  // Engines without Atomics.waitAsync: poll on the task queue.
  while (Atomics.load(i32(), address >> 2) === 0) await new Promise((resolve) => setTimeout(resolve, 0));
}
