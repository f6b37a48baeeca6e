// `npm run demo` after its setup and build: examples/detect-text-node.mjs, run as a user runs it, must find the
// four lines of text on examples/page.png (each box around its line's baseline, as the browser demo's check
// in test/browser/run.mjs) and write the page with the boxes drawn.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BASELINES = [70, 145, 215, 285];  // examples/make-page.mjs

test('the Node demo boxes the 4 lines of text on examples/page.png', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-demo-')), 'boxes.png');
  const run = spawnSync(process.execPath, ['--no-experimental-fetch', 'examples/detect-text-node.mjs', '--runs', '2', '--out', out],
                        { cwd: ROOT, encoding: 'utf8', timeout: 300000 });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const boxes = [...run.stdout.matchAll(/^\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)$/gm)].map((m) => m.slice(1, 5).map(Number));
  assert.equal(boxes.length, 4, run.stdout);
  for (const y of BASELINES) {
    assert.ok(boxes.some(([, top, width, height]) => top < y - 10 && top + height > y - 2 && width > 150), `no box around y = ${y}: ${run.stdout}`);
  }
  assert.match(run.stdout, /4 line\(s\) of text found/);
  assert.match(run.stdout, /time: first run [\d.]+ ms; steady state over 2 runs/);
  assert.ok(fs.statSync(out).size > 1000);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
});
