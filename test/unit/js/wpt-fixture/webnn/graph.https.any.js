// META: title=a tiny graph on navigator.ml
// META: script=resources/helpers.js
// META: timeout=long
'use strict';

let context;
promise_setup(async () => {
  context = await navigator.ml.createContext();
});

promise_test(async () => {
  const builder = new MLGraphBuilder(context);
  const desc = { dataType: 'float32', shape: [2, 2] };
  const x = builder.input('x', desc);
  const graph = await builder.build({ y: builder.relu(builder.add(x, x)) });
  const input = await context.createTensor({ ...desc, writable: true });
  const output = await context.createTensor({ ...desc, readable: true });
  const values = [-1, 2, -3, 4];
  context.writeTensor(input, new Float32Array(values));
  context.dispatch(graph, { x: input }, { y: output });
  const result = new Float32Array(await context.readTensor(output));
  assert_equals(JSON.stringify([...result]), JSON.stringify(reluReference(values.map((v) => 2 * v))));
}, 'relu(x + x) computes');

promise_test(async () => {
  const info = await webnnWasm.runtimeInfo();
  assert_true(self.crossOriginIsolated, 'cross-origin isolated');
  assert_equals(info.variant, 'relaxed-simd-threaded', 'Chromium has relaxed SIMD');
  assert_equals(info.numThreads, 3, 'the --threads value');
}, 'the threaded build with --threads 3');

test(() => {
  assert_equals(GLOBAL.isWindow(), typeof document !== 'undefined');
  assert_equals(GLOBAL.isWorker(), typeof document === 'undefined');
}, 'GLOBAL says where the test runs');
