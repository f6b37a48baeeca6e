// One thread count in the browser (bench/run.mjs --browser loads this page once per thread count, in a
// fresh browser context): every model through onnxruntime-web, on our WebNN ('ours') and on ORT's own
// wasm EP ('ort'), both sessions in this one page and run in turns (measure.mjs timeInterleaved).
// onnxruntime-web fixes its thread count at its first session in a page, and we fix ours at install(),
// so a page holds one thread count for both. Results go to window.__bench as
// [{engine, threads, models, error, runtime}] (run.mjs's child format, one entry per engine), and to
// window.__results with window.__done set, as test/browser/report-frame.html collects them in Firefox.
import { INTERLEAVE_PAUSE_MS, prepareFeeds, sessionOptions, timeInterleaved } from './measure.mjs';
import { sessionProfiler } from './profile-table.mjs';

const q = new URLSearchParams(location.search);
const threads = Number(q.get('threads'));
const runs = Number(q.get('runs'));
const warmup = Number(q.get('warmup'));
const device = q.get('device');
const profile = q.get('profile') === '1';
const ENGINES = ['ours', 'ort'];

// --profile: the step profile (src/js/testing.js) of our session's runs after the timed ones, each after
// the same pause: the fastest of 5, as bench/direct.mjs takes in Node (a single one was often one the host
// interrupted: 18.2 ms of steps for a model whose best run took 12.4).

async function main() {
  const results = Object.fromEntries(ENGINES.map((engine) => [engine, { engine, threads, models: {}, error: null, runtime: null }]));
  const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: threads, mode: 'force' });
  await navigator.ml.createContext();
  results.ours.runtime = await lib.runtimeInfo();
  const profileRun = profile ? sessionProfiler(lib, { pauseMs: INTERLEAVE_PAUSE_MS }) : null;
  // ORT's own threads: its wasm EP computes on them; for our sessions ORT only hands the graph over.
  ort.env.wasm.numThreads = threads;
  for (const name of q.get('models').split(',')) {
    const sessions = {};
    try {
      const bytes = new Uint8Array(await (await fetch(`/shared-models/${name}.onnx`)).arrayBuffer());
      const { feeds, overrides } = await prepareFeeds(ort, bytes, name);
      for (const engine of ENGINES) {
        const t0 = performance.now();
        sessions[engine] = await ort.InferenceSession.create(bytes, sessionOptions(engine, device, overrides));
        results[engine].models[name] = { createMs: performance.now() - t0 };
      }
      const timed = await timeInterleaved(sessions, feeds, { runs, warmup });
      for (const engine of ENGINES) Object.assign(results[engine].models[name], timed[engine]);
      if (profileRun) results.ours.models[name].profile = await profileRun(sessions.ours, feeds);
    } catch (e) {
      const error = String(e?.message ?? e).split('\n')[0];
      for (const engine of ENGINES) results[engine].models[name] = { ...results[engine].models[name], error };
    } finally {
      for (const session of Object.values(sessions)) await session.release();
    }
  }
  return ENGINES.map((engine) => results[engine]);
}

const finish = (r) => {
  window.__results = window.__bench = r;
  window.__done = true;
};
main().then(finish, (e) => finish(ENGINES.map((engine) => ({ engine, threads, models: {}, error: String(e?.message ?? e) }))));
