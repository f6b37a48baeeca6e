// What both bench drivers (Node children in run.mjs, the browser page page.mjs) do with one model, so
// the two tables measure the same thing. Imported relatively, so it loads in Node and from the server.
import { freeDimensions, makeFeeds, now } from '../test/models/numerics.mjs';

// Warm-up is at least W runs and at least this long: V8 first compiles wasm with its baseline compiler
// and tiers hot functions up later; a count alone left ORT's first model measured before tier-up
// (150 ms for squeezenet instead of ~25).
export const MIN_WARMUP_MS = 2000;

// Session options for an engine: 'ours' is ORT's WebNN EP on our navigator.ml with ORT's CPU EP
// forbidden (so "ours" is never partly ORT), 'ort' is ORT's own wasm EP. `device` selects
// {name: 'webnn', deviceType} instead of 'webnn'.
export function sessionOptions(engine, device, overrides) {
  if (engine !== 'ours') return { executionProviders: ['wasm'], freeDimensionOverrides: overrides };
  return {
    executionProviders: [device ? { name: 'webnn', deviceType: device } : 'webnn'],
    freeDimensionOverrides: overrides,
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  };
}

// The seeded feeds of a model and its free-dimension overrides, read off a throwaway wasm EP session.
export async function prepareFeeds(ort, bytes, name) {
  const probe = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const { overrides } = freeDimensions(probe.inputMetadata);
  const feeds = makeFeeds(ort, probe.inputMetadata, overrides, name);
  await probe.release();
  return { feeds, overrides };
}

// Warms up, then times `runs` calls of session.run(feeds): {best, median} in ms.
export async function timeRuns(session, feeds, { runs, warmup }) {
  const warmupStart = now();
  for (let i = 0; i < warmup || now() - warmupStart < MIN_WARMUP_MS; i++) await session.run(feeds);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    await session.run(feeds);
    times.push(now() - t);
  }
  times.sort((a, b) => a - b);
  return { best: times[0], median: times[Math.floor((times.length - 1) / 2)] };
}

// ORT's pool threads spin ~40 ms after each run; a pause lets them park before the other engine runs.
export const INTERLEAVE_PAUSE_MS = 50;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

// Several sessions of one model in one page or process, run in turns so host noise and V8's background
// tier-up fall on all of them alike. Warm-up alternates too and lasts until every session's run time has
// settled (the median of its last 3 runs within 10% of the 3 before), at least W rounds and MIN_WARMUP_MS,
// at most maxWarmupMs: V8 tiers a wasm function up only once it is hot, and onnxruntime-web's 28 MB module
// keeps its compile threads busy for a long while after the first session. Then `runs` rounds, each
// running every session once (the order rotates per round), each run timed alone after a pause.
// Returns {[name]: {best, median, warmupMs}}.
export async function timeInterleaved(sessions, feeds, { runs, warmup, maxWarmupMs = 60000 }) {
  const names = Object.keys(sessions);
  const history = Object.fromEntries(names.map((n) => [n, []]));
  const runOnce = async (name) => {
    await pause(INTERLEAVE_PAUSE_MS);
    const t = now();
    await sessions[name].run(feeds);
    return now() - t;
  };
  const settled = (xs) => xs.length >= 6 && Math.abs(medianOf(xs.slice(-3)) / medianOf(xs.slice(-6, -3)) - 1) <= 0.1;
  const warmupStart = now();
  for (let i = 0; ; i++) {
    for (const name of names) history[name].push(await runOnce(name));
    const elapsed = now() - warmupStart;
    if (elapsed >= maxWarmupMs) break;
    if (i + 1 >= warmup && elapsed >= MIN_WARMUP_MS && names.every((n) => settled(history[n]))) break;
  }
  const warmupMs = now() - warmupStart;
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) {
    const order = names.map((_, k) => names[(k + i) % names.length]);
    for (const name of order) times[name].push(await runOnce(name));
  }
  return Object.fromEntries(names.map((n) => [n, { best: Math.min(...times[n]), median: medianOf(times[n]), warmupMs }]));
}
