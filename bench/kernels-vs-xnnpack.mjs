#!/usr/bin/env node
// Kernels against XNNPACK: the same operators on the same shapes (NHWC), one thread, through our
// navigator.ml and through tfjs-backend-wasm 4.22 (XNNPACK), interleaved in one Node process; then the
// overheads of issue 10's target 7 (bench/overheads.mjs). See bench/README.md.
//
//   node --no-experimental-fetch bench/kernels-vs-xnnpack.mjs [--filter RE] [--runs N] [--json out.json]
//                                                              [--smoke] [--no-overheads] [--no-kernels] [--dist DIR] [--profile]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CASES } from './kernel-cases.mjs';
import { caseData, loadOurs, loadTfjs, prepareOurs, prepareTfjs } from './engines.mjs';
import { measureOverheads, printOverheads } from './overheads.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const now = () => performance.now();

function parseArgs(argv) {
  const o = parseOptions(argv, {
    runs: { type: 'number', default: 21 },
    filter: { type: 'string', convert: (text) => new RegExp(text, 'i') },
    json: { type: 'string' },
    smoke: { type: 'boolean' },
    'no-overheads': { type: 'boolean', key: 'overheads', negate: true },
    'no-kernels': { type: 'boolean', key: 'kernels', negate: true },
    dist: { type: 'string', convert: (dir) => path.resolve(dir) },
    profile: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!(o.runs >= 1)) throw new Error('--runs must be >= 1');
  Object.assign(o, o.smoke ? { runs: 1, sampleMs: 1, warmupMs: 0 } : { sampleMs: 20, warmupMs: 300 });
  return o;
}

// Peak memory bandwidth as JS sees it: the best copy of 64 MB between two Float32Arrays
// (TypedArray.set is a memmove), counted as bytes read + written, as the memory-bound rows are.
function memcpyBandwidth(smoke) {
  const n = (smoke ? 4 : 64) << 18; // floats: 64 MB
  const src = new Float32Array(n).fill(1);
  const dst = new Float32Array(n);
  let best = Infinity;
  for (let i = 0; i < (smoke ? 2 : 12); i++) {
    const t = now();
    dst.set(src);
    best = Math.min(best, now() - t);
  }
  return (2 * n * 4) / (best * 1e6); // GB/s
}

// Mean ms per call over k back-to-back calls of run().
async function sample(run, k) {
  const t = now();
  for (let i = 0; i < k; i++) await run();
  return (now() - t) / k;
}

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { best: s[0], median: s[Math.floor((s.length - 1) / 2)] };
}

// |ours - theirs| at its largest, relative to the largest |theirs|: both engines computed the same thing.
function difference(ours, theirs) {
  if (ours.length !== theirs.length) return Infinity;
  let diff = 0;
  let scale = 1e-30;
  for (let i = 0; i < ours.length; i++) {
    diff = Math.max(diff, Math.abs(ours[i] - theirs[i]));
    scale = Math.max(scale, Math.abs(theirs[i]));
  }
  return Number.isNaN(diff) ? Infinity : diff / scale;
}

// Warm both up (V8 compiles wasm with its baseline tier first and tiers hot code up later), size a
// sample to ~sampleMs per engine, then alternate A, B / B, A samples `runs` times.
async function measureCase(c, engines, o) {
  const data = caseData(c);
  const a = await prepareOurs(engines.ours, c, data);
  const b = prepareTfjs(engines.tfjs, c, data);
  try {
    const diff = difference(await a.run(), b.run());
    const warmStart = now();
    do {
      await a.run();
      await b.run();
    } while (now() - warmStart < 2 * o.warmupMs);
    const ka = Math.max(1, Math.ceil(o.sampleMs / await sample(a.run, 1)));
    const kb = Math.max(1, Math.ceil(o.sampleMs / await sample(b.run, 1)));
    const ta = [];
    const tb = [];
    for (let r = 0; r < o.runs; r++) {
      if (r % 2 === 0) {
        ta.push(await sample(a.run, ka));
        tb.push(await sample(b.run, kb));
      } else {
        tb.push(await sample(b.run, kb));
        ta.push(await sample(a.run, ka));
      }
    }
    const profile = o.profile ? await a.profile() : null;
    return { ours: stats(ta), xnnpack: stats(tb), diff, profile };
  } finally {
    a.dispose();
    b.dispose();
  }
}

// GFLOP/s or GB/s at a time in ms.
const rateOf = (c, ms) => (c.work.flops ?? c.work.bytes) / (ms * 1e6);
const unitOf = (c) => (c.work.flops ? 'GFLOP/s' : 'GB/s');
const f = (x, d = 2) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(d));
const ms3 = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

function printKernels(rows, peak, o) {
  console.log(`\n## Kernels: ours vs XNNPACK (tfjs-backend-wasm), 1 thread, ${o.runs} interleaved sample(s) each (ms per call)\n`);
  console.log('| op | shape | ours best | ours median | xnnpack best | xnnpack median | ratio (median) | ratio (best) | ours rate | xnnpack rate | ours / peak | max rel. diff | xnnpack side |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r.error) {
      console.log(`| ${r.op} | ${r.shape} | n/a | | | | | | | | | | ${r.error} |`);
      continue;
    }
    const peakOf = r.unit === 'GFLOP/s' ? peak.gflops : peak.gbps;
    console.log(`| ${r.op} | ${r.shape} | ${ms3(r.ours.best)} | ${ms3(r.ours.median)} | ${ms3(r.xnnpack.best)} | ${ms3(r.xnnpack.median)} | ` +
                `**${f(r.ratio)}** | ${f(r.ratioBest)} | ${f(r.oursRate, 1)} ${r.unit} | ${f(r.xnnpackRate, 1)} ${r.unit} | ${f(100 * r.oursRate / peakOf, 0)}% | ` +
                `${r.diff.toExponential(1)} | ${r.xnnpackSide} |`);
  }
  console.log(`\nratio = ours / xnnpack, of the medians and of the bests (below 1: we are faster; on a loaded host the bests are the steadier). Rates are from the best sample. Peak: ` +
              `${f(peak.gflops, 1)} GFLOP/s = the best either engine reached on matmul 512x512x512 (no portable FMA-free ` +
              `peak loop exists in JS); ${f(peak.gbps, 1)} GB/s = the best 64 MB Float32Array copy (TypedArray.set), ` +
              'bytes read + written, as the memory-bound rows count theirs.');
}

