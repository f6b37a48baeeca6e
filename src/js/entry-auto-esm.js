// dist/auto.mjs: dist/index.mjs that installs on import.
import { isNode, setBaseUrl, setPlatform } from './loader.js';
import { browserPlatform } from './platform-browser.js';
import { nodePlatform } from './platform-node.js';
import { install } from './index.js';

setPlatform(isNode ? nodePlatform : browserPlatform);
setBaseUrl(import.meta.url);
install();
export * from './index.js';
