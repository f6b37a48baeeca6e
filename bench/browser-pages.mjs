// Runs a bench page in Debian's Chromium once per query (a fresh browser context each: one thread count per page,
// as onnxruntime-web fixes its pool at a page's first session), cross-origin isolated, and collects what the page
// leaves in window[resultName]. Shared by bench/run.mjs --browser, bench/decode.mjs, bench/quantized.mjs,
// bench/litert.mjs and bench/browser-scaling.mjs. With `firefox`, each page runs in a fresh Firefox ESR instead
// (test/browser/firefox.mjs), and what it leaves in window.__results once window.__done is set is collected.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Chromium through playwright-core: results(url, resultName, timeoutMs) is what the page leaves in window[resultName].
async function chromiumPages() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
                                          args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'] });
  return {
    async results(url, resultName, timeoutMs) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        page.on('console', (m) => { if (m.type() === 'error') process.stderr.write(`  page: ${m.text()}\n`); });
        await page.goto(url);
        await page.waitForFunction((name) => window[name], resultName, { timeout: timeoutMs, polling: 1000 });
        return await page.evaluate((name) => window[name], resultName);
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

// `page`: the page's path under the repo root; `mounts`: extra folders served (URL prefix -> folder); `queries`:
// one object of query parameters per page load, whose `threads` labels it. A page that fails or times out gives
// { threads, error }.
export async function runBenchPages({ page: pagePath, resultName, queries, mounts = {}, label, firefox = false, timeoutMs = 3600000 }) {
  const { startServer } = await import('../test/browser/server.mjs');
  const { firefoxPageResults, reportRoute } = await import('../test/browser/firefox.mjs');
  const reports = reportRoute();
  const server = await startServer({ root: ROOT, mounts, isolated: true, routes: reports.routes });
  const results = [];
  let browser;
  try {
    browser = firefox ? { results: (url) => firefoxPageResults(url, reports, timeoutMs), close: async () => {} } : await chromiumPages();
    for (const query of queries) {
      process.stderr.write(`[${label}: ${query.threads} thread(s)]\n`);
      try {
        results.push(await browser.results(`${server.url}/${pagePath}?${new URLSearchParams(query)}`, resultName, timeoutMs));
      } catch (e) {
        results.push({ threads: query.threads, error: String(e?.message ?? e).split('\n')[0] });
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
  return results;
}

// A synthetic model's file in the system's temp folder (`folder`/`name`), written by `write()` (its bytes) once.
export function cachedModel(folder, name, write) {
  const dir = path.join(os.tmpdir(), folder);
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    const t = performance.now();
    fs.mkdirSync(dir, { recursive: true });
    const bytes = write();
    fs.writeFileSync(`${file}.tmp`, bytes);
    fs.renameSync(`${file}.tmp`, file);
    process.stderr.write(`wrote ${file} (${(bytes.length / 2 ** 20).toFixed(0)} MB, ${((performance.now() - t) / 1000).toFixed(1)} s)\n`);
  }
  return file;
}
