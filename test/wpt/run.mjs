#!/usr/bin/env node
// WPT WebNN conformance runner.
//
//   node test/wpt/run.mjs [--data <dir>] [--wpt <checkout>] [--filter <op/file>]
//       [--case <name substring>] [--update-expectations] [--json <report>]
//       [--verbose] [--allow-missing] [--expectations <file>] [--impl <module>]
//       [--timeout <ms>] [--in-process] [--expect-variant <build>]
//
// See test/wpt/README.md. Exit code 0 iff there are no unexpected results.

import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';

import {
  DEFAULT_TIMEOUT_MS, classify, formatReport, implRuntimeInfo, jsonReport, loadCases, loadImpl,
  readExpectations, runCase, updatedExpectations, writeExpectations,
} from './engine.js';
import {parseOptions} from '../../tools/cli-options.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const DEFAULT_DATA = path.resolve(ROOT, '..', 'shared', 'wpt-webnn', 'conformance');
const DEFAULT_EXPECTATIONS = path.join(HERE, 'expectations.json');
const DEFAULT_IMPL = path.join(ROOT, 'dist', 'index.mjs');
const WORKER = path.join(HERE, 'worker.mjs');
// extra time the main thread grants the worker beyond the per-case timeout
// before it assumes a synchronous hang and terminates it
const watchdogGraceMs = (timeoutMs) => Math.min(5000, Math.max(1000, timeoutMs));

const USAGE = `usage: node test/wpt/run.mjs [options]
  --data <dir>            JSON cases (default ../shared/wpt-webnn/conformance)
  --wpt <checkout>        read <checkout>/webnn/conformance_tests/*.https.any.js instead
  --filter <substr>       only files / operators containing <substr>
  --case <substr>         only cases whose name contains <substr>
  --update-expectations   rewrite the expectations file from this run
  --expectations <file>   expectations file (default test/wpt/expectations.json)
  --json <path>           write a JSON report
  --verbose               print every case
  --allow-missing         exit 0 when the data directory is absent
  --impl <module>         WebNN implementation module exporting install()
                          (default dist/index.mjs)
  --timeout <ms>          per-case timeout (default ${DEFAULT_TIMEOUT_MS})
  --in-process            run cases in this thread (no watchdog worker)
  --expect-variant <build> fail unless the implementation's runtimeInfo()
                          reports this build (e.g. relaxed-simd-threaded)`;

