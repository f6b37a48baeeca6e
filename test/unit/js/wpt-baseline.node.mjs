// `webnn-wasm wpt <checkout>` (bin/webnn-wasm.mjs, cli/wpt/) on a WPT-shaped fixture: test/unit/js/wpt-fixture
// (a stand-in testharness.js written for this test, an empty testharnessreport.js, and WebNN tests of each
// kind the command handles) copied to a temp dir. Checks the URLs it derives as WPT's server does, its exit
// codes, and, in Chromium, the wptreport.json and the summary table it writes. The Chromium part is skipped,
// visibly, under WEBNN_SKIP_BROWSER=1 as the other browser suites are.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { listTests } from '../../../cli/wpt/meta.mjs';
import { wrapperFor, injectIntoHtml, IIFE_URL, REPORTER_URL } from '../../../cli/wpt/pages.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BIN = path.join(ROOT, 'bin', 'webnn-wasm.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-wpt-'));
const checkout = path.join(tmp, 'wpt');
fs.cpSync(path.join(ROOT, 'test', 'unit', 'js', 'wpt-fixture'), checkout, { recursive: true });
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const cli = (args, options = {}) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120000, ...options });

test('test URLs are named as WPT names them: globals, variants, timeout=long, plain .html', () => {
  const tests = listTests(checkout, ['webnn']);
  assert.deepEqual(tests.map((t) => t.url), [
    '/webnn/conformance_tests/device.https.any.html?cpu',
    '/webnn/conformance_tests/device.https.any.html?gpu',
    '/webnn/conformance_tests/device.https.any.worker.html?cpu',
    '/webnn/conformance_tests/device.https.any.worker.html?gpu',
    '/webnn/failing.https.any.html',
    '/webnn/graph.https.any.html',
    '/webnn/graph.https.any.worker.html',
    '/webnn/hangs.https.any.html',
    '/webnn/plain.https.html',
  ]);
  assert.deepEqual(tests.filter((t) => t.long).map((t) => t.url), ['/webnn/graph.https.any.html', '/webnn/graph.https.any.worker.html']);
  assert.deepEqual(listTests(checkout, ['/webnn/conformance_tests/device.https.any.worker.html']).map((t) => t.url),
                   ['/webnn/conformance_tests/device.https.any.worker.html?cpu', '/webnn/conformance_tests/device.https.any.worker.html?gpu']);
});

test('wrappers load our build before testharness.js, the reporter after it, META scripts before the test', () => {
  const source = fs.readFileSync(path.join(checkout, 'webnn', 'graph.https.any.js'), 'utf8');
  const testPath = '/webnn/graph.https.any.js';
  const page = wrapperFor('any.html', { source, testPath, query: '', threads: 3 });
  const order = [`<script src="${IIFE_URL}" data-num-threads="3">`, '/resources/testharness.js', REPORTER_URL,
                 '/resources/testharnessreport.js', 'resources/helpers.js', testPath].map((s) => page.indexOf(s));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), page);
  assert.match(page, /<meta name="timeout" content="long">/);
  const worker = wrapperFor('any.worker.js', { source, testPath, query: '?cpu', threads: 3 });
  const steps = ['self.webnnWasmOptions = { numThreads: 3 };', `importScripts("${IIFE_URL}")`, 'importScripts("/resources/testharness.js")',
                 'importScripts("resources/helpers.js")', `importScripts("${testPath}")`, 'done();'].map((s) => worker.indexOf(s));
  assert.ok(steps.every((at, i) => at >= 0 && (i === 0 || at > steps[i - 1])), worker);
  assert.match(wrapperFor('any.worker.html', { source, testPath, query: '?cpu' }), /new Worker\("\/webnn\/graph\.https\.any\.worker\.js\?cpu"\)/);
  const windowOnly = fs.readFileSync(path.join(checkout, 'webnn', 'failing.https.any.js'), 'utf8');
  assert.equal(wrapperFor('any.worker.html', { source: windowOnly, testPath: '/webnn/failing.https.any.js', query: '' }), null);
  const html = injectIntoHtml('<p>x</p>\n<script src="/resources/testharness.js"></script>\n<script>test(() => {});</script>');
  assert.ok(html.indexOf(IIFE_URL) < html.indexOf('testharness.js') && html.indexOf('testharness.js') < html.indexOf(REPORTER_URL), html);
});

