// WebNN fuzzer: runs generated cases (generate.mjs) against dist/ and checks them (check.mjs,
// execute.mjs). Cases run in a worker thread; a case that blocks it (a synchronous hang) or kills it
// (an abort) is caught by a watchdog here, recorded, and the run goes on in a fresh worker.
//   node --no-experimental-fetch test/fuzz/run.mjs --seed S --count N [--start I] [--threads 1|2]
//        [--timeout MS] [--regressions FILE] [--record] [--quiet]
// --threads 1 uses the single-threaded build, 2 the threaded build with 2 threads. --regressions runs
// the cases listed in FILE (those of the chosen build) instead of a range; --record appends this
// run's new failures to regressions.json. Prints failures (seed, index, description) as they come and
// a JSON summary last; exit code 1 on a failure, or when a known issue's listed case passes.
//
// regressions.json: {knownIssues: [{id, reason, type, what?, message?}], cases: [{seed, index,
// threads, generator, what, issue?, case?}]}. A failure whose type and what/message (regular
// expressions) match a known issue - a library bug test code cannot fix - is counted under
// knownFailures, not failures. A listed case with an `issue` must still fail with that issue; one
// without must pass. `case` pins the case itself (codec.mjs; --record writes it), which then runs
// whatever the generator has become; an unpinned case recorded under another GENERATOR_VERSION
// (generate.mjs) would be another case now: it is reported stale, not run.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

import { GENERATOR_VERSION } from './generate.mjs';
import { parseOptions } from '../../tools/cli-options.mjs';

const HERE = new URL('.', import.meta.url);
const DIST = new URL('../../dist/index.mjs', import.meta.url).href;
const REGRESSIONS = new URL('regressions.json', HERE);

function parseArgs(argv) {
  const o = parseOptions(argv, {
    seed: { type: 'number', default: 1 },
    count: { type: 'number', default: 200 },
    start: { type: 'number', default: 0 },
    threads: { type: 'number', default: 1 },
    timeout: { type: 'number', default: 10000 },
    regressions: { type: 'string' },
    quiet: { type: 'boolean' },
    record: { type: 'boolean' },
  });
  if (![1, 2].includes(o.threads)) throw new Error('--threads must be 1 or 2');
  return o;
}

export function readRegressions(file = REGRESSIONS) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { knownIssues: [], cases: [] };
}

/** The known issue a failure matches, or undefined. */
function knownIssue(issues, m) {
  return issues.find((k) => k.type === m.failure.type && (!k.what || new RegExp(k.what).test(m.what ?? '')) &&
      (!k.message || new RegExp(k.message).test(m.failure.message)));
}

function record(failures) {
  const r = readRegressions();
  const have = new Set(r.cases.map((c) => `${c.seed}:${c.index}:${c.threads}`));
  for (const f of failures) {
    if (have.has(`${f.seed}:${f.index}:${f.threads}`)) continue;
    r.cases.push({
      seed: f.seed, index: f.index, threads: f.threads, generator: GENERATOR_VERSION,
      what: `${f.type}: ${f.what ?? f.message.slice(0, 160)}`, case: f.pinned,
    });
  }
  fs.writeFileSync(REGRESSIONS, JSON.stringify(r, null, 1) + '\n');
}

