// Where the browser entry points find the dist files: each URL is a static
// `new URL('<literal>', import.meta.url)`, the pattern Vite, webpack 5 and Parcel recognise, so they
// emit the file themselves and rewrite the URL to the emitted copy. Unbundled (and in an esbuild
// bundle, which leaves the expression alone) each resolves beside the module, as in dist/.
export function browserFileUrls() {
  return {
    'webnn-wasm-simd.mjs': new URL('./webnn-wasm-simd.mjs', import.meta.url).href,
    'webnn-wasm-simd.wasm': new URL('./webnn-wasm-simd.wasm', import.meta.url).href,
    'webnn-wasm-simd-threaded.mjs': new URL('./webnn-wasm-simd-threaded.mjs', import.meta.url).href,
    'webnn-wasm-simd-threaded.wasm': new URL('./webnn-wasm-simd-threaded.wasm', import.meta.url).href,
    'webnn-wasm-simd-threaded.browser-worker.js': new URL('./webnn-wasm-simd-threaded.browser-worker.js', import.meta.url).href,
    'webnn-wasm-relaxed-simd-threaded.mjs': new URL('./webnn-wasm-relaxed-simd-threaded.mjs', import.meta.url).href,
    'webnn-wasm-relaxed-simd-threaded.wasm': new URL('./webnn-wasm-relaxed-simd-threaded.wasm', import.meta.url).href,
    'webnn-wasm-relaxed-simd-threaded.browser-worker.js':
      new URL('./webnn-wasm-relaxed-simd-threaded.browser-worker.js', import.meta.url).href,
  };
}
