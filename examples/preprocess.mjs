// Image -> MobileNetV2 input, and scores -> top-k. Shared by classify-node.mjs and the browser page.

export const SIZE = 224;
const MEAN = [0.485, 0.456, 0.406]; // ImageNet statistics, as torchvision's MobileNetV2 expects
const STD = [0.229, 0.224, 0.225];

// RGBA bytes (width x height) -> Float32Array [1, 3, 224, 224]: bilinear resize (align_corners=false),
// scale to [0, 1], subtract the mean and divide by the std per channel. Alpha is ignored.
export function toInput(rgba, width, height) {
  const out = new Float32Array(3 * SIZE * SIZE);
  const sx = width / SIZE;
  const sy = height / SIZE;
  for (let y = 0; y < SIZE; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, height - 1);
    const wy = fy - y0;
    for (let x = 0; x < SIZE; x++) {
      const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, width - 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const p = (yy, xx) => rgba[(yy * width + xx) * 4 + c];
        const v = (p(y0, x0) * (1 - wx) + p(y0, x1) * wx) * (1 - wy) + (p(y1, x0) * (1 - wx) + p(y1, x1) * wx) * wy;
        out[c * SIZE * SIZE + y * SIZE + x] = (v / 255 - MEAN[c]) / STD[c];
      }
    }
  }
  return out;
}

// The k best classes of a logits vector, with softmax probabilities.
export function topK(logits, k = 5) {
  const max = logits.reduce((m, v) => Math.max(m, v), -Infinity);
  const exp = Array.from(logits, (v) => Math.exp(v - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e, index) => ({ index, logit: logits[index], probability: e / sum }))
    .sort((a, b) => b.logit - a.logit).slice(0, k);
}
