#!/usr/bin/env node
// Demo: classify an image with MobileNetV2 in Node, through onnxruntime-web's WebNN execution provider
// running on webnn-wasm's navigator.ml.
//
//   node examples/classify-node.mjs [image.png] [--runs N]
//
// The model is ../shared/models/mobilenet_v2.onnx. Its weights are RANDOM (it was exported untrained),
// so the predicted classes are meaningless: the demo shows the pipeline and the speed, not accuracy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodePng } from './png.mjs';
import { SIZE, toInput, topK } from './preprocess.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const MODEL = path.resolve(ROOT, '..', 'shared', 'models', 'mobilenet_v2.onnx');
const ORT_DIST = path.join(ROOT, 'node_modules', 'onnxruntime-web', 'dist');

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 20;
const imagePath = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? path.join(HERE, 'image.png');

async function main() {
  if (!fs.existsSync(MODEL)) {
    console.log(`classify-node: skipped: ../shared/models not found (no ${MODEL})`);
    return 0;
  }
  const entry = path.join(ROOT, 'dist', 'index.mjs');
  if (!fs.existsSync(entry)) {
    console.log('classify-node: dist/index.mjs not found: run `npm run build` first');
    return 1;
  }

  // 1. Put WebNN on navigator.ml (and a stub GPUDevice, which ORT's WebNN EP needs to exist).
  const webnn = await import(pathToFileURL(entry).href);
  webnn.install();
  const info = typeof webnn.runtimeInfo === 'function' ? await webnn.runtimeInfo() : null;
  console.log(`webnn-wasm installed${info ? `: ${info.variant} build, ${info.numThreads} thread(s)` : ''}`);

  // 2. onnxruntime-web's browser bundle (the Node entry has no WebNN EP), told where its wasm is.
  const ort = await import(pathToFileURL(path.join(ORT_DIST, 'ort.min.mjs')).href);
  ort.env.wasm.wasmBinary = fs.readFileSync(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.wasm'));
  ort.env.wasm.wasmPaths = { mjs: pathToFileURL(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.mjs')).href };
  ort.env.wasm.numThreads = 1; // ORT only hands the graph to WebNN; our library does the compute

  // 3. The image -> 1x3x224x224, ImageNet mean/std.
  const { width, height, rgba } = decodePng(fs.readFileSync(imagePath));
  const input = new ort.Tensor('float32', toInput(rgba, width, height), [1, 3, SIZE, SIZE]);
  console.log(`image: ${path.relative(process.cwd(), imagePath)} (${width}x${height})`);

  // 4. Session on the WebNN EP; every node must run in WebNN (no fallback to ORT's CPU EP).
  let t = performance.now();
  const session = await ort.InferenceSession.create(fs.readFileSync(MODEL), {
    executionProviders: ['webnn'],
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
  console.log(`model: mobilenet_v2.onnx, session created in ${(performance.now() - t).toFixed(0)} ms`);
  const feeds = { [session.inputNames[0]]: input };

  t = performance.now();
  let out = await session.run(feeds);
  const first = performance.now() - t;
  const times = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    out = await session.run(feeds);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const logits = out[session.outputNames[0]].data;

  console.log('\ntop-5 (ImageNet class index: softmax probability, logit)  -- the weights are random, so these classes mean nothing:');
  for (const { index, probability, logit } of topK(logits, 5)) {
    console.log(`  class ${String(index).padStart(4)}: ${probability.toFixed(4)}  (${logit.toFixed(3)})`);
  }
  console.log(`\ntime: first run ${first.toFixed(1)} ms; steady state over ${runs} runs: ` +
              `median ${times[Math.floor((runs - 1) / 2)].toFixed(1)} ms, best ${times[0].toFixed(1)} ms`);
  await session.release();
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`classify-node: ${e?.stack ?? e}`);
}
process.exit(code); // our pthread workers would otherwise keep Node alive