test('usage errors exit 2; a missing browser or playwright-core exits 1 with a clear message', () => {
  for (const args of [['wpt'], ['wpt', tmp], ['wpt', checkout, '--threads', '0'], ['wpt', checkout, '--include', 'nowhere'], ['frobnicate']]) {
    const r = cli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  }
  const noBrowser = cli(['wpt', checkout, '--browser', path.join(tmp, 'no-chromium')]);
  assert.equal(noBrowser.status, 1, noBrowser.stderr);
  assert.match(noBrowser.stderr, /no Chromium at .*no-chromium: pass --browser <path> or set CHROMIUM_PATH/);
  // The package without playwright-core anywhere it could be resolved from (a project of its own).
  const lonely = path.join(tmp, 'lonely');
  for (const dir of ['bin', 'cli']) fs.cpSync(path.join(ROOT, dir), path.join(lonely, dir), { recursive: true });
  fs.mkdirSync(path.join(lonely, 'dist'));
  fs.copyFileSync(path.join(ROOT, 'dist', 'webnn-wasm.iife.js'), path.join(lonely, 'dist', 'webnn-wasm.iife.js'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(lonely, 'package.json'));
  const noPlaywright = spawnSync(process.execPath, [path.join(lonely, 'bin', 'webnn-wasm.mjs'), 'wpt', checkout, '--browser', process.execPath],
                                 { encoding: 'utf8', cwd: lonely, env: { ...process.env, NODE_PATH: '' }, timeout: 60000 });
  assert.equal(noPlaywright.status, 1, noPlaywright.stderr);
  assert.match(noPlaywright.stderr, /playwright-core is not installed/);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.dependencies?.['playwright-core'], undefined, 'playwright-core is no runtime dependency');
  assert.equal(pkg.bin?.['webnn-wasm'], './bin/webnn-wasm.mjs');
});

const skipBrowser = process.env.WEBNN_SKIP_BROWSER === '1' && 'WEBNN_SKIP_BROWSER=1: this test runs Chromium';

test('the fixture in Chromium: wptreport.json and the summary by directory', { skip: skipBrowser }, () => {
  const out = path.join(tmp, 'wptreport.json');
  const started = Date.now();
  const r = cli(['wpt', checkout, '--threads', '3', '--timeout', '4', '--out', out]);
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.ok(report.time_start <= report.time_end && report.time_end <= Date.now() && report.time_start >= started);
  assert.equal(report.run_info.product, 'chromium');
  assert.equal(report.run_info.webnn_wasm_threads, 3);
  const device = { "createContext with the variant's deviceType": 'PASS' };
  const graph = { 'relu(x + x) computes': 'PASS', 'the threaded build with --threads 3': 'PASS', 'GLOBAL says where the test runs': 'PASS' };
  const expected = {
    '/webnn/conformance_tests/device.https.any.html?cpu': ['OK', device],
    '/webnn/conformance_tests/device.https.any.html?gpu': ['OK', device],
    '/webnn/conformance_tests/device.https.any.worker.html?cpu': ['OK', device],
    '/webnn/conformance_tests/device.https.any.worker.html?gpu': ['OK', device],
    '/webnn/failing.https.any.html': ['OK', { 'a negative dimension is a TypeError': 'PASS', 'this subtest fails': 'FAIL' }],
    '/webnn/graph.https.any.html': ['OK', graph],
    '/webnn/graph.https.any.worker.html': ['OK', graph],
    '/webnn/hangs.https.any.html': ['TIMEOUT', { 'this one passes': 'PASS', 'this one never settles': 'TIMEOUT' }],
    '/webnn/plain.https.html': ['OK', { 'navigator.ml in a plain .html test': 'PASS' }],
  };
  const got = Object.fromEntries(report.results.map((t) => [t.test, [t.status, Object.fromEntries(t.subtests.map((s) => [s.name, s.status]))]]));
  assert.deepEqual(got, expected, JSON.stringify(report.results, null, 1));
  for (const t of report.results) {
    assert.equal(typeof t.duration, 'number');
    for (const s of t.subtests) assert.ok(s.status === 'PASS' ? s.message === null : typeof s.message === 'string', JSON.stringify(s));
  }
  const failing = report.results.find((t) => t.test === '/webnn/failing.https.any.html').subtests.find((s) => s.status === 'FAIL');
  assert.match(failing.message, /expected 3 but got 2/);
  assert.match(report.results.find((t) => t.test === '/webnn/hangs.https.any.html').message, /timed out after 4 s/);
  // directory, tests, ok, error, timeout, crash, subtests passed / total
  const row = (...cells) => new RegExp(`^${cells.map((c) => String(c).replace(/[.?()/]/g, '\\$&')).join(' +')}`, 'm');
  assert.match(r.stdout, row('/webnn', 5, 4, 0, 1, 0, '9/11'));
  assert.match(r.stdout, row('/webnn/conformance_tests', 4, 4, 0, 0, 0, '4/4'));
  assert.match(r.stdout, row('total', 9, 8, 0, 1, 0, '13/15'));
  console.log(`wpt command on the fixture: ${((Date.now() - started) / 1000).toFixed(1)} s\n${r.stdout}`);
});
