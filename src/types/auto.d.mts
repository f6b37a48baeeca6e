// webnn-wasm/auto: the webnn-wasm module, installed on import.
export * from './index.mjs';
