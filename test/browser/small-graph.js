// A small WebNN graph with exactly representable results, used by the page and the worker (classic
// script: loaded with <script> and importScripts). Defines globalThis.runSmallGraph().
//
//   x [1,1,3,3] = 1..9, filter [1,1,2,2] = 1s  -> conv2d -> [12,16,24,28]
//   + bias constant [-20] (broadcast)          -> [-8,-4,4,8]
//   relu                                       -> [0,0,4,8]
// and a second output z = x * 0.5 (mul by a scalar constant) checked element by element.
globalThis.runSmallGraph = async function runSmallGraph() {
  const steps = [];
  if (!globalThis.navigator || !navigator.ml) return { ok: false, detail: 'navigator.ml is missing' };
  const context = await navigator.ml.createContext();
  const builder = new MLGraphBuilder(context);
  const x = builder.input('x', { dataType: 'float32', shape: [1, 1, 3, 3] });
  const w = builder.constant({ dataType: 'float32', shape: [1, 1, 2, 2] }, new Float32Array([1, 1, 1, 1]));
  const b = builder.constant({ dataType: 'float32', shape: [1] }, new Float32Array([-20]));
  const y = builder.relu(builder.add(builder.conv2d(x, w), b));
  const half = builder.constant({ dataType: 'float32', shape: [] }, new Float32Array([0.5]));
  const z = builder.mul(x, half);
  const graph = await builder.build({ y, z });
  const desc = (shape) => ({ dataType: 'float32', shape, readable: true, writable: true });
  const tx = await context.createTensor(desc([1, 1, 3, 3]));
  const ty = await context.createTensor(desc([1, 1, 2, 2]));
  const tz = await context.createTensor(desc([1, 1, 3, 3]));
  const input = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  context.writeTensor(tx, input);
  context.dispatch(graph, { x: tx }, { y: ty, z: tz });
  const gotY = Array.from(new Float32Array(await context.readTensor(ty)));
  const gotZ = Array.from(new Float32Array(await context.readTensor(tz)));
  const wantY = [0, 0, 4, 8];
  const wantZ = Array.from(input, (v) => v * 0.5);
  const same = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
  const ok = same(gotY, wantY) && same(gotZ, wantZ);
  steps.push(`y=${JSON.stringify(gotY)}${same(gotY, wantY) ? '' : ` want ${JSON.stringify(wantY)}`}`);
  steps.push(`z=${JSON.stringify(gotZ)}${same(gotZ, wantZ) ? '' : ` want ${JSON.stringify(wantZ)}`}`);
  graph.destroy();
  context.destroy();
  return { ok, detail: steps.join(' ') };
};
