#!/usr/bin/env node
// The README and docs/ as a newcomer meets them:
//   - README.md is at most 200 lines, its sections in the agreed order, its intro three sentences, its "Two
//     commands" block exactly the two commands, and no issue numbers or session history in it;
//   - every relative link (and #anchor, GitHub's heading slugs) in README.md, docs/*.md and bench/README.md resolves;
//   - the generated parts are up to date: the operator tables (tools/gen-support-table.mjs --check) and the
//     benchmark tables (bench/report.mjs --from docs/performance.json ... --check);
//   - the README's snippets run and print what their `// → ...` comment says: the one marked
//     `<!-- test: node` in Node against the built package (imported by its name, as an app would), the one
//     marked `<!-- test: chromium` in Chromium (dist/ served in place of unpkg), isolated and not.
// WEBNN_SKIP_BROWSER=1 skips the Chromium part (and says so). Ends with `docs: N passed, M failed`.
//
//   node test/docs/run.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../browser/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const README = path.join(ROOT, 'README.md');
const DOCS = path.join(ROOT, 'docs');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const MAX_README_LINES = 200;
// The README's sections, in this order (the intro comes before the first).
const README_SECTIONS = ['Two commands', 'Use it', 'Compatibility', 'What is supported', 'Performance', 'Documentation'];
const TWO_COMMANDS = [/^npm run demo\b/, /^npm test\b/];

const totals = { pass: 0, fail: 0, skip: 0 };
function report(name, ok, detail = '') {
  const status = ok === null ? 'skip' : ok ? 'pass' : 'fail';
  totals[status]++;
  console.log(`${{ pass: 'PASS', fail: 'FAIL', skip: 'SKIP' }[status]} ${name}${detail ? `: ${detail}` : ''}`);
}

// Lines of a markdown file split into prose and fenced blocks: [{ fence: null | info string, lines, marker, start }].
// `marker` is the text of an HTML comment on the line before a fence (`<!-- test: node ... -->`).
function parseMarkdown(text) {
  const lines = text.split('\n');
  const parts = [];
  let prose = { fence: null, lines: [], start: 1 };
  for (let i = 0; i < lines.length; i++) {
    const open = /^(```+|~~~+)\s*([\w-]*)/.exec(lines[i]);
    if (!open) {
      prose.lines.push(lines[i]);
      continue;
    }
    const marker = /^<!--\s*(.*?)\s*-->$/.exec(lines[i - 1]?.trim() ?? '')?.[1] ?? null;
    parts.push(prose);
    const block = { fence: open[2], lines: [], marker, start: i + 2 };
    for (i++; i < lines.length && !lines[i].startsWith(open[1]); i++) block.lines.push(lines[i]);
    parts.push(block);
    prose = { fence: null, lines: [], start: i + 2 };
  }
  parts.push(prose);
  return parts;
}

// GitHub's heading ids: lowercase, anything but letters, digits, spaces, hyphens and underscores dropped, spaces
// to hyphens; a repeated id gets -1, -2, ...
function anchorsOf(text) {
  const ids = new Set();
  const seen = new Map();
  for (const part of parseMarkdown(text)) {
    if (part.fence !== null) continue;
    for (const line of part.lines) {
      for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) ids.add(m[1]);
      const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!h) continue;
      const textOnly = h[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
      const base = textOnly.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      ids.add(n ? `${base}-${n}` : base);
    }
  }
  return ids;
}

// Inline links and images of the prose (code spans and fenced blocks left out): [{ target, line }].
function linksOf(text) {
  const links = [];
  for (const part of parseMarkdown(text)) {
    if (part.fence !== null) continue;
    part.lines.forEach((line, k) => {
      const prose = line.replace(/`[^`]*`/g, '``');
      for (const m of prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ target: m[1], line: part.start + k });
      }
    });
  }
  return links;
}

