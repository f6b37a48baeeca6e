// Finds and instantiates the right Wasm build, once per realm:
//   relaxed-simd-threaded: where simd-threaded runs and the engine has relaxed SIMD (its GEMM tiles
//                          use f32x4.relaxed_madd; `relaxedSimd: false` opts out);
//   simd-threaded:         Node, or a cross-origin isolated page/worker (SharedArrayBuffer usable);
//   simd:                  everywhere else (runs on the calling thread).
// The entry point says where the files are (setBaseUrl, or setFileUrls with URLs a bundler rewrote)
// and which platform loads them (src/js/platform-node.js or platform-browser.js); `wasmPaths`
// overrides the location.
import { eventLoopIdle, holdProcessOpen, isNode, yieldToEventLoop } from './runtime-env.js';

export { eventLoopIdle, holdProcessOpen, isNode, yieldToEventLoop };

let baseUrl = null;
let fileUrls = {};
let platform = null;
let options = {};
let loading = null;
let warnedNoThreads = false;

export function setBaseUrl(url) {
  if (!baseUrl && url) baseUrl = url;
}

// name -> URL of each dist file, for entry points whose bundler moves and renames them.
export function setFileUrls(urls) {
  fileUrls = { ...urls, ...fileUrls };
}

export function setPlatform(p) {
  platform ??= p;
}

// install({ int4Activations }): the bits the runtime's init() takes for each value (compiler::CompileOptions).
export const INT4_ACTIVATION_BITS = Object.freeze({ int16: 16, int8: 8, float32: 32 });

export function configure(opts = {}) {
  options = { ...options, ...opts };
}

function fileUrl(name) {
  const paths = options.wasmPaths;
  if (paths && typeof paths === 'object' && paths[name]) return String(paths[name]);
  if (typeof paths !== 'string' && fileUrls[name]) return fileUrls[name];
  const prefix = typeof paths === 'string' ? paths : baseUrl;
  if (!prefix) {
    throw new DOMException(`webnn-wasm: cannot locate ${name}; pass install({wasmPaths: '<url of the dist folder>/'}).`,
                           'NotSupportedError');
  }
  return new URL(name, prefix.endsWith('/') || typeof paths !== 'string' ? prefix : prefix + '/').href;
}

// A fetched Response compiles while it downloads ({module}); bytes, or a Response in an engine without
// compileStreaming, are compiled when the glue asks ({bytes} / {response}). A failed compilation is
// reported where instantiation failures are, so it is held rather than thrown here.
async function compileSource(source) {
  if (typeof Response === 'undefined' || !(source instanceof Response)) return { bytes: source };
  if (typeof WebAssembly.compileStreaming !== 'function') return { response: source };
  try {
    return { module: await WebAssembly.compileStreaming(source) };
  } catch (e) {
    return { error: e };
  }
}

// Whether the engine validates a module whose one function, () -> v128, has this body (locals, code, end).
function validatesV128Function(body) {
  return typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0,
    1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, body.length + 2, 1, body.length, ...body]));
}

// i32.const 0, i8x16.splat, i8x16.popcnt: WebAssembly SIMD, which every build needs.
const SIMD_BODY = [0, 65, 0, 253, 15, 253, 98, 11];
// v128.const 0 (x3), f32x4.relaxed_madd: valid only where the engine has relaxed SIMD (Chromium 114+,
// Firefox 145+, Node 22; Node 20 with --experimental-wasm-relaxed-simd).
const ZERO_V128 = [253, 12, ...new Array(16).fill(0)];
const RELAXED_MADD_BODY = [0, ...ZERO_V128, ...ZERO_V128, ...ZERO_V128, 253, 133, 2, 11];

export function relaxedSimdSupported() {
  return validatesV128Function(RELAXED_MADD_BODY);
}

