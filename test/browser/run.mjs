#!/usr/bin/env node
// Browser tests: the script-tag build (dist/webnn-wasm.iife.js) in headless Chromium.
//
//   node test/browser/run.mjs [--verbose] [--model squeezenet1_1,mobilenet_v2] [--no-native] [--no-litert]
//                             [--update-screenshot]
//
// Runs the page test/browser/page.html three times, each time in a fresh browser profile:
//   (a) served with COOP/COEP (cross-origin isolated): our loader must pick the relaxed-simd-threaded build
//       (Chromium has relaxed SIMD), and simd-threaded with install({ relaxedSimd: false });
//   (b) served without them: the simd build.
// Each run checks navigator.ml, an exactly-known small graph in the page and in a dedicated worker
// (importScripts of the iife), and onnxruntime-web models (all of them when isolated, one when not;
// WebNN EP as 'webnn' and as {name:'webnn', deviceType:'cpu'}, on us vs ORT's wasm EP,
// max |a-r|/max(|r|,1e-3) <= 1e-4, 2e-4 for transformer_encoder: numerics.mjs toleranceOf);
//   (c) in Chromium with its own WebNN switched on (--enable-features=WebMachineLearningNeuralNetwork; its
//       createContext rejects, there is no backend): the script tag's install() bridges it and the page and a
//       worker compute with us.
// Then test/browser/litert.html: LiteRT.js's webnn accelerator on us vs its wasm accelerator on the MediaPipe
// .tflite models from npm (within 1e-3), and the demo page (its screenshot: docs/demo.png).
// Ends with `browser: N passed, M failed`; exit 1 on any failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODELS = path.resolve(ROOT, '..', 'shared', 'models');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking',
              '--disable-component-update', '--disable-sync', '--disable-quic'];
const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
// Cross-origin isolated: every model in ../shared/models (or --model a,b); not isolated: the first.
const allModels = fs.existsSync(MODELS)
  ? fs.readdirSync(MODELS).filter((f) => f.endsWith('.onnx')).map((f) => f.slice(0, -5)).sort() : [];
const models = argv.includes('--model') ? argv[argv.indexOf('--model') + 1] : allModels.join(',');
const oneModel = allModels.includes('squeezenet1_1') ? 'squeezenet1_1' : models.split(',')[0];
const PAGE_TIMEOUT_MS = 600000;

const totals = { pass: 0, fail: 0, skip: 0 };

function report(name, status, detail) {
  if (status in totals) totals[status]++;
  const tag = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', info: 'INFO' }[status] ?? status;
  console.log(`${tag} ${name}${detail ? `: ${detail}` : ''}`);
}

