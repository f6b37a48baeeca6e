// dist/auto.cjs: dist/index.cjs that installs on load.
import { setBaseUrl, setPlatform } from './loader.js';
import { nodePlatform } from './platform-node.js';
import { install } from './index.js';

setPlatform(nodePlatform);
setBaseUrl(require('url').pathToFileURL(__filename).href);
install();
export * from './index.js';
