// dist/auto.browser.mjs: dist/index.browser.mjs that installs on import.
import { browserFileUrls } from './browser-files.js';
import { setFileUrls, setPlatform } from './loader.js';
import { browserPlatform } from './platform-browser.js';
import { install } from './index.js';

setPlatform(browserPlatform);
setFileUrls(browserFileUrls());
install();
export * from './index.js';
