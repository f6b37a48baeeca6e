// Copies between JS buffers and Wasm memory. Views are made fresh for every copy: memory can grow
// (from any thread in the threaded build), which replaces the buffer behind older views. Addresses come
// from C++ as unsigned numbers: the whole 4 GiB of wasm32 memory is usable, so nothing here may treat
// one as a signed int32 (`>>` or `| 0` on an address above 2 GiB makes it negative).
import { eventLoopIdle, holdProcessOpen, isNode } from '../loader.js';
import { unwrap } from './errors.js';

// int4 and uint4 (Chromium's, beyond the spec snapshot) take half a byte: two to a byte, low nibble first.
const kElementBytes = {
  float32: 4, float16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8, int8: 1, uint8: 1, int4: 0.5, uint4: 0.5,
};
// The views the spec accepts for each data type besides Uint8Array (its table "MLOperandDataType and
// ArrayBufferView compatibility"; float16 data also comes as Uint16Array bits, as its note allows). 4-bit data
// comes as bytes, as Chromium takes it.
const kViews = {
  float32: ['Float32Array'], float16: ['Float16Array', 'Uint16Array'], int32: ['Int32Array'],
  uint32: ['Uint32Array'], int64: ['BigInt64Array'], uint64: ['BigUint64Array'], int8: ['Int8Array'],
  uint8: ['Uint8Array'], int4: ['Uint8Array'], uint4: ['Uint8Array'],
};

export function descriptorByteLength({ dataType, shape }) {
  return Math.ceil(shape.reduce((n, d) => n * d, kElementBytes[dataType]));
}

// The spec's "validate buffer with descriptor": the byte length must match and a view must be a
// Uint8Array or the data type's own view. Throws a TypeError that names `where`.
//
// `byteViews` also admits Int8Array as a byte view, for readTensor() and writeTensor() only (beyond the
// spec): onnxruntime-web 1.30 reads float32 MLTensors into Int8Arrays when part of a model falls back to
// its CPU kernels, and Chromium does not check the view type there (crbug.com/378604909).
export function checkBuffer(where, source, dataType, byteLength, { byteViews = ['Uint8Array'] } = {}) {
  const bytes = source.byteLength;
  if (bytes !== byteLength) {
    throw new TypeError(`${where}: byte length ${bytes} does not match the descriptor's ${byteLength}.`);
  }
  if (!ArrayBuffer.isView(source)) return;
  // The class name, not instanceof: views from another realm (an iframe) are valid too.
  const kind = Object.prototype.toString.call(source).slice(8, -1);
  if (!byteViews.includes(kind) && !kViews[dataType].includes(kind)) {
    throw new TypeError(`${where}: a ${kind} cannot hold ${dataType} data (use ${kViews[dataType][0]} or Uint8Array).`);
  }
}

// A view of all of Wasm memory as `Type` (Float64Array, Int32Array...), made again only when memory has grown
// (which replaces the buffer behind older views): for the small reads and writes of every API call.
const views = new WeakMap();
export function heapView(runtime, Type) {
  const buffer = runtime.memory().buffer;
  let cached = views.get(runtime);
  if (cached?.buffer !== buffer) views.set(runtime, cached = { buffer, byType: new Map() });
  let view = cached.byType.get(Type);
  if (!view) cached.byType.set(Type, view = new Type(buffer));
  return view;
}

export function bytesOf(source) {
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return new Uint8Array(source);
}

// Copies `bytes` into a new staging buffer in Wasm memory (the C++ side allocates it, so an allocation
// that fails is an UnknownError, not an abort). The caller passes it on and then delete()s it.
export function stage(runtime, bytes) {
  const staged = unwrap(runtime.module.stage(bytes.byteLength));
  new Uint8Array(runtime.memory().buffer, staged.address(), bytes.byteLength).set(bytes);
  return staged;
}

// Runs fn(staged) with `bytes` staged, and frees the staging handle afterwards.
export function withStaged(runtime, bytes, fn) {
  const staged = stage(runtime, bytes);
  try {
    return fn(staged);
  } finally {
    staged.delete();
  }
}