// Serves the repository (COOP/COEP when `isolated`) and opens a page in a fresh Chromium profile, then
// calls fn(page, server, logs); cleans everything up whatever happens. Failures are reported as `what`.
async function withPage(chromium, { isolated, extraArgs = [], what }, fn) {
  const server = await startServer({ root: ROOT, mounts: { '/shared-models/': MODELS }, isolated, log: verbose ? (m) => console.log(`  server: ${m}`) : null });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-chromium-'));
  const logs = [];
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: [...ARGS, ...extraArgs] });
    const page = context.pages()[0] ?? await context.newPage();
    page.on('console', (m) => logs.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => logs.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => { if (r.status() >= 400) logs.push(`HTTP ${r.status()}: ${r.url()}`); });
    await fn(page, server, logs);
  } catch (e) {
    report(what, 'fail', `${e?.message?.split('\n')[0] ?? e}`);
    for (const l of logs.slice(-40)) console.log(`    ${l}`);
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function runPage(chromium, { label, isolated, extraArgs = [], query }) {
  console.log(`\n== ${label}`);
  await withPage(chromium, { isolated, extraArgs, what: `[${label}] page` }, async (page, server, logs) => {
    const url = `${server.url}/test/browser/page.html?${new URLSearchParams(query)}`;
    if (verbose) console.log(`  ${url}`);
    await page.goto(url);
    await page.waitForFunction(() => window.__done === true, null, { timeout: PAGE_TIMEOUT_MS, polling: 500 });
    const results = await page.evaluate(() => window.__results);
    for (const r of results) report(`[${label}] ${r.name}`, r.status, r.detail);
    if (!results.length) report(`[${label}] page`, 'fail', 'the page reported no results');
    const failed = results.some((r) => r.status === 'fail');
    if ((failed || verbose) && logs.length) {
      console.log(`  page log (${logs.length} lines${logs.length > 40 ? ', last 40' : ''}):`);
      for (const l of logs.slice(-40)) console.log(`    ${l}`);
    }
  });
}

// LiteRT.js (a second framework: the TFLite WebNN delegate) on the .tflite models npm packages ship.
async function runLiteRtPage(chromium) {
  console.log('\n== LiteRT.js webnn vs wasm accelerator (test/browser/litert.html, cross-origin isolated)');
  await withPage(chromium, { isolated: true, what: '[litert] page' }, async (page, server, logs) => {
    await page.goto(`${server.url}/test/browser/litert.html`);
    await page.waitForFunction(() => window.__done === true, null, { timeout: PAGE_TIMEOUT_MS, polling: 500 });
    const results = await page.evaluate(() => window.__results);
    for (const r of results) report(`[litert] ${r.name}`, r.status, r.detail);
    if (!results.length) report('[litert] page', 'fail', 'the page reported no results');
    if (results.some((r) => r.status === 'fail') || verbose) {
      for (const l of logs.filter((m) => !/INFO|graph_builder/.test(m)).slice(-40)) console.log(`    ${l}`);
    }
  });
}

// The browser demo (examples/, served by `npm run demo:browser`): PP-OCRv4's detector must box the four
// lines of text on examples/page.png (examples/make-page.mjs draws them with baselines at y = 70, 145, 215,
// 285) and print what ran it and how fast. A screenshot goes to the temp folder, or with
// --update-screenshot to docs/demo.png, the one the README shows.
const DEMO_BASELINES = [70, 145, 215, 285];
async function runDemoPage(chromium) {
  console.log('\n== demo page (examples/index.html, cross-origin isolated)');
  await withPage(chromium, { isolated: true, what: '[demo] examples/index.html' }, async (page, server) => {
    await page.setViewportSize({ width: 900, height: 720 });
    await page.goto(`${server.url}/examples/`);
    await page.waitForFunction(() => window.__demoDone === true || window.__demoError, null, { timeout: PAGE_TIMEOUT_MS, polling: 500 });
    const text = await page.evaluate(() => document.getElementById('out').textContent);
    const demo = await page.evaluate(() => window.__demo ?? null);
    const boxes = demo?.boxes ?? [];
    // Each line's box must hold the line's baseline region: top above the baseline, bottom below it.
    const boxed = DEMO_BASELINES.filter((y) => boxes.some((b) => b.y < y - 10 && b.y + b.height > y - 2 && b.width > 150));
    const ok = boxes.length === DEMO_BASELINES.length && boxed.length === DEMO_BASELINES.length &&
      /simd-threaded build, \d+ thread/.test(text) && /first run [\d.]+ ms; steady state over \d+ runs: median/.test(text);
    report('[demo] examples/index.html boxes the 4 lines of text on the page and prints the implementation and times', ok ? 'pass' : 'fail',
           `${text.trim().split('\n').join(' | ')}; boxes ${JSON.stringify(boxes.map((b) => [b.x, b.y, b.width, b.height]))}`);
    const shot = argv.includes('--update-screenshot') ? path.join(ROOT, 'docs', 'demo.png') : path.join(os.tmpdir(), 'webnn-wasm-demo.png');
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`  screenshot: ${shot}`);
  });
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`browser: FAILED: no Chromium at ${CHROMIUM} (set CHROMIUM=...)`);
    console.log('browser: 0 passed, 1 failed');
    return 1;
  }
  if (!fs.existsSync(path.join(ROOT, 'dist', 'webnn-wasm.iife.js'))) {
    console.log('browser: FAILED: dist/webnn-wasm.iife.js not found: run `npm run build`');
    console.log('browser: 0 passed, 1 failed');
    return 1;
  }
  if (!fs.existsSync(MODELS)) console.log('note: ../shared/models not found: the onnxruntime-web model checks will be skipped');
  const { chromium } = await import('playwright-core');
  // Chromium validates relaxed SIMD (shipped in 114): isolated, the loader must pick that build.
  await runPage(chromium, { label: 'isolated (COOP/COEP)', isolated: true,
                            query: { expect: 'relaxed-simd-threaded', model: models, decode: '1' } });
  // The plain threaded build in a browser: Chromium 156 has no switch that turns relaxed SIMD off (neither
  // --js-flags=--no-experimental-wasm-relaxed-simd nor a feature flag), so the page opts out instead.
  await runPage(chromium, { label: 'isolated, relaxedSimd: false', isolated: true,
                            query: { expect: 'simd-threaded', relaxedSimd: '0', model: oneModel } });
  await runPage(chromium, { label: 'not isolated', isolated: false, query: { expect: 'simd', model: oneModel } });
  if (!argv.includes('--no-litert')) await runLiteRtPage(chromium);
  await runDemoPage(chromium);
  if (!argv.includes('--no-native')) {
    await runPage(chromium, {
      label: 'native WebNN flag: the bridge serves the page', isolated: true, query: { native: '1', model: oneModel },
      extraArgs: ['--enable-features=WebMachineLearningNeuralNetwork'],
    });
  }
  if (totals.skip) console.log(`\n${totals.skip} check(s) skipped (listed above as SKIP)`);
  console.log(`\nbrowser: ${totals.pass} passed, ${totals.fail} failed`);
  return totals.fail ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.log(`browser: FAILED: ${e?.stack ?? e}`);
  console.log('browser: 0 passed, 1 failed');
}
process.exit(code);
