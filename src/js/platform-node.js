// How the loader finds, reads and starts the Wasm build in Node: files come from disk, never fetch()
// (Emscripten 3.1.6's own loader breaks on Node 20's global fetch with file paths). Every node: module
// is imported lazily, so a browser that loads dist/index.mjs unbundled never asks for one.
import { holdProcessOpen } from './runtime-env.js';

async function pathOf(url) {
  const { fileURLToPath } = await import('node:url');
  return url.startsWith('file:') ? fileURLToPath(url) : url;
}

export const nodePlatform = {
  threadsAvailable: () => true,
  preload: true,  // see loader.js preloadRuntime()
  prime: true,    // see api/prime.js

  async hardwareConcurrency() {
    const os = await import('node:os');
    return os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  },

  // The CommonJS glue, required from its path; pthread workers load the same file.
  async loadFactory(variant, fileUrl) {
    const { createRequire } = await import('node:module');
    const path = await pathOf(fileUrl(`webnn-wasm-${variant}.js`));
    return { factory: createRequire(path)(path), mainScript: path };
  },

  // Synchronous compilation: V8 compiles on this thread, so our module does not wait in the background
  // compile queue behind another module's tier-up (onnxruntime-web's 28 MB of wasm on 2 cores). Measured
  // alone it did not shorten a 55 s first createContext(): that wait was our pthread workers' start and
  // Node 20's stalled event loop, which preloadRuntime() and heap.js's waits (waitForFlag) address.
  instantiate(bytes, imports) {
    const module = new WebAssembly.Module(bytes);
    return { module, instance: new WebAssembly.Instance(module, imports) };
  },

  // Read synchronously: beside onnxruntime-web, whose 28 MB wasm V8 tiers up in the background for ~45 s
  // on 2 cores, an fs.promises.readFile() of our 1 MB file took 39 s to come back to the event loop.
  async wasmSource(url) {
    const fs = await import('node:fs');
    return fs.readFileSync(await pathOf(url));
  },


  // The glue's locateFile: its Node branch passes the result to new Worker(), which wants a path.
  locate: (name, fileUrl) => fileUrl(name).replace(/^file:\/\//, ''),

  // Node keeps a process alive while any worker thread is referenced, so the pthread workers the glue
  // creates while it initialises are unref'ed: a script that is done exits. (While a read is pending,
  // waitForFlag holds a referenced timer instead.) Returns the function that undoes the patch.
  async beforeThreadedStart() {
    const workerThreads = (await import('node:worker_threads')).default;
    const NodeWorker = workerThreads.Worker;
    workerThreads.Worker = class extends NodeWorker {
      constructor(...args) {
        super(...args);
        this.unref();
      }

      // Adding a 'message' listener refs the worker's port again.
      on(...args) {
        const result = super.on(...args);
        this.unref();
        return result;
      }
    };
    // Until the glue has heard back from every worker (they load the module), hold the process open.
    const release = holdProcessOpen();
    return () => {
      workerThreads.Worker = NodeWorker;
      release();
    };
  },
};
