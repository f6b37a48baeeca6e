// The script-tag build (webnn-wasm/iife, dist/webnn-wasm.iife.js): installs navigator.ml and the ML*
// globals on load and leaves the module's functions on globalThis.webnnWasm.
// For a page that loads it by <script src>: `/// <reference types="webnn-wasm/iife" />`.
/// <reference path="./webnn.d.ts" />

declare var webnnWasm: typeof import('./index.cjs');
/** install()'s options, read when the script runs (e.g. in a worker before importScripts). */
declare var webnnWasmOptions: import('./index.cjs').InstallOptions | undefined;
