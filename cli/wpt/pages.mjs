// The documents WPT's server makes from .any.js and .window.js tests (tools/serve/serve.py's wrappers),
// with two additions: our script-tag build before testharness.js (in the worker too, by importScripts,
// configured through self.webnnWasmOptions), and the runner's reporter right after testharness.js.
import { readScriptMeta, parseGlobals } from './meta.mjs';

export const IIFE_URL = '/__webnn-wasm/dist/webnn-wasm.iife.js';
export const REPORTER_URL = '/__webnn-wasm/reporter.js';

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const jsString = (s) => JSON.stringify(s);

function iifeTag(threads) {
  return `<script src="${IIFE_URL}"${threads ? ` data-num-threads="${threads}"` : ''}></script>`;
}

function headOf(meta, threads) {
  const lines = ['<!doctype html>', '<meta charset=utf-8>'];
  for (const [k, v] of meta) {
    if (k === 'timeout' && v === 'long') lines.push('<meta name="timeout" content="long">');
    if (k === 'title') lines.push(`<title>${escapeHtml(v)}</title>`);
  }
  lines.push(iifeTag(threads));
  return lines;
}

const harness = ['<script src="/resources/testharness.js"></script>', `<script src="${REPORTER_URL}"></script>`,
                 '<script src="/resources/testharnessreport.js"></script>'];

function globalScript(isWindow) {
  return `self.GLOBAL = { isWindow: () => ${isWindow}, isWorker: () => ${!isWindow}, isShadowRealm: () => false };`;
}

// `kind`: 'any.html', 'any.worker.html', 'any.worker.js' or 'window.html'; `source`: the test's text;
// `testPath`: the URL path of the .js test; `query`: the request's ?query, passed on to the worker.
// Returns null where the test's META excludes that global (WPT answers 404 then).
export function wrapperFor(kind, { source, testPath, query, threads }) {
  const meta = readScriptMeta(source);
  const globals = parseGlobals(meta.find(([k]) => k === 'global')?.[1]);
  const scripts = meta.filter(([k]) => k === 'script').map(([, v]) => v);
  if (kind === 'any.html' || kind === 'window.html') {
    if (kind === 'any.html' && !globals.includes('window')) return null;
    return [...headOf(meta, threads), ...(kind === 'any.html' ? [`<script>${globalScript(true)}</script>`] : []), ...harness,
            ...scripts.map((s) => `<script src="${escapeHtml(s)}"></script>`), '<div id=log></div>',
            `<script src="${escapeHtml(testPath)}"></script>`, ''].join('\n');
  }
  if (kind === 'any.worker.html') {
    if (!globals.includes('dedicatedworker')) return null;
    const worker = testPath.replace(/\.any\.js$/, '.any.worker.js') + query;
    return [...headOf(meta, threads), ...harness, '<div id=log></div>',
            `<script>fetch_tests_from_worker(new Worker(${jsString(worker)}));</script>`, ''].join('\n');
  }
  if (kind === 'any.worker.js') {
    if (!globals.includes('dedicatedworker')) return null;
    return [threads ? `self.webnnWasmOptions = { numThreads: ${threads} };` : '', `importScripts(${jsString(IIFE_URL)});`,
            globalScript(false), 'importScripts("/resources/testharness.js");',
            ...meta.filter(([k]) => k === 'title').map(([, v]) => `self.META_TITLE = ${jsString(v)};`),
            ...scripts.map((s) => `importScripts(${jsString(s)});`), `importScripts(${jsString(testPath)});`, 'done();', ''].join('\n');
  }
  throw new Error(`wrapperFor: unknown kind ${kind}`);
}

// A plain .html test as written, with our build before its testharness.js tag and the reporter after it.
export function injectIntoHtml(html, threads) {
  const tag = /<script\b[^>]*\bsrc=["']?[^"'>\s]*testharness\.js["']?[^>]*>\s*<\/script>/i;
  const m = tag.exec(html);
  if (!m) return html;
  return html.slice(0, m.index) + iifeTag(threads) + '\n' + m[0] + `\n<script src="${REPORTER_URL}"></script>` +
    html.slice(m.index + m[0].length);
}
