// Firefox ESR (Debian's firefox-esr) driven the way our pages need: puppeteer-core starts it with a fresh profile
// and opens a page over WebDriver BiDi, then disconnects. While a BiDi session is connected, Firefox 153's Remote
// Agent leaves 2 to 8 in 100 `new Worker()` calls made inside a worker blocked for good (measured: 21 of 100 worker
// starts of 3 nested workers each connected, 0 of 100 disconnected), which would stop our pthreads' start. So the
// page is loaded through test/browser/report-frame.html, which waits until the connection is gone, loads the page in
// a frame and POSTs what it leaves in window.__results (once window.__done is set) to the server's /__report route.
// Shared by test/browser/engines.mjs and bench/run.mjs --browser firefox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

// The /__report route for startServer({ routes }) and a promise of the next report.
export function reportRoute() {
  let arrived = () => {};
  return {
    routes: {
      '/__report': (req, res) => {
        let body = '';
        req.on('data', (chunk) => { body += chunk; });
        req.on('end', () => {
          res.writeHead(204).end();
          arrived(JSON.parse(body));
        });
      },
    },
    next: () => new Promise((resolve) => { arrived = resolve; }),
  };
}

async function launch() {
  const { default: puppeteer } = await import('puppeteer-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-firefox-'));
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true,
                                           protocol: 'webDriverBiDi', userDataDir: profile });
  // The profile goes once Firefox has exited (killed, it still writes for a moment: an immediate rmSync
  // failed with ENOTEMPTY in CI); a profile that cannot be removed is left in the temp folder.
  const stop = async () => {
    const child = browser.process();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {}
  };
  return { browser, stop };
}

// Firefox's version (from a browser started and stopped for it).
export async function firefoxVersion() {
  const { browser, stop } = await launch();
  try {
    return await browser.version();
  } finally {
    await stop();
  }
}

// The page at `url` (served by a server with `report`'s route) in a fresh Firefox: what it left in
// window.__results, or a rejection after `timeoutMs`.
export async function firefoxPageResults(url, report, timeoutMs) {
  const { origin, pathname, search } = new URL(url);
  const { browser, stop } = await launch();
  try {
    const arrived = report.next();
    const page = (await browser.pages())[0] ?? await browser.newPage();
    await page.goto(`${origin}/test/browser/report-frame.html?page=${encodeURIComponent(pathname + search)}&delay=1000`);
    await browser.disconnect();
    let timer;
    const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no report after ${timeoutMs} ms`)), timeoutMs); });
    try {
      return await Promise.race([arrived, timeout]);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await stop();
  }
}
