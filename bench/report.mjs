#!/usr/bin/env node
// Every table of issue 10 in one run, then a summary of its seven targets with the figures this run
// measured. `npm run bench` (= node bench/report.mjs; it loads no wasm itself), 2.8-3.2 min on 2 cores:
//
//   1. models in Chromium: onnxruntime-web's WebNN EP on us vs its wasm EP, 1 and 2 threads (bench/run.mjs --browser)
//   2. models through our API alone in Node, 1 and 2 threads (bench/direct.mjs)
//   3. one large operator at 1 and 2 threads (bench/thread-scaling.mjs), and the CPU an idle pool takes
//   4. kernels against XNNPACK, with the dispatch, build() and heap overheads (bench/kernels-vs-xnnpack.mjs)
//   5. the transcendentals' ns per element (bench/operators.mjs)
//
// Each runs in its own process, one after the other, and prints its own table; the summary reads their
// --json output. Options: --runs N (Chromium's timed rounds, default 20), --no-browser (skip 1),
// --json out.json (the summary and every part's figures), --chart file.svg (the Chromium ratios as
// bench/chart.mjs draws them), --from out.json (print the summary of an earlier run's --json again),
// --child pool (internal).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const SELF = fileURLToPath(import.meta.url);
const BENCH = path.dirname(SELF);

// Target 5's operators, as bench/operators.mjs names its rows.
const TRANSCENDENTALS = ['exp', 'erf', 'tanh', 'sigmoid', 'gelu', 'elu', 'softmax (rows)'];

function parseArgs(argv) {
  return parseOptions(argv, {
    runs: { type: 'number', default: 20 },
    'no-browser': { type: 'boolean', key: 'browser', negate: true },
    json: { type: 'string' },
    chart: { type: 'string' },
    from: { type: 'string' },
    child: { type: 'string' },
  });
}

// Runs a bench script with its output shown as it comes; returns what it wrote to `json` (null on failure).
// Node's own scripts run with --no-experimental-fetch (emscripten's loader breaks on Node 20's fetch), the
// browser one without it (playwright-core needs fetch's globals).
function part(title, script, args, json, { browser = false } = {}) {
  console.log(`\n# ${title}\n`);
  const flags = browser ? [] : ['--no-experimental-fetch'];
  const r = spawnSync(process.execPath, [...flags, path.join(BENCH, script), ...args, '--json', json], { stdio: 'inherit' });
  if (r.status !== 0 || !fs.existsSync(json)) {
    console.log(`\n(${script} exited with ${r.status ?? r.signal}: its figures are missing from the summary)`);
    return null;
  }
  return JSON.parse(fs.readFileSync(json, 'utf8'));
}

// At 2 threads, a large convolution's step profile (target 6: what the profiler reports), then the
// process's CPU time over one idle second after 20 runs of it (target 2: the pool's workers park, not
// spin, once the work stops). Prints { profile, idleCpuMs, wallMs } as JSON.
async function poolChild() {
  const { loadOurs, caseData, prepareOurs } = await import('./engines.mjs');
  const { CASES } = await import('./kernel-cases.mjs');
  const ours = await loadOurs(undefined, 2);
  const c = CASES.find((k) => k.op === 'conv2d' && k.shape === '3x3 56²x64→64');
  const run = await prepareOurs(ours, c, caseData(c));
  for (let i = 0; i < 20; i++) await run.run();
  const profile = await run.profile();
  await new Promise((resolve) => setTimeout(resolve, 100));  // past the pool's spin after a run (ms)
  const cpu = process.cpuUsage();
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - start;
  run.dispose();
  ours.context.destroy();
  console.log(JSON.stringify({ profile, idleCpuMs: (used.user + used.system) / 1000, wallMs }));
}

function runPoolChild() {
  const r = spawnSync(process.execPath, ['--no-experimental-fetch', SELF, '--child', 'pool'], { encoding: 'utf8' });
  const line = r.stdout?.trim().split('\n').pop();
  try {
    return JSON.parse(line);
  } catch {
    return { error: (r.stderr || r.stdout || '').split('\n').slice(-3).join(' ') };
  }
}

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const maxOf = (xs) => xs.reduce((m, x) => Math.max(m, x), -Infinity);
const minOf = (xs) => xs.reduce((m, x) => Math.min(m, x), Infinity);
const verdict = (ok) => (ok === null ? 'not measured' : ok ? 'met' : 'not met');

