// Which test URLs a WPT checkout holds, named as WPT's manifest names them:
//   x.any.js    -> x.any.html (window) and x.any.worker.html (dedicated worker), per its `// META: global=`;
//   x.window.js -> x.window.html;
//   x.html      -> itself, when it loads /resources/testharness.js;
// each once per `// META: variant=` (`<meta name="variant">` in an .html), the variant being the query
// (?cpu, ?gpu, ?npu: WebNN tests read the deviceType from location.search).
// Shared and service workers, ShadowRealm and module workers are not run (we ship a classic script).
import fs from 'node:fs';
import path from 'node:path';

// Not tests, as in WPT's manifest: helper folders.
const SKIP_DIRS = new Set(['resources', 'support', 'tools', 'node_modules']);

// The `// META: key=value` lines that open a .js test, in order (WPT stops at the first other line).
export function readScriptMeta(text) {
  const meta = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\/\/\s*META:\s*(\w*)=(.*)$/.exec(line);
    if (!m) break;
    meta.push([m[1], m[2].trim()]);
  }
  return meta;
}

// The globals a `global=` value names (WPT's keywords; '!x' removes x), restricted to the two we run.
export function parseGlobals(value) {
  const expand = { default: ['window', 'dedicatedworker'], worker: ['dedicatedworker', 'sharedworker', 'serviceworker'] };
  const set = new Set();
  for (const item of (value ?? 'default').split(',').map((s) => s.trim()).filter(Boolean)) {
    const remove = item.startsWith('!');
    for (const g of expand[item.replace(/^!/, '')] ?? [item.replace(/^!/, '')]) remove ? set.delete(g) : set.add(g);
  }
  return ['window', 'dedicatedworker'].filter((g) => set.has(g));
}

function variantsOf(values) {
  return values.length ? values : [''];
}

// The tests of one file (URL path relative to the checkout root, starting with '/').
export function testsOfFile(root, urlPath) {
  const file = path.join(root, urlPath);
  const name = path.basename(urlPath);
  if (name.endsWith('.any.js') || name.endsWith('.window.js')) {
    const meta = readScriptMeta(fs.readFileSync(file, 'utf8'));
    const long = meta.some(([k, v]) => k === 'timeout' && v === 'long');
    const variants = variantsOf(meta.filter(([k]) => k === 'variant').map(([, v]) => v));
    const base = urlPath.slice(0, -'.js'.length);
    const pages = name.endsWith('.window.js') ? ['.html']
      : parseGlobals(meta.find(([k]) => k === 'global')?.[1]).map((g) => (g === 'window' ? '.html' : '.worker.html'));
    return pages.flatMap((suffix) => variants.map((v) => ({ url: base + suffix + v, long })));
  }
  if (/\.html?$/.test(name) && !/\.(any|window|worker)\.html$/.test(name)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/<script[^>]*src=["']?[^"'>]*testharness\.js/i.test(text)) return [];
    const long = /<meta\s+name=["']?timeout["']?\s+content=["']?long/i.test(text);
    const variants = variantsOf([...text.matchAll(/<meta\s+name=["']?variant["']?\s+content=["']([^"']*)["']/gi)].map((m) => m[1]));
    return variants.map((v) => ({ url: urlPath + v, long }));
  }
  return [];
}

function walk(root, urlDir, out) {
  for (const entry of fs.readdirSync(path.join(root, urlDir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const urlPath = path.posix.join(urlDir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(root, urlPath, out);
    } else {
      out.push(...testsOfFile(root, urlPath));
    }
  }
}

// The tests under each include: a folder, a test file, or a test URL (or the start of one) as WPT prints
// them ('/webnn/conformance_tests/abs.https.any.html?cpu'). Sorted by URL, each once.
export function listTests(root, includes) {
  const found = new Map();
  for (const include of includes) {
    const clean = '/' + include.replace(/^\/+/, '').replace(/\/+$/, '');
    const [pathPart] = clean.split(/[?#]/);
    const onDisk = path.join(root, pathPart);
    const tests = [];
    if (fs.existsSync(onDisk) && fs.statSync(onDisk).isDirectory()) walk(root, pathPart, tests);
    else if (fs.existsSync(onDisk)) tests.push(...testsOfFile(root, pathPart));
    else {
      const dir = path.posix.dirname(pathPart);
      if (fs.existsSync(path.join(root, dir))) walk(root, dir, tests);
      tests.splice(0, tests.length, ...tests.filter((t) => t.url.startsWith(clean)));
    }
    if (!tests.length) throw new UsageError(`--include ${include}: no tests there (looked in ${onDisk})`);
    for (const t of tests) found.set(t.url, t);
  }
  return [...found.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

export class UsageError extends Error {}
