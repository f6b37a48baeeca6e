// The checks of one browser page; test/browser/run.mjs reads window.__results once window.__done is set.
//   ?expect=relaxed-simd-threaded|simd-threaded|simd   the Wasm build our loader must pick on this page
//   &relaxedSimd=0               page and workers run install({ relaxedSimd: false }) (page.html, worker.js)
//   &model=squeezenet1_1         the ORT-web model to compare (WebNN EP on us vs ORT's wasm EP)
//   &native=1                    Chromium's own (flagged) WebNN is there: the bridge must serve the page
//   &decode=1                    a language model's decode loop through onnxruntime-web (test/models/decode-loop.mjs)
import { runDecodeLoop } from '/test/models/decode-loop.mjs';
import { REL_FLOOR, compare, fmt, freeDimensions, makeFeeds, toleranceOf } from '/test/models/numerics.mjs';

const params = new URLSearchParams(location.search);
const expect = params.get('expect');
const workerUrl = (query) => `/test/browser/worker.js?${new URLSearchParams({ ...query,
  ...(params.get('relaxedSimd') === '0' ? { relaxedSimd: '0' } : {}) })}`;
const modelName = params.get('model');
const results = [];
window.__results = results;
const logEl = document.getElementById('log');

function record(name, status, detail) {
  results.push({ name, status, detail });
  logEl.textContent += `${status.toUpperCase()} ${name}: ${detail}\n`;
}

async function check(name, fn, timeoutMs = 120000) {
  const t0 = performance.now();
  try {
    let timer;
    const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs); });
    const r = await Promise.race([fn(), timeout]);
    clearTimeout(timer);
    const status = r.status ?? (r.ok ? 'pass' : 'fail');
    record(name, status, `${r.detail} (${(performance.now() - t0).toFixed(0)} ms)`);
  } catch (e) {
    record(name, 'fail', `${e?.name ?? 'Error'}: ${e?.message ?? e}`);
  }
}

// Chromium with --enable-features=WebMachineLearningNeuralNetwork has its own navigator.ml, whose
// createContext rejects here (no backend): the script tag's install() (mode 'auto') must bridge it, and the
// page must compute with us. A worker does the same through importScripts.
async function nativeFlag() {
  const lib = window.webnnWasm;
  const before = window.__before;
  await check('Chromium\'s own WebNN is present before our script (the flag works)', async () => ({
    ok: before.hasMl && before.ml === '[object ML]' && before.MLGraphBuilder === 'function' && before.mlGetterOnPrototype,
    detail: JSON.stringify(before),
  }));
  await check('the script tag bridged it: installedMode() is \'bridge\'', async () => ({
    ok: lib?.installedMode?.() === 'bridge' && navigator.ml instanceof ML, detail: `installedMode() = ${lib?.installedMode?.()}`,
  }));
  await check('createContext: native rejects, the context is ours, and its objects are instances of the globals', async () => {
    let nativeResult;
    try {
      await window.__nativeMl.createContext();
      nativeResult = 'resolved';
    } catch (e) {
      nativeResult = `rejected: ${e?.name}: ${e?.message}`;
    }
    const context = await navigator.ml.createContext();
    const builder = new MLGraphBuilder(context);
    const x = builder.input('x', { dataType: 'float32', shape: [2] });
    const graph = await builder.build({ y: builder.relu(x) });
    const tensor = await context.createTensor({ dataType: 'float32', shape: [2], writable: true });
    const instances = [context instanceof MLContext, builder instanceof MLGraphBuilder, x instanceof MLOperand,
                       graph instanceof MLGraph, tensor instanceof MLTensor, !(context instanceof window.__nativeClasses.MLContext)];
    const ok = nativeResult.startsWith('rejected: NotSupportedError') && context.implementation === 'webnn-wasm' &&
      instances.every(Boolean);
    context.destroy();
    return { ok, detail: `native createContext ${nativeResult}; context.implementation = ${context.implementation}; ` +
                         `instanceof checks ${JSON.stringify(instances)}` };
  });
  await check('small graph (conv2d+add+relu, mul) exact through the bridge', () => runSmallGraph());
  for (const name of (modelName ?? '').split(',').filter(Boolean)) {
    await check(`onnxruntime-web ${name} [webnn] through the bridge vs wasm EP`, () => ortModel(name, 'webnn'), 300000);
  }
  await check('dedicated worker: importScripts(iife) bridges the worker\'s native WebNN + small graph', () => new Promise((resolve) => {
    const worker = new Worker('/test/browser/worker.js');
    worker.onmessage = (e) => {
      worker.terminate();
      const r = e.data;
      resolve({ ok: r.ok && r.installedMode === 'bridge', detail: `${r.detail}; worker installedMode() = ${r.installedMode}` });
    };
    worker.onerror = (e) => {
      worker.terminate();
      resolve({ ok: false, detail: `worker error: ${e.message}` });
    };
  }));
}

