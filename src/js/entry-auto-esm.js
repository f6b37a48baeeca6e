import { setBaseUrl } from './loader.js';
import { install } from './index.js';

setBaseUrl(import.meta.url);
install();
export * from './index.js';
