#!/usr/bin/env node
// Our engine on the shared models through our API alone, no framework in the timed process: the graphs
// onnxruntime-web's WebNN EP builds are recorded once (bench/graph-record.mjs, cached in
// build/bench-graphs/) and replayed. Per model and thread count: build() time, best and median
// dispatch -> readTensor time, the 1 -> 2 thread speed-up; with --base <dir>, the same for another
// checkout's dist/ in alternating child processes, and the ratio (an A/B test of our own changes).
//
//   node --no-experimental-fetch bench/direct.mjs [--models a,b] [--threads 1,2] [--runs N] [--rounds R]
//                                                 [--base /path/to/other/checkout] [--profile] [--json out]
//                                                 [--gap MS]
// --gap MS sleeps MS milliseconds before each timed run, as a frame-by-frame app idles between frames:
// after such a gap our 2-thread runs are slower than back to back (its workers have parked), 1 thread not.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bindReplay, fromFiles, replay, startRecording, toFiles } from './graph-record.mjs';
import { MIN_WARMUP_MS, prepareFeeds, sessionOptions } from './measure.mjs';
import { fastestProfile, printProfile } from './profile-table.mjs';
import { captureOutput, listModels, loadOrt } from '../test/models/ort-harness.mjs';
import { parseOptions } from '../tools/cli-options.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const CACHE = path.join(ROOT, 'build', 'bench-graphs');
const TAG = 'DIRECT_RESULT ';

function parseArgs(argv) {
  return parseOptions(argv, {
    models: { type: 'list' },
    threads: { type: 'numbers', default: [1, 2] },
    runs: { type: 'number', default: 20 },
    rounds: { type: 'number', default: 2 },
    gap: { type: 'number', default: 0 },
    base: { type: 'string', convert: (dir) => path.resolve(dir) },
    profile: { type: 'boolean' },
    json: { type: 'string' },
    child: { type: 'string' },  // internal: '<distDir>:<threads>' or 'capture'
  });
}

// ---- capture: ORT's WebNN EP on our navigator.ml, every builder call recorded ---------------------
async function capture(models) {
  const lib = await import(pathToFileURL(path.join(ROOT, 'dist', 'index.mjs')).href);
  lib.install({ numThreads: 1 });
  const builds = startRecording(globalThis.MLGraphBuilder, globalThis.MLOperand);
  const ort = await loadOrt({ numThreads: 1 });
  fs.mkdirSync(CACHE, { recursive: true });
  for (const model of models) {
    const bytes = fs.readFileSync(model.file);
    const { overrides } = await prepareFeeds(ort, bytes, model.name);
    const before = builds.length;
    const created = await captureOutput(() => ort.InferenceSession.create(bytes, sessionOptions('ours', null, overrides)));
    if (created.error) throw created.error;
    await created.result.release();
    const mine = builds.slice(before);
    if (mine.length !== 1) throw new Error(`${model.name}: ${mine.length} graphs built, expected one WebNN partition`);
    const files = toFiles(mine[0]);
    fs.writeFileSync(path.join(CACHE, `${model.name}.json`), files.json);
    fs.writeFileSync(path.join(CACHE, `${model.name}.bin`), files.bin);
    process.stderr.write(`  recorded ${model.name}: ${mine[0].calls.length} builder calls, ${(files.bin.byteLength / 1e6).toFixed(1)} MB of constants\n`);
  }
}