// A new ArrayBuffer for a read's bytes, its pages already faulted in. A large one is fresh memory from the
// system, and the first write to each of its pages faults (1.6-2 µs each on a 2-core VM: a 4 MB read paid
// 1.6-1.9 ms in the median of its copy, where the copy itself takes 0.1-0.3); readTensor() makes it when
// called, so this happens while the executor computes, not after.
// In Node the buffer is not zero-filled first (Buffer.allocUnsafeSlow: a plain, transferable ArrayBuffer of
// exactly `size` bytes, not from Buffer's pool): the read overwrites every byte before the buffer is handed
// out, and zeroing 4 MB took 0.1-0.2 ms of a 1M-float read's 0.45-0.6 (new ArrayBuffer + copy against
// allocUnsafeSlow + copy, same process). Only where Buffer's ArrayBuffers are this realm's: under jest's vm
// contexts, Buffer is the outer realm's, and `result instanceof ArrayBuffer` would be false.
const PAGE = 4096;
const unzeroed = isNode && typeof Buffer === 'function' && typeof Buffer.allocUnsafeSlow === 'function' &&
                 Buffer.allocUnsafeSlow(0).buffer instanceof ArrayBuffer;
const allocate = unzeroed ? (size) => Buffer.allocUnsafeSlow(size).buffer : (size) => new ArrayBuffer(size);
export function newFaultedBuffer(size) {
  const buffer = allocate(size);
  if (size >= 16 * PAGE) {
    const bytes = new Uint8Array(buffer);
    for (let i = 0; i < size; i += PAGE) bytes[i] = 0;
  }
  return buffer;
}

// Copies `size` bytes at `address` of Wasm memory into the byte view `target`.
export function copyOut(runtime, address, size, target) {
  target.set(new Uint8Array(runtime.memory().buffer, address, size));
}

// Node 20's event loop, once it runs out of work, waits for every task V8 has given its background threads
// before it looks at the loop again (NodePlatform::DrainTasks; Node 22 waits only for the urgent ones,
// nodejs/node#58047). Beside onnxruntime-web that is V8 tiering its 28 MB module up: 30-45 s on 2 cores,
// during which no timer, I/O callback, MessagePort message or Atomics.waitAsync wake-up is delivered, only
// microtasks run. A script that awaits onnxruntime-web's asynchronous compile with nothing else in its loop
// gets there, and a first result that waited asynchronously took 28-30 s instead of 1 s (issue 25).
// So while the loop has nothing to run but our wait (eventLoopIdle: no server, socket, timer, immediate or
// request of the app's), a wait sleeps on the flag in 1 ms slices (Atomics.wait), yielding to microtasks in
// between: it delays nothing, as there is nothing else to run. As soon as the app has something in the loop,
// and otherwise after `kIdleSleepMs`, it waits asynchronously, and the loop keeps turning.
const kIdleSleepMs = 10000;

// How the waits went, for tests (testing.js): how many slept while the loop was idle, how many waited asynchronously.
export const waitCounts = { whileIdle: 0, asynchronous: 0 };

async function sleepWhileLoopIdle(i32, index) {
  const end = performance.now() + kIdleSleepMs;
  while (Atomics.load(i32(), index) === 0) {
    if (!eventLoopIdle() || performance.now() >= end) return false;
    Atomics.wait(i32(), index, 0, 1);
    await null;
  }
  return true;
}

// Resolves once the int32 at `address` is no longer 0 (set by the executor thread); never blocks while the
// event loop has anything else to run. With `holdProcess` false, a Node process may exit while this waits
// (used to watch for a lost context), and the wait is always asynchronous.
export async function waitForFlag(runtime, address, { holdProcess = true } = {}) {
  const index = address / 4;  // not `>> 2`: the address may be above 2 GiB
  const i32 = () => new Int32Array(runtime.memory().buffer);
  if (holdProcess && eventLoopIdle()) {
    ++waitCounts.whileIdle;
    if (await sleepWhileLoopIdle(i32, index)) return;
  }
  if (typeof Atomics.waitAsync === 'function') {
    const r = Atomics.waitAsync(i32(), index, 0);
    if (!r.async) return;
    ++waitCounts.asynchronous;
    // Node does not count a pending waitAsync as work and the pthread workers are unref'ed.
    const release = holdProcess ? holdProcessOpen() : () => {};
    try {
      await r.value;
    } finally {
      release();
    }
    return;
  }
  // Engines without Atomics.waitAsync: poll on the task queue.
  while (Atomics.load(i32(), index) === 0) await new Promise((resolve) => setTimeout(resolve, 0));
}
