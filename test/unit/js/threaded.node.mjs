// The threaded build in Node (jest's VM cannot host pthread workers, so this uses node:test):
// dispatch returns before the graph has run, reads resolve in timeline order, the pool has threads.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder, runtimeInfo } from '../../../dist/index.mjs';
import { threadedVariant } from './node-variant.mjs';

const ml = createML({ numThreads: 2 });

test('loads the threaded variant with the requested threads', async () => {
  await ml.createContext();
  assert.deepEqual(await runtimeInfo(), { variant: threadedVariant(), numThreads: 2, int4Activations: 'int16' });
});

test('dispatch does not block; reads follow every earlier dispatch', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const n = 512;
  const a = b.input('a', { dataType: 'float32', shape: [n, n] });
  const w = b.constant({ dataType: 'float32', shape: [n, n] }, new Float32Array(n * n).fill(1 / n));
  const graph = await b.build({ y: b.matmul(a, w) });
  const at = await context.createTensor({ dataType: 'float32', shape: [n, n], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [n, n], readable: true });
  const reads = [];
  for (let i = 1; i <= 4; ++i) {
    context.writeTensor(at, new Float32Array(n * n).fill(i));
    context.dispatch(graph, { a: at }, { y: yt });
    reads.push(context.readTensor(yt));
  }
  const values = (await Promise.all(reads)).map((buf) => new Float32Array(buf));
  values.forEach((v, i) => {
    assert.ok(Math.abs(v[0] - (i + 1)) < 1e-4, `read ${i}: ${v[0]}`);
    assert.ok(Math.abs(v[n * n - 1] - (i + 1)) < 1e-4);
  });
});

test('destroying a context rejects its pending reads and leaves other contexts working', async () => {
  const doomed = await ml.createContext();
  const alive = await ml.createContext();
  const t = await doomed.createTensor({ dataType: 'float32', shape: [4], readable: true });
  const pending = doomed.readTensor(t);
  doomed.destroy();
  await assert.rejects(pending, (e) => e.name === 'InvalidStateError' || e instanceof DOMException);
  const b = new MLGraphBuilder(alive);
  const x = b.input('x', { dataType: 'float32', shape: [4] });
  const graph = await b.build({ y: b.neg(x) });
  const xt = await alive.createTensor({ dataType: 'float32', shape: [4], writable: true });
  const yt = await alive.createTensor({ dataType: 'float32', shape: [4], readable: true });
  alive.writeTensor(xt, new Float32Array([1, -2, 3, -4]));
  alive.dispatch(graph, { x: xt }, { y: yt });
  assert.deepEqual(Array.from(new Float32Array(await alive.readTensor(yt))), [-1, 2, -3, 4]);
});

test('a Node script that is done exits by itself (pthread workers do not hold the process)', () => {
  const script = `
    import { createML, MLGraphBuilder } from ${JSON.stringify(new URL('../../../dist/index.mjs', import.meta.url).href)};
    const context = await createML({ numThreads: 2 }).createContext();
    const b = new MLGraphBuilder(context);
    const a = b.input('a', { dataType: 'float32', shape: [64, 64] });
    const graph = await b.build({ y: b.matmul(a, a) });
    const at = await context.createTensor({ dataType: 'float32', shape: [64, 64], writable: true });
    const yt = await context.createTensor({ dataType: 'float32', shape: [64, 64], readable: true });
    context.writeTensor(at, new Float32Array(64 * 64).fill(1));
    context.dispatch(graph, { a: at }, { y: yt });
    console.log(new Float32Array(await context.readTensor(yt))[0]);`;
  const r = spawnSync(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', script],
                      { encoding: 'utf8', timeout: 30000 });
  assert.equal(r.signal, null, `the script did not exit by itself (killed by ${r.signal}); stderr: ${r.stderr}`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '64');
});

test('a large binary without broadcasting is shared out in pieces, every element exact', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const n = 100003;  // not a multiple of the 4096-element pieces
  const a = b.input('a', { dataType: 'float32', shape: [n] });
  const c = b.input('c', { dataType: 'float32', shape: [n] });
  const k = b.input('k', { dataType: 'int32', shape: [n] });
  const half = b.constant({ dataType: 'float32', shape: [] }, new Float32Array([0.5]));
  const graph = await b.build({ sum: b.add(a, c), scaled: b.mul(a, half), diff: b.sub(k, k) });
  const av = Float32Array.from({ length: n }, (_, i) => i * 0.25 - 7);
  const cv = Float32Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const kv = Int32Array.from({ length: n }, (_, i) => i * 3);
  const tensor = (dataType, usage) => context.createTensor({ dataType, shape: [n], ...usage });
  const [at, ct, kt] = await Promise.all([tensor('float32', { writable: true }), tensor('float32', { writable: true }),
                                          tensor('int32', { writable: true })]);
  const [sum, scaled, diff] = await Promise.all([tensor('float32', { readable: true }), tensor('float32', { readable: true }),
                                                 tensor('int32', { readable: true })]);
  context.writeTensor(at, av);
  context.writeTensor(ct, cv);
  context.writeTensor(kt, kv);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { a: at, c: ct, k: kt }, { sum, scaled, diff });
  const got = await Promise.all([sum, scaled, diff].map((t) => context.readTensor(t)));
  const [s, h, d] = [new Float32Array(got[0]), new Float32Array(got[1]), new Int32Array(got[2])];
  for (let i = 0; i < n; ++i) {
    if (s[i] !== Math.fround(av[i] + cv[i]) || h[i] !== Math.fround(av[i] * 0.5) || d[i] !== 0) {
      assert.fail(`element ${i}: ${s[i]}, ${h[i]}, ${d[i]}`);
    }
  }
  const binaries = __testing.takeProfile(context).filter((p) => p.step === 'binary');
  assert.equal(binaries.length, 3);
  for (const p of binaries) assert.ok(p.jobs >= 1 && p.tasks >= 2, `a parallel loop: ${JSON.stringify(p)}`);
  context.destroy();
});

test('a large concat is shared out by rows, every element in place', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  const [rows, ca, cb] = [3001, 64, 96];  // 3001 rows of 160 channels
  const a = b.input('a', { dataType: 'float32', shape: [1, rows, ca] });
  const c = b.input('c', { dataType: 'float32', shape: [1, rows, cb] });
  const graph = await b.build({ y: b.concat([a, c], 2) });
  const av = Float32Array.from({ length: rows * ca }, (_, i) => i);
  const cv = Float32Array.from({ length: rows * cb }, (_, i) => -i);
  const at = await context.createTensor({ dataType: 'float32', shape: [1, rows, ca], writable: true });
  const ct = await context.createTensor({ dataType: 'float32', shape: [1, rows, cb], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [1, rows, ca + cb], readable: true });
  context.writeTensor(at, av);
  context.writeTensor(ct, cv);
  __testing.profileNextDispatch(context);
  context.dispatch(graph, { a: at, c: ct }, { y: yt });
  const y = new Float32Array(await context.readTensor(yt));
  for (let r = 0; r < rows; ++r) {
    for (let k = 0; k < ca + cb; ++k) {
      const want = k < ca ? av[r * ca + k] : cv[r * cb + k - ca];
      if (y[r * (ca + cb) + k] !== want) assert.fail(`row ${r} channel ${k}: ${y[r * (ca + cb) + k]} for ${want}`);
    }
  }
  const concat = __testing.takeProfile(context).find((p) => p.step === 'concat');
  assert.ok(concat && concat.jobs >= 1 && concat.tasks >= 2, `a parallel loop: ${JSON.stringify(concat)}`);
  context.destroy();
});