export function parseArgs(argv) {
  const o = parseOptions(argv, {
    data: { type: 'string' },
    wpt: { type: 'string' },
    filter: { type: 'string' },
    case: { type: 'string', key: 'caseFilter' },
    'update-expectations': { type: 'boolean', key: 'update' },
    expectations: { type: 'string', default: DEFAULT_EXPECTATIONS },
    json: { type: 'string' },
    verbose: { type: 'boolean', short: 'v' },
    'allow-missing': { type: 'boolean' },
    impl: { type: 'string', default: DEFAULT_IMPL },
    timeout: { type: 'number', key: 'timeoutMs', default: DEFAULT_TIMEOUT_MS },
    'in-process': { type: 'boolean' },
    'expect-variant': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!(o.timeoutMs > 0)) throw new Error('--timeout must be > 0');
  return o;
}

function log(...a) {
  process.stdout.write(a.join(' ') + '\n');
}

/** Runs the cases in this thread; returns the implementation's runtimeInfo(). */
async function runInProcess(cases, opts, onResult) {
  const ml = await loadImpl(opts.impl);
  const context = await ml.createContext();
  const limits = context.opSupportLimits();
  const runtime = await implRuntimeInfo(opts.impl);
  for (let i = 0; i < cases.length; i++) {
    onResult(i, await runCase(context, cases[i], {limits, timeoutMs: opts.timeoutMs}));
  }
  return runtime;
}

/**
 * Runs the cases in a worker thread, one at a time. If a case does not
 * answer within timeout + grace (a synchronous hang) or the worker dies, the
 * case fails and a fresh worker continues with the next case. Returns the
 * implementation's runtimeInfo() as the first worker reported it.
 */
async function runInWorker(cases, opts, onResult) {
  const workerData = {
    impl: path.resolve(opts.impl), data: opts.data, wpt: opts.wpt, filter: opts.filter,
    caseFilter: opts.caseFilter, indexDir: opts.indexDir, timeoutMs: opts.timeoutMs,
  };
  let worker = null;
  let pending = null; // {resolve} for the current message wait
  let runtime;

  const start = () => new Promise((resolve, reject) => {
    worker = new Worker(WORKER, {workerData});
    const onMsg = (m) => {
      if (pending) pending(m);
    };
    worker.on('message', onMsg);
    worker.on('error', (e) => {
      if (pending) pending({type: 'crash', message: `${e && e.name}: ${e && e.message}`});
    });
    worker.on('exit', (code) => {
      if (pending) pending({type: 'crash', message: `worker exited with code ${code}`});
    });
    pending = (m) => {
      pending = null;
      if (m.type === 'ready') {
        if (m.count !== cases.length || (m.firstKey || null) !== (cases[0] ? cases[0].key : null)) {
          reject(new Error(`worker loaded ${m.count} cases, main thread ${cases.length}`));
        } else {
          if (runtime === undefined) runtime = m.runtime;
          resolve();
        }
      } else {
        reject(new Error(`worker failed to start: ${m.message}`));
      }
    };
  });

  const stop = async () => {
    if (!worker) return;
    const w = worker;
    worker = null;
    pending = null;
    await w.terminate().catch(() => {});
  };

  try {
    await start();
    for (let i = 0; i < cases.length; i++) {
      const t0 = Date.now();
      let timer;
      const msg = await new Promise((resolve) => {
        pending = (m) => {
          if (m.type === 'result' && m.index !== i) return; // stale
          pending = null;
          resolve(m);
        };
        timer = setTimeout(() => {
          pending = null;
          resolve({type: 'watchdog'});
        }, opts.timeoutMs + watchdogGraceMs(opts.timeoutMs));
        worker.postMessage({type: 'run', index: i});
      });
      clearTimeout(timer);
      if (msg.type === 'result') {
        const {type, index, ...r} = msg;
        onResult(i, r);
        continue;
      }
      const reason = msg.type === 'watchdog' ?
          `timeout after ${opts.timeoutMs} ms (hung synchronously; worker terminated)` :
          `crashed the worker: ${msg.message}`;
      onResult(i, {status: 'fail', reason, ms: Date.now() - t0});
      await stop();
      if (i + 1 < cases.length) await start();
    }
  } finally {
    await stop();
  }
  return runtime;
}

export async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (opts.help) {
    log(USAGE);
    return 0;
  }

  if (!opts.wpt) {
    const explicit = opts.data !== null;
    opts.data = path.resolve(opts.data || DEFAULT_DATA);
    if (!fs.existsSync(opts.data)) {
      const shown = explicit ? opts.data : '../shared/wpt-webnn';
      if (opts.allowMissing) {
        log(`skipped: ${shown} not found`);
        return 0;
      }
      log(`error: ${shown} not found (${opts.data}); pass --data <dir> or --allow-missing`);
      return 1;
    }
  } else {
    opts.wpt = path.resolve(opts.wpt);
    // known upstream data issues / outside-spec lists still come from the
    // JSON corpus index when it is available
    opts.indexDir = opts.data ? path.resolve(opts.data) :
        (fs.existsSync(DEFAULT_DATA) ? DEFAULT_DATA : null);
    opts.data = null;
  }

  if (!fs.existsSync(opts.impl)) {
    log(`error: implementation ${opts.impl} not found (build it first, or pass --impl)`);
    return 1;
  }

  let loaded;
  try {
    loaded = loadCases(opts);
  } catch (e) {
    log(`error: cannot load cases: ${e.message}`);
    return 1;
  }
  const {cases, errors, source} = loaded;
  const expectations = readExpectations(opts.expectations);

  const header = [
    `WPT WebNN conformance: ${cases.length} cases from ${source}`,
    `implementation: ${opts.impl} (${opts.inProcess ? 'in-process' : 'worker with watchdog'}, ` +
        `timeout ${opts.timeoutMs} ms per case)`,
    `tolerance: upstream ULP/ATOL per case; cases with tolerance null use a relative ` +
        `error bound of 1e-3 with an absolute fallback of 1e-5`,
  ];
  for (const e of errors) header.push(`load error: ${e.file}: ${e.message}`);
  header.push('');

  const results = new Array(cases.length);
  const onResult = (i, r) => {
    results[i] = {c: cases[i], ...r};
    if (opts.verbose) {
      log(`${r.status.toUpperCase().padEnd(4)} ${cases[i].key}` +
          `${r.reason ? ` -- ${r.reason}` : ''} (${r.ms} ms)`);
    }
  };

  const t0 = Date.now();
  let runtime;
  try {
    if (opts.inProcess) runtime = await runInProcess(cases, opts, onResult);
    else runtime = await runInWorker(cases, opts, onResult);
  } catch (e) {
    log(`error: ${e.message}`);
    return 1;
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  header.push(`ran in ${seconds} s`);
  header.push(`runtime: ${runtime ? JSON.stringify(runtime) : 'runtimeInfo() not exported'}` +
      ` (Node ${process.versions.node}, V8 ${process.versions.v8})`);
  const wrongVariant = opts.expectVariant && runtime?.variant !== opts.expectVariant;

  let exp = expectations;
  if (opts.update) {
    const partial = !!(opts.filter || opts.caseFilter);
    exp = updatedExpectations(results, expectations, {partial});
    writeExpectations(opts.expectations, exp);
    header.push(`expectations written: ${opts.expectations} (${Object.keys(exp).length} entries)`);
  }
  const cls = classify(results, exp);
  if (opts.json) {
    fs.mkdirSync(path.dirname(path.resolve(opts.json)), {recursive: true});
    fs.writeFileSync(opts.json, JSON.stringify(jsonReport(results, cls, {
      source, impl: opts.impl, seconds: Number(seconds), loadErrors: errors,
    }), null, 2) + '\n');
  }
  log(formatReport(results, cls, {header}));
  if (wrongVariant) log(`error: the ${runtime?.variant ?? 'unknown'} build ran, not ${opts.expectVariant} (--expect-variant)`);
  const bad = cls.unexpectedFailures.length + cls.unexpectedPasses.length +
      (errors.length ? 1 : 0) + (wrongVariant ? 1 : 0);
  return bad ? 1 : 0;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // exit explicitly: an implementation (or a case that timed out in
  // --in-process mode) may leave handles that would keep the process alive
  main(process.argv.slice(2)).then((code) => {
    process.exit(code);
  }, (e) => {
    process.stderr.write(`${e && e.stack || e}\n`);
    process.exit(1);
  });
}
