#!/usr/bin/env node
// The package as users get it: `npm pack`s the repository, installs the tarball (offline: it has no
// dependencies) into a temporary project and checks, from that install only:
//   types    tsc --noEmit on samples (test/package/types) under moduleResolution bundler and node16,
//            for a page, a worker (WorkerNavigator.ml) and the script tag (webnn-wasm/iife);
//   node     the package by name from an ES module and from CommonJS, in this Node without flags (the
//            threaded build: relaxed-simd-threaded where its V8 ships relaxed SIMD, as Node 22's does);
//   vite     `vite build` of test/package/app (page + module Worker), no config file;
//   webpack  `webpack --mode production --entry ./main.js --output-path ./dist`, no config file;
//   esbuild  `esbuild --bundle --format=esm`, with the dist files copied beside the bundle;
//   csp      the script-tag build on a page served with
//            Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'.
// Every page runs in Chromium (playwright-core) cross-origin isolated, where it must pick the threaded
// build, and not isolated, where it must pick the simd build; each must compute relu exactly.
//
//   node test/package/run.mjs [--keep] [--verbose] [--no-browser] [--node-only]
// --node-only packs and installs, then runs the node checks only (tools/test-node22.sh: under Node 22).
// Ends with `package: N passed, M failed`; exit 1 on any failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../browser/server.mjs';
import { threadedVariant } from '../unit/js/node-variant.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const BIN = path.join(ROOT, 'node_modules');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking',
              '--disable-component-update', '--disable-sync'];
const CSP = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";
const PAGE_TIMEOUT_MS = 60000;
const HTML_HEAD = '<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n';  // no favicon request
const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
const totals = { pass: 0, fail: 0 };