// ---- child: one dist at one thread count, every model -----------------------------------------------
async function child(o, dist, threads) {
  const lib = await import(pathToFileURL(path.join(dist, 'index.mjs')).href);
  lib.install({ numThreads: threads, mode: 'force' });
  const testing = o.profile ? lib.__testing : null;
  const context = await navigator.ml.createContext();
  const result = {};
  for (const model of o.models) {
    const recording = fromFiles(fs.readFileSync(path.join(CACHE, `${model}.json`), 'utf8'), fs.readFileSync(path.join(CACHE, `${model}.bin`)));
    const replayed = await replay(recording, context, globalThis.MLGraphBuilder);
    const { run: once, dispose } = await bindReplay(context, replayed);
    const warmStart = performance.now();
    for (let i = 0; i < 3 || performance.now() - warmStart < MIN_WARMUP_MS; i++) await once();
    const times = [];
    for (let i = 0; i < o.runs; i++) {
      if (o.gap) await new Promise((resolve) => setTimeout(resolve, o.gap));
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const profile = await fastestProfile(testing, context, once);
    result[model] = { buildMs: replayed.buildMs, best: times[0], median: times[Math.floor((times.length - 1) / 2)], profile };
    dispose();
  }
  context.destroy();
  return result;
}

// Children inherit the engine's --experimental-wasm-* flags: `node --experimental-wasm-relaxed-simd
// bench/direct.mjs --base <checkout without relaxed-simd-threaded>` measures what relaxed SIMD buys.
const ENGINE_FLAGS = process.execArgv.filter((f) => f.startsWith('--experimental-wasm-'));

function runChild(args) {
  const p = spawnSync(process.execPath, [...ENGINE_FLAGS, '--no-experimental-fetch', SELF, ...args],
                      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith(TAG));
  if (!line) throw new Error(`child ${args.join(' ')} exited with ${p.status ?? p.signal} and no result`);
  return JSON.parse(line.slice(TAG.length));
}

// The recordings of `models` (names) in build/bench-graphs/, made once through onnxruntime-web's WebNN EP in a
// child process where missing. bench/browser-scaling.mjs replays them in Chromium too.
export function ensureRecordings(models) {
  const missing = models.filter((m) => !fs.existsSync(path.join(CACHE, `${m}.bin`)));
  if (!missing.length) return;
  process.stderr.write(`recording ${missing.join(', ')} through onnxruntime-web's WebNN EP (once, cached in ${path.relative(ROOT, CACHE)})\n`);
  runChild(['--child', 'capture', '--models', missing.join(',')]);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child === 'capture') {
    await capture(listModels(o.models));
    process.stdout.write(TAG + '{}\n');
    return;
  }
  if (o.child) {
    const at = o.child.lastIndexOf(':');
    process.stdout.write(TAG + JSON.stringify(await child(o, o.child.slice(0, at), Number(o.child.slice(at + 1)))) + '\n');
    return;
  }
  const models = listModels(o.models);
  if (!models) {
    console.log('direct bench: skipped: ../shared/models not found');
    return;
  }
  o.models = models.map((m) => m.name);
  ensureRecordings(o.models);
  const dists = [['ours', path.join(ROOT, 'dist')], ...(o.base ? [['base', path.join(o.base, 'dist')]] : [])];
  const best = {}; // `${who}:${threads}` -> model -> {buildMs, best, median}
  for (let round = 0; round < o.rounds; round++) {
    for (const threads of o.threads) {
      for (const [who, dist] of dists) {
        const args = ['--child', `${dist}:${threads}`, '--models', o.models.join(','), '--runs', String(o.runs)];
        if (o.gap) args.push('--gap', String(o.gap));
        if (o.profile && round === o.rounds - 1 && who === 'ours') args.push('--profile');
        process.stderr.write(`[round ${round + 1}: ${who}, ${threads} thread(s)]\n`);
        const r = runChild(args);
        const slot = (best[`${who}:${threads}`] ??= {});
        for (const [m, v] of Object.entries(r)) {
          const prev = slot[m];
          slot[m] = {
            buildMs: Math.min(prev?.buildMs ?? Infinity, v.buildMs),
            best: Math.min(prev?.best ?? Infinity, v.best),
            medians: [...(prev?.medians ?? []), v.median],
            profile: v.profile ?? prev?.profile ?? null,
          };
        }
      }
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  console.log(`\nOur API directly (recorded graphs replayed; dispatch -> readTensor of every output), best of ${o.runs} runs x ${o.rounds} round(s) after >= ${MIN_WARMUP_MS / 1000} s warm-up${o.gap ? `, ${o.gap} ms idle before each run` : ''}; median of round medians:`);
  const header = ['model', 'threads', 'build ms', 'best ms', 'median ms'];
  if (o.threads.includes(1)) header.push('speed-up vs 1T');
  if (o.base) header.push('base best ms', 'ours/base');
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const m of o.models) {
    for (const threads of o.threads) {
      const a = best[`ours:${threads}`][m];
      const row = [m, threads, a.buildMs.toFixed(0), a.best.toFixed(2), med(a.medians).toFixed(2)];
      if (o.threads.includes(1)) row.push((best['ours:1'][m].best / a.best).toFixed(2));
      if (o.base) {
        const b = best[`base:${threads}`][m];
        row.push(b.best.toFixed(2), (a.best / b.best).toFixed(3));
      }
      console.log(`| ${row.join(' | ')} |`);
    }
  }
  if (o.profile) {
    for (const m of o.models) {
      for (const threads of o.threads) {
        const p = best[`ours:${threads}`][m].profile;
        if (p) printProfile(`${m}, ${threads} thread(s), the fastest of 5 profiled dispatches`, p);
      }
    }
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(best, null, 2));
}

if (process.argv[1] === SELF) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
