// What loading webnn-wasm does to a Node process: nothing beyond the globals install() documents (docs/usage.md,
// "Node"). Each case runs test/unit/js/fixtures/process-app.mjs in a child process, from the ES module
// entry and from the CommonJS one, with a first graph run (so the pthread workers and the executor exist).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const APP = fileURLToPath(new URL('fixtures/process-app.mjs', import.meta.url));
// The WebNN interfaces, and the inert GPUDevice that onnxruntime-web's WebNN EP needs (install.js).
const INSTALLED = ['GPUDevice', 'ML', 'MLContext', 'MLGraph', 'MLGraphBuilder', 'MLOperand', 'MLTensor'];

function runApp(format, mode) {
  return spawnSync(process.execPath, ['--no-experimental-fetch', APP, format, mode], { encoding: 'utf8', timeout: 60000 });
}

const added = (from, to) => to.globals.filter((name) => !from.globals.includes(name));
const removed = (from, to) => from.globals.filter((name) => !to.globals.includes(name));

for (const format of ['esm', 'cjs']) {
  test(`${format}: loading adds nothing; install() adds the documented globals; running a graph adds nothing`, () => {
    const r = runApp(format, 'snapshot');
    assert.equal(r.status, 0, r.stderr);
    const { before, loaded, installed, ran, result } = JSON.parse(r.stdout);
    assert.deepEqual(result, [0, 0, 15, 10]);
    assert.deepEqual(added(before, loaded), [], 'loading the package defines globals');
    // Node 20 has no navigator (install() makes one, for navigator.ml); Node 21+ has its own.
    const expected = [...INSTALLED, ...(before.globals.includes('navigator') ? [] : ['navigator'])].sort();
    assert.deepEqual(added(loaded, installed), expected);
    assert.deepEqual(added(installed, ran), [], 'running a graph defines globals (the glue once set Worker)');
    for (const [from, to] of [[before, loaded], [loaded, installed], [installed, ran]]) assert.deepEqual(removed(from, to), []);
    for (const s of [loaded, installed, ran]) {
      assert.deepEqual(s.listeners, before.listeners, 'process listeners changed (the glue once added uncaughtException and unhandledRejection)');
    }
  });

  test(`${format}: the app's own unhandledRejection handler keeps the process running`, () => {
    const r = runApp(format, 'rejection');
    assert.equal(r.status, 0, r.stderr.slice(0, 2000));
    assert.equal(r.stdout, 'app handled: a stray rejection\nstill running\n');
    assert.equal(r.stderr, '');
  });

  test(`${format}: an uncaught error of the app prints the app's stack, as without the package`, () => {
    const r = runApp(format, 'uncaught');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /Error: the app failed\n\s+at Timeout\._onTimeout \(.*process-app\.mjs:\d+:\d+\)/);
    // Before, the glue's listener rethrew it from its own minified line, printed whole (86 KB).
    assert.doesNotMatch(r.stderr, /webnn-wasm-|GROWABLE_HEAP/);
    assert.ok(r.stderr.length < 2000, `stderr is ${r.stderr.length} characters`);
  });
}
