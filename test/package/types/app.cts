// The CommonJS side under node16: require() gets index.d.cts.
import webnn = require('webnn-wasm');

webnn.install();
const context: Promise<MLContext> = navigator.ml.createContext();
// @ts-expect-error uninstall() takes no argument
webnn.uninstall(1);
export = context;
