import { setBaseUrl } from './loader.js';
import { install } from './index.js';

setBaseUrl(require('url').pathToFileURL(__filename).href);
install();
export * from './index.js';
