// Worker of the WPT conformance runner: loads the implementation and the
// cases (same options as the main thread, so indices match) and runs the
// cases the main thread asks for, one at a time. The main thread terminates
// and restarts it when a case hangs synchronously or crashes the worker.

import {parentPort, workerData} from 'node:worker_threads';

import {implRuntimeInfo, loadCases, loadImpl, runCase} from './engine.js';

const opts = workerData;
let context;
let limits;
let cases;

try {
  const ml = await loadImpl(opts.impl);
  context = await ml.createContext();
  limits = context.opSupportLimits();
  const runtime = await implRuntimeInfo(opts.impl);
  ({cases} = loadCases(opts));
  parentPort.postMessage({type: 'ready', count: cases.length,
    firstKey: cases.length ? cases[0].key : null, runtime});
} catch (e) {
  parentPort.postMessage({type: 'initError', message: `${e && e.name}: ${e && e.message}`});
}

parentPort.on('message', async (msg) => {
  if (msg.type !== 'run') return;
  const c = cases[msg.index];
  const r = await runCase(context, c, {limits, timeoutMs: opts.timeoutMs});
  parentPort.postMessage({type: 'result', index: msg.index, ...r});
});
