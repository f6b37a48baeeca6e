// Finds and instantiates the right Wasm build, once per realm:
//   simd-threaded: Node, or a cross-origin isolated page/worker (SharedArrayBuffer usable);
//   simd:          everywhere else (runs on the calling thread).
// Files are located relative to this module (set by the entry point) unless `wasmPaths` says
// otherwise. In Node they are read from disk, never fetched: Emscripten 3.1.6's own loader breaks on
// Node 20's global fetch with file paths.
let baseUrl = null;
let options = {};
let loading = null;
let warnedNoThreads = false;

export function setBaseUrl(url) {
  if (!baseUrl && url) baseUrl = url;
}

export function configure(opts = {}) {
  options = { ...options, ...opts };
}

export const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

function threadsAvailable() {
  if (options.threads === false) return false;
  if (isNode) return true;
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
}

async function hardwareConcurrency() {
  if (isNode) {
    const os = await import('node:os');
    return os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  }
  return globalThis.navigator?.hardwareConcurrency ?? 1;
}

function fileUrl(name) {
  const paths = options.wasmPaths;
  if (paths && typeof paths === 'object' && paths[name]) return String(paths[name]);
  const prefix = typeof paths === 'string' ? paths : baseUrl;
  if (!prefix) {
    throw new DOMException(`webnn-wasm: cannot locate ${name}; pass install({wasmPaths: '<url of the dist folder>/'}).`,
                           'NotSupportedError');
  }
  return new URL(name, prefix.endsWith('/') || typeof paths !== 'string' ? prefix : prefix + '/').href;
}

async function nodePath(url) {
  const { fileURLToPath } = await import('node:url');
  return url.startsWith('file:') ? fileURLToPath(url) : url;
}

async function loadFactory(variant) {
  const name = `webnn-wasm-${variant}`;
  if (isNode) {
    const { createRequire } = await import('node:module');
    const path = await nodePath(fileUrl(`${name}.js`));
    return { factory: createRequire(path)(path), glueUrl: path };
  }
  // Browsers: an ES module copy of the glue (tools/bundle-js.mjs writes it); pthread workers load the
  // classic one by URL (mainScriptUrlOrBlob), so `worker-src 'self'` is enough.
  const mod = await import(/* webpackIgnore: true */ /* @vite-ignore */ fileUrl(`${name}.mjs`));
  return { factory: mod.default, glueUrl: fileUrl(`${name}.js`) };
}

// In Node, holds the process open (a referenced timer) until the returned function is called: for
// work that Node does not count, such as an unref'ed worker's reply or a pending Atomics.waitAsync.
// Elsewhere it does nothing.
export function holdProcessOpen() {
  if (!isNode) return () => {};
  const timer = setInterval(() => {}, 1 << 30);
  return () => clearInterval(timer);
}

// Node keeps a process alive while any worker thread is referenced, so the pthread workers the glue
// creates while it initialises are unref'ed: a script that is done exits. (While a read is pending,
// waitForFlag holds a referenced timer instead.) Returns the function that undoes the patch.
async function unrefNodeWorkers() {
  const workerThreads = (await import('node:worker_threads')).default;
  const NodeWorker = workerThreads.Worker;
  workerThreads.Worker = class extends NodeWorker {
    constructor(...args) {
      super(...args);
      this.unref();
    }

    // Adding a 'message' listener refs the worker's port again.
    on(...args) {
      const result = super.on(...args);
      this.unref();
      return result;
    }
  };
  // Until the glue has heard back from every worker (they load the module), hold the process open.
  const release = holdProcessOpen();
  return () => {
    workerThreads.Worker = NodeWorker;
    release();
  };
}

async function wasmBytesOrResponse(url) {
  if (options.wasmBinary) return options.wasmBinary;
  if (isNode) {
    const fs = await import('node:fs/promises');
    return fs.readFile(await nodePath(url));
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new DOMException(`webnn-wasm: fetching ${url} failed with HTTP ${response.status}; ` +
                           'serve the dist folder and set install({wasmPaths}) if it is elsewhere.', 'NotSupportedError');
  }
  return response;
}

async function instantiate() {
  const threads = threadsAvailable();
  const cores = await hardwareConcurrency();
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
  const variant = threads ? 'simd-threaded' : 'simd';
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]))) {
    throw new DOMException('webnn-wasm: this engine lacks WebAssembly SIMD (needed by every build).', 'NotSupportedError');
  }
  const { factory, glueUrl } = await loadFactory(variant);
  const wasmUrl = fileUrl(`webnn-wasm-${variant}.wasm`);
  const source = await wasmBytesOrResponse(wasmUrl);
  let memory = null;
  const moduleArgs = {
    // numThreads - 1 compute workers and the 2 executor threads (src/cpp/runtime/executor.cc).
    webnnPoolSize: threads ? numThreads + 1 : 0,
    mainScriptUrlOrBlob: glueUrl,
    locateFile: (file) => (isNode ? fileUrl(file).replace(/^file:\/\//, '') : fileUrl(file)),
    instantiateWasm(imports, receive) {
      const done = ({ instance, module: compiled }) => {
        // Threaded builds import their shared memory (under a minified module/field name); simd
        // builds export theirs. Memory.buffer always reflects growth, unlike cached heap views.
        const isMemory = (e) => e instanceof WebAssembly.Memory;
        memory = Object.values(imports).flatMap((m) => Object.values(m ?? {})).find(isMemory) ??
          Object.values(instance.exports).find(isMemory);
        receive(instance, compiled);
      };
      const promise = typeof Response !== 'undefined' && source instanceof Response
        ? WebAssembly.instantiateStreaming(source, imports)
        : WebAssembly.instantiate(source, imports);
      promise.then(done, (e) => { console.error(`webnn-wasm: instantiating ${wasmUrl} failed:`, e); throw e; });
      return {};
    },
  };
  const restoreWorker = isNode && threads ? await unrefNodeWorkers() : () => {};
  let module;
  try {
    module = await factory(moduleArgs);
  } finally {
    restoreWorker();
  }
  module.init(numThreads);
  return { module, memory: () => memory, numThreads, variant, threaded: threads };
}

// The loaded runtime ({module, memory(), numThreads, variant, threaded}); loads on first call.
export function loadRuntime() {
  loading ??= instantiate().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
