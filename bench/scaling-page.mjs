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
import { fromFiles, replay } from './graph-record.mjs';
import { MIN_WARMUP_MS, prepareFeeds, sessionOptions, timeRuns } from './measure.mjs';
import { fastestOf, fastestProfile } from './profile-table.mjs';

const q = new URLSearchParams(location.search);
const way = q.get('way');
const threads = Number(q.get('threads'));
const runs = Number(q.get('runs'));
const models = q.get('models').split(',');
const GAP_MS = 50;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fill(descriptor, seed) {
  const size = descriptor.shape.reduce((a, b) => a * b, 1);
  let s = seed >>> 0;
  const next = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  switch (descriptor.dataType) {
    case 'float32': return Float32Array.from({ length: size }, () => next() * 2 - 1);
    case 'int32': return Int32Array.from({ length: size }, () => Math.floor(next() * 100));
    case 'int64': return BigInt64Array.from({ length: size }, () => BigInt(Math.floor(next() * 100)));
    default: throw new Error(`input data type ${descriptor.dataType} not handled`);
  }
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { best: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)] };
}

async function direct(lib, context, name, gap) {
  const [json, bin] = await Promise.all([
    fetch(`/build/bench-graphs/${name}.json`).then((r) => r.text()),
    fetch(`/build/bench-graphs/${name}.bin`).then((r) => r.arrayBuffer()),
  ]);
  const { graph, inputs, outputs } = await replay(fromFiles(json, new Uint8Array(bin)), context, MLGraphBuilder);
  const feeds = {}, fetches = {};
  for (const [i, input] of inputs.entries()) {
    feeds[input.name] = await context.createTensor({ ...input.descriptor, writable: true });
    context.writeTensor(feeds[input.name], fill(input.descriptor, 1234 + i));
  }
  for (const output of outputs) fetches[output.name] = await context.createTensor({ ...output.descriptor, readable: true });
  const once = async () => {
    if (gap) await pause(GAP_MS);
    const t = performance.now();
    context.dispatch(graph, feeds, fetches);
    await Promise.all(Object.values(fetches).map((f) => context.readTensor(f)));
    return performance.now() - t;
  };
  const warmStart = performance.now();
  for (let i = 0; i < 3 || performance.now() - warmStart < MIN_WARMUP_MS; i++) await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  const profile = await fastestProfile(lib.__testing, context, once);
  graph.destroy();
  for (const t of [...Object.values(feeds), ...Object.values(fetches)]) t.destroy();
  return { ...summary(times), ...poolFigures(profile) };
}

// The pool figures of a profile's steps.
function poolFigures(profile) {
  const sum = (k) => (profile ?? []).reduce((a, s) => a + s[k], 0);
  return { stepsMs: sum('ms'), tasks: sum('tasks'), workerTasks: sum('workerTasks'), jobs: sum('jobs'), missedJobs: sum('missedJobs'),
           wakeMs: sum('wakeMs'), joinMs: sum('joinMs') };
}

async function ortWebnn(lib, ort, name) {
  const bytes = new Uint8Array(await (await fetch(`/shared-models/${name}.onnx`)).arrayBuffer());
  const { feeds, overrides } = await prepareFeeds(ort, bytes, name);
  const session = await ort.InferenceSession.create(bytes, sessionOptions('ours', null, overrides));
  try {
    const timed = await timeRuns(session, feeds, { runs, warmup: 3 });
    // onnxruntime-web creates the context: the next dispatch names it.
    let armed = false, context = null;
    const dispatch = MLContext.prototype.dispatch;
    MLContext.prototype.dispatch = function (...args) {
      if (armed) {
        armed = false;
        context = this;
        lib.__testing.profileNextDispatch(this);
      }
      return dispatch.apply(this, args);
    };
    const profile = await fastestOf(5, async () => {
      armed = true;
      await session.run(feeds);
      return context ? lib.__testing.takeProfile(context) : null;
    });
    MLContext.prototype.dispatch = dispatch;
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
  const result = { way, threads, runtime: await lib.runtimeInfo(), models: {} };
  for (const name of models) {
    try {
      result.models[name] = ort ? await ortWebnn(lib, ort, name) : await direct(lib, context, name, way === 'direct-gap');
    } catch (e) {
      result.models[name] = { error: String(e?.message ?? e).split('\n')[0] };
    }
  }
  return result;
}

main().then((r) => { window.__scaling = r; }, (e) => { window.__scaling = { way, threads, error: String(e?.message ?? e) }; });
