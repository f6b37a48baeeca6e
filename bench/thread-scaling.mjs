#!/usr/bin/env node
// One operator at 1 and at 2 threads (issue 10's target 2: >= 1.8x on one large conv or matmul): the
// GEMM-class rows of bench/kernel-cases.mjs through our navigator.ml, each thread count in its own child
// process (the pool's size is fixed at install), the children alternating `--rounds` times. A sample is k
// back-to-back dispatch() calls and one readTensor() after them, so the figure is the operator's time per
// dispatch with the copy out amortised; best of `--runs` samples of >= 20 ms per child.
//
//   node --no-experimental-fetch bench/thread-scaling.mjs [--filter RE] [--threads 1,2] [--runs N] [--rounds R]
//                                                         [--json out.json] [--smoke]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { CASES } from './kernel-cases.mjs';
import { caseData, loadOurs, prepareOurs } from './engines.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const SELF = fileURLToPath(import.meta.url);
const TAG = 'SCALING_RESULT ';
const now = () => performance.now();

function parseArgs(argv) {
  return parseOptions(argv, {
    filter: { type: 'string', convert: (text) => new RegExp(text, 'i') },
    threads: { type: 'numbers', default: [1, 2] },
    runs: { type: 'number', default: 11 },
    rounds: { type: 'number', default: 2 },
    json: { type: 'string' },
    smoke: { type: 'boolean' },
    child: { type: 'number' },  // internal: the thread count of this child
  });
}

const selectedCases = (o) =>
  CASES.filter((c) => c.work.flops && (!o.smoke || c.smoke) && (!o.filter || o.filter.test(`${c.op} ${c.shape}`)));

// In the child: every selected case at o.child threads; one JSON line per case on stdout.
async function child(o) {
  const engine = await loadOurs(undefined, o.child);
  const sampleMs = o.smoke ? 1 : 20;
  for (const c of selectedCases(o)) {
    const ours = await prepareOurs(engine, c, caseData(c));
    const batch = async (k) => {
      const t = now();
      for (let i = 1; i < k; i++) ours.dispatchOnly();
      await ours.run();
      return (now() - t) / k;
    };
    const warmEnd = now() + (o.smoke ? 0 : 300);
    do await batch(1); while (now() < warmEnd);
    const k = Math.max(1, Math.ceil(sampleMs / await batch(1)));
    let best = Infinity;
    for (let r = 0; r < (o.smoke ? 1 : o.runs); r++) best = Math.min(best, await batch(k));
    ours.dispose();
    process.stdout.write(`${TAG}${JSON.stringify({ op: c.op, shape: c.shape, threads: o.child, best, flops: c.work.flops })}\n`);
  }
  engine.context.destroy();
}

function runChild(o, threads) {
  const args = ['--no-experimental-fetch', SELF, '--child', String(threads), '--runs', String(o.runs)];
  if (o.filter) args.push('--filter', o.filter.source);
  if (o.smoke) args.push('--smoke');
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`child (${threads} threads) failed: ${r.stderr || r.stdout}`);
  return r.stdout.split('\n').filter((l) => l.startsWith(TAG)).map((l) => JSON.parse(l.slice(TAG.length)));
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child) return child(o).then(() => 0);
  const rounds = o.smoke ? 1 : o.rounds;
  const best = new Map();  // `${op} ${shape}` -> {threads -> ms}
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? o.threads : [...o.threads].reverse();
    for (const threads of order) {
      process.stderr.write(`[round ${round + 1}: ${threads} thread(s)]\n`);
      for (const r of runChild(o, threads)) {
        const key = `${r.op} ${r.shape}`;
        const row = best.get(key) ?? { op: r.op, shape: r.shape, flops: r.flops, ms: {} };
        row.ms[threads] = Math.min(row.ms[threads] ?? Infinity, r.best);
        best.set(key, row);
      }
    }
  }
  const rows = [...best.values()];
  const base = o.threads[0];
  console.log(`\n## One operator at ${o.threads.join(' and ')} threads (ours; best of ${o.runs} samples x ${rounds} ` +
              `round(s), ms per dispatch; Node ${process.versions.node}, ${os.cpus().length} CPU(s), load ` +
              `${os.loadavg().map((x) => x.toFixed(2)).join(' ')})\n`);
  console.log(`| op | shape | ${o.threads.map((t) => `${t}T ms | ${t}T GFLOP/s`).join(' | ')} | ` +
              `${o.threads.slice(1).map((t) => `speed-up ${base}→${t}`).join(' | ')} |`);
  console.log(`|---|---|${o.threads.map(() => '---|---|').join('')}${o.threads.slice(1).map(() => '---|').join('')}`);
  for (const r of rows) {
    const cells = o.threads.map((t) => `${r.ms[t].toFixed(3)} | ${(r.flops / (r.ms[t] * 1e6)).toFixed(1)}`);
    const speedups = o.threads.slice(1).map((t) => `**${(r.ms[base] / r.ms[t]).toFixed(2)}**`);
    console.log(`| ${r.op} | ${r.shape} | ${cells.join(' | ')} | ${speedups.join(' | ')} |`);
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ threads: o.threads, runs: o.runs, rounds, rows }, null, 2));
  return 0;
}

await runMain('thread-scaling', main);
