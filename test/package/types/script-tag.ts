// A page that loads dist/webnn-wasm.iife.js by <script src> gets the globals and webnnWasm.
/// <reference types="webnn-wasm/iife" />

webnnWasm.install({ numThreads: 1 });
navigator.ml.createContext().then((context: MLContext) => new MLGraphBuilder(context));
// @ts-expect-error runtimeInfo() is a promise
webnnWasm.runtimeInfo().variant;
// Options for a copy loaded without a tag (a worker's importScripts): install()'s, set before it runs.
globalThis.webnnWasmOptions = { numThreads: 2, mode: 'force' };
// @ts-expect-error numThreads is a number
globalThis.webnnWasmOptions = { numThreads: '2' };
