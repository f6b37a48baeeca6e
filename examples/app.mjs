// The browser half of the demo (examples/index.html).
import * as ort from '/node_modules/onnxruntime-web/dist/ort.min.mjs';
import { SIZE, toInput, topK } from './preprocess.mjs';

const out = document.getElementById('out');
const img = document.getElementById('image');
const print = (s) => { out.textContent += `${s}\n`; };
let session;

async function pixels(image) {
  await image.decode();
  const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

async function classify() {
  const { data, width, height } = await pixels(img);
  const input = new ort.Tensor('float32', toInput(data, width, height), [1, 3, SIZE, SIZE]);
  const feeds = { [session.inputNames[0]]: input };
  let t = performance.now();
  let result = await session.run(feeds);
  const first = performance.now() - t;
  const times = [];
  for (let i = 0; i < 10; i++) {
    t = performance.now();
    result = await session.run(feeds);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  print(`\nimage ${width}x${height}; top-5 (class index: probability, logit):`);
  for (const { index, probability, logit } of topK(result[session.outputNames[0]].data, 5)) {
    print(`  class ${String(index).padStart(4)}: ${probability.toFixed(4)}  (${logit.toFixed(3)})`);
  }
  print(`time: first run ${first.toFixed(1)} ms; steady state: median ${times[4].toFixed(1)} ms, best ${times[0].toFixed(1)} ms`);
  window.__demoDone = true;
}

async function main() {
  out.textContent = '';
  const lib = globalThis.webnnWasm;
  const info = lib?.runtimeInfo ? await lib.runtimeInfo() : null;
  print(`navigator.ml from ${lib?.isInstalled?.() ? 'webnn-wasm' : 'the browser (native WebNN)'}` +
        (info ? `: ${info.variant} build, ${info.numThreads} thread(s)` : '') +
        `; crossOriginIsolated=${self.crossOriginIsolated}`);
  ort.env.wasm.numThreads = 1; // ORT only hands the graph to WebNN
  const t = performance.now();
  const response = await fetch('/shared-models/mobilenet_v2.onnx');
  if (!response.ok) throw new Error(`fetching /shared-models/mobilenet_v2.onnx: HTTP ${response.status} (is ../shared/models there?)`);
  session = await ort.InferenceSession.create(new Uint8Array(await response.arrayBuffer()), {
    executionProviders: ['webnn'],
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
  print(`model loaded and compiled in ${(performance.now() - t).toFixed(0)} ms`);
  await classify();
  document.getElementById('file').onchange = (e) => {
    const file = e.target.files[0];
    if (!file) return;
    img.src = URL.createObjectURL(file);
    classify().catch((err) => print(`error: ${err.message}`));
  };
}

main().catch((e) => { print(`error: ${e?.message ?? e}`); window.__demoError = String(e?.message ?? e); });
