// One engine at one thread count in the browser (bench/run.mjs --browser loads this page once per
// pair, each in a fresh browser context): every model through onnxruntime-web, on our WebNN
// ('ours') or on ORT's own wasm EP ('ort'). Results go to window.__bench in run.mjs's child format.
import { prepareFeeds, sessionOptions, timeRuns } from './measure.mjs';

const q = new URLSearchParams(location.search);
const engine = q.get('engine');
const threads = Number(q.get('threads'));
const runs = Number(q.get('runs'));
const warmup = Number(q.get('warmup'));
const device = q.get('device');

async function main() {
  const result = { engine, threads, models: {}, error: null, runtime: null };
  const ort = await import('/node_modules/onnxruntime-web/dist/ort.min.mjs');
  if (engine === 'ours') {
    const lib = await import('/dist/index.mjs');
    lib.install({ numThreads: threads, mode: 'force' });
    await navigator.ml.createContext();
    result.runtime = await lib.runtimeInfo();
    ort.env.wasm.numThreads = 1; // ORT only hands the graph over
  } else {
    ort.env.wasm.numThreads = threads;
  }
  for (const name of q.get('models').split(',')) {
    const r = {};
    result.models[name] = r;
    let session;
    try {
      const bytes = new Uint8Array(await (await fetch(`/shared-models/${name}.onnx`)).arrayBuffer());
      const { feeds, overrides } = await prepareFeeds(ort, bytes, name);
      const t0 = performance.now();
      session = await ort.InferenceSession.create(bytes, sessionOptions(engine, device, overrides));
      r.createMs = performance.now() - t0;
      Object.assign(r, await timeRuns(session, feeds, { runs, warmup }));
    } catch (e) {
      r.error = String(e?.message ?? e).split('\n')[0];
    } finally {
      if (session) await session.release();
    }
  }
  return result;
}

main().then((r) => { window.__bench = r; },
            (e) => { window.__bench = { engine, threads, models: {}, error: String(e?.message ?? e) }; });
