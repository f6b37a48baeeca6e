// A page that loads dist/webnn-wasm.iife.js by <script src> gets the globals and webnnWasm.
/// <reference types="webnn-wasm/iife" />

webnnWasm.install({ numThreads: 1 });
navigator.ml.createContext().then((context: MLContext) => new MLGraphBuilder(context));
// @ts-expect-error runtimeInfo() is a promise
webnnWasm.runtimeInfo().variant;
