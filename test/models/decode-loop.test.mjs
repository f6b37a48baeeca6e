#!/usr/bin/env node
// A language model's decode loop through onnxruntime-web's WebNN EP on our navigator.ml, in Node: what it runs
// and checks is in decode-loop.mjs (test/browser/page.mjs runs the same in Chromium).
//
//   node --no-experimental-fetch test/models/decode-loop.test.mjs [--steps N]
import { runDecodeLoop } from './decode-loop.mjs';
import { loadOrt, loadWebnnWasm } from './ort-harness.mjs';

const args = process.argv.slice(2);
const steps = args.includes('--steps') ? Number(args[args.indexOf('--steps') + 1]) : 1000;

const { lib, reason } = await loadWebnnWasm();
if (!lib) {
  console.log(`decode-loop: FAILED: ${reason}`);
  process.exit(1);
}
lib.install({ mode: 'force' });
const ort = await loadOrt({ numThreads: 1 });
const context = await navigator.ml.createContext();
const { int4Activations } = await lib.runtimeInfo();
const { failures, summary } = await runDecodeLoop({ ort, context, testing: lib.__testing, steps, int4Activations });
console.log(`decode-loop: ${summary}`);
for (const f of failures) console.log(`decode-loop: FAILED: ${f}`);
console.log(failures.length ? 'decode-loop: failed' : 'decode-loop: ok');
process.exit(failures.length ? 1 : 0);
