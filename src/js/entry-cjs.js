// dist/index.cjs, the package's `require` entry in Node.
import { setBaseUrl, setPlatform } from './loader.js';
import { nodePlatform } from './platform-node.js';

setPlatform(nodePlatform);
// esbuild's CommonJS output has no import.meta: locate the wasm files from this file's path.
setBaseUrl(require('url').pathToFileURL(__filename).href);
export * from './index.js';
