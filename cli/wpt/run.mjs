// Runs test pages one after another, each in a fresh browser context, and collects what testharness
// reports through reporter.js. A page that does not complete within its timeout is asked to time out
// (testharness's timeout(): pending subtests become TIMEOUT or NOTRUN); if even that gets no answer (a
// page stuck in a loop), it is TIMEOUT with the subtests that had completed.
// unref: a race's losing timer must not hold the process open after the run.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());
const GRACE_MS = 2000;  // for the completion after timeout(), and for a hung page's evaluate()

export async function runTest(browser, origin, test, timeoutMs, log) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const subtests = [];
  let finish;
  const finished = new Promise((r) => { finish = r; });
  const start = Date.now();
  try {
    await page.exposeFunction('__webnnWptReport', (json) => {
      const m = JSON.parse(json);
      if (m.type === 'result') subtests.push(m.test);
      else if (m.type === 'complete') finish({ complete: m });
    });
    page.on('crash', () => finish({ crash: true }));
    page.on('pageerror', (e) => log?.(`  pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') log?.(`  console.error: ${m.text()}`); });
    page.goto(origin + test.url, { waitUntil: 'commit', timeout: timeoutMs }).then(
      (response) => { if (response && response.status() >= 400) finish({ error: `HTTP ${response.status()} for ${test.url}` }); },
      (e) => finish({ error: String(e?.message ?? e).split('\n')[0] }));
    let outcome = await Promise.race([finished, sleep(timeoutMs).then(() => null)]);
    let timedOut = false;
    if (!outcome) {
      timedOut = true;
      await Promise.race([page.evaluate(() => typeof timeout === 'function' && timeout()).catch(() => {}), sleep(GRACE_MS)]);
      outcome = await Promise.race([finished, sleep(GRACE_MS).then(() => null)]);
    }
    return { test, outcome, timedOut, partial: subtests, duration: Date.now() - start };
  } finally {
    await context.close().catch(() => {});
  }
}
