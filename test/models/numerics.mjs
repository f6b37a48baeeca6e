// Pure helpers shared by the Node scripts (test/models, bench, examples) and the browser pages
// (test/browser): seeded inputs, free-dimension overrides and the error metrics. No Node APIs here.

// Sequence length used for any free (non-batch) dimension of a model input.
export const SEQUENCE_LENGTH = 128;

// mulberry32: a small seeded PRNG, so every run (and both EPs) see the same input.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(name) {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// Free (symbolic) dimensions of the model inputs -> freeDimensionOverrides: batch-like names get 1,
// everything else SEQUENCE_LENGTH. A dimension with no name at all (-1 / null) cannot be overridden
// by name; it is reported so the caller can fail clearly.
export function freeDimensions(inputMetadata) {
  const overrides = {};
  const unnamed = [];
  for (const input of inputMetadata) {
    if (!input.isTensor) continue;
    input.shape.forEach((d, i) => {
      if (typeof d === 'string' && d !== '') overrides[d] = /batch|^n$|^b$/i.test(d) ? 1 : SEQUENCE_LENGTH;
      else if (typeof d !== 'number' || d < 0) unnamed.push(`${input.name}[${i}]`);
    });
  }
  return { overrides, unnamed };
}

const CTORS = {
  float32: Float32Array, int32: Int32Array, int64: BigInt64Array, uint8: Uint8Array, int8: Int8Array,
  bool: Uint8Array, float64: Float64Array, uint32: Uint32Array,
};

// Deterministic feeds for a session: float inputs uniform in [-1, 1), integer inputs in [0, 100)
// (token ids), bools 0/1. Seeded by model and input name.
export function makeFeeds(ort, inputMetadata, overrides, modelName) {
  const feeds = {};
  for (const input of inputMetadata) {
    if (!input.isTensor) throw new Error(`input ${input.name} is not a tensor`);
    const dims = input.shape.map((d) => (typeof d === 'number' ? d : overrides[d]));
    if (dims.some((d) => !(d >= 0))) throw new Error(`input ${input.name} has an unresolved dimension: ${JSON.stringify(input.shape)}`);
    const size = dims.reduce((a, b) => a * b, 1);
    const Ctor = CTORS[input.type];
    if (!Ctor) throw new Error(`input ${input.name}: data type ${input.type} not handled by this test`);
    const data = new Ctor(size);
    const next = rng(seedOf(`${modelName}/${input.name}`));
    for (let i = 0; i < size; i++) {
      if (input.type.startsWith('float')) data[i] = next() * 2 - 1;
      else if (input.type === 'bool') data[i] = next() < 0.5 ? 0 : 1;
      else if (input.type === 'int64') data[i] = BigInt(Math.floor(next() * 100));
      else data[i] = Math.floor(next() * 100);
    }
    feeds[input.name] = new ort.Tensor(input.type, data, dims);
  }
  return feeds;
}

// Errors of `actual` against `reference` (both ort.Tensor):
//   maxAbs = max_i |a_i - r_i|
//   maxRel = max_i |a_i - r_i| / max(|r_i|, 1e-3)       (per element, floor 1e-3 for values near 0)
//   scaled = maxAbs / max(max_i |r_i|, 1e-3)             (relative to the output's largest magnitude)
// NaN anywhere in `actual` where `reference` is finite counts as an infinite error.
export const REL_FLOOR = 1e-3;

// The bound on max rel (compare()'s) between our outputs and onnxruntime-web's wasm EP's, for the shared
// models: 1e-4, but 2e-4 for transformer_encoder. Its outputs lie within +-0.3, so at the 1e-3 floor the
// elements near zero are held to 1e-7 absolute: 3 ULP of its largest outputs, after 4 layers of GEMMs that
// sum in another order than MLAS's (and, in Chromium, with relaxed SIMD's FMA). That element moves with
// rounding, not with erf's accuracy: 9.4e-5 with an erf 2.5 ULP from exact, 1.10e-4 with a 1.40 ULP one
// (max abs 3.4e-7 -> 2.7e-7), 9.7e-5 with a 1.73 ULP one, 8.5e-5 in Node and 1.08e-4 in Chromium (max abs
// 2.8e-7) with the 6.6 ULP rational. The browser page and the Node test both take it from here.
export const REL_TOLERANCE = 1e-4;
export const SHARED_TOLERANCES = { transformer_encoder: 2e-4 };
export const toleranceOf = (name) => SHARED_TOLERANCES[name] ?? REL_TOLERANCE;

export function compare(actual, reference) {
  const out = { maxAbs: 0, maxRel: 0, scaled: 0, maxRef: 0, worstIndex: -1, shapeOk: true, n: reference.data.length };
  if (JSON.stringify(actual.dims) !== JSON.stringify(reference.dims) || actual.type !== reference.type) {
    out.shapeOk = false;
    out.maxAbs = out.maxRel = out.scaled = Infinity;
    out.detail = `got ${actual.type}${JSON.stringify(actual.dims)}, want ${reference.type}${JSON.stringify(reference.dims)}`;
    return out;
  }
  const a = actual.data;
  const r = reference.data;
  for (let i = 0; i < r.length; i++) {
    const ri = Number(r[i]);
    const ai = Number(a[i]);
    out.maxRef = Math.max(out.maxRef, Math.abs(ri));
    let d = Math.abs(ai - ri);
    if (Number.isNaN(d)) d = Number.isNaN(ri) && Number.isNaN(ai) ? 0 : Infinity;
    if (d > out.maxAbs) out.maxAbs = d;
    const rel = d / Math.max(Math.abs(ri), REL_FLOOR);
    if (rel > out.maxRel) {
      out.maxRel = rel;
      out.worstIndex = i;
      out.worst = { actual: ai, reference: ri };
    }
  }
  out.scaled = out.maxAbs / Math.max(out.maxRef, REL_FLOOR);
  return out;
}

export const fmt = (x) => (x === Infinity ? 'inf' : Number.isNaN(x) ? 'NaN' : x === 0 ? '0' : x.toExponential(2));
export const ms = (t) => `${t.toFixed(1)}`;
export const now = () => performance.now();
