// Priming (src/js/api/prime.js): in Node, install() builds and dispatches a small graph once the runtime is
// loaded. It must succeed (a priming graph that stopped validating would silently prime nothing), leave no
// memory behind, stay out of a user's graphs and of methods a user wrapped, and be off with {prime: false}.
// Each case runs in its own Node process: install() and the runtime are once per process.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const DIST = new URL('../../../dist/index.mjs', import.meta.url).href;

function runModule(source) {
  const p = spawnSync(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', source],
                      { encoding: 'utf8', timeout: 60000 });
  assert.equal(p.status, 0, `child failed: ${p.stderr}`);
  return JSON.parse(p.stdout.trim().split('\n').pop());
}

test('install() primes in Node: the graph builds and dispatches, and a second priming leaks nothing', { timeout: 90000 }, () => {
  const r = runModule(`
    import { install, __testing } from '${DIST}';
    install();
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = await __testing.primed();
    await sleep(500);  // the executor runs the dispatches, then the priming context's destroy
    const before = (await __testing.heapStats()).inUse;
    const again = await __testing.prime();
    await sleep(500);
    const after = (await __testing.heapStats()).inUse;
    console.log(JSON.stringify({ first, again, grown: after - before }));
  `);
  assert.equal(r.first, true);
  assert.equal(r.again, true);
  assert.ok(r.grown <= 4096, `the heap grew by ${r.grown} bytes over one priming`);
});

test('priming calls no method a user wrapped, and a user graph made meanwhile computes right', { timeout: 90000 }, () => {
  const r = runModule(`
    import { install, __testing } from '${DIST}';
    install();
    const seen = [];
    for (const [cls, names] of [[MLGraphBuilder, ['build', 'conv2d', 'input', 'constant']], [MLContext, ['dispatch', 'createTensor', 'destroy']]]) {
      for (const name of names) {
        const original = cls.prototype[name];
        cls.prototype[name] = function (...args) { seen.push(name); return original.apply(this, args); };
      }
    }
    const context = await navigator.ml.createContext();
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [4] });
    const graph = await b.build({ y: b.add(x, b.constant({ dataType: 'float32', shape: [4] }, new Float32Array([1, 2, 3, 4]))) });
    const xt = await context.createTensor({ dataType: 'float32', shape: [4], writable: true });
    const yt = await context.createTensor({ dataType: 'float32', shape: [4], readable: true });
    context.writeTensor(xt, new Float32Array([10, 20, 30, 40]));
    context.dispatch(graph, { x: xt }, { y: yt });
    const y = Array.from(new Float32Array(await context.readTensor(yt)));
    const primed = await __testing.primed();
    console.log(JSON.stringify({ y, primed, seen: [...new Set(seen)].sort() }));
  `);
  assert.deepEqual(r.y, [11, 22, 33, 44]);
  assert.equal(r.primed, true);
  // Only the user's own calls went through the wrappers (no conv2d: priming's is not seen).
  assert.deepEqual(r.seen, ['build', 'constant', 'createTensor', 'dispatch', 'input']);
});

test('install({prime: false}) does not prime', { timeout: 60000 }, () => {
  const r = runModule(`
    import { install, runtimeInfo, __testing } from '${DIST}';
    install({ prime: false });
    await runtimeInfo();
    await new Promise((resolve) => setTimeout(resolve, 300));
    console.log(JSON.stringify({ primed: await __testing.primed() }));
  `);
  assert.equal(r.primed, null);
});