function report(name, ok, detail) {
  totals[ok ? 'pass' : 'fail']++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

// Runs a command; returns {ok, out} with its output (stdout then stderr) instead of throwing.
function run(cmd, args, cwd) {
  try {
    const out = execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180000 });
    return { ok: true, out };
  } catch (e) {
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}${e.stdout || e.stderr ? '' : e.message}` };
  }
}

const tail = (text, n = 15) => text.trim().split('\n').slice(-n).join('\n    ');
const copyDir = (from, to) => fs.cpSync(from, to, { recursive: true });
const sameArray = (a, b) => Array.isArray(a) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

// {y, variant, numThreads} from runRelu (test/package/app/graph.js): exact values, the expected build.
function checkRelu(result, variant) {
  if (!result || result.error) return result?.error ?? 'no result';
  const problems = [];
  if (!sameArray(result.y, [0, 2, 0, 4])) problems.push(`y=${JSON.stringify(result.y)}, want [0,2,0,4]`);
  if (result.variant !== variant) problems.push(`variant ${result.variant}, want ${variant}`);
  return problems.join('; ');
}

// Packs the repository and installs the tarball into `dir` (a fresh project); returns the tarball's file list.
function packAndInstall(dir) {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], ROOT).out.replace(/^[^[]*/, ''))[0];
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "webnn-wasm-package-test", "private": true, "type": "module"}\n');
  const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error',
                              `./${packed.filename}`], dir);
  if (!install.ok) throw new Error(`npm install of the tarball failed:\n    ${tail(install.out)}`);
  return { files: packed.files.map((f) => f.path), size: packed.size };
}

function checkTypes(dir) {
  const tsc = path.join(BIN, 'typescript', 'bin', 'tsc');
  const types = path.join(dir, 'types');
  for (const config of ['bundler', 'bundler.worker', 'node16', 'node16.worker']) {
    const r = run(process.execPath, [tsc, '-p', `tsconfig.${config}.json`], types);
    report(`types: tsc --noEmit, moduleResolution ${config.replace('.worker', '')}${config.endsWith('worker') ? ', worker (WorkerNavigator.ml)' : ''}`,
           r.ok, r.ok ? '' : tail(r.out));
  }
}

function checkNode(dir) {
  const variant = threadedVariant([]);
  for (const [label, file] of [['ES module', 'node/esm.mjs'], ['CommonJS', 'node/cjs.cjs']]) {
    const r = run(process.execPath, [file], dir);
    let problem = r.ok ? null : tail(r.out);
    if (!problem) {
      try {
        problem = checkRelu(JSON.parse(r.out.trim().split('\n').pop()), variant);
      } catch {
        problem = `unexpected output: ${tail(r.out)}`;
      }
    }
    report(`node: ${label} from the tarball runs a graph (Node ${process.versions.node}, ${variant})`, !problem, problem || '');
  }
}

// The installed package's command (`npx webnn-wasm`): it starts and prints the wpt command's usage. The
// command itself runs in test/unit/js/wpt-baseline.node.mjs.
function checkCli(dir) {
  const r = run(path.join(dir, 'node_modules', '.bin', 'webnn-wasm'), ['wpt', '--help'], dir);
  report('cli: node_modules/.bin/webnn-wasm wpt --help from the tarball', r.ok && r.out.includes('usage: webnn-wasm wpt'), r.ok ? '' : tail(r.out));
}

// Builds the three bundled apps; returns [{name, root (served folder), page, worker}] for those that built.
function buildApps(dir) {
  const apps = [];
  const source = path.join(dir, 'app');
  const vite = path.join(dir, 'vite');
  copyDir(source, vite);
  let r = run(process.execPath, [path.join(BIN, 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], vite);
  report('vite: production build with no config', r.ok, r.ok ? '' : tail(r.out));
  if (r.ok) apps.push({ name: 'vite', root: path.join(vite, 'dist'), worker: true });

  const webpack = path.join(dir, 'webpack');
  copyDir(source, webpack);
  r = run(process.execPath, [path.join(BIN, 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--entry', './main.js',
                             '--output-path', './dist'], webpack);
  report('webpack: production build with no config', r.ok, r.ok ? '' : tail(r.out));
  if (r.ok) {
    fs.writeFileSync(path.join(webpack, 'dist', 'index.html'), `${HTML_HEAD}<script src="main.js"></script>\n`);
    apps.push({ name: 'webpack', root: path.join(webpack, 'dist'), worker: true });
  }

  // esbuild leaves new URL(..., import.meta.url) alone: the README's step is to copy the files beside the bundle.
  const esbuild = path.join(dir, 'esbuild');
  copyDir(source, esbuild);
  r = run(path.join(BIN, '.bin', 'esbuild'), ['main-page-only.js', '--bundle', '--format=esm', '--outfile=dist/main.js'], esbuild);
  report('esbuild: --bundle --format=esm', r.ok, r.ok ? '' : tail(r.out));
  if (r.ok) {
    const from = path.join(dir, 'node_modules', 'webnn-wasm', 'dist');
    for (const f of fs.readdirSync(from).filter((n) => n.startsWith('webnn-wasm-'))) fs.copyFileSync(path.join(from, f), path.join(esbuild, 'dist', f));
    fs.writeFileSync(path.join(esbuild, 'dist', 'index.html'), `${HTML_HEAD}<script type="module" src="main.js"></script>\n`);
    apps.push({ name: 'esbuild', root: path.join(esbuild, 'dist'), worker: false });
  }
  return apps;
}

// Serves `root` and loads `page` in a fresh browser context; returns window.__result (or {error}).
async function loadPage(browser, { root, page: pagePath = '/', isolated, headers }) {
  const server = await startServer({ root, isolated, headers });
  const context = await browser.newContext();
  const logs = [];
  try {
    const page = await context.newPage();
    page.on('console', (m) => logs.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    page.on('response', (r) => { if (r.status() >= 400) logs.push(`HTTP ${r.status()}: ${r.url()}`); });
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout: PAGE_TIMEOUT_MS, polling: 100 });
    return { result: await page.evaluate(() => window.__result), logs };
  } catch (e) {
    return { result: { error: e.message.split('\n')[0] }, logs };
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }
}

async function checkPages(dir, apps) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    for (const isolated of [true, false]) {
      // Chromium ships relaxed SIMD (since 114), so an isolated page gets the relaxed threaded build.
      const variant = isolated ? 'relaxed-simd-threaded' : 'simd';
      const mode = isolated ? 'cross-origin isolated' : 'not isolated';
      const pages = [
        ...apps.map((app) => ({ ...app, label: `${app.name}: the built app runs a graph in the page${app.worker ? ' and in a module Worker' : ''}` })),
        { name: 'csp', root: dir, page: '/csp/index.html', headers: { 'Content-Security-Policy': CSP }, worker: false,
          label: `csp: script tag under "${CSP}" runs a graph` },
      ];
      for (const p of pages) {
        const { result, logs } = await loadPage(browser, { ...p, isolated });
        const problems = [checkRelu(result?.page ?? result, variant)];
        if (p.worker) problems.push(checkRelu(result?.worker, variant).replace(/^(.)/, 'worker: $1'));
        if (result?.violations?.length) problems.push(`CSP violations: ${result.violations.join(', ')}`);
        const problem = problems.filter(Boolean).join('; ');
        report(`${p.label} (${mode}, ${variant})`, !problem, problem);
        if ((problem || verbose) && logs.length) console.log(`    ${logs.slice(-20).join('\n    ')}`);
      }
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'webnn-wasm.iife.js'))) throw new Error('dist/ is not built: run `npm run build`');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-package-'));
  try {
    const t0 = Date.now();
    const { files, size } = packAndInstall(dir);
    const missing = ['dist/index.browser.mjs', 'dist/index.d.mts', 'dist/index.d.cts', 'dist/webnn.d.ts',
                     'dist/webnn-wasm-simd-threaded.browser-worker.js', 'dist/webnn-wasm-simd.wasm',
                     'dist/webnn-wasm-relaxed-simd-threaded.wasm', 'dist/webnn-wasm-relaxed-simd-threaded.browser-worker.js',
                     'bin/webnn-wasm.mjs',
                     'cli/wpt/main.mjs', 'cli/wpt/reporter.js'].filter((f) => !files.includes(f));
    report(`npm pack: ${files.length} files, ${(size / 1e6).toFixed(2)} MB`, !missing.length, missing.length ? `missing ${missing.join(', ')}` : '');
    for (const sub of ['app', 'csp', 'types', 'node']) copyDir(path.join(HERE, sub), path.join(dir, sub));
    if (argv.includes('--node-only')) {
      checkNode(dir);
      return;
    }
    checkTypes(dir);
    checkNode(dir);
    checkCli(dir);
    const apps = buildApps(dir);
    if (verbose) console.log(`  packed, installed, type-checked and built in ${Date.now() - t0} ms (${dir})`);
    if (argv.includes('--no-browser')) console.log('SKIP the built apps and the CSP page in Chromium (--no-browser)');
    else if (!fs.existsSync(CHROMIUM)) report('browser pages', false, `no Chromium at ${CHROMIUM} (set CHROMIUM=...)`);
    else await checkPages(dir, apps);
  } finally {
    if (argv.includes('--keep')) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (e) {
  report('package', false, e?.stack ?? String(e));
}
console.log(`\npackage: ${totals.pass} passed, ${totals.fail} failed`);
process.exit(totals.fail ? 1 : 0);
