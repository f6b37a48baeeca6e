// The two engines bench/kernels-vs-xnnpack.mjs compares, loaded into one Node process at 1 thread, and
// a case from bench/kernel-cases.mjs made runnable on each: `run()` computes it once and resolves to
// the output (as a framework sees it: ours dispatches and awaits readTensor; tfjs runs the op and
// copies the result out with dataSync), `dispose()` frees what the case holds.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { DIST, ROOT } from '../test/models/ort-harness.mjs';
import { rng } from '../test/models/numerics.mjs';
import { fastestProfile } from './profile-table.mjs';

// Our navigator.ml (the threaded build Node loads; numThreads counts the executor thread, so 1 means
// the executor computes alone) and its testing hooks.
// `dist` may name another build's dist/ folder (an A/B of our own changes).
export async function loadOurs(dist = DIST, numThreads = 1) {
  const lib = await import(pathToFileURL(path.join(dist, 'index.mjs')).href);
  lib.install({ numThreads });
  const info = await lib.runtimeInfo();
  const context = await navigator.ml.createContext();
  return { lib, info: { ...info, dist }, context, heapStats: lib.__testing?.heapStats, graphArenaBytes: lib.__testing?.graphArenaBytes };
}

// tfjs-core + tfjs-backend-wasm 4.22. In Node without SharedArrayBuffer workers it picks its
// non-threaded SIMD build (tfjs-backend-wasm-simd.wasm), which is XNNPACK on one thread.
export async function loadTfjs() {
  const require = createRequire(path.join(ROOT, 'package.json'));
  const tf = require('@tensorflow/tfjs-core');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(path.join(ROOT, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist') + path.sep);
  wasm.setThreadsCount(1);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs: the wasm backend failed to initialize');
  await tf.ready();
  const info = { version: tf.version_core, simd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT'),
                 threads: tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT') ? wasm.getThreadsCount() : 1 };
  return { tf, info };
}

// Seeded values in [-1, 1) for every input and constant of a case, shared by both engines.
export function caseData(c, seed = 1) {
  const next = rng(seed);
  const data = {};
  for (const [name, shape] of Object.entries({ ...c.inputs, ...c.constants })) {
    const a = new Float32Array(shape.reduce((p, d) => p * d, 1));
    for (let i = 0; i < a.length; i++) a[i] = 2 * next() - 1;
    data[name] = a;
  }
  return data;
}

export async function prepareOurs({ context, lib }, c, data) {
  const b = new MLGraphBuilder(context);
  const operands = {};
  for (const [name, shape] of Object.entries(c.inputs)) operands[name] = b.input(name, { dataType: 'float32', shape });
  for (const [name, shape] of Object.entries(c.constants)) operands[name] = b.constant({ dataType: 'float32', shape }, data[name]);
  const y = c.ours(b, operands);
  const graph = await b.build({ y });
  const inputs = {};
  for (const [name, shape] of Object.entries(c.inputs)) {
    inputs[name] = await context.createTensor({ dataType: 'float32', shape, writable: true });
    context.writeTensor(inputs[name], data[name]);
  }
  const out = await context.createTensor({ dataType: 'float32', shape: y.shape, readable: true });
  const outputs = { y: out };
  return {
    async run() {
      context.dispatch(graph, inputs, outputs);
      return new Float32Array(await context.readTensor(out));
    },
    // A dispatch without its read (back-to-back dispatches, then one run(), time the operator alone).
    dispatchOnly() {
      context.dispatch(graph, inputs, outputs);
    },
    // The steps of a dispatch as the runtime's profiler saw them (name, ms, multiply-adds, pool
    // statistics), the fastest of `count` profiled; null when this build has no profiler.
    profile(count = 5) {
      return fastestProfile(lib.__testing, context, this.run, count);
    },
    dispose() {
      graph.destroy();
      for (const t of [...Object.values(inputs), out]) t.destroy();
    },
  };
}

export function prepareTfjs({ tf }, c, data) {
  let held = {};
  for (const [name, shape] of Object.entries({ ...c.inputs, ...c.constants })) held[name] = tf.tensor(data[name], shape);
  if (c.prepareTf) {
    const before = held;
    held = tf.tidy(() => c.prepareTf(tf, before));
    for (const [name, t] of Object.entries(before)) if (held[name] !== t) t.dispose();
  }
  return {
    run() {
      const y = tf.tidy(() => c.tf(tf, held));
      const values = y.dataSync();
      y.dispose();
      return values;
    },
    dispose() {
      for (const t of Object.values(held)) t.dispose();
    },
  };
}
