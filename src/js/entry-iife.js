// <script src="webnn-wasm.iife.js"> (or importScripts in a worker): installs on load. Options come
// from the tag's data-* attributes: data-mode, data-num-threads, data-wasm-paths.
import { setBaseUrl } from './loader.js';
import * as webnn from './index.js';

const script = typeof document !== 'undefined' ? document.currentScript : null;
setBaseUrl(script?.src ?? globalThis.location?.href);
const data = script?.dataset ?? {};
const options = {};
if (data.mode) options.mode = data.mode;
if (data.numThreads) options.numThreads = Number(data.numThreads);
if (data.wasmPaths) options.wasmPaths = data.wasmPaths;
webnn.install(options);
globalThis.webnnWasm = webnn;
