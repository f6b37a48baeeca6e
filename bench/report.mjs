#!/usr/bin/env node
// Every benchmark table in one run, then a summary of the targets with the figures this run
// measured (issue 10 set them). `npm run bench` (= node bench/report.mjs; it loads no wasm itself), ~9 min on 2 cores:
//
//   1. models in Chromium: onnxruntime-web's WebNN EP on us vs its wasm EP, 1 and 2 threads (bench/run.mjs --browser),
//      and the same in Firefox ESR (bench/run.mjs --firefox)
//   2. models through our API alone in Node, 1 and 2 threads (bench/direct.mjs)
//   3. one large operator at 1 and 2 threads (bench/thread-scaling.mjs), and the CPU an idle pool takes
//   4. kernels against XNNPACK, with the dispatch, build() and heap overheads (bench/kernels-vs-xnnpack.mjs)
//   5. the transcendentals' ns per element (bench/operators.mjs)
//   6. a language model of Qwen2.5-0.5B's shape in Chromium, prefill and decode, onnxruntime-web's WebNN EP on us
//      vs its wasm EP, 1 and 2 threads (bench/decode.mjs; about 9 of the run's minutes)
//   7. a segmentation network's dynamic-int8 and float16-weight forms in Chromium, onnxruntime-web's WebNN EP on us
//      vs its wasm EP, 1 and 2 threads: run time, session creation, our heap (bench/quantized.mjs)
//   8. LiteRT.js on the MediaPipe models: its webnn accelerator on us vs its wasm accelerator (bench/litert.mjs)
//   9. thread scaling in Chromium, three ways: our API alone, onnxruntime-web's WebNN EP alone, and beside its wasm
//      EP (bench/browser-scaling.mjs)
//
// Each runs in its own process, one after the other, and prints its own table; the summary reads their
// --json output. Options: --runs N (Chromium's timed rounds, default 20), --no-browser (skip 1),
// --json out.json (the date, the host, the summary, the tables and every part's figures), --chart file.svg
// (the Chromium ratios as bench/chart.mjs draws them), --from out.json (an earlier run's --json instead of
// running anything), --child pool (internal). Reports:
//
//   --markdown docs/performance.md   the run's tables, between the file's "generated" markers (the rest of
//                                    the file is left alone), and the chart beside it (model-ratios.svg)
//   --readme README.md               the headline table (Chromium, ours / onnxruntime-web per model and
//                                    thread count) between README's markers
//   --check                          writes nothing: exits 1 if either file differs from what it would write
//
//   node bench/report.mjs --json docs/performance.json --markdown docs/performance.md --readme README.md
//   node bench/report.mjs --from docs/performance.json --markdown docs/performance.md --readme README.md [--check]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECODE_HEADER, decodeRows, decodeTitle } from './decode.mjs';
import { SCALING_HEADER, SCALING_WAYS, scalingRows, scalingTitle, speedups } from './browser-scaling.mjs';
import { LITERT_HEADER, litertRows, litertTitle } from './litert.mjs';
import { markdownTable } from './markdown-table.mjs';
import { QUANTIZED_HEADER, QUANTIZED_TARGETS, quantizedRows, quantizedTitle } from './quantized.mjs';
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
    markdown: { type: 'string' },
    readme: { type: 'string' },
    check: { type: 'boolean' },
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

// Per thread count of a bench/run.mjs --browser run, [model, ours / onnxruntime-web's wasm EP (best runs)].
function modelRatios(results) {
  return [...new Set(results.map((r) => r.threads))].sort().map((t) => {
    const ours = results.find((r) => r.engine === 'ours' && r.threads === t)?.models ?? {};
    const ort = results.find((r) => r.engine === 'ort' && r.threads === t)?.models ?? {};
    return [t, Object.keys(ours).filter((m) => ours[m]?.best && ort[m]?.best).map((m) => [m, ours[m].best / ort[m].best])];
  });
}

// A LiteRT.js run's ratios, webnn accelerator on us / its wasm accelerator: per model's median run, and per compile.
function litertRatios(litert) {
  const models = litert?.results?.filter((r) => !r.error).flatMap((r) => r.models) ?? [];
  return { run: models.map((m) => [m.model, m.webnn.medianMs / m.wasm.medianMs]), compile: models.map((m) => m.webnn.compileMs / m.wasm.compileMs) };
}

