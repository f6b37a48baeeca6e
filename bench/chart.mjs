#!/usr/bin/env node
// Draws the model table of bench/run.mjs as an SVG bar chart: per model and thread count, our time over
// onnxruntime-web's wasm EP (below 1: we are faster), with the 1.0 and 0.8 (issue 10's target) lines.
//
//   node bench/run.mjs --browser --runs 20 --warmup 5 --json out.json
//   node bench/chart.mjs out.json docs/model-ratios.svg
import fs from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node bench/chart.mjs <bench/run.mjs --json output> <chart.svg>');
  process.exit(2);
}
const { results } = JSON.parse(fs.readFileSync(input, 'utf8'));
const best = (engine, threads, model) => results.find((r) => r.engine === engine && r.threads === threads)?.models?.[model]?.best;
const threads = [...new Set(results.map((r) => r.threads))].sort();
const models = [...new Set(results.flatMap((r) => Object.keys(r.models ?? {})))];
const bars = [];
for (const model of models) {
  for (const t of threads) {
    const ours = best('ours', t, model), theirs = best('ort', t, model);
    if (ours && theirs) bars.push({ model, threads: t, ratio: ours / theirs });
  }
}

const W = 760, H = 360, left = 60, right = 80, top = 40, bottom = 80;
const max = Math.max(1.4, ...bars.map((b) => b.ratio));
const y = (v) => top + (H - top - bottom) * (1 - v / max);
const slot = (W - left - right) / models.length;
const barW = slot / (threads.length + 1);
const colors = ['#4a7fd4', '#e08a2c', '#5aa469', '#b55'];
const esc = (s) => String(s).replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]);
const parts = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="white"/>`,
  `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">webnn-wasm time / onnxruntime-web wasm EP time (below 1: faster), Chromium</text>`,
];
for (const v of [0, 0.5, 1, 1.5].filter((v) => v <= max)) {
  parts.push(`<line x1="${left}" x2="${W - right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`,
             `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`);
}
parts.push(`<line x1="${left}" x2="${W - right}" y1="${y(1)}" y2="${y(1)}" stroke="#333" stroke-dasharray="4 3"/>`,
           `<line x1="${left}" x2="${W - right}" y1="${y(0.8)}" y2="${y(0.8)}" stroke="#5aa469" stroke-dasharray="2 3"/>`,
           `<text x="${W - right + 6}" y="${y(0.8) + 4}" fill="#5aa469">target 0.8</text>`,
           `<text x="${W - right + 6}" y="${y(1) + 4}" fill="#333">par</text>`);
models.forEach((model, m) => {
  threads.forEach((t, k) => {
    const b = bars.find((x) => x.model === model && x.threads === t);
    if (!b) return;
    const x = left + m * slot + (k + 0.5) * barW;
    parts.push(`<rect x="${x}" y="${y(b.ratio)}" width="${barW * 0.9}" height="${y(0) - y(b.ratio)}" fill="${colors[k % colors.length]}"/>`,
               `<text x="${x + barW * 0.45}" y="${y(b.ratio) - 4}" text-anchor="middle">${b.ratio.toFixed(2)}</text>`);
  });
  parts.push(`<text x="${left + (m + 0.5) * slot}" y="${H - bottom + 18}" text-anchor="middle">${esc(model)}</text>`);
});
threads.forEach((t, k) => {
  const x = left + k * 110;
  parts.push(`<rect x="${x}" y="${H - 30}" width="12" height="12" fill="${colors[k % colors.length]}"/>`,
             `<text x="${x + 18}" y="${H - 20}">${t} thread${t > 1 ? 's' : ''}</text>`);
});
parts.push('</svg>');
fs.writeFileSync(output, parts.join('\n') + '\n');
console.log(`chart: ${bars.length} bars -> ${output}`);
