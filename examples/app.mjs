// The browser half of the demo (examples/index.html): the page image on a canvas, the PP-OCRv4 detector on
// navigator.ml through onnxruntime-web, the boxes drawn over it, and what ran it and how fast.
// test/browser/run.mjs reads window.__demo once window.__demoDone is set.
import * as ort from '/node_modules/onnxruntime-web/dist/ort.min.mjs';
import { MODEL_PATH, createDetector, detectText } from './text-detection.mjs';

const RUNS = 10;
const MAX_SIDE = 960;
const out = document.getElementById('out');
const canvas = document.getElementById('page');
const print = (s) => { out.textContent += `${s}\n`; };
let model;
let session;
let sessionSize = '';

async function load(src) {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

// The image on the canvas, scaled down to at most MAX_SIDE and padded with white to multiples of 32.
function drawPage(image) {
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const w = Math.round(image.naturalWidth * scale);
  const h = Math.round(image.naturalHeight * scale);
  canvas.width = Math.ceil(w / 32) * 32;
  canvas.height = Math.ceil(h / 32) * 32;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(image, 0, 0, w, h);
  const { data, width, height } = g.getImageData(0, 0, canvas.width, canvas.height);
  return { rgba: data, width, height };
}

async function detect(image) {
  const page = drawPage(image);
  const size = `${page.width}x${page.height}`;
  if (size !== sessionSize) {
    await session?.release();
    const t = performance.now();
    session = await createDetector(ort, model, page.width, page.height);  // WebNN graphs have static shapes
    sessionSize = size;
    print(`session for ${size} created in ${(performance.now() - t).toFixed(0)} ms`);
  }
  let t = performance.now();
  let boxes = await detectText(ort, session, page);
  const first = performance.now() - t;
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    boxes = await detectText(ort, session, page);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const g = canvas.getContext('2d');
  g.strokeStyle = '#dc1e1e';
  g.lineWidth = 2;
  for (const b of boxes) g.strokeRect(b.x + 1, b.y + 1, b.width - 2, b.height - 2);
  const median = times[Math.floor((RUNS - 1) / 2)];
  print(`${boxes.length} line(s) of text found on the ${size} page`);
  print(`time: first run ${first.toFixed(1)} ms; steady state over ${RUNS} runs: median ${median.toFixed(1)} ms, best ${times[0].toFixed(1)} ms`);
  return { boxes, first, median, size };
}

async function main() {
  out.textContent = '';
  const lib = globalThis.webnnWasm;
  const info = await lib.runtimeInfo();
  const mode = lib.installedMode();
  const serving = mode === 'bridge' ? 'webnn-wasm behind the browser\'s own WebNN (each context says which serves it)'
    : mode === 'webnn-wasm' ? 'webnn-wasm' : 'the browser\'s own WebNN';
  print(`navigator.ml: ${serving}; ${info.variant} build, ${info.numThreads} thread(s); crossOriginIsolated=${self.crossOriginIsolated}`);
  ort.env.wasm.numThreads = 1;  // ORT hands the whole graph to WebNN
  const response = await fetch(`/${MODEL_PATH}`);
  if (!response.ok) throw new Error(`fetching /${MODEL_PATH}: HTTP ${response.status}`);
  model = new Uint8Array(await response.arrayBuffer());
  window.__demo = await detect(await load('page.png'));
  window.__demoDone = true;
  document.getElementById('file').onchange = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      await detect(await load(URL.createObjectURL(file)));
    } catch (err) {
      print(`error: ${err.message}`);
    }
  };
}

main().catch((e) => { print(`error: ${e?.message ?? e}`); window.__demoError = String(e?.message ?? e); });
