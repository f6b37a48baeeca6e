// The browser half of bench/first-result.mjs: the demo's first result (examples/app.mjs's steps, without
// its nine further runs), timed from navigation start. The page the driver serves has the demo's
// `<script src="/dist/webnn-wasm.iife.js">` before this module for engine=webnn, and none for engine=wasm
// (ORT's own CPU EP, for reference). performance.now() counts from navigation start.
import * as ort from '/node_modules/onnxruntime-web/dist/ort.min.mjs';
import * as detector from '/examples/text-detection.mjs';
import { probeWebnn, sessionFor } from './first-result-probe.mjs';

const now = () => performance.now();
const marks = { begin: now() };
const engine = new URLSearchParams(location.search).get('engine');

// As app.mjs draws the page: on a canvas, padded to multiples of 32.
async function pagePixels(src) {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(image.naturalWidth / 32) * 32;
  canvas.height = Math.ceil(image.naturalHeight / 32) * 32;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(image, 0, 0);
  const { data, width, height } = g.getImageData(0, 0, canvas.width, canvas.height);
  return { rgba: data, width, height };
}

// When each file that matters was requested and arrived, from the Resource Timing entries.
function fileTimes() {
  const wanted = /webnn-wasm[^/]*$|ort[^/]*\.(mjs|wasm)$|\.onnx$|page\.png$/;
  return performance.getEntriesByType('resource').filter((e) => wanted.test(e.name)).map((e) => ({
    file: e.name.split('/').pop(), start: e.startTime, end: e.responseEnd,
  }));
}

async function main() {
  if (engine === 'webnn') {
    marks.api = probeWebnn(now);
    marks.runtime = await globalThis.webnnWasm.runtimeInfo();
    marks.ready = now();
  }
  ort.env.wasm.numThreads = 1;  // as the demo: ORT hands the whole graph to WebNN
  ort.env.logLevel = 'error';
  marks.ort = now();
  const [model, image] = await Promise.all([
    fetch(`/${detector.MODEL_PATH}`).then((r) => r.arrayBuffer()).then((b) => new Uint8Array(b)),
    pagePixels('/examples/page.png'),
  ]);
  marks.inputs = now();
  const session = await sessionFor(ort, detector, engine, model, image.width, image.height);
  marks.session = now();
  const boxes = await detector.detectText(ort, session, image);
  marks.first = now();
  return { marks, boxes: boxes.length, files: fileTimes(), isolated: self.crossOriginIsolated };
}

main().then((r) => { window.__firstResult = r; }, (e) => { window.__firstResult = { error: String(e?.message ?? e) }; });