// --profile: what our dispatch ran, step by step (the fastest of 5 profiled), and how much of the
// measured time the steps account for (the rest is dispatch, readTensor and the executor-thread hop).
function printProfiles(rows) {
  console.log('\n## Our steps per dispatch (--profile: the fastest of 5 profiled dispatches per row)\n');
  console.log('| op | shape | steps (ms, GFLOP/s where multiply-adds are counted) | steps ms | ours best ms | steps / best |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    if (!r.profile) continue;
    const total = r.profile.reduce((s, p) => s + p.ms, 0);
    const steps = r.profile.map((p) => `${p.step} ${p.ms.toFixed(3)}${p.macs ? ` (${(2 * p.macs / (p.ms * 1e6)).toFixed(1)})` : ''}`);
    console.log(`| ${r.op} | ${r.shape} | ${steps.join('; ')} | ${total.toFixed(3)} | ${ms3(r.ours.best)} | ${f(100 * total / r.ours.best, 0)}% |`);
  }
}

async function runKernels(engines, o) {
  const selected = CASES.filter((c) => (!o.smoke || c.smoke) && (!o.filter || o.filter.test(`${c.op} ${c.shape}`)));
  const peakCase = CASES.find((c) => c.op === 'matmul' && c.shape === '512x512x512');
  const rows = [];
  for (const c of selected) {
    process.stderr.write(`  ${c.op} ${c.shape} ...`);
    const row = { op: c.op, shape: c.shape, unit: unitOf(c), work: c.work, xnnpackSide: c.xnnpack };
    try {
      Object.assign(row, await measureCase(c, engines, o));
      row.ratio = row.ours.median / row.xnnpack.median;
      row.ratioBest = row.ours.best / row.xnnpack.best;
      row.oursRate = rateOf(c, row.ours.best);
      row.xnnpackRate = rateOf(c, row.xnnpack.best);
      process.stderr.write(` ${f(row.ratio)}\n`);
    } catch (e) {
      row.error = String(e?.message ?? e).split('\n')[0];
      process.stderr.write(` error: ${row.error}\n`);
    }
    rows.push(row);
  }
  let peakRow = rows.find((r) => r.op === peakCase.op && r.shape === peakCase.shape && !r.error);
  if (!peakRow) {
    const m = await measureCase(peakCase, engines, { ...o, runs: Math.min(o.runs, 3) });
    peakRow = { oursRate: rateOf(peakCase, m.ours.best), xnnpackRate: rateOf(peakCase, m.xnnpack.best) };
  }
  const peak = { gflops: Math.max(peakRow.oursRate, peakRow.xnnpackRate), gbps: memcpyBandwidth(o.smoke),
                 definition: 'gflops: best of either engine on matmul 512^3; gbps: best 64 MB TypedArray.set, read + written' };
  for (const r of rows) if (!r.error) r.oursFractionOfPeak = r.oursRate / (r.unit === 'GFLOP/s' ? peak.gflops : peak.gbps);
  return { rows, peak };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) {
    console.log('usage: node --no-experimental-fetch bench/kernels-vs-xnnpack.mjs [--filter RE] [--runs N] [--json out.json] ' +
                '[--smoke] [--no-overheads] [--no-kernels] [--dist DIR] [--profile]');
    return 0;
  }
  const started = now();
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const engines = { ours: await loadOurs(o.dist ?? undefined), tfjs: await loadTfjs() };
  const header = {
    node: process.versions.node, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadAtStart: load(),
    ours: engines.ours.info, tfjs: engines.tfjs.info,
  };
  console.log(`Node ${header.node}, ${header.cpus} CPU(s) (${header.cpu}), load average ${header.loadAtStart}; ` +
              `ours: ${JSON.stringify(header.ours)}; tfjs-backend-wasm ${header.tfjs.version}: ` +
              `simd ${header.tfjs.simd}, ${header.tfjs.threads} thread(s)`);
  const result = { header, options: { runs: o.runs, sampleMs: o.sampleMs, warmupMs: o.warmupMs, smoke: o.smoke } };
  if (o.kernels) {
    result.kernels = await runKernels(engines, o);
    printKernels(result.kernels.rows, result.kernels.peak, o);
    if (o.profile) printProfiles(result.kernels.rows);
  }
  if (o.overheads) {
    result.overheads = await measureOverheads(engines, { smoke: o.smoke });
    printOverheads(result.overheads);
  }
  header.loadAtEnd = load();
  console.log(`\nload average at the end: ${header.loadAtEnd}; whole run ${((now() - started) / 1000).toFixed(1)} s`);
  engines.ours.context.destroy();
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(result, null, 2));
  const failed = (result.kernels?.rows ?? []).filter((r) => r.error || !(r.diff < 1e-3));
  if (failed.length) {
    console.log(`\n${failed.length} row(s) failed or disagree between engines (max rel. diff >= 1e-3): ` +
                failed.map((r) => `${r.op} ${r.shape}`).join(', '));
    return 1;
  }
  return 0;
}

await runMain('bench', main);
