// <script src="webnn-wasm.iife.js"> (or importScripts in a worker): installs on load. Options come
// from the tag's data-* attributes: data-mode, data-num-threads, data-wasm-paths.
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
const options = {};
if (data.mode) options.mode = data.mode;
if (data.numThreads) options.numThreads = Number(data.numThreads);
if (data.wasmPaths) options.wasmPaths = data.wasmPaths;
webnn.install(options);
globalThis.webnnWasm = webnn;