// The kernel rows of a kernels-vs-xnnpack run that have figures, and those above XNNPACK's time (medians).
function kernelRows(kernels) {
  const rows = kernels?.kernels?.rows?.filter((r) => !r.error) ?? [];
  return { rows, over: rows.filter((r) => r.ratio > 1.0) };
}

// Per way of a browser-scaling run with figures, our lowest 1 -> 2 thread speed-up over the models: [[way, lowest]].
function lowestSpeedups(scaling) {
  if (!scaling?.results) return [];
  const by = speedups(scaling.results);
  return SCALING_WAYS.filter((w) => by[w]?.length).map((w) => [w, minOf(by[w].map(([, x]) => x))]);
}

// One row per target: what was measured, the bound, met or not (null: nothing measured).
function summarize({ chromium, firefox, scaling, direct, threads, pool, kernels, operators, decode, quantized, litert }) {
  const rows = [];
  // 1. Models in Chromium (issue 10: <= 0.8) and Firefox (issue 28's target 2: <= 0.5), ours / onnxruntime-web's wasm EP.
  for (const [name, run, bound, limit] of [['Chromium', chromium, '≤ 0.8 each (stretch 0.6)', 0.8],
                                            ['Firefox', firefox, '≤ 0.5 each (stretch 0.4)', 0.5]]) {
    if (!run) {
      rows.push({ target: `1. models, ${name}`, measured: 'not run', bound, met: null });
      continue;
    }
    for (const [t, ratios] of modelRatios(run.results)) {
      rows.push({ target: `1. models, ${name}, ${t} thread(s): ours / onnxruntime-web wasm EP`,
                  measured: ratios.map(([m, r]) => `${m} ${f2(r)}`).join(', ') || 'n/a', bound,
                  met: ratios.length ? maxOf(ratios.map(([, r]) => r)) <= limit : null });
    }
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
  const { rows: kRows, over } = kernelRows(kernels);
  if (kRows.length) {
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
  // 8. A language model's decode, Chromium: onnxruntime-web's wasm EP time / ours per token (issue 27).
  const decoded = decode?.results?.filter((r) => !r.error) ?? [];
  if (decoded.length) {
    const speedups = decoded.map((r) => [r.threads, r.engines.ort.stepMs / r.engines.ours.stepMs]);
    rows.push({ target: '8. decode of a 0.5 B-parameter 4-bit decoder, Chromium: onnxruntime-web wasm EP ms / ours per token',
                measured: speedups.map(([t, x]) => `${t} thread(s) ${f2(x)}`).join(', '), bound: '≥ 1.0 (stretch 1.5)',
                met: minOf(speedups.map(([, x]) => x)) >= 1.0 });
  } else if (decode) {
    rows.push({ target: '8. decode of a 0.5 B-parameter 4-bit decoder, Chromium', measured: 'n/a', bound: '≥ 1.0', met: null });
  }
  // 9. Quantized and float16-weight forms of a segmentation network, Chromium (issue 26): our time / the wasm EP's,
  // our heap and session creation, per form.
  const measuredForms = quantized?.results?.filter((r) => !r.error) ?? [];
  for (const [form, bound] of Object.entries(QUANTIZED_TARGETS)) {
    const runs = measuredForms.filter((r) => r.form === form);
    if (!runs.length) {
      if (quantized) rows.push({ target: `9. ${form} segmentation network, Chromium`, measured: 'n/a', bound: '', met: null });
      continue;
    }
    const ratios = runs.map((r) => [r.threads, r.ours.medianMs / r.ort.medianMs]);
    rows.push({ target: `9. ${form} segmentation network, Chromium: our time / onnxruntime-web wasm EP's; our heap; session creation`,
                measured: `${ratios.map(([t, x]) => `${t} thread(s) ${f2(x)}`).join(', ')}; ${maxOf(runs.map((r) => r.ours.heapMB)).toFixed(0)} MB; ` +
                          `${(maxOf(runs.map((r) => r.ours.createMs)) / 1000).toFixed(2)} s`,
                bound: `≤ ${bound.ratio}; < ${bound.heapMB} MB; < ${bound.createMs / 1000} s`,
                met: maxOf(ratios.map(([, x]) => x)) <= bound.ratio && maxOf(runs.map((r) => r.ours.heapMB)) < bound.heapMB &&
                     maxOf(runs.map((r) => r.ours.createMs)) < bound.createMs });
  }
  // 10. LiteRT.js, Chromium: its webnn accelerator on us / its wasm accelerator, run and compile (issue 28).
  const { run: runRatios, compile: compileRatios } = litertRatios(litert);
  if (runRatios.length) {
    rows.push({ target: '10. LiteRT.js, Chromium: webnn accelerator on us / its wasm accelerator (run; compile)',
                measured: `${runRatios.map(([name, x]) => `${name} ${f2(x)}`).join(', ')}; compile ${f2(minOf(compileRatios))}-${f2(maxOf(compileRatios))}`,
                bound: '≤ 1.0 each (stretch 0.7); compile ≤ 1.0', met: maxOf(runRatios.map(([, x]) => x)) <= 1.0 && maxOf(compileRatios) <= 1.0 });
  } else if (litert) {
    rows.push({ target: '10. LiteRT.js, Chromium', measured: 'n/a', bound: '≤ 1.0', met: null });
  }
  // 11. Threads in Chromium, three ways (issue 28's target 1): our speed-up from 1 to 2 threads on every model.
  if (scaling?.results) {
    const lowest = lowestSpeedups(scaling);
    rows.push({ target: '11. threads, Chromium: our speed-up 1 -> 2 threads (lowest over the models), three ways',
                measured: lowest.map(([w, x]) => `${w} ${f2(x)}`).join(', ') || 'n/a',
                bound: '≥ 1.6 each way (direct-gap: 50 ms idle before each run, beside the target)',
                met: lowest.length ? lowest.filter(([w]) => w !== 'direct-gap').every(([, x]) => x >= 1.6) : null });
  }
  return rows;
}

function printSummary(rows) {
  console.log('\n# The targets, as measured in this run\n');
  console.log('| target | measured | bound | |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.target} | ${r.measured} | ${r.bound} | ${verdict(r.met)} |`);
}

// A bench/run.mjs --browser run's table: per model and thread count, both engines' best ms and the ratio.
function modelTable(id, title, run, command) {
  const results = run.results;
  const best = (engine, t, m) => results.find((r) => r.engine === engine && r.threads === t)?.models?.[m]?.best;
  const threads = [...new Set(results.map((r) => r.threads))].sort();
  const models = [...new Set(results.flatMap((r) => Object.keys(r.models ?? {})))];
  const variant = results.find((r) => r.engine === 'ours' && r.runtime)?.runtime?.variant;
  const rows = [];
  for (const m of models) {
    for (const t of threads) {
      const a = best('ours', t, m), b = best('ort', t, m);
      rows.push([m, String(t), a ? a.toFixed(1) : 'n/a', b ? b.toFixed(1) : 'n/a', a && b ? f2(a / b) : 'n/a']);
    }
  }
  return { id, title, header: ['model', 'threads', 'ours ms', 'ort-wasm ms', 'ratio'], rows,
           how: `\`${command} --runs ${run.runs ?? 20}\`: onnxruntime-web with its WebNN EP on ` +
                `webnn-wasm${variant ? ` (\`${variant}\`)` : ''} against its own wasm EP, both in one cross-origin isolated page ` +
                'per thread count, in turns; best `session.run()` ms; ratio ours ÷ theirs (below 1 we are faster).' };
}

// The run's tables, as docs/performance.md shows them: [{ id, title, how, header, rows }], cells as text.
// A --json file written by this script carries them (`tables`), so --from reprints them as they were; an
// older file without them has them computed from its figures.
function tablesOf(data) {
  if (data.tables) return data.tables;
  const tables = [];
  const summary = data.summary ?? summarize(data);
  tables.push({ id: 'targets', title: 'Targets', how: 'Each target with what this run measured, its bound and whether it was met.',
                header: ['target', 'measured', 'bound', ''], rows: summary.map((r) => [r.target, r.measured, r.bound, verdict(r.met)]) });
  for (const [id, title, run, how] of [['chromium', 'Models in Chromium', data.chromium, 'node bench/run.mjs --browser'],
                                       ['firefox', 'Models in Firefox', data.firefox, 'node bench/run.mjs --firefox']]) {
    if (run?.results) tables.push(modelTable(id, title, run, how));
  }
  const direct = data.direct;
  if (direct?.['ours:1'] && direct['ours:2']) {
    tables.push({ id: 'direct', title: 'Models through our API alone, Node',
                  how: '`node --no-experimental-fetch bench/direct.mjs`: the graphs the EP builds, replayed with no framework in ' +
                       'the process; best of 20 runs x 2 rounds, ms.',
                  header: ['model', '1 thread', '2 threads', '1 → 2 speed-up'],
                  rows: Object.keys(direct['ours:1']).map((m) => {
                    const a = direct['ours:1'][m].best, b = direct['ours:2'][m]?.best;
                    return [m, a.toFixed(1), b ? b.toFixed(1) : 'n/a', b ? f2(a / b) : 'n/a'];
                  }) });
  }
  if (data.threads?.rows?.length) {
    tables.push({ id: 'threads', title: 'One operator at 1 and 2 threads',
                  how: '`npm run bench:threads`: each thread count in its own process, in turns; ms per dispatch of back-to-back dispatches.',
                  header: ['op', 'shape', '1T ms', '2T ms', '2T GFLOP/s', 'speed-up'],
                  rows: data.threads.rows.map((r) => [r.op, r.shape, f2(r.ms[1]), f2(r.ms[2]), (r.flops / (r.ms[2] * 1e6)).toFixed(1), f2(r.ms[1] / r.ms[2])]) });
  }
  const kRows = data.kernels?.kernels?.rows?.filter((r) => !r.error) ?? [];
  if (kRows.length) {
    tables.push({ id: 'kernels', title: 'Kernels against XNNPACK',
                  how: '`npm run bench:xnnpack`: tfjs-backend-wasm in the same Node process, 1 thread, same shapes and data, ' +
                       'interleaved samples; our time includes dispatch and `readTensor`, theirs `dataSync()`; ratio ours ÷ theirs.',
                  header: ['op', 'shape', 'ours', 'XNNPACK', 'ratio (medians)', 'ratio (bests)', 'their side'],
                  rows: kRows.map((r) => [r.op, r.shape, `${r.oursRate.toFixed(1)} ${r.unit}`, `${r.xnnpackRate.toFixed(1)} ${r.unit}`,
                                          f2(r.ratio), f2(r.ratioBest), r.xnnpackSide ?? '']) });
  }
  if (data.decode?.results?.length) {
    tables.push({ id: 'decode', title: 'A language model, token by token', how: `\`npm run bench:decode\`: ${decodeTitle(data.decode)}`,
                  header: DECODE_HEADER, rows: decodeRows(data.decode) });
  }
  if (data.quantized?.results?.length) {
    tables.push({ id: 'quantized', title: 'Quantized and float16-weight models', how: `\`npm run bench:quantized\`: ${quantizedTitle(data.quantized)}`,
                  header: QUANTIZED_HEADER, rows: quantizedRows(data.quantized) });
  }
  if (data.scaling?.results) {
    tables.push({ id: 'scaling', title: 'Thread scaling in Chromium', how: `\`npm run bench:scaling\`: ${scalingTitle(data.scaling.runs)}`,
                  header: SCALING_HEADER, rows: scalingRows(data.scaling.results) });
  }
  if (data.litert?.results?.length) {
    tables.push({ id: 'litert', title: 'LiteRT.js', how: `\`npm run bench:litert\`: ${litertTitle(data.litert)}`,
                  header: LITERT_HEADER, rows: litertRows(data.litert) });
  }
  if (data.operators?.length) {
    tables.push({ id: 'operators', title: 'Every operator\'s steps',
                  how: '`npm run bench:operators`: each operator on one 0.8 MB tensor through our API, 1 thread, the fastest of 30 ' +
                       'profiled dispatches.',
                  header: ['operator', 'input', 'ms', 'ns per element'],
                  rows: data.operators.map((r) => [r.name, r.shape.join('x'), r.ms.toFixed(3), f2(r.nsPerElement)]) });
  }
  return tables;
}

// The date and host line of a run (a --json file of this script carries both).
function runLine(data) {
  const h = data.host ?? {};
  const host = [h.cpus && `${h.cpus} CPU(s)${h.cpu ? ` (${h.cpu})` : ''}`, h.node && `Node ${h.node}`,
                h.load && `load average ${h.load}`].filter(Boolean).join(', ');
  return `Run of ${data.date ?? 'an unknown date'}${host ? ` on ${host}` : ''}.`;
}


const MARKS = {
  markdown: ['<!-- generated by bench/report.mjs --markdown: begin -->', '<!-- generated by bench/report.mjs --markdown: end -->'],
  readme: ['<!-- generated by bench/report.mjs --readme: begin -->', '<!-- generated by bench/report.mjs --readme: end -->'],
};

// docs/performance.md's generated part: the run line, then each table with how it was measured; the chart
// (model-ratios.svg, beside the file) after the Chromium table.
function performanceMarkdown(data) {
  const parts = [runLine(data)];
  if (data.note) parts.push(data.note);
  for (const t of tablesOf(data)) {
    parts.push(`### ${t.title}`, t.how, markdownTable(t.header, t.rows));
    if (t.id === 'chromium') {
      parts.push('![Bar chart of the table above: our time over onnxruntime-web\'s wasm EP per model, 1 and 2 threads, with the par and 0.8 lines](model-ratios.svg)');
    }
  }
  return parts.join('\n\n');
}

// README's headline: per model, ratio (ours vs theirs ms) at each thread count, from the Chromium table, then from
// the Firefox one where the run has it.
function headlineMarkdown(data, docLink) {
  const tables = tablesOf(data);
  const t = tables.find((x) => x.id === 'chromium');
  if (!t) throw new Error('no Chromium table in this run: the headline needs one');
  const firefox = tables.find((x) => x.id === 'firefox');
  const columns = [[t, firefox ? 'Chromium, ' : ''], ...(firefox ? [[firefox, 'Firefox, ']] : [])]
    .flatMap(([table, prefix]) => [...new Set(table.rows.map((r) => r[1]))].map((th) => [table, prefix, th]));
  const models = [...new Set(t.rows.map((r) => r[0]))];
  const date = String(data.date ?? 'an unknown date').split(/[ T]/)[0];
  const lines = [markdownTable(['model', ...columns.map(([, prefix, th]) => `${prefix}${th} thread${th === '1' ? '' : 's'}`)],
                               models.map((m) => [m, ...columns.map(([table, , th]) => {
                                 const r = table.rows.find((x) => x[0] === m && x[1] === th);
                                 return r ? `**${r[4]}** (${r[2]} vs ${r[3]} ms)` : 'n/a';
                               })])),
                 '',
                 `Our \`session.run()\` time ÷ onnxruntime-web's wasm EP, both in one page of ${firefox ? 'Chromium or Firefox ESR' : 'Chromium'} ` +
                 `(below 1 we are faster), run of ${date}: [the full report](${docLink}).`];
  const decode = tables.find((x) => x.id === 'decode');
  if (decode) {
    // Per thread count: tokens per second, ours vs theirs, prefill and decode (the table's rows 2 and 3 cells).
    const cell = (th, phase, i) => decode.rows.find((r) => r[0] === th && r[1].startsWith(phase))?.[i]?.replace(/ \(.*\)$/, '') ?? 'n/a';
    const decodeThreads = [...new Set(decode.rows.map((r) => r[0]))];
    lines.push('', markdownTable(['a 0.5 B-parameter 4-bit decoder', ...decodeThreads.map((th) => `${th} thread${th === '1' ? '' : 's'}`)], [
      ['prompt (128 tokens)', ...decodeThreads.map((th) => `${cell(th, 'prefill', 2)} vs ${cell(th, 'prefill', 3)}`)],
      ['decode', ...decodeThreads.map((th) => `${cell(th, 'decode', 2)} vs ${cell(th, 'decode', 3)}`)],
    ]), '', 'Tokens per second through onnxruntime-web: its WebNN EP on us vs its own wasm EP, same page, same run ' +
            `([language models](docs/usage.md#language-models-and-quantized-models)).`);
  }
  const quantized = tables.find((x) => x.id === 'quantized');
  if (quantized) {
    // Per form and thread count: our time / theirs (ours vs theirs ms); the table's cells 1-4.
    const forms = [...new Set(quantized.rows.map((r) => r[1]))];
    const qThreads = [...new Set(quantized.rows.map((r) => r[0]))];
    const cell = (form, th) => {
      const r = quantized.rows.find((x) => x[1] === form && x[0] === th);
      return r ? `**${r[4]}** (${r[2].replace(' ms', '')} vs ${r[3]})` : 'n/a';
    };
    lines.push('', markdownTable(['a 1024x1024 segmentation U-Net', ...qThreads.map((th) => `${th} thread${th === '1' ? '' : 's'}`)],
                                 forms.map((form) => [form.replace(/^int8/, 'dynamic int8').replace(/^float16/, 'float16 weights'), ...qThreads.map((th) => cell(form, th))])),
               '', 'Quantized and half-precision forms through onnxruntime-web, our time ÷ its wasm EP\'s, same page, same run.');
  }
  // The run's other tables, one line: LiteRT.js, the kernels against XNNPACK, thread scaling in Chromium.
  const others = [];
  const lite = litertRatios(data.litert);
  if (lite.run.length) {
    const run = lite.run.map(([, x]) => x);
    others.push(`LiteRT.js's webnn accelerator on us ${f2(minOf(run))}-${f2(maxOf(run))} of its wasm accelerator's time ` +
                `(compile ${f2(minOf(lite.compile))}-${f2(maxOf(lite.compile))}x)`);
  }
  const { rows: kRows, over } = kernelRows(data.kernels);
  if (kRows.length) {
    others.push(`kernels at or below XNNPACK's time ${kRows.length - over.length} of ${kRows.length}` +
                (over.length ? ` (${over.map((r) => `${r.op} ${f2(r.ratio)}`).join(', ')})` : ''));
  }
  const lowest = lowestSpeedups(data.scaling);
  if (lowest.length) others.push(`1 → 2 threads in Chromium, the least over the models: ${lowest.map(([w, x]) => `${w} ${f2(x)}`).join(', ')}`);
  if (others.length) lines.push('', `Same run: ${others.join('; ')} ([all tables](${docLink})).`);
  return lines.join('\n');
}

// Puts `body` between the markers in `file`'s text (or, for a file without them, at its end); with
// `check`, only compares. Returns true when the file is (or was already) up to date.
function writeRegion(file, [begin, end], body, { check, create }) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (old === null && !create) throw new Error(`${file} not found`);
  const region = `${begin}\n${body}\n${end}`;
  let text;
  if (old !== null && old.includes(begin) && old.includes(end)) {
    text = old.slice(0, old.indexOf(begin)) + region + old.slice(old.indexOf(end) + end.length);
  } else if (create) {
    text = `${old === null ? '' : `${old.trimEnd()}\n\n`}${region}\n`;
  } else {
    throw new Error(`${file} has no ${begin} ... ${end} markers`);
  }
  if (text === old) return true;
  if (check) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${file}`);
  return true;
}

// --markdown / --readme / --check for a run's data (`from`: the --json file it came from, if any).
function writeReports(o, data, from) {
  let fresh = true;
  if (o.markdown) {
    fresh = writeRegion(o.markdown, MARKS.markdown, performanceMarkdown(data), { check: o.check, create: true }) && fresh;
    const chromium = data.chromium?.results;
    if (chromium && !o.check) {
      const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-chart-')), 'chromium.json');
      fs.writeFileSync(tmp, JSON.stringify(data.chromium));
      spawnSync(process.execPath, [path.join(BENCH, 'chart.mjs'), tmp, path.join(path.dirname(o.markdown), 'model-ratios.svg')], { stdio: 'inherit' });
      fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
    } else if (!chromium) {
      console.log('chart: left as it is (no raw Chromium figures in this run\'s data)');
    }
  }
  if (o.readme) {
    const doc = o.markdown ? path.relative(path.dirname(o.readme), o.markdown).split(path.sep).join('/') : 'docs/performance.md';
    fresh = writeRegion(o.readme, MARKS.readme, headlineMarkdown(data, doc), { check: o.check, create: false }) && fresh;
  }
  if (!fresh) {
    console.log(`stale: ${[o.markdown, o.readme].filter(Boolean).join(' and/or ')} differ from ${from ?? 'this run'}'s tables; ` +
                `run node bench/report.mjs --from ${from ?? '<out.json>'}${o.markdown ? ` --markdown ${o.markdown}` : ''}${o.readme ? ` --readme ${o.readme}` : ''}`);
    return 1;
  }
  if (o.check) console.log(`up to date: ${[o.markdown, o.readme].filter(Boolean).join(', ')}`);
  return 0;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child === 'pool') {
    await poolChild();
    return 0;
  }
  if (o.check && !o.markdown && !o.readme) throw new Error('--check needs --markdown and/or --readme');
  if (o.from) {
    const data = JSON.parse(fs.readFileSync(o.from, 'utf8'));
    if (o.markdown || o.readme) return writeReports(o, data, o.from);
    const targets = tablesOf(data).find((t) => t.id === 'targets');
    console.log(`\n# The targets, as measured in the run of ${data.date ?? 'an unknown date'}\n`);
    console.log(markdownTable(targets.header, targets.rows));
    return 0;
  }
  const started = performance.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-bench-'));
  const at = (name) => path.join(tmp, `${name}.json`);
  const loadAtStart = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`bench/report.mjs: Node ${process.versions.node}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model}), ` +
              `load average ${loadAtStart}`);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const figures = {};
  if (o.browser) {
    figures.chromium = part('Models in Chromium: onnxruntime-web on us vs its wasm EP', 'run.mjs',
                            ['--browser', '--runs', String(o.runs), '--no-first-result'], at('chromium'), { browser: true });
  }
  if (o.browser) {
    figures.firefox = part('Models in Firefox: onnxruntime-web on us vs its wasm EP', 'run.mjs',
                           ['--firefox', '--runs', String(o.runs), '--no-first-result'], at('firefox'), { browser: true });
    figures.scaling = part('Thread scaling in Chromium, three ways', 'browser-scaling.mjs', ['--runs', String(o.runs)], at('scaling'),
                           { browser: true });
  }
  figures.direct = part('Models through our API alone, Node', 'direct.mjs', [], at('direct'));
  figures.threads = part('One operator at 1 and 2 threads', 'thread-scaling.mjs', [], at('threads'));
  figures.pool = runPoolChild();
  figures.kernels = part('Kernels against XNNPACK, and overheads', 'kernels-vs-xnnpack.mjs', [], at('kernels'));
  figures.operators = part('Transcendentals (and every operator the survey covers)', 'operators.mjs', [], at('operators'));
  if (o.browser) figures.decode = part('A language model, token by token, in Chromium', 'decode.mjs', [], at('decode'), { browser: true });
  if (o.browser) figures.quantized = part('Quantized and float16-weight models in Chromium', 'quantized.mjs', [], at('quantized'), { browser: true });
  if (o.browser) figures.litert = part('LiteRT.js in Chromium: its webnn accelerator on us vs its wasm accelerator', 'litert.mjs', [], at('litert'), { browser: true });
  const rows = summarize(figures);
  printSummary(rows);
  console.log(`\nload average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; whole run ` +
              `${((performance.now() - started) / 60000).toFixed(1)} min`);
  if (o.chart && figures.chromium) {
    spawnSync(process.execPath, [path.join(BENCH, 'chart.mjs'), at('chromium'), o.chart], { stdio: 'inherit' });
  }
  const host = { node: process.versions.node, cpus: os.cpus().length, cpu: os.cpus()[0]?.model?.trim(),
                 load: `${loadAtStart} at the start, ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at the end` };
  const data = { date, host, summary: rows, ...figures };
  data.tables = tablesOf(data);
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(data, null, 2));
  fs.rmSync(tmp, { recursive: true, force: true });
  return o.markdown || o.readme ? writeReports(o, data, o.json) : 0;
}

await runMain('bench', main);
