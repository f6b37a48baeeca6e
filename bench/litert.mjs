#!/usr/bin/env node
// The LiteRT.js bench: the MediaPipe models the browser tests run (npm packages, real weights), compiled by
// LiteRT.js for its `webnn` accelerator (its WebNN delegate on us) and its `wasm` accelerator (XNNPACK with relaxed
// SIMD), both in one cross-origin isolated Chromium page, runs in turns after a warm-up (bench/litert-page.mjs).
// Prints per model the median time of a run (model.run() and the outputs' data), their ratio, the compile times,
// and our side of one webnn run: the MLContext calls the delegate made (count and synchronous JS time per kind)
// and our steps' time; the rest of the run is LiteRT's and the delegate's.
//
//   node bench/litert.mjs [--threads 1] [--runs 20] [--json out.json]
//
// LiteRT's JSPI build (which WebNN needs) has no threaded variant, so its side runs on one thread; --threads sets
// ours.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOptions, runMain } from '../tools/cli-options.mjs';
import { markdownTable } from './markdown-table.mjs';
import { LITERT_MODELS } from '../test/browser/litert-models.mjs';
import { runBenchPages } from './browser-pages.mjs';


function parseArgs(argv) {
  return parseOptions(argv, {
    threads: { type: 'numbers', default: [1] },
    runs: { type: 'number', default: 20 },
    json: { type: 'string' },
  });
}

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

// The table's rows: [threads, model, webnn on us, wasm, ratio, compile, our calls per run, our steps, the rest].
// Our calls' share of a webnn compile: ' (ours 12: builder 340x 4.1, build 6.0, ...)'; '' for older runs' figures.
function compileShare(calls) {
  if (!calls) return '';
  const ms = (k) => calls[k]?.ms ?? 0;
  const builderCount = (calls.constant?.count ?? 0) + (calls.operators?.count ?? 0);
  const total = ms('createContext') + ms('opSupportLimits') + ms('constant') + ms('operators') + ms('build');
  return ` (ours ${total.toFixed(0)}: builder ${builderCount}x ${(ms('constant') + ms('operators')).toFixed(1)}, build ${ms('build').toFixed(1)}, ` +
         `context ${(ms('createContext') + ms('opSupportLimits')).toFixed(1)})`;
}

export function litertRows(data) {
  const rows = [];
  for (const r of data.results) {
    if (r.error) {
      rows.push([String(r.threads), 'error', r.error, '', '', '', '', '', '']);
      continue;
    }
    for (const m of r.models) {
      const calls = Object.entries(m.ours.calls).map(([k, v]) => `${k} ${v.count.toFixed(0)}x ${f2(v.ms)}`).join(', ');
      // dispatch() runs small graphs' steps on the calling thread, inside its synchronous time: that part is
      // counted once, as steps.
      const c = (name) => m.ours.calls[name]?.ms ?? 0;
      const callsMs = c('createTensor') + c('writeTensor') + c('readTensor') + Math.max(0, c('dispatch') - m.ours.stepsMs);
      rows.push([String(r.threads), m.model, `${f2(m.webnn.medianMs)} ms`, `${f2(m.wasm.medianMs)} ms`, f2(m.webnn.medianMs / m.wasm.medianMs),
                 `${m.webnn.compileMs.toFixed(0)} / ${m.wasm.compileMs.toFixed(0)} ms${compileShare(m.webnn.compileCalls)}`, calls, `${f2(m.ours.stepsMs)} ms`,
                 `${f2(m.webnn.medianMs - m.ours.stepsMs - callsMs)} ms`]);
    }
  }
  return rows;
}

export function litertTitle(data) {
  return 'LiteRT.js on the MediaPipe models of the browser tests: its `webnn` accelerator on us against its `wasm` accelerator ' +
         `(XNNPACK), in Chromium, one page, runs in turns after 5 warm-up runs each; median of ${data.runs} runs of model.run() ` +
         'and the outputs\' data; ratio = webnn time / wasm time; compile = loadAndCompile(), with our calls\' share of the webnn one ' +
         '(the builder\'s calls: count and ms; build(); createContext() and opSupportLimits()); our side of one webnn run: the ' +
         'MLContext calls the delegate made (per run: count and synchronous JS ms; a small graph\'s steps run inside dispatch()), ' +
         'our steps\' ms, and the rest: the run less our steps and our calls\' own time (LiteRT\'s and the delegate\'s). LiteRT runs on one thread (its JSPI build has no threaded variant).';
}

export const LITERT_HEADER = ['threads (ours)', 'model', 'webnn on us', 'wasm (XNNPACK)', 'ratio', 'compile (webnn / wasm)',
                              'our calls per run', 'our steps', 'the rest'];

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const results = await runBenchPages({
    page: 'bench/litert-page.html', resultName: '__litert', label: 'LiteRT.js bench',
    queries: o.threads.map((threads) => ({ threads, runs: o.runs, models: LITERT_MODELS.join(',') })),
  });
  const data = { runs: o.runs, results };
  console.log(`\n${litertTitle(data)}\n\n${markdownTable(LITERT_HEADER, litertRows(data))}`);
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(data, null, 2));
  return data.results.some((r) => r.error) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMain('LiteRT.js bench', main);
