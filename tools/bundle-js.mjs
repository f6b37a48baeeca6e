// Generates the WebIDL layer from idl/, then bundles src/js into dist/ (ESM, CommonJS, script tag)
// and writes an ES module copy of each Emscripten glue file for browsers (pthread workers keep
// loading the classic one).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
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
for (const variant of ['simd', 'simd-threaded']) {
  const glue = join(dist, `webnn-wasm-${variant}.js`);
  if (!existsSync(glue)) continue;
  writeFileSync(join(dist, `webnn-wasm-${variant}.mjs`), `${readFileSync(glue, 'utf8')}\nexport default createWebnnWasm;\n`);
}
if (existsSync(join(root, 'src/js/generated/webnn.d.ts'))) {
  copyFileSync(join(root, 'src/js/generated/webnn.d.ts'), join(dist, 'webnn.d.ts'));
}
