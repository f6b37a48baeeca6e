#!/usr/bin/env node
// Whole-model benchmark: onnxruntime-web on webnn-wasm (ORT's WebNN EP -> our navigator.ml) vs
// onnxruntime-web's own wasm EP, at 1 and 2 threads. See bench/README.md.
//
//   node --no-experimental-fetch bench/run.mjs [--runs N] [--warmup W] [--models a,b] [--threads 1,2]
//                                              [--device cpu] [--json out.json] [--browser [--firefox] [--profile]]
//                                              [--no-first-result]
//
// Both our thread count (install({numThreads})) and ORT's (env.wasm.numThreads) are fixed once per
// process, so in Node every (engine, threads) pair is measured in its own child process, one at a time;
// in Chromium (--browser) or Firefox (--browser --firefox) both engines share one page per thread count and
// run in turns.
// Reported: best-of-N wall time of session.run() (feeds and outputs on the CPU) after W warm-up runs.
// Then bench/first-result.mjs's table: the demo's time to first result in Node and Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchPages } from './browser-pages.mjs';
import { INTERLEAVE_PAUSE_MS, MIN_WARMUP_MS, prepareFeeds, sessionOptions, timeRuns } from './measure.mjs';
import { printProfile } from './profile-table.mjs';
import {
  captureOutput, listModels, loadOrt, loadWebnnWasm, nodePlacements, now, runtimeInfoOf,
} from '../test/models/ort-harness.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const SELF = fileURLToPath(import.meta.url);
const RESULT_TAG = 'BENCH_RESULT ';

function parseArgs(argv) {
  const o = parseOptions(argv, {
    runs: { type: 'number', default: 10 },
    warmup: { type: 'number', default: 3 },
    models: { type: 'list' },
    threads: { type: 'numbers', default: [1, 2] },
    device: { type: 'string' },
    json: { type: 'string' },
    browser: { type: 'boolean' },
    firefox: { type: 'boolean' },
    profile: { type: 'boolean' },
    'no-first-result': { type: 'boolean', key: 'firstResult', negate: true },
    child: { type: 'string' },  // internal: 'ours:<threads>' or 'ort:<threads>'
    help: { type: 'boolean', short: 'h' },
  });
  if (!(o.runs >= 1) || !(o.warmup >= 0)) throw new Error('--runs must be >= 1 and --warmup >= 0');
  if (o.firefox) o.browser = true;
  return o;
}

// ---- child: one engine at one thread count, every model ------------------------------------------
async function child(o) {
  const [engine, t] = o.child.split(':');
  const threads = Number(t);
  const result = { engine, threads, models: {}, error: null, runtime: null };
  const models = listModels(o.models) ?? [];
  let ort;
  try {
    if (engine === 'ours') {
      const { lib, reason } = await loadWebnnWasm();
      if (!lib) throw new Error(reason);
      lib.install({ numThreads: threads });
      result.runtime = await runtimeInfoOf(lib);
      ort = await loadOrt({ numThreads: 1 }); // ORT only orchestrates here; the work is in our library
    } else {
      ort = await loadOrt({ numThreads: threads });
    }
  } catch (e) {
    result.error = String(e?.message ?? e);
    return result;
  }
  for (const model of models) {
    const r = {};
    result.models[model.name] = r;
    let session;
    try {
      const bytes = fs.readFileSync(model.file);
      const { feeds, overrides } = await prepareFeeds(ort, bytes, model.name);
      const options = sessionOptions(engine, o.device, overrides);
      const t0 = now();
      const created = await captureOutput(() => ort.InferenceSession.create(bytes, { ...options, logSeverityLevel: engine === 'ours' ? 0 : 2 }));
      if (created.error) throw created.error;
      session = created.result;
      r.createMs = now() - t0;
      if (engine === 'ours') r.placement = nodePlacements(created.lines).join(' | ');
      Object.assign(r, await timeRuns(session, feeds, o));
      process.stderr.write(`  ${engine} threads=${threads} ${model.name}: best ${r.best.toFixed(1)} ms, median ${r.median.toFixed(1)} ms\n`);
    } catch (e) {
      r.error = String(e?.message ?? e).split('\n')[0];
      if (engine === 'ort' && threads > 1 && /fetch/.test(r.error)) {
        r.error += ' (ORT-web\'s browser bundle, the only one with the WebNN EP, does not detect Node and fetch()es its ' +
                   'glue to make a Blob URL for its pthread workers, which Node cannot do; see bench/README.md)';
      }
      process.stderr.write(`  ${engine} threads=${threads} ${model.name}: n/a (${r.error})\n`);
    } finally {
      if (session) await session.release();
    }
  }
  return result;
}

function runChild(o, engine, threads) {
  const argv = [...process.execArgv.filter((a) => a !== '--no-experimental-fetch'), '--no-experimental-fetch', SELF,
                '--child', `${engine}:${threads}`, '--runs', String(o.runs), '--warmup', String(o.warmup)];
  if (o.models) argv.push('--models', o.models.join(','));
  if (o.device) argv.push('--device', o.device);
  process.stderr.write(`[${engine}, ${threads} thread(s)]\n`);
  const p = spawnSync(process.execPath, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith(RESULT_TAG));
  if (!line) return { engine, threads, models: {}, error: `child exited with ${p.status ?? p.signal} and no result` };
  return JSON.parse(line.slice(RESULT_TAG.length));
}

