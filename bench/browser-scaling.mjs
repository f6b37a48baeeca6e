#!/usr/bin/env node
// Thread scaling in Chromium, three ways (issue 28's target 1): our speed-up from 1 to 2 threads on the shared
// models, timed
//   - through our API alone, the graphs onnxruntime-web's WebNN EP builds replayed (bench/scaling-page.mjs,
//     way 'direct'), back to back, and with 50 ms idle before each run ('direct-gap', as a page inferring once
//     per frame);
//   - through onnxruntime-web's WebNN EP alone in the page ('ort-webnn');
//   - through onnxruntime-web's WebNN EP with its wasm EP in the same page, in turns after a pause
//     ('interleaved': bench/page.mjs, what bench/run.mjs --browser times).
// One fresh page per way and thread count. Prints per model and way the best ms at 1 and 2 threads and the
// speed-up; but for the interleaved way (bench/page.mjs), the fastest of 5 profiled runs' steps ms, and at 2
// threads the share of pool tasks the worker ran and the loops it missed.
//
//   node bench/browser-scaling.mjs [--models a,b] [--runs 20] [--ways direct,...]
//                                  [--json out.json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, runMain } from '../tools/cli-options.mjs';
import { listModels } from '../test/models/ort-harness.mjs';
import { runBenchPages } from './browser-pages.mjs';
import { ensureRecordings } from './direct.mjs';
import { markdownTable } from './markdown-table.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCALING_WAYS = ['direct', 'direct-gap', 'ort-webnn', 'interleaved'];
const THREADS = [1, 2];

function parseArgs(argv) {
  return parseOptions(argv, {
    models: { type: 'list' },
    runs: { type: 'number', default: 20 },
    ways: { type: 'list', default: SCALING_WAYS },
    json: { type: 'string' },
  });
}

// { [way]: { [threads]: { [model]: {best, median, ...} | {error} } } }
async function measure(o, models) {
  const mounts = { '/shared-models/': path.resolve(ROOT, '..', 'shared', 'models') };
  const results = {};
  for (const way of o.ways) {
    results[way] = {};
    const queries = THREADS.map((threads) => (way === 'interleaved'
      ? { threads, runs: o.runs, warmup: 5, models: models.join(',') }
      : { way, threads, runs: o.runs, models: models.join(',') }));
    const pages = await runBenchPages({ page: way === 'interleaved' ? 'bench/page.html' : 'bench/scaling-page.html',
                                        resultName: way === 'interleaved' ? '__bench' : '__scaling', queries, mounts,
                                        label: `thread scaling, ${way}` });
    for (const [i, page] of pages.entries()) {
      // bench/page.mjs answers with one entry per engine: ours is the WebNN EP's.
      const r = Array.isArray(page) ? page.find((e) => e.engine === 'ours') : page;
      results[way][THREADS[i]] = r?.error ? Object.fromEntries(models.map((m) => [m, { error: r.error }])) : r.models;
    }
  }
  return results;
}

// { [way]: [[model, speed-up]] } of the models measured at both thread counts.
export function speedups(results) {
  return Object.fromEntries(Object.entries(results).map(([way, byThreads]) => [way, Object.keys(byThreads[1] ?? {})
    .filter((m) => byThreads[1][m]?.best && byThreads[2]?.[m]?.best).map((m) => [m, byThreads[1][m].best / byThreads[2][m].best])]));
}

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

export const SCALING_HEADER = ['model', 'way', '1 thread ms', '2 threads ms', 'speed-up', 'steps ms (1T / 2T)', 'worker share of tasks (2T)',
                               'loops missed (2T)'];

export function scalingRows(results) {
  const rows = [];
  const models = [...new Set(Object.values(results).flatMap((byThreads) => Object.keys(byThreads[1] ?? {})))];
  for (const model of models) {
    for (const [way, byThreads] of Object.entries(results)) {
      const one = byThreads[1]?.[model], two = byThreads[2]?.[model];
      if (!one || !two || one.error || two.error) {
        rows.push([model, way, 'error', one?.error ?? two?.error ?? 'missing', '', '', '', '']);
        continue;
      }
      rows.push([model, way, f2(one.best), f2(two.best), f2(one.best / two.best),
                 one.stepsMs ? `${f2(one.stepsMs)} / ${f2(two.stepsMs)}` : '',
                 two.tasks ? `${((100 * two.workerTasks) / two.tasks).toFixed(0)}%` : '',
                 two.jobs ? `${two.missedJobs} of ${two.jobs}` : '']);
    }
  }
  return rows;
}

export function scalingTitle(runs) {
  return `Thread scaling in Chromium: our best time at 1 and 2 threads (best of ${runs} runs after a warm-up of >= 2 s, ` +
         'one page per way and thread count) and the speed-up, three ways: our API alone (the graphs onnxruntime-web\'s ' +
         'WebNN EP builds, replayed; back to back, and with 50 ms idle before each run), onnxruntime-web\'s WebNN EP alone ' +
         'in the page, and with its wasm EP in the same page in turns (bench/run.mjs --browser). But for the last way, the ' +
         'steps\' ms of the fastest of 5 profiled runs, and at 2 threads the share of the pool\'s tasks its worker ran and the ' +
         'parallel loops it did not wake in time for.';
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const models = listModels(o.models);
  if (!models) {
    console.log('browser scaling bench: skipped: ../shared/models not found');
    return 0;
  }
  const names = models.map((m) => m.name);
  ensureRecordings(names);  // the direct ways replay them
  const results = await measure(o, names);
  console.log(`\n${scalingTitle(o.runs)}\n\n${markdownTable(SCALING_HEADER, scalingRows(results))}`);
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ runs: o.runs, results }, null, 2));
  return Object.values(results).some((t) => Object.values(t).some((ms) => Object.values(ms).some((m) => m.error))) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMain('browser scaling bench', main);