function checkLinks(files) {
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  let count = 0;
  const broken = [];
  for (const file of files) {
    for (const { target, line } of linksOf(fs.readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;  // http:, https:, mailto:
      count++;
      const [pathPart, hash] = target.split('#');
      const dest = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
      const where = `${path.relative(ROOT, file)}:${line} ${target}`;
      if (!fs.existsSync(dest)) {
        broken.push(`${where} (no such file)`);
      } else if (hash !== undefined) {
        if (!dest.endsWith('.md')) broken.push(`${where} (an anchor into a file that is not markdown)`);
        else if (!anchors(dest).has(decodeURIComponent(hash))) broken.push(`${where} (no heading with that anchor)`);
      }
    }
  }
  report(`every relative link and anchor in README.md, docs/*.md and bench/README.md resolves (${count} links in ${files.length} files)`,
         broken.length === 0, broken.join('; '));
}

function checkReadmeShape(text) {
  const lines = text.replace(/\n$/, '').split('\n');
  report(`README.md is at most ${MAX_README_LINES} lines`, lines.length <= MAX_README_LINES, `${lines.length} lines`);

  const headings = parseMarkdown(text).filter((p) => p.fence === null)
    .flatMap((p) => p.lines).filter((l) => /^## /.test(l)).map((l) => l.slice(3).trim());
  report('README.md sections in order: intro, ' + README_SECTIONS.join(', '),
         JSON.stringify(headings) === JSON.stringify(README_SECTIONS), `found: ${headings.join(', ')}`);

  const intro = text.slice(text.indexOf('\n', text.indexOf('# ')) + 1, text.indexOf('\n## '))
    .replace(/`[^`]*`/g, 'code').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
  const sentences = intro.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((s) => s.trim());
  report('README.md opens with three sentences', sentences.length === 3, `${sentences.length}`);

  const parts = parseMarkdown(text);
  const shBlocks = parts.filter((p) => p.fence === 'sh' || p.fence === 'bash' || p.fence === 'shell');
  const commands = shBlocks.flatMap((b) => b.lines).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  report('README.md has exactly two set-up commands, npm run demo and npm test',
         commands.length === 2 && TWO_COMMANDS.every((re, i) => re.test(commands[i])), commands.join(' | '));

  const history = [/\bissue\s+#?\d+/i, /\bsession before\b/i, /\b(previous|last|this) session\b/i]
    .map((re) => re.exec(text)?.[0]).filter(Boolean);
  report('README.md has no issue numbers or session history', history.length === 0, history.join(', '));
}

// Runs a command; reports it as `name`; its output shown on failure.
function checkCommand(name, args, env = {}) {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  report(name, r.status === 0, r.status === 0 ? out.split('\n').pop() : out.split('\n').slice(-5).join(' / '));
}

// The snippet after `<!-- test: <kind> ...-->`, and what its `// → ...` comment says it prints.
function snippet(text, kind) {
  const block = parseMarkdown(text).find((p) => p.fence !== null && p.marker?.startsWith(`test: ${kind}`));
  if (!block) return null;
  const code = block.lines.join('\n');
  const expected = /\/\/ → (.*)$/m.exec(code)?.[1]?.trim();
  return { code, expected };
}

function checkNodeSnippet(text) {
  const s = snippet(text, 'node');
  if (!s?.expected) {
    report('README.md\'s npm snippet runs in Node', false, 'no ```js block after <!-- test: node --> with a `// → ...` comment');
    return;
  }
  // From the repository root, `import 'webnn-wasm'` resolves to this package (a self-reference through its
  // "exports"), so the snippet runs as written, against dist/.
  const r = spawnSync(process.execPath, ['--no-experimental-fetch', '--input-type=module', '-e', s.code],
                      { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
  const got = (r.stdout ?? '').trim();
  report('README.md\'s npm snippet runs in Node and prints what it says', r.status === 0 && got === s.expected,
         r.status === 0 ? `printed ${got}` : `exit ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').slice(0, 3).join(' / ')}`);
}

async function checkBrowserSnippet(text) {
  const name = 'README.md\'s script-tag snippet runs in Chromium and shows what it says';
  if (process.env.WEBNN_SKIP_BROWSER === '1') {
    report(name, null, 'WEBNN_SKIP_BROWSER=1: Chromium not started');
    return;
  }
  const s = snippet(text, 'chromium');
  if (!s?.expected) {
    report(name, false, 'no ```html block after <!-- test: chromium --> with a `// → ...` comment');
    return;
  }
  if (!fs.existsSync(CHROMIUM)) {
    report(name, false, `no Chromium at ${CHROMIUM} (set CHROMIUM=...)`);
    return;
  }
  const html = `<!doctype html>\n<meta charset="utf-8">\n<body>\n${s.code.replaceAll('https://unpkg.com/webnn-wasm/dist/', '/dist/')}\n</body>\n`;
  const { chromium } = await import('playwright-core');
  for (const isolated of [true, false]) {
    const label = `${name} (${isolated ? 'cross-origin isolated' : 'not isolated'})`;
    const server = await startServer({
      root: ROOT, isolated,
      routes: { '/readme-snippet.html': (req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8',
        ...(isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {}) }).end(html) },
    });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'webnn-wasm-docs-'));
    const logs = [];
    let context;
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM, headless: true,
        args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
      });
      const page = context.pages()[0] ?? await context.newPage();
      page.on('console', (m) => logs.push(`console.${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
      await page.goto(`${server.url}/readme-snippet.html`);
      await page.waitForFunction(() => document.body.innerText.trim() !== '', null, { timeout: 60000, polling: 100 });
      const got = (await page.evaluate(() => document.body.innerText)).trim();
      const { variant } = await page.evaluate(() => globalThis.webnnWasm.runtimeInfo());
      report(label, got === s.expected, `shows ${got} (${variant} build)`);
    } catch (e) {
      report(label, false, `${e?.message?.split('\n')[0] ?? e}${logs.length ? `; ${logs.slice(-5).join(' / ')}` : ''}`);
    } finally {
      await context?.close().catch(() => {});
      await server.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }
}

async function main() {
  const text = fs.readFileSync(README, 'utf8');
  checkReadmeShape(text);
  const docs = fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort().map((f) => path.join(DOCS, f));
  checkLinks([README, ...docs, path.join(ROOT, 'bench', 'README.md')]);
  checkCommand('docs/operators.md and README.md\'s support line match opSupportLimits() of dist/',
               ['--no-experimental-fetch', 'tools/gen-support-table.mjs', '--check']);
  checkCommand('docs/performance.md and README.md\'s headline match docs/performance.json',
               ['bench/report.mjs', '--from', 'docs/performance.json', '--markdown', 'docs/performance.md', '--readme', 'README.md', '--check']);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.mjs'))) {
    report('README.md\'s snippets', false, 'dist/ not built: run `npm run build`');
  } else {
    checkNodeSnippet(text);
    await checkBrowserSnippet(text);
  }
  if (totals.skip) console.log(`\n${totals.skip} check(s) skipped (listed above as SKIP)`);
  console.log(`\ndocs: ${totals.pass} passed, ${totals.fail} failed`);
  return totals.fail ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.log(`docs: FAILED: ${e?.stack ?? e}`);
  console.log('docs: 0 passed, 1 failed');
}
process.exit(code);
