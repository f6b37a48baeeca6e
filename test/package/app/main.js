// An app as a user writes it: the package by name, and a module Worker that imports it too. Bundled
// by Vite and webpack with no configuration; the page's result lands in window.__result.
import * as webnn from 'webnn-wasm';
import { runRelu } from './graph.js';

function inModuleWorker() {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => resolve({ error: `worker: ${e.message}` });
  });
}

runRelu(webnn)
  .then(async (page) => { window.__result = { page, worker: await inModuleWorker() }; })
  .catch((e) => { window.__result = { error: `${e?.name}: ${e?.message}` }; });
