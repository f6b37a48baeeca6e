#!/usr/bin/env node
// The decode bench: a language model of Qwen2.5-0.5B's shape (hidden 896, 24 layers, 14 / 2 heads, MLP 4864,
// vocabulary 151,936; 4-bit weights, random, written by test/models/decoder-model.mjs, nothing downloaded) run
// token by token through onnxruntime-web in Chromium: its WebNN EP on us, with the page's MLContext and the KV cache
// in MLTensors fed back, against its own wasm EP (its own MatMulNBits kernels), both in one cross-origin
// isolated page per thread count, in turns (bench/decode-page.mjs). Prints per thread count the prompt's prefill
// and the decode, tokens per second each, the bytes of weights a token reads and the rate that makes against our
// read bandwidth in the same page (reduceSum of 256 MB), the heap our two sessions hold and the logits' agreement.
//
//   node bench/decode.mjs [--threads 1,2] [--layers N] [--prompt 128] [--tokens 8] [--rounds 2] [--json out.json]
//
// --layers fewer than 24 for a quick look (the model is written once per shape into the system's temp folder).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QWEN2_5_0_5B, decoderModel, weightBytesPerToken } from '../test/models/decoder-model.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';
import { markdownTable } from './markdown-table.mjs';
import { cachedModel, runBenchPages } from './browser-pages.mjs';

function parseArgs(argv) {
  return parseOptions(argv, {
    threads: { type: 'numbers', default: [1, 2] },
    layers: { type: 'number', default: QWEN2_5_0_5B.layers },
    prompt: { type: 'number', default: 128 },
    tokens: { type: 'number', default: 8 },
    rounds: { type: 'number', default: 2 },
    json: { type: 'string' },
  });
}

function runPages(o, config, file) {
  return runBenchPages({
    page: 'bench/decode-page.html', resultName: '__decode', label: 'decode bench',
    mounts: { '/decode-model/': path.dirname(file) },
    queries: o.threads.map((threads) => ({ threads, config: JSON.stringify(config), prompt: o.prompt, tokens: o.tokens,
                                           rounds: o.rounds, model: `/decode-model/${path.basename(file)}` })),
  });
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

// The table's rows: [threads, phase, ours, ort, ratio of times, ...].
export function decodeRows(data) {
  const rows = [];
  const perToken = data.weightBytesPerToken;
  for (const r of data.results) {
    if (r.error) {
      rows.push([String(r.threads), 'error', r.error, '', '', '', '']);
      continue;
    }
    const { ours, ort } = r.engines;
    const tps = (ms, n) => (n * 1000) / ms;
    rows.push([String(r.threads), `prefill ${data.prompt} tokens`, `${f1(tps(ours.prefillMs, data.prompt))} tok/s (${f1(ours.prefillMs)} ms)`,
               `${f1(tps(ort.prefillMs, data.prompt))} tok/s (${f1(ort.prefillMs)} ms)`, f2(ort.prefillMs / ours.prefillMs), '', '']);
    const rate = (ms) => perToken / (ms * 1e6);
    rows.push([String(r.threads), 'decode', `${f1(tps(ours.stepMs, 1))} tok/s (${f1(ours.stepMs)} ms)`,
               `${f1(tps(ort.stepMs, 1))} tok/s (${f1(ort.stepMs)} ms)`, f2(ort.stepMs / ours.stepMs),
               `${f1(rate(ours.stepMs))} / ${f1(rate(ort.stepMs))} of ${f1(r.bandwidthGBs)} GB/s`,
               `${f1(ours.heapMB)} MB`]);
  }
  return rows;
}

// How the table was measured, in a sentence (also docs/performance.md's).
export function decodeTitle(data) {
  const mb = (data.weightBytesPerToken / 2 ** 20).toFixed(0);
  return `a decoder of Qwen2.5-0.5B's shape (${data.config.layers} layers, 4-bit weights: ${mb} MB read per token), ` +
         'onnxruntime-web\'s WebNN EP on us (the page\'s MLContext, the KV cache in MLTensors) against its wasm EP, in ' +
         `Chromium, one page per thread count, in turns; prefill of ${data.prompt} tokens: best of ${data.rounds} rounds; ` +
         `decode: median ms per token over ${data.rounds} x ${data.tokens}; speed-up = their time / ours; weights read ` +
         'per second at each one\'s decode speed, against our read rate in the same page (reduceSum of 256 MB).';
}

export const DECODE_HEADER = ['threads', 'phase', 'ours (WebNN EP on us)', 'onnxruntime-web wasm EP', 'speed-up',
                              'weights read (ours / wasm EP) of the bandwidth', 'our heap (both sessions)'];

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const config = { ...QWEN2_5_0_5B, layers: o.layers };
  if (o.prompt + o.tokens > config.cache) throw new Error(`--prompt + --tokens must be at most the cache's ${config.cache} slots`);
  const file = cachedModel('webnn-wasm-decode-bench', `decoder-${Object.values(config).join('-')}.onnx`, () => decoderModel(config));
  const results = await runPages(o, config, file);
  const data = { config, prompt: o.prompt, tokens: o.tokens, rounds: o.rounds, weightBytesPerToken: weightBytesPerToken(config), results };
  console.log(`\n${decodeTitle(data)}\n\n${markdownTable(DECODE_HEADER, decodeRows(data))}`);
  for (const r of data.results.filter((x) => !x.error)) {
    console.log(`\n${r.threads} thread(s): logits against the wasm EP's, max error ${r.logitsError.toExponential(2)} of the largest; ` +
                `greedy tokens ${r.tokensAgree} of ${r.tokensCompared} agree; session creation ours ${f1(r.engines.ours.createMs)} ms ` +
                `(prefill and decode sessions), wasm EP ${f1(r.engines.ort.createMs)} ms; ${r.runtime?.variant ?? ''}` +
                (r.engines.ours.profile ? `; a profiled token of ours: ${f1(r.engines.ours.profile.runMs)} ms, its steps ` +
                 `${f1(r.engines.ours.profile.stepsMs)} ms, the 4-bit GEMVs ${f1(r.engines.ours.profile.gemvMs)} ms` : ''));
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(data, null, 2));
  return data.results.some((r) => r.error) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMain('decode bench', main);
