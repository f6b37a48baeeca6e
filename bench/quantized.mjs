#!/usr/bin/env node
// The quantized bench: a segmentation network of a real one's shape (a U-Net over 1024 x 1024, 25 convolutions;
// random weights, written by test/models/segmentation-model.mjs, nothing downloaded) in the forms people deploy -
// dynamic int8 (DynamicQuantizeLinear + ConvInteger, as quantize_dynamic writes it), static QDQ int8 (QuantizeLinear
// -> DequantizeLinear pairs, as quantize_static writes it) and float16 weights cast to float32 (float32 for
// reference) - through onnxruntime-web in Chromium: its WebNN EP on us (CPU fallback
// disabled) against its own wasm EP (its integer kernels), both in one cross-origin isolated page per thread
// count and form, in turns (bench/quantized-page.mjs). Prints per form and thread count the session creation time, our heap
// after it, the run time of each, and how far the two masks are apart.
//
//   node bench/quantized.mjs [--threads 1,2] [--forms int8,qdq,float16] [--runs 5] [--json out.json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMS, SEGMENTATION_1024, segmentationFlops, segmentationModel } from '../test/models/segmentation-model.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';
import { markdownTable } from './markdown-table.mjs';
import { cachedModel, runBenchPages } from './browser-pages.mjs';

function parseArgs(argv) {
  const o = parseOptions(argv, {
    threads: { type: 'numbers', default: [1, 2] },
    forms: { type: 'list', default: ['int8', 'qdq', 'float16'] },
    runs: { type: 'number', default: 5 },
    json: { type: 'string' },
  });
  const unknown = o.forms.filter((f) => !FORMS.includes(f));
  if (unknown.length) throw new Error(`unknown form(s) ${unknown.join(', ')}: the forms are ${FORMS.join(', ')}`);
  return o;
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

// The table's rows: [threads, form, ours, theirs, ratio, create ours / theirs, our heap, mask error].
export function quantizedRows(data) {
  const rows = [];
  for (const r of data.results) {
    if (r.error) {
      rows.push([String(r.threads), r.form ?? 'error', r.error, '', '', '', '', '']);
      continue;
    }
    rows.push([String(r.threads), `${r.form} (${f1(r.modelMB)} MB)`, `${f1(r.ours.medianMs)} ms`, `${f1(r.ort.medianMs)} ms`,
               f2(r.ours.medianMs / r.ort.medianMs), `${f1(r.ours.createMs)} / ${f1(r.ort.createMs)} ms`,
               `${f1(r.ours.heapMB)} MB`, r.maskError.toExponential(1)]);
  }
  return rows;
}

export function quantizedTitle(data) {
  return `a U-Net of a segmentation network's shape (${data.config.size} x ${data.config.size} input, 25 convolutions, ` +
         `${f1(data.gflop)} GFLOP; random weights) in its deployed forms - dynamic int8 (DynamicQuantizeLinear + ` +
         'ConvInteger), static QDQ int8 (QuantizeLinear -> DequantizeLinear pairs, int8 weights per channel) and float16 ' +
         'weights cast to float32 - onnxruntime-web\'s WebNN EP on us (CPU fallback disabled) ' +
         'against its wasm EP, in Chromium, one page per form and thread count, in turns after 3 warm-up runs each; median of ' +
         `${data.runs} runs; ratio = our time / theirs; session creation (the first in the page); our heap after it; the largest difference of ` +
         'the two [0, 1] masks.';
}

// Issue 26's bounds per form, at 1 and 2 threads: our time / the wasm EP's, our heap, session creation (the QDQ
// form held to the dynamic int8 one's).
export const QUANTIZED_TARGETS = {
  int8: { ratio: 0.8, heapMB: 600, createMs: 2000 },
  qdq: { ratio: 0.8, heapMB: 600, createMs: 2000 },
  float16: { ratio: 0.6, heapMB: 400, createMs: 2000 },
};

export const QUANTIZED_HEADER = ['threads', 'form', 'ours (WebNN EP on us)', 'onnxruntime-web wasm EP', 'ratio',
                                 'session creation (ours / wasm EP)', 'our heap', 'masks apart'];

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const config = SEGMENTATION_1024;
  const tag = Object.values(config).flat().join('-');
  const files = Object.fromEntries(o.forms.map((form) => [form, cachedModel('webnn-wasm-quantized-bench', `segmentation-${form}-${tag}.onnx`,
                                                                             () => segmentationModel(config, form))]));
  const dir = path.dirname(Object.values(files)[0]);
  const models = Object.fromEntries(Object.entries(files).map(([form, file]) => [form, `/quantized-model/${path.basename(file)}`]));
  const results = await runBenchPages({
    page: 'bench/quantized-page.html', resultName: '__quantized', label: 'quantized bench',
    mounts: { '/quantized-model/': dir },
    queries: o.threads.flatMap((threads) => o.forms.map((form) => ({ threads, form, config: JSON.stringify(config), runs: o.runs,
                                                                     model: models[form] }))),
  });
  const data = { config, gflop: segmentationFlops(config) / 1e9, runs: o.runs, results };
  console.log(`\n${quantizedTitle(data)}\n\n${markdownTable(QUANTIZED_HEADER, quantizedRows(data))}`);
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(data, null, 2));
  return data.results.some((r) => r.error) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMain('quantized bench', main);
