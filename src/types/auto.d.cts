// webnn-wasm/auto: the webnn-wasm module, installed on load.
export * from './index.cjs';
