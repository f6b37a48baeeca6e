// Generates the WebIDL layer from idl/, then bundles src/js into dist/ (ESM for Node and for browsers,
// CommonJS, script tag), writes an ES module copy of each Emscripten glue file and the browsers'
// pthread worker (Emscripten's worker.js with the classic glue inside), and the TypeScript declarations.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
execFileSync(process.execPath, [join(root, 'tools/gen-webidl.mjs')], { stdio: 'inherit' });

const common = { bundle: true, target: 'es2022', logLevel: 'warning', external: ['node:*'], sourcemap: true };
const builds = [
  { entry: 'entry-esm.js', out: 'index.mjs', format: 'esm' },
  { entry: 'entry-browser.js', out: 'index.browser.mjs', format: 'esm', platform: 'browser' },
  { entry: 'entry-auto-browser.js', out: 'auto.browser.mjs', format: 'esm', platform: 'browser' },
  { entry: 'entry-cjs.js', out: 'index.cjs', format: 'cjs', platform: 'node' },
  { entry: 'entry-auto-esm.js', out: 'auto.mjs', format: 'esm' },
  { entry: 'entry-auto-cjs.js', out: 'auto.cjs', format: 'cjs', platform: 'node' },
  { entry: 'entry-iife.js', out: 'webnn-wasm.iife.js', format: 'iife' },
];
await Promise.all(builds.map((b) => esbuild.build({
  ...common,
  entryPoints: [join(root, 'src/js', b.entry)],
  outfile: join(dist, b.out),
  format: b.format,
  platform: b.platform ?? 'neutral',
})));

// Emscripten's glue (webnn-wasm-*.js, and the pthread worker) is CommonJS-style script; the root
// package is "type": "module", so without this Node would load those .js files as ES modules.
writeFileSync(join(dist, 'package.json'), '{"type": "commonjs"}\n');
for (const variant of ['simd', 'simd-threaded', 'relaxed-simd-threaded']) {
  const glue = join(dist, `webnn-wasm-${variant}.js`);
  if (!existsSync(glue)) continue;
  writeFileSync(join(dist, `webnn-wasm-${variant}.mjs`), `${readFileSync(glue, 'utf8')}\nexport default createWebnnWasm;\n`);
}
for (const variant of ['simd-threaded', 'relaxed-simd-threaded']) writeBrowserPthreadWorker(variant);
copyFileSync(join(root, 'src/js/generated/webnn.d.ts'), join(dist, 'webnn.d.ts'));
for (const file of readdirSync(join(root, 'src/types'))) copyFileSync(join(root, 'src/types', file), join(dist, file));
// The CommonJS entry declares the same module as the ESM one: one source, two file names (TypeScript
// resolves `require` to .d.cts and `import` to .d.mts).
copyFileSync(join(root, 'src/types/index.d.mts'), join(dist, 'index.d.cts'));

// Emscripten 3.1.6's worker.js starts a pthread by importScripts() of the main script URL. Browsers get
// one file with both: no second request, nothing for `worker-src 'self'` or `script-src` to refuse, and
// large enough that Vite does not inline it as a data: URL (its default limit is 4 kB), which a
// worker could not start from under that CSP. Node keeps the two files Emscripten wrote.
function writeBrowserPthreadWorker(variant) {
  const glue = join(dist, `webnn-wasm-${variant}.js`);
  const worker = join(dist, `webnn-wasm-${variant}.worker.js`);
  if (!existsSync(glue) || !existsSync(worker)) return;
  const load = 'importScripts(e.data.urlOrBlob)';
  const workerText = readFileSync(worker, 'utf8');
  if (!workerText.includes(load)) throw new Error(`bundle-js: ${worker} no longer contains ${load}; update writeBrowserPthreadWorker`);
  writeFileSync(join(dist, `webnn-wasm-${variant}.browser-worker.js`), [
    '// The pthread worker for browsers: Emscripten\'s classic glue, then its worker.js (written by tools/bundle-js.mjs).',
    readFileSync(glue, 'utf8'),
    workerText.replace(load, `if(typeof createWebnnWasm!="function")${load}`),
    '',
  ].join('\n'));
}
