// <script src="webnn-wasm.iife.js"> (or importScripts in a worker): installs on load. Options come
// from the tag's data-* attributes (data-mode, data-num-threads, data-wasm-paths, data-preload="false" to
// load the runtime at the first createContext() rather than now) and, where there is no
// tag to carry them (a worker's importScripts; a copy inlined into the page, as `wpt run --inject-script`
// does), from install()'s options object set as globalThis.webnnWasmOptions before the script runs.
import { setBaseUrl, setPlatform } from './loader.js';
import { browserPlatform } from './platform-browser.js';
import * as webnn from './index.js';

setPlatform(browserPlatform);

// The URL of this file while it is being evaluated. A worker's importScripts() has no
// document.currentScript, and self.location is the worker's own script, so read it off the stack
// (every engine prints the script URL in Error.stack frames).
function ownUrlFromStack() {
  const stack = String(new Error().stack ?? '');
  const match = stack.match(/((?:https?|file|blob|chrome-extension|moz-extension):\/\/[^\s)'"]+?\.js)(?::\d+){0,2}/);
  return match?.[1];
}

const script = typeof document !== 'undefined' ? document.currentScript : null;
setBaseUrl(script?.src ?? ownUrlFromStack() ?? globalThis.location?.href);
const data = script?.dataset ?? {};
const options = { ...globalThis.webnnWasmOptions };
if (data.mode) options.mode = data.mode;
if (data.numThreads) options.numThreads = Number(data.numThreads);
if (data.wasmPaths) options.wasmPaths = data.wasmPaths;
if (data.preload) options.preload = data.preload !== 'false';
webnn.install(options);
globalThis.webnnWasm = webnn;