async function instantiate() {
  if (!platform) throw new DOMException('webnn-wasm: no platform set by the entry point.', 'NotSupportedError');
  const threads = options.threads !== false && platform.threadsAvailable();
  const cores = await platform.hardwareConcurrency();
  let numThreads = options.numThreads ?? Math.max(1, Math.min(4, cores));
  if (!threads && numThreads > 1) {
    if (options.numThreads > 1 && !warnedNoThreads) {
      warnedNoThreads = true;
      console.warn('webnn-wasm: threads are unavailable (the page is not cross-origin isolated: serve it with ' +
                   'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp); ' +
                   'running single-threaded.');
    }
    numThreads = 1;
  }
  const relaxed = threads && options.relaxedSimd !== false && relaxedSimdSupported();
  const variant = relaxed ? 'relaxed-simd-threaded' : threads ? 'simd-threaded' : 'simd';
  if (!validatesV128Function(SIMD_BODY)) {
    throw new DOMException('webnn-wasm: this engine lacks WebAssembly SIMD (needed by every build).', 'NotSupportedError');
  }
  const wasmUrl = fileUrl(`webnn-wasm-${variant}.wasm`);
  // In browsers (platform.fetchesEarly) the wasm downloads and compiles as it streams in while the glue
  // loads and starts its pthread workers; the glue's instantiateWasm below waits for it. Node reads the
  // file once the glue is in, as before (no download to overlap). A failed fetch or read rejects
  // loadRuntime() with its own error.
  let fetchError = null;
  const requestWasm = () => (options.wasmBinary ? Promise.resolve({ bytes: options.wasmBinary })
    : platform.wasmSource(wasmUrl).then(compileSource, (e) => { fetchError = e; return {}; }));
  let compiling = platform.fetchesEarly ? requestWasm() : null;
  const { factory, mainScript } = await platform.loadFactory(variant, fileUrl);
  compiling ??= requestWasm();
  let memory = null;
  // The glue waits for receive() forever if instantiation fails: reject loadRuntime() instead.
  let instantiateFailed;
  const failure = new Promise((_, reject) => { instantiateFailed = reject; });
  const moduleArgs = {
    // numThreads - 1 compute workers and the 2 executor threads (src/cpp/runtime/executor.cc).
    webnnPoolSize: threads ? numThreads + 1 : 0,
    mainScriptUrlOrBlob: mainScript,
    locateFile: (file) => platform.locate(file, fileUrl),
    instantiateWasm(imports, receive) {
      const done = ({ instance, module: wasmModule }) => {
        // Threaded builds import their shared memory (under a minified module/field name); simd
        // builds export theirs. Memory.buffer always reflects growth, unlike cached heap views.
        const isMemory = (e) => e instanceof WebAssembly.Memory;
        memory = Object.values(imports).flatMap((m) => Object.values(m ?? {})).find(isMemory) ??
          Object.values(instance.exports).find(isMemory);
        receive(instance, wasmModule);
      };
      // async: a synchronous throw (platform.instantiate compiles in place) becomes a rejection.
      const start = async () => {
        const compiled = await compiling;
        if (fetchError) throw fetchError;
        if (compiled.error) throw compiled.error;
        if (compiled.module) return { module: compiled.module, instance: await WebAssembly.instantiate(compiled.module, imports) };
        if (compiled.response) return WebAssembly.instantiateStreaming(compiled.response, imports);
        const { bytes } = compiled;
        return platform.instantiate ? platform.instantiate(bytes, imports) : WebAssembly.instantiate(bytes, imports);
      };
      start().then(done, (e) => instantiateFailed(fetchError ?? new DOMException(`webnn-wasm: instantiating ${wasmUrl} failed: ${e?.message ?? e}`,
                                                                               'NotSupportedError')));
      return {};
    },
  };
  const restore = threads ? await platform.beforeThreadedStart() : () => {};
  let module;
  try {
    module = await Promise.race([factory(moduleArgs), failure]);
  } finally {
    restore();
  }
  // inlineStepMs (docs/usage.md, "install() and its options"): anything but a number >= 0 leaves the runtime's default.
  // int4Activations (docs/usage.md; createML checked it): how the 4-bit matmuls of one row take their activations.
  const int4Activations = options.int4Activations ?? 'int16';
  module.init(numThreads, Number(options.inlineStepMs ?? -1), INT4_ACTIVATION_BITS[int4Activations]);
  return { module, memory: () => memory, numThreads, variant, threaded: threads, int4Activations };
}

// Starts loading the runtime now, without waiting for it (a failure surfaces at the first real use).
// install() calls it where `options.preload` (default: platform.preload, true in Node and browsers)
// says so. In Node, once another large wasm module (onnxruntime-web's 28 MB) is compiling, V8's
// background threads are busy tiering it up for ~45 s on 2 cores and our pthread workers, started after
// that, took 40-65 s to report ready; started first, they are up in ~0.1 s. In browsers the download and
// compilation overlap the page's own loading instead of following it (bench/first-result.mjs).
// Once loaded, `prime(runtime)` runs where `options.prime` (default: platform.prime) says so (api/prime.js): true
// at once, 'idle' in the page's next idle period (requestIdleCallback, within 2 s; a task where there is none).
export function preloadRuntime(prime) {
  if (!(options.preload ?? platform?.preload)) return;
  loadRuntime().then((runtime) => {
    const when = options.prime ?? platform?.prime;
    if (!when || !prime) return undefined;
    if (when !== 'idle') return prime(runtime);
    const later = (fn) => (typeof globalThis.requestIdleCallback === 'function'
      ? globalThis.requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0));
    return new Promise((resolve) => later(() => resolve(prime(runtime))));
  }).catch(() => {});
}

// The loaded runtime ({module, memory(), numThreads, variant, threaded}); loads on first call.
export function loadRuntime() {
  loading ??= instantiate().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
