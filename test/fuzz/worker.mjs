// Worker thread of the fuzz runner: loads one build of the library, generates and runs the cases the
// main thread sends, and reports a 'start' message before and a 'result' message after each case,
// so that the main thread can tell which case hung or crashed the worker.
import { parentPort, workerData } from 'node:worker_threads';

import { decodeCase, encodeCase } from './codec.mjs';
import { runCase } from './execute.mjs';
import { describeCase, generateCase } from './generate.mjs';

const { dist, threads, timeoutMs } = workerData;
const { createML, MLGraphBuilder } = await import(dist);
const ml = createML(threads > 1 ? { numThreads: threads } : { threads: false });
const context = await ml.createContext();
const env = { ml, context, otherContext: await ml.createContext(), MLGraphBuilder, limits: context.opSupportLimits() };

// The context still computes right: y = relu(x).
async function healthy() {
  const b = new MLGraphBuilder(context);
  const desc = { dataType: 'float32', shape: [3] };
  const graph = await b.build({ y: b.relu(b.input('x', desc)) });
  const x = await context.createTensor({ ...desc, writable: true });
  const y = await context.createTensor({ ...desc, readable: true });
  context.writeTensor(x, new Float32Array([-1, 0.5, 2]));
  context.dispatch(graph, { x }, { y });
  const out = Array.from(new Float32Array(await context.readTensor(y)));
  graph.destroy();
  x.destroy();
  y.destroy();
  return out.join() === '0,0.5,2';
}

function summarize(c) {
  if (c.kind === 'valid') return { kind: 'valid', ops: c.ops.map((o) => o.op), big: c.big };
  return { kind: 'invalid', family: c.family, ops: [c.family === 'op' ? c.op : c.scenario], what: c.what };
}

parentPort.on('message', async ({ jobs }) => {
  let sinceCheck = 0;
  for (const { seed, index, pinned } of jobs) {
    parentPort.postMessage({ type: 'start', seed, index });
    let c;
    let r;
    try {
      c = pinned ? decodeCase(pinned) : generateCase(seed, index);
      r = await runCase(env, c, { timeoutMs });
    } catch (e) {
      r = { ok: false, failure: { type: 'harness', message: `generator: ${e?.stack ?? e}` } };
    }
    if (r.ok && ++sinceCheck >= 100) {
      sinceCheck = 0;
      if (!(await healthy().catch(() => false))) r = { ok: false, failure: { type: 'health', message: 'relu graph wrong after this case' } };
    }
    const info = c ? summarize(c) : { kind: 'unknown', ops: [] };
    parentPort.postMessage({
      type: 'result', seed, index, ...info, ok: r.ok, failure: r.failure, checked: r.checked ?? 0,
      unchecked: r.unchecked ?? 0, outputs: r.outputs ?? 0, description: r.ok || !c ? undefined : describeCase(c),
      pinned: r.ok || !c ? undefined : encodeCase(c),
    });
  }
  parentPort.postMessage({ type: 'done' });
});
parentPort.postMessage({ type: 'ready' });
