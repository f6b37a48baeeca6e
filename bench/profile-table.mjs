// The step profiler's table (src/js/testing.js profileNextDispatch/takeProfile), shared by bench/direct.mjs
// (our API in Node) and bench/run.mjs --browser --profile (through onnxruntime-web in Chromium).

// The summed ms of a profile's steps.
export const profileMs = (steps) => steps.reduce((sum, p) => sum + p.ms, 0);

// Of `count` profiles that `profileOnce` takes (each the steps of one dispatch, or null), the one whose steps
// took the least: one alone is often one another process interrupted on this kind of host.
export async function fastestOf(count, profileOnce) {
  let best = null;
  for (let i = 0; i < count; i++) {
    const steps = await profileOnce();
    if (steps && (!best || profileMs(steps) < profileMs(best))) best = steps;
  }
  return best;
}

// The steps of the fastest of `count` profiled dispatches (`run` dispatches once and awaits its reads).
// null without the testing hooks.
export async function fastestProfile(testing, context, run, count = 5) {
  if (!testing?.profileNextDispatch) return null;
  return fastestOf(count, async () => {
    testing.profileNextDispatch(context);
    await run();
    return testing.takeProfile(context);
  });
}

// For a framework's session on our navigator.ml (which creates the context itself): profile(session, feeds) runs
// it `count` times, each after `pauseMs` idle, the step profiler armed at the dispatch each run makes, and gives
// the steps of the fastest (null if no dispatch came).
export function sessionProfiler(lib, { pauseMs = 0, count = 5 } = {}) {
  let armed = false;
  let context = null;
  const dispatch = MLContext.prototype.dispatch;
  MLContext.prototype.dispatch = function (...args) {
    if (armed) {
      armed = false;
      context = this;
      lib.__testing.profileNextDispatch(this);
    }
    return dispatch.apply(this, args);
  };
  const profileOne = async (session, feeds) => {
    armed = true;
    context = null;
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await session.run(feeds);
    return context ? lib.__testing.takeProfile(context) : null;
  };
  return (session, feeds) => fastestOf(count, () => profileOne(session, feeds));
}

export function printProfile(label, profile) {
  console.log(`\nprofile: ${label} (steps of one kind summed; pool: parallel loops, tasks, ` +
              'share the workers ran, loops no worker woke in time for, summed wake-up and join waits)');
  console.log('| step | count | ms | share | GFLOP/s | loops | tasks | workers | missed | wake ms | join ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const total = profile.reduce((s, p) => s + p.ms, 0);
  const rows = new Map();
  for (const p of profile) {
    const r = rows.get(p.step) ?? { step: p.step, count: 0, ms: 0, macs: 0, jobs: 0, tasks: 0, workerTasks: 0, missedJobs: 0, wakeMs: 0, joinMs: 0 };
    r.count++;
    for (const k of ['ms', 'macs', 'jobs', 'tasks', 'workerTasks', 'missedJobs', 'wakeMs', 'joinMs']) r[k] += p[k];
    rows.set(p.step, r);
  }
  for (const r of [...rows.values()].sort((a, b) => b.ms - a.ms)) {
    const gflops = r.macs ? (2 * r.macs / (r.ms * 1e6)).toFixed(1) : '';
    const workers = r.tasks ? `${(100 * r.workerTasks / r.tasks).toFixed(0)}%` : '';
    console.log(`| ${r.step} | ${r.count} | ${r.ms.toFixed(2)} | ${(100 * r.ms / total).toFixed(1)}% | ${gflops} | ` +
                `${r.jobs} | ${r.tasks} | ${workers} | ${r.missedJobs} | ${r.wakeMs.toFixed(2)} | ${r.joinMs.toFixed(2)} |`);
  }
  console.log(`total ${total.toFixed(2)} ms in ${profile.length} steps`);
}