// Runs jobs in a worker; restarts it after a hang or a crash. onResult(msg) per case.
async function runJobs(jobs, opts, onResult) {
  let next = 0;
  let loadFailures = 0;
  while (next < jobs.length) {
    const worker = new Worker(new URL('worker.mjs', HERE), { workerData: { dist: DIST, threads: opts.threads, timeoutMs: opts.timeout } });
    const pending = jobs.slice(next);
    let current = null;
    let loaded = false;
    const outcome = await new Promise((resolve) => {
      let timer = null;
      const arm = (ms) => {
        clearTimeout(timer);
        timer = setTimeout(() => resolve({ type: 'hang' }), ms);
      };
      arm(60000);  // loading the build
      worker.on('message', (m) => {
        if (m.type === 'ready') {
          loaded = true;
          worker.postMessage({ jobs: pending });
        }
        if (m.type === 'start') current = m;
        if (m.type === 'result') {
          current = null;
          next++;
          onResult(m);
        }
        if (m.type === 'done') {
          clearTimeout(timer);
          resolve({ type: 'done' });
        } else {
          arm(opts.timeout + 5000);  // the case's own async timeout, plus grace
        }
      });
      worker.on('error', (e) => resolve({ type: 'crash', message: `${e?.name}: ${e?.message}` }));
      worker.on('exit', (code) => resolve({ type: 'crash', message: `worker exited with code ${code}` }));
    });
    await worker.terminate().catch(() => {});
    if (outcome.type === 'done') break;
    // Not one case's fault: the build did not load (e.g. dist/ being rebuilt). Retry, then give up.
    if (!loaded) {
      if (++loadFailures > 3) throw new Error(`the build does not load: ${outcome.message ?? outcome.type}`);
      await new Promise((r) => setTimeout(r, 3000));
      continue;
    }
    const job = current ?? jobs[next];
    if (!job) break;
    onResult({
      type: 'result', seed: job.seed, index: job.index, kind: 'unknown', ops: [], ok: false,
      failure: outcome.type === 'hang' ?
        { type: 'hang', message: `no progress for ${opts.timeout + 5000} ms (synchronous hang); worker terminated` } :
        { type: 'crash', message: outcome.message },
    });
    next++;
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { knownIssues } = readRegressions();
  const all = opts.regressions ? readRegressions(opts.regressions).cases.filter((r) => r.threads === opts.threads) : [];
  // A case recorded by another generator version is another graph now: report it, do not run it.
  const stale = all.filter((r) => !r.case && r.generator !== GENERATOR_VERSION);
  const listed = all.filter((r) => r.case || r.generator === GENERATOR_VERSION);
  const expectedIssue = new Map(listed.map((r) => [`${r.seed}:${r.index}`, r.issue]));
  const jobs = opts.regressions ? listed.map(({ seed, index, case: pinned }) => ({ seed, index, pinned })) :
    Array.from({ length: opts.count }, (_, i) => ({ seed: opts.seed, index: opts.start + i }));
  const s = {
    seed: opts.regressions ? null : opts.seed, start: opts.start, threads: opts.threads, cases: 0, valid: 0, invalid: 0,
    api: 0, big: 0, comparedOutputs: 0, checkedElements: 0, uncheckedElements: 0, perOp: {},
    failuresByType: {}, failures: [], knownFailures: {}, fixedKnownFailures: [],
    staleRegressions: stale.map(({ seed, index, generator }) => ({ seed, index, generator })),
  };
  const t0 = performance.now();
  await runJobs(jobs, opts, (m) => {
    s.cases++;
    if (m.kind === 'valid') s.valid++;
    else if (m.kind === 'invalid') s[m.family === 'api' ? 'api' : 'invalid']++;
    if (m.big) s.big++;
    for (const op of m.ops) {
      const e = (s.perOp[op] ??= { valid: 0, invalid: 0 });
      e[m.kind === 'valid' ? 'valid' : 'invalid']++;
    }
    s.comparedOutputs += m.outputs ?? 0;
    s.checkedElements += m.checked ?? 0;
    s.uncheckedElements += m.unchecked ?? 0;
    const expected = expectedIssue.get(`${m.seed}:${m.index}`);
    const issue = m.ok ? undefined : knownIssue(knownIssues, m);
    if (expected && issue?.id !== expected) {
      s.fixedKnownFailures.push({ seed: m.seed, index: m.index, issue: expected, now: m.ok ? 'passes' : m.failure.message });
    }
    if (m.ok) return;
    const entry = { seed: m.seed, index: m.index, threads: opts.threads, type: m.failure.type, message: m.failure.message, what: m.what };
    if (opts.record) entry.pinned = m.pinned;
    if (issue) {
      const k = (s.knownFailures[issue.id] ??= { reason: issue.reason, count: 0, first: entry });
      k.count++;
      return;
    }
    s.failures.push(entry);
    s.failuresByType[m.failure.type] = (s.failuresByType[m.failure.type] ?? 0) + 1;
    if (!opts.quiet) {
      console.error(`FAIL seed ${m.seed} index ${m.index} (${m.failure.type}): ${m.failure.message}\n` +
          `${m.description ?? m.what ?? ''}\n  repro: node --no-experimental-fetch test/fuzz/run.mjs --seed ${m.seed} ` +
          `--start ${m.index} --count 1 --threads ${opts.threads}\n`);
    }
  });
  s.durationMs = Math.round(performance.now() - t0);
  s.casesPerSecond = Math.round((s.cases / s.durationMs) * 1000 * 10) / 10;
  s.perOp = Object.fromEntries(Object.entries(s.perOp).sort());
  if (opts.record && s.failures.length) {
    record(s.failures);
    for (const f of s.failures) delete f.pinned;
  }
  console.log(JSON.stringify(s, null, 1));
  process.exitCode = s.failures.length || s.fixedKnownFailures.length || s.staleRegressions.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
