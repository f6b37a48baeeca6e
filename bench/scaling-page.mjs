// One way and one thread count of the Chromium thread-scaling bench (bench/browser-scaling.mjs loads it in a
// fresh browser context per page): every model timed
//   'direct':     through our API alone, the graph onnxruntime-web's WebNN EP builds replayed from its recording
//                 (bench/graph-record.mjs; build/bench-graphs/), dispatch() and readTensor() of every output,
//                 back to back;
//   'direct-gap': the same with 50 ms idle before each run (a page that infers once per frame; onnxruntime-web's
//                 wasm EP in the same page gets that pause in bench/page.mjs);
//   'ort-webnn':  through onnxruntime-web's WebNN EP alone in the page, session.run() back to back.
// Best and median of `runs` after a warm-up of at least MIN_WARMUP_MS, and the step profile's figures of the
// fastest of 5 profiled runs (steps' ms, the share of tasks the workers ran, loops no worker woke for). Results go
// to window.__scaling.
import { bindReplay, fromFiles, replay } from './graph-record.mjs';
import { MIN_WARMUP_MS, prepareFeeds, sessionOptions, timeRuns } from './measure.mjs';
import { fastestProfile, sessionProfiler } from './profile-table.mjs';

const q = new URLSearchParams(location.search);
const way = q.get('way');
const threads = Number(q.get('threads'));
const runs = Number(q.get('runs'));
const models = q.get('models').split(',');
const GAP_MS = 50;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { best: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)] };
}

async function direct(lib, context, name, gap) {
  const [json, bin] = await Promise.all([
    fetch(`/build/bench-graphs/${name}.json`).then((r) => r.text()),
    fetch(`/build/bench-graphs/${name}.bin`).then((r) => r.arrayBuffer()),
  ]);
  const { run, dispose } = await bindReplay(context, await replay(fromFiles(json, new Uint8Array(bin)), context, MLGraphBuilder));
  const once = async () => {
    if (gap) await pause(GAP_MS);
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  const warmStart = performance.now();
  for (let i = 0; i < 3 || performance.now() - warmStart < MIN_WARMUP_MS; i++) await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  const profile = await fastestProfile(lib.__testing, context, once);
  dispose();
  return { ...summary(times), ...poolFigures(profile) };
}

// The pool figures of a profile's steps.
function poolFigures(profile) {
  const sum = (k) => (profile ?? []).reduce((a, s) => a + s[k], 0);
  return { stepsMs: sum('ms'), tasks: sum('tasks'), workerTasks: sum('workerTasks'), jobs: sum('jobs'), missedJobs: sum('missedJobs'),
           wakeMs: sum('wakeMs'), joinMs: sum('joinMs') };
}

async function ortWebnn(profileSession, ort, name) {
  const bytes = new Uint8Array(await (await fetch(`/shared-models/${name}.onnx`)).arrayBuffer());
  const { feeds, overrides } = await prepareFeeds(ort, bytes, name);
  const session = await ort.InferenceSession.create(bytes, sessionOptions('ours', null, overrides));
  try {
    const timed = await timeRuns(session, feeds, { runs, warmup: 3 });
    const profile = await profileSession(session, feeds);
    return { ...timed, ...poolFigures(profile) };
  } finally {
    await session.release();
  }
}

async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: threads, mode: 'force' });
  const context = await navigator.ml.createContext();
  const ort = way === 'ort-webnn' ? await import('/node_modules/onnxruntime-web/dist/ort.min.mjs') : null;
  if (ort) ort.env.wasm.numThreads = 1;  // its own pool is not used for a WebNN session: no spinning threads beside ours
  const profileSession = ort ? sessionProfiler(lib) : null;
  const result = { way, threads, runtime: await lib.runtimeInfo(), models: {} };
  for (const name of models) {
    try {
      result.models[name] = ort ? await ortWebnn(profileSession, ort, name) : await direct(lib, context, name, way === 'direct-gap');
    } catch (e) {
      result.models[name] = { error: String(e?.message ?? e).split('\n')[0] };
    }
  }
  return result;
}

main().then((r) => { window.__scaling = r; }, (e) => { window.__scaling = { way, threads, error: String(e?.message ?? e) }; });
