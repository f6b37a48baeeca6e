// Hooks for the project's own fault and soak tests, exported from the npm entry points as `__testing`
// (not from the script-tag build, and not reachable from navigator.ml). None of them hands out the wasm
// module or its memory.
import { contextInternals, graphInternals } from './api/internals.js';
import { loadRuntime } from './loader.js';
import { lastPrimingOutcome, primeRuntime } from './api/prime.js';
import { waitCounts } from './api/heap.js';

export const testing = Object.freeze({
  // Every later allocation of more than `bytes` fails as out-of-memory would (0 lifts the limit).
  async setAllocationLimit(bytes) {
    (await loadRuntime()).module.setAllocationLimitForTesting(bytes);
  },
  // The next step on `context`'s timeline fails with `message` instead of running (an internal fault).
  failNextStep(context, message) {
    contextInternals.nativeOf(context).failNextStepForTesting(message);
  },
  // Bytes the C++ heap has allocated (malloc'd and not freed), and the wasm memory's size.
  async heapStats() {
    const runtime = await loadRuntime();
    return { inUse: runtime.module.heapInUse(), memory: runtime.memory().buffer.byteLength };
  },
  // Profiler (bench/direct.mjs --profile): the next dispatch() on `context` records, per step, its
  // name, milliseconds, multiply-adds and thread-pool statistics (parallel loops, tasks, tasks the
  // workers ran, loops no worker woke in time for, wake-up and join waits in ms). takeProfile() returns
  // them once that dispatch has run (await a readTensor() queued after it), else [].
  profileNextDispatch(context) {
    contextInternals.nativeOf(context).profileNextDispatch();
  },
  takeProfile(context) {
    return contextInternals.nativeOf(context).takeProfile();
  },
  // Priming (api/prime.js): once the runtime is loaded, the outcome (true/false) of the priming install()
  // started, or null if none; prime() primes again and returns its outcome.
  async primed() {
    await loadRuntime();  // install()'s priming starts as the load settles, before this continues
    return lastPrimingOutcome();
  },
  async prime() {
    return primeRuntime(await loadRuntime());
  },
  // Bytes of `graph`'s planned arena (its intermediate values; constants are apart).
  graphArenaBytes(graph) {
    return graphInternals.nativeOf(graph).arenaBytesForTesting();
  },
  // Steps (dispatches, reads, writes, releases) the calling thread ran inline so far (install's inlineStepMs).
  async inlineSteps() {
    return (await loadRuntime()).module.inlineStepsForTesting();
  },
  // How the waits for builds and reads went so far (api/heap.js waitForFlag): how many slept on their flag
  // because the event loop had nothing else to run, how many waited asynchronously.
  waits() {
    return { ...waitCounts };
  },
  // Tensors and graphs `context` owns now.
  liveObjects(context) {
    return contextInternals.nativeOf(context).liveObjectsForTesting();
  },
});
