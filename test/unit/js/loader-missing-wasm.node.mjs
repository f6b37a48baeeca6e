// The loader when the wasm file cannot be read (its fetch, in browsers, fails): the wasm is requested
// while the glue loads and starts its workers, so its error must still reach createContext() (the
// file's own error, not a hang and not an unhandled rejection), and again on the next call.
import assert from 'node:assert/strict';
import path from 'node:path';
import os from 'node:os';
import { test } from 'node:test';
import { createML } from '../../../dist/index.mjs';
import { threadedVariant } from './node-variant.mjs';

// The file of the build this Node loads (relaxed-simd-threaded in Node 22), moved somewhere that does not exist.
const file = `webnn-wasm-${threadedVariant()}.wasm`;
const missing = path.join(os.tmpdir(), 'webnn-wasm-no-such-dir', file);
const ml = createML({ wasmPaths: { [file]: missing }, numThreads: 2 });

test('a wasm file that cannot be read rejects createContext() with its error, every time', { timeout: 20000 }, async () => {
  const unhandled = [];
  process.on('unhandledRejection', (e) => unhandled.push(e));
  for (let attempt = 0; attempt < 2; ++attempt) {
    await assert.rejects(ml.createContext(), (e) => {
      assert.match(String(e?.message ?? e), /webnn-wasm-no-such-dir/);
      return true;
    });
  }
  assert.deepEqual(unhandled, []);
});
