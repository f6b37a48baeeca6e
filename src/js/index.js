// webnn-wasm: WebNN for every browser and Node.js. `install()` puts navigator.ml and the ML* globals
// in place; `createML()` gives an ML object without touching globals.
import { loadRuntime } from './loader.js';

export { createML, install, installedMode, isInstalled, isNativeWebNN, uninstall, ML, MLContext, MLGraph, MLGraphBuilder, MLOperand,
         MLTensor } from './install.js';

// Which Wasm build runs and with how many threads (loads the runtime if it is not loaded yet).
export async function runtimeInfo() {
  const { variant, numThreads, int4Activations } = await loadRuntime();
  return { variant, numThreads, int4Activations };
}

export { testing as __testing } from './testing.js';
