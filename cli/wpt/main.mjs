// `webnn-wasm wpt <wpt-checkout> [options]`: the WPT WebNN tests in Chromium on our script-tag build, as a
// baseline for browser and framework CI. Exit 0 when the run happened (failing subtests included: CI
// compares reports), 2 on a usage error, 1 when the browser could not be started.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import { BrowserError, launchChromium } from './browser.mjs';
import { UsageError, listTests } from './meta.mjs';
import { resultOf, summaryTable, wptreport } from './report.mjs';
import { runTest } from './run.mjs';
import { DIST, startServer } from './server.mjs';

export const USAGE = `usage: webnn-wasm wpt <path-to-wpt-checkout> [options]

Serves the checkout on localhost, cross-origin isolated, runs each WebNN test (.any.js as window and
dedicated-worker pages, each META variant such as ?cpu; testharness .html files) in headless Chromium with
webnn-wasm's script-tag build loaded before testharness.js, and writes a wptreport.json.

  --include <path>   a folder, file or test URL of the checkout (repeatable; default webnn)
  --threads <n>      our thread count (default: the build's, hardware concurrency up to 4)
  --timeout <s>      seconds per test (default 10, 60 for META timeout=long)
  --out <file>       the report (default ./wptreport.json)
  --browser <path>   Chromium (default $CHROMIUM_PATH, else /usr/bin/chromium); needs playwright-core
  --verbose          print the pages' errors`;

function parseArgs(argv) {
  let parsed;
  try {
    parsed = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: { include: { type: 'string', multiple: true }, threads: { type: 'string' }, timeout: { type: 'string' },
                 out: { type: 'string' }, browser: { type: 'string' }, verbose: { type: 'boolean' } },
    });
  } catch (e) {
    throw new UsageError(e.message);  // an unknown option, or one without its value
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`one checkout only (got ${positionals.join(' and ')})`);
  const opts = { includes: values.include ?? [], threads: values.threads ?? null, timeout: values.timeout ?? null,
                 out: values.out ?? 'wptreport.json', browser: values.browser ?? null, verbose: values.verbose ?? false,
                 root: positionals[0] ?? null };
  if (!opts.root) throw new UsageError('the path of a WPT checkout is missing');
  opts.root = path.resolve(opts.root);
  if (!fs.existsSync(opts.root) || !fs.statSync(opts.root).isDirectory()) throw new UsageError(`${opts.root} is not a folder`);
  if (!fs.existsSync(path.join(opts.root, 'resources', 'testharness.js'))) {
    throw new UsageError(`${opts.root} has no resources/testharness.js: not a WPT checkout`);
  }
  if (opts.threads !== null) {
    opts.threads = Number(opts.threads);
    if (!Number.isInteger(opts.threads) || opts.threads < 1) throw new UsageError('--threads takes a whole number >= 1');
  }
  if (opts.timeout !== null) {
    opts.timeout = Number(opts.timeout);
    if (!(opts.timeout > 0)) throw new UsageError('--timeout takes a number of seconds > 0');
  }
  if (!opts.includes.length) opts.includes.push('webnn');
  return opts;
}

function checkoutRevision(root) {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export async function main(argv) {
  let opts;
  let tests;
  try {
    opts = parseArgs(argv);
    tests = listTests(opts.root, opts.includes);
    if (!fs.existsSync(path.join(DIST, 'webnn-wasm.iife.js'))) throw new UsageError(`${DIST}/webnn-wasm.iife.js is missing (build the package)`);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`webnn-wasm wpt: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  const server = await startServer({ root: opts.root, threads: opts.threads });
  let browser;
  try {
    try {
      browser = await launchChromium(opts.browser);
    } catch (e) {
      if (!(e instanceof BrowserError)) throw e;
      console.error(`webnn-wasm wpt: ${e.message}`);
      return 1;
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(DIST, '..', 'package.json'), 'utf8'));
    const runInfo = { product: 'chromium', browser_version: browser.version(), os: os.platform(), processor: os.arch(),
                      headless: true, revision: checkoutRevision(opts.root), webnn_wasm_version: pkg.version,
                      webnn_wasm_threads: opts.threads ?? 'default', cross_origin_isolated: true };
    console.log(`webnn-wasm ${pkg.version} on Chromium ${runInfo.browser_version}: ${tests.length} tests from ${opts.root}`);
    const timeStart = Date.now();
    const results = [];
    for (const [i, test] of tests.entries()) {
      const timeoutMs = 1000 * (opts.timeout ?? (test.long ? 60 : 10));
      const record = await runTest(browser, server.origin, test, timeoutMs, opts.verbose ? (m) => console.log(m) : null);
      const result = resultOf(record, timeoutMs);
      results.push(result);
      const passed = result.subtests.filter((s) => s.status === 'PASS').length;
      console.log(`[${i + 1}/${tests.length}] ${result.status.padEnd(7)} ${passed}/${result.subtests.length} ` +
                  `${(result.duration / 1000).toFixed(1)}s ${test.url}${result.message && result.status !== 'OK' ? `: ${result.message}` : ''}`);
    }
    const report = wptreport({ timeStart, timeEnd: Date.now(), runInfo, results });
    fs.writeFileSync(path.resolve(opts.out), JSON.stringify(report) + '\n');
    console.log(`\n${summaryTable(results)}\n\nwrote ${path.resolve(opts.out)} (${((report.time_end - timeStart) / 1000).toFixed(1)} s)`);
    return 0;
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}
