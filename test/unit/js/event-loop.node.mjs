// The event loop keeps turning while the threaded build works (docs/usage.md, "Node"): a server that runs ~1 GFLOP
// graphs keeps answering, with and without onnxruntime-web loaded and V8 tiering its module up in the same
// process (test/unit/js/fixtures/event-loop-app.mjs, in a child process); and the demo's first result beside
// onnxruntime-web does not wait for that tier-up.
//
// The bounds are the issue's: the loop turns every 5 ms (99% of its turns) and a request is answered within
// 20 ms (p99). The host is shared and has 2 cores: where it delays the loop by itself (the idle phases of the
// same run: measured here 1.4-1.9 ms, 3.8-4.3 ms with two busy processes beside it, 5.1 ms while V8 tiers
// onnxruntime-web up), the loop may turn up to 3 ms later than that. Blocking waits, as before, left each
// run's whole time (17-60 ms) between two turns.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const APP = fileURLToPath(new URL('fixtures/event-loop-app.mjs', import.meta.url));
const FIRST_RESULT = fileURLToPath(new URL('../../../bench/first-result.mjs', import.meta.url));
const THREADS = Math.min(4, os.availableParallelism());  // what install() picks by default

// Runs a Node script and resolves with the JSON of its first line that starts with `tag`, then stops it:
// with onnxruntime-web's tier-up under way, Node 20 takes its 30 s to exit (it joins V8's busy background
// threads), which says nothing about us.
function resultOf(script, args, tag = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-experimental-fetch', ...process.execArgv, script, ...args],
                        { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 180000);
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').slice(0, -1).find((l) => l.startsWith(tag));
      if (line === undefined) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(JSON.parse(line.slice(tag.length)));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) without a result: ${out}\n${err}`));
    });
  });
}

const runApp = (...args) => resultOf(APP, ['--threads', String(THREADS), ...args]);

// What every run of the app must show: no blocking wait, the loop never stopped.
function checkNeverBlocked(result) {
  const { busy, waits, runs } = result;
  const detail = JSON.stringify(result);
  assert.ok(runs >= 8, `too few runs: ${detail}`);
  // Every read waited asynchronously; none slept on its flag, which the runtime does only while the loop is
  // otherwise empty (api/heap.js), and here the server is in it throughout.
  assert.equal(waits.whileIdle, 0, detail);
  assert.ok(waits.asynchronous >= runs, detail);
  assert.ok(busy.loopGaps.count >= 1000, `the loop turned ${busy.loopGaps.count} times in 6 s: ${detail}`);
  assert.ok(busy.loopGaps.max < 500, `the loop stopped for ${busy.loopGaps.max} ms: ${detail}`);
  assert.ok(busy.requests.count >= 100, detail);
}

// The p99 bounds, or why a run misses them (null when it meets them).
function missedBounds({ busy, idle }) {
  const gapBound = Math.max(5, idle.loopGaps.p99 + 3);
  if (busy.loopGaps.p99 > gapBound) return `the loop's p99 gap ${busy.loopGaps.p99} ms > ${gapBound}`;
  if (busy.requests.p99 > 20) return `p99 request latency ${busy.requests.p99} ms > 20`;
  return null;
}

// The p99 bounds are within 1 ms of what this shared 2-core host gives in a good minute (busy gaps p99
// 4.1-4.8 ms against 5): another process's burst can push one run past them, so a run that misses them is
// repeated, up to 3 runs in all, each checked to have never blocked. Blocking waits cannot pass that way:
// they put a whole graph run (17-60 ms) between two turns about 50 times a second, in every run.
async function checkTurning(...args) {
  const misses = [];
  for (let attempt = 0; attempt < 3; ++attempt) {
    const result = await runApp(...args);
    checkNeverBlocked(result);
    const miss = missedBounds(result);
    if (miss === null) return;
    misses.push(`${miss}: ${JSON.stringify(result)}`);
  }
  assert.fail(`3 runs missed the bounds:\n${misses.join('\n')}`);
}

test('a server keeps turning its loop and answering while ~1 GFLOP graphs are built, dispatched and read', async () => {
  await checkTurning();
});

test('... also with onnxruntime-web loaded and V8 tiering its module up in the same process', async () => {
  await checkTurning('--ort');
});

// Node 20 waits for all of V8's background work once its loop is empty (api/heap.js): a script that loaded
// onnxruntime-web and awaits our results has nothing else in its loop, so those waits sleep on their flag
// rather than wait for the 30-45 s of tier-up. Node 22 has no such wait; the bound holds there too.
test('the demo\'s first result beside onnxruntime-web: build() and the first dispatch-to-read take seconds at most, not the tier-up', async () => {
  const { marks, boxes, error } = await resultOf(FIRST_RESULT, ['--child', 'webnn'], 'FIRST_RESULT ');
  assert.equal(error, undefined);
  assert.equal(boxes, 4);
  const build = marks.api.build.end - marks.api.build.start;
  const dispatchToRead = marks.api.readTensor.end - marks.api.dispatch.start;
  // Here 0.2-0.4 s and 0.1-0.9 s; waiting for the tier-up took 28-30 s.
  assert.ok(build < 5000 && dispatchToRead < 5000, `build() ${build} ms, dispatch to read ${dispatchToRead} ms`);
});
