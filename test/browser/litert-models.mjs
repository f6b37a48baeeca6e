// What the LiteRT.js browser test (litert.mjs) and bench (bench/litert-page.mjs) share: the MediaPipe models
// that npm packages ship, and the image-like input both accelerators get.
export const LITERT_MODELS = [
  '/node_modules/@mediapipe/face_detection/face_detection_short_range.tflite',
  '/node_modules/@mediapipe/face_detection/face_detection_full_range.tflite',
  '/node_modules/@mediapipe/face_detection/face_detection_full_range_sparse.tflite',
  '/node_modules/@mediapipe/selfie_segmentation/selfie_segmentation.tflite',
  '/node_modules/@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite',
];

// Image-like input in [-1, 1) (MediaPipe's normalisation for these models), from a fixed LCG: the same for both
// accelerators. (Inputs in [0, 1) leave the segmentation output at ~1e-7 everywhere, which checks little.)
export function seededInput(length, seed) {
  const data = new Float32Array(length);
  let s = seed >>> 0;
  for (let i = 0; i < length; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = (2 * s) / 2 ** 32 - 1;
  }
  return data;
}
