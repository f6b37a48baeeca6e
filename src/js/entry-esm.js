import { setBaseUrl } from './loader.js';

setBaseUrl(import.meta.url);
export * from './index.js';
