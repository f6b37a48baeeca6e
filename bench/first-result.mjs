#!/usr/bin/env node
// Time to the demo's first result (issue 12, item 2): PP-OCRv4's text detector through onnxruntime-web,
// loaded as examples/detect-text-node.mjs and examples/app.mjs load it, on our navigator.ml ('webnn') and,
// for reference, on ORT's own CPU EP ('wasm').
//   Node: from spawning a fresh process to the first result.
//   Chromium: from navigation start to the first result, in a fresh profile, cross-origin isolated (our
//   threaded build) and not (our simd build).
// Each figure is the median of --runs fresh runs (default 3). See bench/README.md for the phases.
//
//   node bench/first-result.mjs [--runs N] [--only node|chromium] [--engines webnn,wasm]
//                               [--isolation isolated,not] [--base <checkout or dist>] [--json out.json]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { phasesOf, probeWebnn, sessionFor } from './first-result-probe.mjs';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const ORT_DIST = path.join(ROOT, 'node_modules', 'onnxruntime-web', 'dist');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const RESULT_TAG = 'FIRST_RESULT ';
const DIST = path.join(ROOT, 'dist');
const ENGINES = ['webnn', 'wasm'];
const abs = () => performance.timeOrigin + performance.now();  // ms since the epoch, comparable across processes

// A checkout's dist/, or the folder itself.
function distOf(dir) {
  return fs.existsSync(path.join(dir, 'dist', 'index.mjs')) ? path.resolve(dir, 'dist') : path.resolve(dir);
}

// The dists to compare: ours, and with --base, another build's, run alternately so host noise hits both.
function distsOf(o) {
  return o.base ? [{ label: '', dir: o.dist }, { label: ' (base)', dir: o.base }] : [{ label: '', dir: o.dist }];
}

function parseArgs(argv) {
  const o = parseOptions(argv, {
    runs: { type: 'number', default: 3 },
    only: { type: 'string' },
    json: { type: 'string' },
    engines: { type: 'list', default: ENGINES },
    isolation: { type: 'string', default: [true, false], convert: (text) => text.split(',').map((x) => x === 'isolated') },
    base: { type: 'string', convert: distOf },
    dist: { type: 'string', default: DIST, convert: (dir) => path.resolve(dir) },  // internal: the dist folder a child loads
    child: { type: 'string' },  // internal: the engine a spawned Node process runs
    help: { type: 'boolean', short: 'h' },
  });
  if (!(o.runs >= 1)) throw new Error('--runs must be >= 1');
  if (o.only && !['node', 'chromium'].includes(o.only)) throw new Error('--only takes node or chromium');
  return o;
}

