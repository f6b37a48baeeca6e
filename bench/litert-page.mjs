// One thread count of the LiteRT.js bench (bench/litert.mjs loads it in a fresh browser context): each MediaPipe
// model the browser tests run, compiled by LiteRT.js for its `webnn` accelerator (its WebNN delegate, on our
// navigator.ml) and for its `wasm` accelerator (XNNPACK), then run in turns after a warm-up; a run is
// model.run() plus the outputs' data in JS, as a page needs them. For our side, per invoke: the MLContext calls
// the delegate makes (count and JS time of each kind) and the time of our steps (the step profiler), so what is
// left is LiteRT's and the delegate's own; per compile: the time in our calls (createContext, opSupportLimits,
// the builder's calls, build). Results go to window.__litert.
import { Tensor, loadAndCompile, loadLiteRt } from '/node_modules/@litertjs/core/dist/index.js';
import { seededInput } from '/test/browser/litert-models.mjs';

const q = new URLSearchParams(location.search);
const threads = Number(q.get('threads'));
const runs = Number(q.get('runs'));
const models = q.get('models').split(',');
const WARMUP = 5;

const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

// Counts and times the MLContext calls made while `calls.on`; remembers the contexts LiteRT creates.
const calls = { on: false, byName: {} };
const contexts = [];
function instrument() {
  for (const name of ['createTensor', 'writeTensor', 'dispatch', 'readTensor']) {
    const original = MLContext.prototype[name];
    MLContext.prototype[name] = function instrumented(...args) {
      const t = performance.now();
      const result = original.apply(this, args);
      if (calls.on) {
        const entry = calls.byName[name] ??= { count: 0, ms: 0 };
        ++entry.count;
        entry.ms += performance.now() - t;  // the synchronous part: a promise's wait is the steps' or the delegate's
      }
      return result;
    };
  }
  const createContext = navigator.ml.createContext.bind(navigator.ml);
  navigator.ml.createContext = async (...args) => {
    const t = performance.now();
    const context = await createContext(...args);
    compileCalls.count('createContext', t);
    contexts.push(context);
    return context;
  };
  const opSupportLimits = MLContext.prototype.opSupportLimits;
  MLContext.prototype.opSupportLimits = function instrumented(...args) {
    const t = performance.now();
    try { return opSupportLimits.apply(this, args); } finally { compileCalls.count('opSupportLimits', t); }
  };
  for (const name of Object.getOwnPropertyNames(MLGraphBuilder.prototype)) {
    const original = Object.getOwnPropertyDescriptor(MLGraphBuilder.prototype, name).value;
    if (typeof original !== 'function' || name === 'constructor') continue;
    const kind = name === 'build' || name === 'constant' ? name : name === 'input' ? 'constant' : 'operators';
    MLGraphBuilder.prototype[name] = name === 'build'
      ? async function instrumented(...args) {
        const t = performance.now();
        try { return await original.apply(this, args); } finally { compileCalls.count(kind, t); }
      }
      : function instrumented(...args) {
        const t = performance.now();
        try { return original.apply(this, args); } finally { compileCalls.count(kind, t); }
      };
  }
}

// The calls of ours a compile made: {kind: {count, ms}} (constant() and input() count as 'constant').
const compileCalls = {
  byKind: {},
  count(kind, start) {
    const entry = this.byKind[kind] ??= { count: 0, ms: 0 };
    ++entry.count;
    entry.ms += performance.now() - start;
  },
};

// One run: inputs in, outputs' data out as JS arrays.
async function invoke(model) {
  const inputs = model.getInputDetails().map((d, i) => new Tensor(seededInput(d.shape.reduce((a, b) => a * b, 1), 7 + i), [...d.shape]));
  const t = performance.now();
  const outputs = await model.run(inputs);
  for (const out of outputs) {
    const host = out.accelerator === 'wasm' ? out : await out.copyTo('wasm');
    host.toTypedArray();
    if (host !== out) host.delete();
    out.delete();
  }
  const ms = performance.now() - t;
  for (const input of inputs) input.delete();
  return ms;
}

async function measure(lib, url) {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const engines = {};
  for (const accelerator of ['webnn', 'wasm']) {
    compileCalls.byKind = {};
    const t = performance.now();
    const model = await loadAndCompile(bytes, { accelerator });
    engines[accelerator] = { model, compileMs: performance.now() - t, ms: [], compileCalls: compileCalls.byKind };
  }
  for (let i = 0; i < WARMUP; ++i) for (const name of ['wasm', 'webnn']) await invoke(engines[name].model);
  for (let r = 0; r < runs; ++r) {
    for (const name of r % 2 ? ['wasm', 'webnn'] : ['webnn', 'wasm']) engines[name].ms.push(await invoke(engines[name].model));
  }
  // Our side of one invoke, over `runs` more: the calls the delegate makes and our steps (the contexts' profiles).
  calls.byName = {};
  let stepsMs = 0;
  const byStep = {};
  calls.on = true;
  for (let r = 0; r < runs; ++r) {
    for (const context of contexts) lib.__testing.profileNextDispatch(context);
    await invoke(engines.webnn.model);
    for (const context of contexts) {
      for (const step of lib.__testing.takeProfile(context) ?? []) {
        stepsMs += step.ms;
        const entry = byStep[step.step] ??= { count: 0, ms: 0, macs: 0 };
        ++entry.count;
        entry.ms += step.ms;
        entry.macs += step.macs;
      }
    }
  }
  calls.on = false;
  const perInvoke = Object.fromEntries(Object.entries(calls.byName).map(([k, v]) => [k, { count: v.count / runs, ms: v.ms / runs }]));
  for (const e of Object.values(engines)) e.model.delete();
  const summary = (e) => ({ compileMs: e.compileMs, compileCalls: e.compileCalls, medianMs: medianOf(e.ms), bestMs: Math.min(...e.ms) });
  return { model: url.split('/').pop().replace(/\.tflite$/, ''), webnn: summary(engines.webnn), wasm: summary(engines.wasm),
           ours: { stepsMs: stepsMs / runs, calls: perInvoke,
                   steps: Object.fromEntries(Object.entries(byStep).map(([k, v]) => [k, { count: v.count / runs, ms: v.ms / runs, macs: v.macs / runs }])) } };
}

async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: threads, mode: 'force' });
  instrument();
  // The JSPI build, which WebNN needs, has no threaded variant: LiteRT runs on one thread either way.
  await loadLiteRt('/node_modules/@litertjs/core/wasm/', { jspi: true });
  const result = { threads, runtime: await lib.runtimeInfo(), models: [] };
  for (const url of models) result.models.push(await measure(lib, url));
  return result;
}

main().then((r) => { window.__litert = r; }, (e) => { window.__litert = { threads, error: String(e?.message ?? e) }; });