// ---- --browser: in Debian's Chromium (or Firefox ESR), one page per thread count with both engines in it -----
// Served cross-origin isolated, so ORT's wasm EP can use its threads too (it cannot in Node). Both
// engines' sessions live in one page and run in turns (bench/page.mjs), as issue 10 asks.
async function runBrowser(o, models) {
  const root = path.resolve(path.dirname(SELF), '..');
  const queries = o.threads.map((threads) => ({ threads, runs: o.runs, warmup: o.warmup, models: models.map((m) => m.name).join(','),
                                                ...(o.device ? { device: o.device } : {}), ...(o.profile ? { profile: 1 } : {}) }));
  const pages = await runBenchPages({ page: 'bench/page.html', resultName: '__results', queries, firefox: o.firefox, timeoutMs: 1800000,
                                      mounts: { '/shared-models/': path.resolve(root, '..', 'shared', 'models') },
                                      label: `${browserName(o)}: ours and ort interleaved` });
  // A page gives one entry per engine, or { threads, error } when it failed.
  return pages.flatMap((page) => (page.error ? ['ours', 'ort'].map((engine) => ({ engine, threads: page.threads, models: {}, error: page.error })) : page));
}

const browserName = (o) => (o.firefox ? 'Firefox' : 'Chromium');

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) {
    console.log('usage: node --no-experimental-fetch bench/run.mjs [--runs N] [--warmup W] [--models a,b] [--threads 1,2] [--device cpu] [--json out.json] [--browser [--firefox] [--profile]] [--no-first-result]');
    return 0;
  }
  if (o.child) {
    const r = await child(o);
    process.stdout.write(RESULT_TAG + JSON.stringify(r) + '\n');
    return 0;
  }
  const models = listModels(o.models);
  if (!models) {
    console.log('bench: skipped: ../shared/models not found');
    return 0;
  }
  const results = [];
  if (o.browser) {
    results.push(...await runBrowser(o, models));
  } else {
    for (const threads of o.threads) {
      for (const engine of ['ours', 'ort']) results.push(runChild(o, engine, threads));
    }
  }
  const get = (engine, threads) => results.find((r) => r.engine === engine && r.threads === threads);
  const cell = (res, model) => {
    if (res.error) return { text: 'n/a', why: res.error };
    const m = res.models[model];
    if (!m || m.error) return { text: 'n/a', why: m?.error ?? 'not run' };
    return { text: m.best.toFixed(1), value: m.best };
  };
  const notes = [];
  const how = o.browser
    ? `both in one page per thread count, run in turns (${INTERLEAVE_PAUSE_MS} ms pause before each run); best of ${o.runs} after an interleaved ` +
      `warm-up of >= ${o.warmup} round(s) and >= ${MIN_WARMUP_MS / 1000} s that lasts until both run times settle`
    : `each in its own process; best of ${o.runs} after >= ${o.warmup} warm-up run(s) and >= ${MIN_WARMUP_MS / 1000} s of them`;
  console.log(`\n${o.browser ? `${browserName(o)} (cross-origin isolated page)` : `Node ${process.versions.node}`}: ` +
              `onnxruntime-web WebNN EP on webnn-wasm ("ours", EP ${o.device ? `{name:'webnn', deviceType:'${o.device}'}` : "'webnn'"}) ` +
              `vs onnxruntime-web wasm EP, ${how}; session.run() wall time.\n`);
  for (const threads of o.threads) {
    const rt = get('ours', threads).runtime;
    if (rt) console.log(`ours at ${threads} thread(s): runtimeInfo() = ${JSON.stringify(rt)}`);
  }
  console.log('\n| model | threads | ours ms | ort-wasm ms | ratio (ours/theirs) |');
  console.log('|---|---|---|---|---|');
  for (const model of models.map((m) => m.name)) {
    for (const threads of o.threads) {
      const a = cell(get('ours', threads), model);
      const b = cell(get('ort', threads), model);
      for (const [who, c] of [['ours', a], ['ort-wasm', b]]) {
        if (c.why) notes.push(`${who}, ${threads} thread(s), ${model}: ${c.why}`);
      }
      const ratio = a.value !== undefined && b.value !== undefined ? (a.value / b.value).toFixed(2) : 'n/a';
      console.log(`| ${model} | ${threads} | ${a.text} | ${b.text} | ${ratio} |`);
    }
  }
  if (notes.length) {
    console.log('\nn/a reasons:');
    for (const n of [...new Set(notes)]) console.log(`- ${n}`);
  }
  for (const r of o.profile ? results.filter((x) => x.engine === 'ours') : []) {
    for (const [model, m] of Object.entries(r.models)) {
      if (m.profile?.length) printProfile(`${model}, ${r.threads} thread(s), ${browserName(o)}, the fastest of 5 profiled runs after the timed ones`, m.profile);
    }
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ runs: o.runs, warmup: o.warmup, ...(o.browser ? { browser: browserName(o) } : {}), results }, null, 2));
  // Then the demo's time to first result, in Node and in Chromium (bench/first-result.mjs; its own process).
  if (o.firstResult) {
    const json = o.json ? ['--json', o.json.replace(/(\.json)?$/, '.first-result.json')] : [];
    spawnSync(process.execPath, [path.join(path.dirname(SELF), 'first-result.mjs'), ...json], { stdio: 'inherit' });
  }
  return 0;
}

await runMain('bench', main);