// One row per target: what was measured, the bound, met or not (null: nothing measured).
function summarize({ chromium, direct, threads, pool, kernels, operators }) {
  const rows = [];
  // 1. Models in Chromium, ratio ours / onnxruntime-web's wasm EP.
  if (chromium) {
    for (const t of [...new Set(chromium.results.map((r) => r.threads))].sort()) {
      const ours = chromium.results.find((r) => r.engine === 'ours' && r.threads === t)?.models ?? {};
      const ort = chromium.results.find((r) => r.engine === 'ort' && r.threads === t)?.models ?? {};
      const ratios = Object.keys(ours).filter((m) => ours[m]?.best && ort[m]?.best).map((m) => [m, ours[m].best / ort[m].best]);
      const worst = maxOf(ratios.map(([, r]) => r));
      rows.push({ target: `1. models, Chromium, ${t} thread(s): ours / onnxruntime-web wasm EP`,
                  measured: ratios.map(([m, r]) => `${m} ${f2(r)}`).join(', ') || 'n/a', bound: '≤ 0.8 each (stretch 0.6)',
                  met: ratios.length ? worst <= 0.8 : null });
    }
  } else {
    rows.push({ target: '1. models, Chromium', measured: 'not run', bound: '≤ 0.8 each', met: null });
  }
  // 2. Threads: one large operator, the models, an idle second.
  if (threads) {
    const speedups = threads.rows.map((r) => [`${r.op} ${r.shape}`, r.ms[1] / r.ms[2]]);
    const best = speedups.reduce((a, b) => (b[1] > a[1] ? b : a), ['', -Infinity]);
    rows.push({ target: '2. one large conv or matmul, 1 -> 2 threads', measured: `${f2(best[1])} (${best[0]}); all rows ${f2(minOf(speedups.map((s) => s[1])))}-${f2(best[1])}`,
                bound: '≥ 1.8', met: best[1] >= 1.8 });
  }
  if (direct?.['ours:1'] && direct['ours:2']) {
    const s = Object.keys(direct['ours:1']).map((m) => [m, direct['ours:1'][m].best / direct['ours:2'][m].best]);
    rows.push({ target: '2. models through our API (Node), 1 -> 2 threads', measured: s.map(([m, x]) => `${m} ${f2(x)}`).join(', '),
                bound: '≥ 1.6 each', met: minOf(s.map(([, x]) => x)) >= 1.6 });
  }
  rows.push({ target: '2. CPU time of an idle second after 20 runs at 2 threads', bound: '≈ 0',
              measured: pool?.error ? `n/a (${pool.error})` : `${pool.idleCpuMs.toFixed(1)} ms`, met: pool?.error ? null : pool.idleCpuMs < 20 });
  // 3. Kernels against XNNPACK.
  const kRows = kernels?.kernels?.rows?.filter((r) => !r.error) ?? [];
  if (kRows.length) {
    const over = kRows.filter((r) => r.ratio > 1.0);
    rows.push({ target: '3. kernels, 1 thread: ours / XNNPACK (medians)', bound: '≤ 1.0 each',
                measured: `${kRows.length - over.length} of ${kRows.length} at or below 1.0` +
                          (over.length ? `; above: ${over.map((r) => `${r.op} ${r.shape} ${f2(r.ratio)} (best ${f2(r.ratioBest)})`).join(', ')}` : ''),
                met: over.length === 0 });
  }
  // 4. Relaxed SIMD: the variant Chromium loaded.
  const variant = chromium?.results?.find((r) => r.engine === 'ours' && r.runtime)?.runtime?.variant;
  rows.push({ target: '4. relaxed SIMD artefact, feature-detected', bound: 'relaxed where the engine validates it',
              measured: variant ? `Chromium loaded ${variant}` : 'n/a', met: variant ? variant.startsWith('relaxed') : null });
  // 5. Transcendentals, ns per element.
  const ops = (operators ?? []).filter((r) => TRANSCENDENTALS.includes(r.name));
  if (ops.length) {
    rows.push({ target: '5. transcendentals, ns per element (1x64x56x56; softmax 128x1024)', bound: '≤ 1.5 each',
                measured: ops.map((r) => `${r.name.replace(' (rows)', '')} ${f2(r.nsPerElement)}`).join(', '),
                met: maxOf(ops.map((r) => r.nsPerElement)) <= 1.5 });
  }
  // 6. The profiler, as the conv at 2 threads reported it.
  const steps = pool?.profile ?? [];
  const gemm = steps.find((p) => p.macs > 0);
  rows.push({ target: '6. per-step profile (operator, kernel, ms, multiply-adds, pool tasks, waits)', bound: 'printed on request',
              measured: gemm ? `conv 3x3 56²x64→64 at 2 threads: ${steps.length} step(s); ${gemm.step} ${gemm.ms.toFixed(2)} ms, ` +
                               `${(2 * gemm.macs / (gemm.ms * 1e6)).toFixed(1)} GFLOP/s, ${gemm.tasks} tasks, workers ran ` +
                               `${(100 * gemm.workerTasks / Math.max(1, gemm.tasks)).toFixed(0)}% (tables: bench/direct.mjs --profile, ` +
                               'bench/run.mjs --browser --profile)' : 'no profile (a build without the profiler?)',
              met: gemm ? gemm.ms > 0 && gemm.tasks > 0 : false });
  // 7. Overheads.
  const o = kernels?.overheads;
  if (o) {
    const rt = o.dispatch.roundTripUs.median;
    rows.push({ target: '7. dispatch + await readTensor of a 1-operator graph, median', bound: '≤ 20 µs', measured: `${rt.toFixed(1)} µs`, met: rt <= 20 });
    const m = o.model;
    if (m && !m.error) {
      const builds = m.cycles.map((c) => c.buildMs);
      rows.push({ target: '7. mobilenet_v2 build(), off the JS thread', bound: '≤ 100 ms', measured: `${builds.map((b) => b.toFixed(0)).join(', ')} ms (cycles)`,
                  met: maxOf(builds) <= 100 });
      const base = m.heap[0].inUse;
      const budget = m.weightBytes + (m.arenaBytes ?? 0);
      const share = (when) => m.heap.filter((h) => when(h.when)).map((h) => h.inUse);
      const afterBuild = maxOf(share((w) => w.endsWith('after build()')));
      const afterRuns = share((w) => w.includes('dispatch'));
      const spread = maxOf(afterRuns) - minOf(afterRuns);
      // Flat: the heap after each cycle's dispatches is the same to within 64 KB (malloc's bookkeeping).
      rows.push({ target: '7. wasm heap after build / (weights + planned arena); after dispatches, over cycles', bound: '≤ 1.3, flat',
                  measured: `${f2((afterBuild - base) / budget)} after build, ${f2((maxOf(afterRuns) - base) / budget)} after a cycle's ` +
                            `dispatches (its input and output tensors included); ` +
                            `spread over ${m.cycles.length} cycles ${spread} bytes`,
                  met: (afterBuild - base) / budget <= 1.3 && spread <= 65536 });
    }
    const relu = o.dispatch.heap;
    if (relu?.length) {
      const grown = relu[relu.length - 1].inUse - relu.find((h) => h.when === 'after build').inUse;
      rows.push({ target: '7. wasm heap of a relu graph over thousands of dispatches', bound: 'flat',
                  measured: `${grown} bytes more after the last batch (${relu[relu.length - 1].when}) than after build`, met: Math.abs(grown) <= 65536 });
    }
  }
  return rows;
}

