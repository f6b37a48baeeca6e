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