// ---- Node: one fresh process per run, doing what examples/detect-text-node.mjs does up to its first result
async function nodeChild(engine, dist) {
  const marks = { begin: abs() };
  if (engine === 'webnn') {
    const webnn = await import(pathToFileURL(path.join(dist, 'index.mjs')).href);
    webnn.install();
    marks.installed = abs();
    marks.api = probeWebnn(abs);
    marks.runtime = await webnn.runtimeInfo();
    marks.ready = abs();
  }
  const ort = await import(pathToFileURL(path.join(ORT_DIST, 'ort.min.mjs')).href);
  ort.env.wasm.wasmBinary = fs.readFileSync(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.wasm'));
  ort.env.wasm.wasmPaths = { mjs: pathToFileURL(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.mjs')).href };
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  marks.ort = abs();
  const { decodePng } = await import('../examples/png.mjs');
  const detector = await import('../examples/text-detection.mjs');
  const image = decodePng(fs.readFileSync(path.join(ROOT, 'examples', 'page.png')));
  const model = fs.readFileSync(path.join(ROOT, detector.MODEL_PATH));
  marks.inputs = abs();
  const session = await sessionFor(ort, detector, engine, model, image.width, image.height);
  marks.session = abs();
  const boxes = await detector.detectText(ort, session, image);
  marks.first = abs();
  return { marks, boxes: boxes.length };
}

function runNode(engine, dist) {
  const zero = abs();
  const flags = (process.env.FIRST_RESULT_NODE_FLAGS ?? '').split(' ').filter(Boolean);  // for experiments
  const p = spawnSync(process.execPath, [...flags, '--no-experimental-fetch', SELF, '--child', engine, '--dist', dist],
                      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
  const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith(RESULT_TAG));
  if (!line) return { error: `exited with ${p.status ?? p.signal}: ${(p.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}` };
  const r = JSON.parse(line.slice(RESULT_TAG.length));
  return r.error ? r : { ...r, phases: phasesOf(r.marks, zero) };
}

// ---- Chromium: a fresh profile per run; the page is the demo's script tag and module (first-result-page.mjs)
function pageHtml(engine) {
  return '<!doctype html>\n<meta charset="utf-8">\n<title>webnn-wasm: time to first result</title>\n' +
    (engine === 'webnn' ? '<script src="/dist/webnn-wasm.iife.js"></script>\n' : '') +
    '<script type="module" src="/bench/first-result-page.mjs"></script>\n';
}

async function runChromium(chromium, server, engine) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-first-result-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking',
             '--disable-component-update', '--disable-sync', '--disable-quic'],
    });
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(`${server.url}/bench/first-result.html?engine=${engine}`);
    await page.waitForFunction(() => window.__firstResult, null, { timeout: 300000, polling: 100 });
    const r = await page.evaluate(() => window.__firstResult);
    return r.error ? r : { ...r, phases: phasesOf(r.marks, 0) };
  } catch (e) {
    return { error: String(e?.message ?? e).split('\n')[0] };
  } finally {
    await context?.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function chromiumRows(o) {
  if (!fs.existsSync(CHROMIUM)) return [{ where: 'Chromium', error: `no Chromium at ${CHROMIUM}` }];
  const { chromium } = await import('playwright-core');
  const { startServer } = await import('../test/browser/server.mjs');
  const rows = [];
  for (const isolated of o.isolation) {
    const routes = { '/bench/first-result.html': (req, res) => {
      const engine = new URL(req.url, 'http://x').searchParams.get('engine');
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      if (isolated) Object.assign(headers, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
      res.writeHead(200, headers).end(pageHtml(engine));
    } };
    const dists = distsOf(o);
    const servers = [];
    try {
      for (const d of dists) servers.push(await startServer({ root: ROOT, mounts: { '/dist/': d.dir }, isolated, routes }));
      for (const engine of o.engines) {
        const byDist = dists.map(() => []);
        for (let i = 0; i < o.runs; i++) {
          for (const [k, d] of (engine === 'webnn' ? dists : dists.slice(0, 1)).entries()) {
            process.stderr.write(`[chromium ${isolated ? 'isolated' : 'not isolated'}, ${engine} EP${d.label}, run ${i + 1}/${o.runs}]\n`);
            byDist[k].push(await runChromium(chromium, servers[k], engine));
          }
        }
        for (const [k, d] of dists.entries()) {
          if (byDist[k].length) rows.push({ where: `Chromium, ${isolated ? 'isolated' : 'not isolated'}`, engine: engine + d.label, runs: byDist[k] });
        }
      }
    } finally {
      for (const server of servers) await server.close();
    }
  }
  return rows;
}

function nodeRows(o) {
  const rows = [];
  const dists = distsOf(o);
  for (const engine of o.engines) {
    const byDist = dists.map(() => []);
    for (let i = 0; i < o.runs; i++) {
      for (const [k, d] of (engine === 'webnn' ? dists : dists.slice(0, 1)).entries()) {
        process.stderr.write(`[node, ${engine} EP${d.label}, run ${i + 1}/${o.runs}]\n`);
        byDist[k].push(runNode(engine, d.dir));
      }
    }
    for (const [k, d] of dists.entries()) {
      if (byDist[k].length) rows.push({ where: `Node ${process.versions.node}`, engine: engine + d.label, runs: byDist[k] });
    }
  }
  return rows;
}

// ---- the table: per row, the median of each phase over its runs
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const COLUMNS = [
  ['total', 'first result'], ['start', 'start'], ['ours', 'ours ready'], ['ort', 'ORT import'], ['inputs', 'inputs'],
  ['session', 'session'], ['firstRun', 'first run'], ['createContext', 'createContext'], ['build', 'build()'],
  ['dispatchToRead', 'dispatch→read'],
];

function summarise(row) {
  const ok = row.runs?.filter((r) => !r.error) ?? [];
  const errors = [...new Set((row.runs ?? []).filter((r) => r.error).map((r) => r.error)), ...(row.error ? [row.error] : [])];
  const med = {};
  for (const [key] of COLUMNS) {
    const xs = ok.map((r) => r.phases[key]).filter((x) => x !== undefined);
    if (xs.length) med[key] = median(xs);
  }
  // Ours on the critical path: our runtime's load, createContext(), build() and the first dispatch-to-read.
  if (row.engine.startsWith('webnn') && ok.length) {
    med.oursTotal = median(ok.map((r) => r.phases.ours + (r.phases.createContext ?? 0) + (r.phases.build ?? 0) + (r.phases.dispatchToRead ?? 0)));
  }
  return { ...row, ok: ok.length, errors, median: med, boxes: [...new Set(ok.map((r) => r.boxes))] };
}

function printTable(rows, runs) {
  const fmt = (x) => (x === undefined ? '' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`\nTime to the demo's first result (PP-OCRv4 text detector via onnxruntime-web; ms, median of ${runs} fresh run(s); ` +
              `Node from spawn, Chromium from navigation start; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)})\n`);
  console.log(`| where | EP | ${COLUMNS.map(([, h]) => h).join(' | ')} | ours in all |`);
  console.log(`|---|---|${COLUMNS.map(() => '---:').join('|')}|---:|`);
  for (const r of rows) {
    const cells = COLUMNS.map(([k]) => fmt(r.median[k]));
    console.log(`| ${r.where} | ${r.engine ?? ''} | ${cells.join(' | ')} | ${fmt(r.median.oursTotal)} |`);
  }
  for (const r of rows) {
    for (const e of r.errors) console.log(`- ${r.where}, ${r.engine}: ${r.ok}/${r.runs?.length ?? 0} ran; error: ${e}`);
    if (r.boxes.length && !(r.boxes.length === 1 && r.boxes[0] === 4)) console.log(`- ${r.where}, ${r.engine}: found ${r.boxes.join('/')} boxes, expected 4`);
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) {
    console.log('usage: node bench/first-result.mjs [--runs N] [--only node|chromium] [--engines webnn,wasm] [--isolation isolated,not] [--base <checkout or dist>] [--json out.json]');
    return 0;
  }
  if (o.child) {
    let r;
    try {
      r = await nodeChild(o.child, o.dist);
    } catch (e) {
      r = { error: String(e?.message ?? e).split('\n')[0] };
    }
    process.stdout.write(RESULT_TAG + JSON.stringify(r) + '\n');
    return 0;
  }
  const rows = [];
  if (o.only !== 'chromium') rows.push(...nodeRows(o));
  if (o.only !== 'node') rows.push(...await chromiumRows(o));
  const summary = rows.map(summarise);
  printTable(summary, o.runs);
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ runs: o.runs, cores: os.cpus().length, rows: summary }, null, 2));
  return 0;
}

await runMain('first-result', main);
