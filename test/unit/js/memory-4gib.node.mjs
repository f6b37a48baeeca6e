// The whole 4 GiB wasm32 address space works from JS: with tensors held so that new allocations land
// above 2 GiB and then above 3 GiB, writes, reads, constants, builds and dispatches still give right
// results in both builds (addresses are unsigned everywhere; a signed one breaks at 2 GiB). Each build
// runs in a child process so the 3 GiB heap goes away with it. __testing.heapStats() counts the heap right
// above 2 GiB too (mallinfo's int once read negative there).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const dist = new URL('../../../dist/index.mjs', import.meta.url).href;

const script = (options) => `
  import { __testing, createML, MLGraphBuilder } from ${JSON.stringify(dist)};
  const context = await createML(${JSON.stringify(options)}).createContext();
  const held = [];
  const results = [];
  for (const mib of [1536, 640, 1000]) {
    held.push(await context.createTensor({ dataType: 'float32', shape: [mib * 262144], writable: true }));
    const n = 4096;
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [n] });
    const w = b.constant({ dataType: 'float32', shape: [n] }, Float32Array.from({ length: n }, (_, i) => i));
    const graph = await b.build({ y: b.add(b.mul(x, w), w) });
    const xt = await context.createTensor({ dataType: 'float32', shape: [n], writable: true, readable: true });
    const yt = await context.createTensor({ dataType: 'float32', shape: [n], readable: true });
    context.writeTensor(xt, new Float32Array(n).fill(2));
    context.dispatch(graph, { x: xt }, { y: yt });
    const y = new Float32Array(await context.readTensor(yt));
    const xBack = new Float32Array(await context.readTensor(xt));
    const ok = y.every((v, i) => v === 3 * i) && xBack.every((v) => v === 2);
    const heldMiB = held.reduce((s, t) => s + t.shape[0] / 262144, 0);
    const { inUse } = await __testing.heapStats();
    results.push({ heldMiB, ok, inUseCoversHeld: inUse >= heldMiB * 1048576 && inUse < 4294967296 });
  }
  console.log(JSON.stringify(results));`;

// Out of memory for real (not the test hook): with 3.6 GiB held, a build whose arena needs more than what is
// left (a resample2d to 16384x16384 whose 1 GiB result another op reads) rejects with UnknownError, and the
// context still computes afterwards.
const oomScript = (options) => `
  import { createML, MLGraphBuilder } from ${JSON.stringify(dist)};
  const context = await createML(${JSON.stringify(options)}).createContext();
  const held = [];
  for (let i = 0; i < 3; ++i) held.push(await context.createTensor({ dataType: 'float32', shape: [1200 * 262144], writable: true }));
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [1, 1, 4096, 4096] });
  let error = 'none';
  try {
    await b.build({ y: b.neg(b.resample2d(x, { mode: 'linear', sizes: [16384, 16384] })) });
  } catch (e) {
    error = e.name;
  }
  const b2 = new MLGraphBuilder(context);
  const s = b2.input('s', { dataType: 'float32', shape: [4] });
  const graph = await b2.build({ y: b2.neg(s) });
  const st = await context.createTensor({ dataType: 'float32', shape: [4], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [4], readable: true });
  context.writeTensor(st, new Float32Array([1, 2, 3, 4]));
  context.dispatch(graph, { s: st }, { y: yt });
  console.log(JSON.stringify({ error, after: Array.from(new Float32Array(await context.readTensor(yt))) }));`;

for (const [variant, options] of [['simd-threaded', { numThreads: 2 }], ['simd', { threads: false }]]) {
  test(`${variant}: a build that runs out of memory rejects with UnknownError and the module goes on`, () => {
    const r = spawnSync(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', oomScript(options)],
                        { encoding: 'utf8', timeout: 120000, maxBuffer: 1 << 26 });
    assert.equal(r.status, 0, r.stderr.slice(-2000));
    assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').pop()), { error: 'UnknownError', after: [-1, -2, -3, -4] });
  });
}

for (const [variant, options] of [['simd-threaded', { numThreads: 2 }], ['simd', { threads: false }]]) {
  test(`${variant}: tensors, constants and dispatches above 2 GiB and 3 GiB`, () => {
    const r = spawnSync(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', script(options)],
                        { encoding: 'utf8', timeout: 120000, maxBuffer: 1 << 26 });
    assert.equal(r.status, 0, r.stderr.slice(-2000));
    const results = JSON.parse(r.stdout.trim().split('\n').pop());
    assert.deepEqual(results, [
      { heldMiB: 1536, ok: true, inUseCoversHeld: true }, { heldMiB: 2176, ok: true, inUseCoversHeld: true },
      { heldMiB: 3176, ok: true, inUseCoversHeld: true },
    ]);
  });
}
