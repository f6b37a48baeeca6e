// How the loader finds, fetches and starts the Wasm build in browsers and workers. Nothing here names
// a node: module, so bundlers that follow the package's `browser` condition see none.
// Emscripten's worker.js of a threaded build -> the browsers' one with the glue inside.
const pthreadWorker = (variant) => `webnn-wasm-${variant}.browser-worker.js`;
const EMSCRIPTEN_WORKER = /^webnn-wasm-(.+-threaded)\.worker\.js$/;

export const browserPlatform = {
  // Threads need SharedArrayBuffer, which browsers give only to cross-origin isolated pages and workers
  // (COOP same-origin + COEP require-corp); WebKitGTK gives it to none.
  threadsAvailable: () => globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined',

  // install() starts loading the runtime (see loader.js preloadRuntime()): the glue and the wasm download,
  // and the wasm compiles, while the page goes on loading its own scripts and framework.
  preload: true,
  fetchesEarly: true,  // loader.js: the wasm is requested beside the glue, not after it
  // Then primes (api/prime.js) once the page is idle: V8 compiles our wasm lazily, function by function on its first
  // call, and a first model's builder calls and build() paid for it (LiteRT.js's first compile, Chromium: our calls
  // 110-150 ms unprimed, 27-37 primed; docs/decisions.md#priming).
  prime: 'idle',

  hardwareConcurrency: async () => globalThis.navigator?.hardwareConcurrency ?? 1,

  // An ES module copy of the glue (tools/bundle-js.mjs writes it). The pthread workers start from
  // webnn-wasm-<variant>.browser-worker.js, which holds the classic glue itself, so that one file
  // (allowed by `worker-src 'self'`) is all a worker loads.
  async loadFactory(variant, fileUrl) {
    const mod = await import(/* webpackIgnore: true */ /* @vite-ignore */ fileUrl(`webnn-wasm-${variant}.mjs`));
    const mainScript = variant.endsWith('-threaded') ? fileUrl(pthreadWorker(variant)) : undefined;
    return { factory: mod.default, mainScript };
  },

  // The glue's locateFile: it asks for Emscripten's worker.js; browsers get the one with the glue inside.
  locate: (name, fileUrl) => {
    const threaded = EMSCRIPTEN_WORKER.exec(name);
    return fileUrl(threaded ? pthreadWorker(threaded[1]) : name);
  },

  async wasmSource(url) {
    const response = await fetch(url);
    if (!response.ok) {
      throw new DOMException(`webnn-wasm: fetching ${url} failed with HTTP ${response.status}; ` +
                             'serve the dist folder and set install({wasmPaths}) if it is elsewhere.', 'NotSupportedError');
    }
    return response;
  },

  beforeThreadedStart: async () => () => {},
};
