// Soak and garbage: 10,000 build -> dispatch -> read -> destroy cycles over a mix of graphs on three
// contexts driven interleaved, every result checked, the C++ heap flat after warm-up and the wasm memory
// at its initial size, in both builds; objects a page forgets (no destroy()) are freed once collected.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const soakModule = new URL('../../soak/soak.mjs', import.meta.url).href;
const dist = new URL('../../../dist/index.mjs', import.meta.url).href;

function runChild(script, flags = []) {
  const r = spawnSync(process.execPath, ['--no-experimental-fetch', ...flags, '--input-type=module', '-e', script],
                      { encoding: 'utf8', timeout: 300000 });
  assert.equal(r.status, 0, r.stderr.slice(-3000));
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

for (const threads of [2, 1]) {
  test(`10,000 cycles, ${threads} thread(s): every result right, heap flat`, () => {
    const report = runChild(`
      import { soak } from ${JSON.stringify(soakModule)};
      console.log(JSON.stringify(await soak({ cycles: 10000, threads: ${threads}, contexts: 3 })));`);
    console.log(`soak ${threads}T: ${JSON.stringify(report)}`);
    assert.ok(report.cycles >= 10000);
    assert.ok(Math.abs(report.bytesPerCycle) < 8, `heap grew ${report.bytesPerCycle} bytes per cycle`);
    assert.equal(report.wasmMemory, 32 * 1024 * 1024);
    assert.equal(report.liveObjectsAtEnd, 0);
  });
}

test('Workers: two worker threads and the main thread each run 1,000 checked cycles at the same time', () => {
  const report = runChild(`
    import { Worker } from 'node:worker_threads';
    import { soak } from ${JSON.stringify(soakModule)};
    const body = 'import { parentPort } from "node:worker_threads";' +
      'import { soak } from "${soakModule}";' +
      'parentPort.postMessage(await soak({ cycles: 1000, threads: 2, contexts: 2, warmup: 100 }));';
    const inWorker = () => new Promise((resolve, reject) => {
      const w = new Worker(new URL('data:text/javascript,' + encodeURIComponent(body)), { execArgv: ['--no-experimental-fetch'] });
      w.once('message', (m) => { resolve(m); w.terminate(); });
      w.once('error', reject);
    });
    const reports = await Promise.all([inWorker(), inWorker(), soak({ cycles: 1000, threads: 2, contexts: 2, warmup: 100 })]);
    console.log(JSON.stringify(reports.map((r) => ({ cycles: r.cycles, live: r.liveObjectsAtEnd, bytesPerCycle: r.bytesPerCycle }))));`);
  console.log(`workers: ${JSON.stringify(report)}`);
  assert.equal(report.length, 3);
  for (const r of report) {
    assert.ok(r.cycles >= 1000);
    assert.equal(r.live, 0);
  }
});

test('contexts, graphs and tensors a page forgets are freed when collected (--expose-gc)', () => {
  const report = runChild(`
    import { createML, MLGraphBuilder, __testing } from ${JSON.stringify(dist)};
    const ml = createML({ numThreads: 2 });
    const settle = async () => {
      for (let i = 0; i < 5; ++i) { gc(); await new Promise((r) => setTimeout(r, 20)); }
    };
    const forget = async () => {
      const context = await ml.createContext();
      const b = new MLGraphBuilder(context);
      const x = b.input('x', { dataType: 'float32', shape: [256, 256] });
      const graph = await b.build({ y: b.matmul(x, x) });
      const xt = await context.createTensor({ dataType: 'float32', shape: [256, 256], writable: true });
      const yt = await context.createTensor({ dataType: 'float32', shape: [256, 256], readable: true });
      context.writeTensor(xt, new Float32Array(65536).fill(1));
      context.dispatch(graph, { x: xt }, { y: yt });
      return new Float32Array(await context.readTensor(yt))[0];
    };
    await forget();
    await settle();
    const before = (await __testing.heapStats()).inUse;
    const values = [];
    for (let i = 0; i < 40; ++i) values.push(await forget());
    const peak = (await __testing.heapStats()).inUse;
    await settle();
    const after = (await __testing.heapStats()).inUse;
    console.log(JSON.stringify({ before, peak, after, allRight: values.every((v) => v === 256) }));`, ['--expose-gc']);
  console.log(`forgotten objects: ${JSON.stringify(report)}`);
  assert.ok(report.allRight);
  assert.ok(report.peak - report.before > 40 * 3 * 262144 * 0.5, 'the test did not allocate what it meant to');
  assert.ok(report.after - report.before < 1024 * 1024, `${report.after - report.before} bytes not freed`);
});