function printSummary(rows) {
  console.log('\n# Issue 10\'s targets, as measured in this run\n');
  console.log('| target | measured | bound | |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.target} | ${r.measured} | ${r.bound} | ${verdict(r.met)} |`);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child === 'pool') {
    await poolChild();
    return 0;
  }
  if (o.from) {
    printSummary(summarize(JSON.parse(fs.readFileSync(o.from, 'utf8'))));
    return 0;
  }
  const started = performance.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-bench-'));
  const at = (name) => path.join(tmp, `${name}.json`);
  console.log(`bench/report.mjs: Node ${process.versions.node}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model}), ` +
              `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const figures = {};
  if (o.browser) {
    figures.chromium = part('Models in Chromium: onnxruntime-web on us vs its wasm EP', 'run.mjs',
                            ['--browser', '--runs', String(o.runs), '--no-first-result'], at('chromium'), { browser: true });
  }
  figures.direct = part('Models through our API alone, Node', 'direct.mjs', [], at('direct'));
  figures.threads = part('One operator at 1 and 2 threads', 'thread-scaling.mjs', [], at('threads'));
  figures.pool = runPoolChild();
  figures.kernels = part('Kernels against XNNPACK, and overheads', 'kernels-vs-xnnpack.mjs', [], at('kernels'));
  figures.operators = part('Transcendentals (and every operator the survey covers)', 'operators.mjs', [], at('operators'));
  const rows = summarize(figures);
  printSummary(rows);
  console.log(`\nload average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; whole run ` +
              `${((performance.now() - started) / 60000).toFixed(1)} min`);
  if (o.chart && figures.chromium) {
    spawnSync(process.execPath, [path.join(BENCH, 'chart.mjs'), at('chromium'), o.chart], { stdio: 'inherit' });
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ summary: rows, ...figures }, null, 2));
  fs.rmSync(tmp, { recursive: true, force: true });
  return 0;
}

await runMain('bench', main);
