#!/usr/bin/env node
// The browsers without WebNN, the ones a polyfill is for: Firefox ESR (Debian's firefox-esr, started and pointed
// at the page by puppeteer-core over WebDriver BiDi; test/browser/firefox.mjs says why it then lets go) and WebKit
// (Debian's webkit2gtk-driver: WebKitWebDriver starting MiniBrowser --automation under xvfb-run, spoken to over
// plain W3C WebDriver).
//
//   node test/browser/engines.mjs [--engine firefox,webkit] [--model squeezenet1_1] [--verbose]
//
// In each, served cross-origin isolated and not, it loads
//   test/browser/page.html           the script-tag build: navigator.ml, the build picked, the small graph
//                                    in the page and in a classic worker, 3 workers + the page at once, and
//                                    one onnxruntime-web model on our WebNN vs ORT's wasm EP;
//   test/browser/module-worker.html  a module Worker importing dist/index.browser.mjs.
// The build each must pick: Firefox isolated, relaxed-simd-threaded (relaxed SIMD on since Firefox 145);
// WebKitGTK has no SharedArrayBuffer even when isolated, so simd there; simd everywhere when not isolated.
// Ends with `engines: N passed, M failed`; exit 1 on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIREFOX, firefoxPageResults, firefoxVersion, reportRoute } from './firefox.mjs';
import { startServer } from './server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODELS = path.resolve(ROOT, '..', 'shared', 'models');
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const PAGE_TIMEOUT_MS = 300000;
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const verbose = argv.includes('--verbose');
const engines = option('--engine', 'firefox,webkit').split(',');
const model = option('--model', 'squeezenet1_1');
const totals = { pass: 0, fail: 0, skip: 0 };

function report(name, status, detail) {
  totals[status in totals ? status : 'fail']++;
  console.log(`${status.toUpperCase()} ${name}${detail ? `: ${detail}` : ''}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Pages that report over HTTP (test/browser/report-frame.html) POST their results here (Firefox).
const reports = reportRoute();
const routes = reports.routes;

async function firefox() {
  const version = await firefoxVersion();
  return {
    version,
    results: (url) => firefoxPageResults(url, reports, PAGE_TIMEOUT_MS),
    close: async () => {},
  };
}

// WebKit: WebKitWebDriver (under a virtual X display) starts MiniBrowser; one session, one page at a time.
async function webkit() {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const driver = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const exited = new Promise((resolve) => driver.once('exit', (code) => resolve(`WebKitWebDriver exited with ${code}`)));
  const stop = () => { try { process.kill(-driver.pid); } catch {} };
  const call = async (method, url, body) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${url}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
  try {
    const ready = (async () => {
      for (;;) {
        try {
          return await call('GET', '/status');
        } catch {
          await sleep(100);
        }
      }
    })();
    const failed = await Promise.race([ready.then(() => null), exited, sleep(30000).then(() => 'WebKitWebDriver did not answer in 30 s')]);
    if (failed) throw new Error(failed);
    const session = await call('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
    });
    const base = `/session/${session.sessionId}`;
    const run = (script) => call('POST', `${base}/execute/sync`, { script, args: [] });
    return {
      version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
      async results(url) {
        await call('POST', `${base}/url`, { url });
        const deadline = Date.now() + PAGE_TIMEOUT_MS;
        while (!(await run('return window.__done === true'))) {
          if (Date.now() > deadline) throw new Error(`timed out after ${PAGE_TIMEOUT_MS} ms`);
          await sleep(250);
        }
        return run('return window.__results');
      },
      async close() {
        await call('DELETE', base).catch(() => {});
        stop();
      },
    };
  } catch (e) {
    stop();
    throw e;
  }
}

const ENGINES = {
  firefox: { start: firefox, binary: FIREFOX, threads: true, relaxedSimd: true, install: 'firefox-esr' },
  webkit: { start: webkit, binary: WEBKIT_DRIVER, threads: false, install: 'webkit2gtk-driver xvfb' },
};

async function runEngine(name) {
  const engine = ENGINES[name];
  if (!engine) return report(`[${name}]`, 'fail', `unknown engine; one of ${Object.keys(ENGINES).join(', ')}`);
  if (!fs.existsSync(engine.binary)) return report(`[${name}]`, 'fail', `${engine.binary} not found: tools/setup.sh installs ${engine.install}`);
  let browser;
  try {
    browser = await engine.start();
  } catch (e) {
    return report(`[${name}] start`, 'fail', e?.message ?? String(e));
  }
  console.log(`\n== ${name} (${browser.version})`);
  try {
    for (const isolated of [true, false]) {
      const expect = !isolated || !engine.threads ? 'simd' : engine.relaxedSimd ? 'relaxed-simd-threaded' : 'simd-threaded';
      const label = `${name}, ${isolated ? 'isolated' : 'not isolated'}`;
      const server = await startServer({ root: ROOT, mounts: { '/shared-models/': MODELS }, isolated, routes });
      try {
        for (const page of [`/test/browser/page.html?expect=${expect}&model=${model}`, `/test/browser/module-worker.html?expect=${expect}`]) {
          try {
            const results = await browser.results(`${server.url}${page}`);
            if (!results?.length) report(`[${label}] ${page}`, 'fail', 'the page reported no results');
            for (const r of results ?? []) {
              if (r.status === 'info') console.log(`INFO [${label}] ${r.name}: ${r.detail}`);
              else report(`[${label}] ${r.name}`, r.status, r.detail);
            }
          } catch (e) {
            report(`[${label}] ${page}`, 'fail', verbose ? e?.stack : e?.message?.split('\n')[0] ?? String(e));
          }
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }
}

try {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.browser.mjs'))) throw new Error('dist/ is not built: run `npm run build`');
  for (const name of engines) await runEngine(name);
} catch (e) {
  report('engines', 'fail', e?.stack ?? String(e));
}
if (totals.skip) console.log(`\n${totals.skip} check(s) skipped (listed above as SKIP)`);
console.log(`\nengines: ${totals.pass} passed, ${totals.fail} failed`);
process.exit(totals.fail ? 1 : 0);
