// Runs a bench page in Debian's Chromium once per query (a fresh browser context each: one thread count per page,
// as onnxruntime-web fixes its pool at a page's first session), cross-origin isolated, and collects what the page
// leaves in window[resultName]. Shared by bench/decode.mjs, bench/quantized.mjs and bench/litert.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `page`: the page's path under the repo root; `mounts`: extra folders served (URL prefix -> folder); `queries`:
// one object of query parameters per page load, whose `threads` labels it. A page that fails or times out gives
// { threads, error }.
export async function runBenchPages({ page: pagePath, resultName, queries, mounts = {}, label }) {
  const { chromium } = await import('playwright-core');
  const { startServer } = await import('../test/browser/server.mjs');
  const server = await startServer({ root: ROOT, mounts, isolated: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
                                          args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'] });
  const results = [];
  try {
    for (const query of queries) {
      process.stderr.write(`[${label}: ${query.threads} thread(s)]\n`);
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('console', (m) => { if (m.type() === 'error') process.stderr.write(`  page: ${m.text()}\n`); });
      try {
        await page.goto(`${server.url}/${pagePath}?${new URLSearchParams(query)}`);
        await page.waitForFunction((name) => window[name], resultName, { timeout: 3600000, polling: 1000 });
        results.push(await page.evaluate((name) => window[name], resultName));
      } catch (e) {
        results.push({ threads: query.threads, error: String(e?.message ?? e).split('\n')[0] });
      }
      await context.close();
    }
  } finally {
    await browser.close();
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
