// dist/index.browser.mjs, the package's `browser` (and default) ES module: no node: import anywhere.
import { browserFileUrls } from './browser-files.js';
import { setFileUrls, setPlatform } from './loader.js';
import { browserPlatform } from './platform-browser.js';

setPlatform(browserPlatform);
setFileUrls(browserFileUrls());
export * from './index.js';
