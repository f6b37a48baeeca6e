// The loader when the wasm cannot be instantiated (here: the simd build's bytes where the threaded build's
// imports are expected; that build is relaxed-simd-threaded in Node 22): createContext() rejects with
// NotSupportedError naming the file, and then again on the next call (the failed load is not cached),
// instead of waiting forever for Emscripten's glue.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { createML } from '../../../dist/index.mjs';
import { threadedVariant } from './node-variant.mjs';

const wrongBytes = fs.readFileSync(new URL('../../../dist/webnn-wasm-simd.wasm', import.meta.url));
const ml = createML({ wasmBinary: wrongBytes, numThreads: 2 });

test('a wasm that does not instantiate rejects createContext(), every time', { timeout: 20000 }, async () => {
  for (let attempt = 0; attempt < 2; ++attempt) {
    await assert.rejects(ml.createContext(), (e) => {
      assert.equal(e.name, 'NotSupportedError');
      assert.match(e.message, new RegExp(`instantiating .*webnn-wasm-${threadedVariant()}\\.wasm failed`));
      return true;
    });
  }
});
