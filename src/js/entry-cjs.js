import { setBaseUrl } from './loader.js';

// esbuild's CommonJS output has no import.meta: locate the wasm files from this file's path.
setBaseUrl(require('url').pathToFileURL(__filename).href);
export * from './index.js';