async function main() {
  if (params.get('native')) return nativeFlag();
  const lib = window.webnnWasm;
  await check('navigator.ml installed by the script tag', async () => {
    if (window.__iifeError) return { ok: false, detail: window.__iifeError };
    const ok = !!navigator.ml && typeof MLGraphBuilder === 'function' && lib?.isInstalled?.() === true;
    return { ok, detail: `before: ${JSON.stringify(window.__before)}; navigator.ml=${String(navigator.ml)}, ` +
                         `MLGraphBuilder ${typeof MLGraphBuilder}, isInstalled() ${lib?.isInstalled?.()}` };
  });
  await check(`runtime variant is ${expect}`, async () => {
    if (typeof lib?.runtimeInfo !== 'function') return { ok: false, detail: 'webnnWasm.runtimeInfo() is not exported: cannot tell the variant' };
    const info = await lib.runtimeInfo();
    return { ok: info.variant === expect, detail: `runtimeInfo() = ${JSON.stringify(info)}, crossOriginIsolated=${self.crossOriginIsolated}` };
  });
  await check('the runtime primed itself once the page was idle: its graph built and dispatched', async () => {
    // Priming (src/js/api/prime.js) starts in the page's first idle period after the load, so it may not have yet.
    let outcome = null;
    for (const t0 = performance.now(); outcome === null && performance.now() - t0 < 10000;) {
      outcome = await lib.__testing.primed();
      if (outcome === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ok: outcome === true, detail: `primed() = ${outcome}` };
  });
  await check('small graph (conv2d+add+relu, mul) exact', () => runSmallGraph());
  await check(`dedicated worker: importScripts(iife) + small graph, variant ${expect}`, () => new Promise((resolve) => {
    const worker = new Worker(workerUrl({}));
    worker.onmessage = (e) => {
      worker.terminate();
      const r = e.data;
      const variantOk = r.info ? r.info.variant === expect : false;
      resolve({ ok: r.ok && variantOk, detail: `${r.detail}; worker runtimeInfo() = ${JSON.stringify(r.info)}, ` +
                                               `crossOriginIsolated=${r.crossOriginIsolated}` });
    };
    worker.onerror = (e) => {
      worker.terminate();
      resolve({ ok: false, detail: `worker error: ${e.message}` });
    };
  }));
  await check('three workers and the page, 20 small graphs each at the same time: every result exact', async () => {
    const inWorker = () => new Promise((resolve) => {
      const worker = new Worker(workerUrl({ repeat: '20' }));
      worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
      worker.onerror = (e) => { worker.terminate(); resolve({ ok: false, detail: `worker error: ${e.message}` }); };
    });
    const inPage = async () => {
      let r;
      for (let i = 0; i < 20; ++i) {
        r = await runSmallGraph();
        if (!r.ok) break;
      }
      return r;
    };
    const results = await Promise.all([inWorker(), inWorker(), inWorker(), inPage()]);
    return { ok: results.every((r) => r.ok), detail: results.map((r) => r.detail).join(' | ') };
  });
  if (params.get('decode') === '1') {
    await check('onnxruntime-web decode loop: 4-bit MatMulNBits decoder, KV cache in MLTensors, 1000 steps', async () => {
      const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
      ort.env.wasm.numThreads = 1;
      const context = await navigator.ml.createContext();
      const { int4Activations } = await window.webnnWasm.runtimeInfo();
      const { failures, summary } = await runDecodeLoop({ ort, context, testing: window.webnnWasm.__testing, int4Activations });
      context.destroy();
      return { ok: !failures.length, detail: `${summary}${failures.length ? `; FAILED: ${failures.join('; ')}` : ''}` };
    }, 300000);
  }
  // `model` may list several models; each runs with both WebNN EP spellings ORT-web accepts.
  const configs = [['webnn', 'webnn'], ['webnn-cpu', { name: 'webnn', deviceType: 'cpu' }]];
  for (const name of (modelName ?? '').split(',').filter(Boolean)) {
    for (const [label, ep] of configs) {
      await check(`onnxruntime-web ${name} [${label}]: WebNN EP on us vs wasm EP`, () => ortModel(name, ep), 300000);
    }
  }
}

async function ortModel(name, ep) {
  const response = await fetch(`/shared-models/${name}.onnx`);
  if (response.status === 404) return { status: 'skip', detail: 'skipped: ../shared/models not found on the server' };
  if (!response.ok) return { ok: false, detail: `fetching the model: HTTP ${response.status}` };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
  ort.env.wasm.numThreads = 1;
  const t0 = performance.now();
  const ref = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const { overrides } = freeDimensions(ref.inputMetadata);
  const feeds = makeFeeds(ort, ref.inputMetadata, overrides, name);
  const refOut = await ref.run(feeds);
  const t1 = performance.now();
  let session;
  try {
    session = await ort.InferenceSession.create(bytes, {
      executionProviders: [ep], freeDimensionOverrides: overrides,
      extra: { session: { disable_cpu_ep_fallback: '1' } },
    });
  } catch (e) {
    return { ok: false, detail: `WebNN session creation (CPU fallback disabled) failed: ${e?.message ?? e}` };
  }
  const t2 = performance.now();
  const out = await session.run(feeds);
  const t3 = performance.now();
  const parts = [];
  let ok = true;
  for (const k of Object.keys(refOut)) {
    const c = out[k] ? compare(out[k], refOut[k]) : null;
    if (!c || c.detail) {
      ok = false;
      parts.push(`${k}: ${c ? c.detail : 'missing'}`);
      continue;
    }
    ok &&= c.maxRel <= toleranceOf(name);
    parts.push(`${k}${JSON.stringify(out[k].dims)} max abs ${fmt(c.maxAbs)}, max rel ${fmt(c.maxRel)} ` +
               `(|a-r|/max(|r|,${REL_FLOOR}), bound ${toleranceOf(name)})`);
  }
  await session.release();
  await ref.release();
  return { ok, detail: `${parts.join('; ')}; wasm EP create+run ${(t1 - t0).toFixed(0)} ms, ` +
                       `WebNN create ${(t2 - t1).toFixed(0)} ms, run ${(t3 - t2).toFixed(0)} ms` };
}

main().catch((e) => record('page', 'fail', `${e?.name}: ${e?.message}`)).finally(() => { window.__done = true; });
