// dist/index.mjs, the package's `node` ES module. It also runs unbundled in a browser (Node's modules
// are imported only when running in Node), locating the files beside itself.
import { isNode, setBaseUrl, setPlatform } from './loader.js';
import { browserPlatform } from './platform-browser.js';
import { nodePlatform } from './platform-node.js';

setPlatform(isNode ? nodePlatform : browserPlatform);
setBaseUrl(import.meta.url);
export * from './index.js';
