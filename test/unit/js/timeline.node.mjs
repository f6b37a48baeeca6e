// The context's timeline in the threaded build, where dispatch() returns before the work runs: destroying
// a graph or a tensor right after dispatch() is a step queued behind that dispatch, so results stay right;
// destroy() rejects the tensor's pending reads; build() compiles off the JS thread; a fault in one
// context loses it alone (`lost` resolves once, later calls throw InvalidStateError).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

// inlineStepMs 0: every step goes to the executor, so that a destroy() right after dispatch() really is
// queued behind it (cheap steps on an idle timeline would otherwise run inline and be done already).
const ml = createML({ numThreads: 2, inlineStepMs: 0 });
const N = 64;
const TRIALS = 300;

// y = relu(a x a): a has entries in {-1, 0, 1}; the reference is exact in float32.
function reference(a) {
  const y = new Float32Array(N * N);
  for (let i = 0; i < N; ++i) {
    for (let j = 0; j < N; ++j) {
      let s = 0;
      for (let k = 0; k < N; ++k) s += a[i * N + k] * a[k * N + j];
      y[i * N + j] = Math.max(0, s);
    }
  }
  return y;
}

function input(seed) {
  const a = new Float32Array(N * N);
  for (let i = 0; i < a.length; ++i) a[i] = ((i * 7 + seed * 13) % 3) - 1;
  return a;
}

async function matmulRelu(context) {
  const b = new MLGraphBuilder(context);
  const a = b.input('a', { dataType: 'float32', shape: [N, N] });
  return b.build({ y: b.relu(b.matmul(a, a)) });
}

async function tensors(context) {
  return {
    a: await context.createTensor({ dataType: 'float32', shape: [N, N], writable: true }),
    y: await context.createTensor({ dataType: 'float32', shape: [N, N], readable: true }),
  };
}

test(`graph.destroy() right after dispatch(): ${TRIALS} trials, every result right`, async () => {
  const context = await ml.createContext();
  const { a, y } = await tensors(context);
  let wrong = 0;
  for (let trial = 0; trial < TRIALS; ++trial) {
    const graph = await matmulRelu(context);
    const data = input(trial);
    context.writeTensor(a, data);
    context.dispatch(graph, { a }, { y });
    graph.destroy();
    const got = new Float32Array(await context.readTensor(y));
    const want = reference(data);
    if (got.some((v, i) => v !== want[i])) ++wrong;
  }
  assert.equal(wrong, 0, `${wrong} of ${TRIALS} results were wrong`);
});

test(`input tensor destroyed right after dispatch(): ${TRIALS} trials, every result right`, async () => {
  const context = await ml.createContext();
  const graph = await matmulRelu(context);
  const y = await context.createTensor({ dataType: 'float32', shape: [N, N], readable: true });
  let wrong = 0;
  for (let trial = 0; trial < TRIALS; ++trial) {
    const a = await context.createTensor({ dataType: 'float32', shape: [N, N], writable: true });
    const data = input(trial);
    context.writeTensor(a, data);
    context.dispatch(graph, { a }, { y });
    a.destroy();
    const got = new Float32Array(await context.readTensor(y));
    const want = reference(data);
    if (got.some((v, i) => v !== want[i])) ++wrong;
  }
  assert.equal(wrong, 0, `${wrong} of ${TRIALS} results were wrong`);
});

test('a read of a tensor that a queued dispatch writes returns the new value', async () => {
  const context = await ml.createContext();
  const graph = await matmulRelu(context);
  const { a, y } = await tensors(context);
  context.writeTensor(a, input(0));
  context.dispatch(graph, { a }, { y });
  const first = context.readTensor(y);
  context.writeTensor(a, input(1));
  context.dispatch(graph, { a }, { y });
  const second = context.readTensor(y);
  assert.deepEqual(new Float32Array(await first), reference(input(0)));
  assert.deepEqual(new Float32Array(await second), reference(input(1)));
});

test('destroying a tensor rejects its pending reads with InvalidStateError', async () => {
  const context = await ml.createContext();
  const graph = await matmulRelu(context);
  const { a, y } = await tensors(context);
  context.writeTensor(a, input(2));
  context.dispatch(graph, { a }, { y });
  const pending = context.readTensor(y);
  y.destroy();
  await assert.rejects(pending, (e) => e.name === 'InvalidStateError');
  await assert.rejects(context.readTensor(y), TypeError);
});

test('build() of a graph whose constant tensor is written just before sees the written bytes', async () => {
  const context = await ml.createContext();
  for (let trial = 0; trial < 20; ++trial) {
    const w = await context.createConstantTensor({ dataType: 'float32', shape: [N, N] }, input(trial));
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [N, N] });
    const graph = await b.build({ y: b.relu(b.matmul(x, b.constant(w))) });
    const { a, y } = await tensors(context);
    context.writeTensor(a, input(trial));
    context.dispatch(graph, { x: a }, { y });
    assert.deepEqual(new Float32Array(await context.readTensor(y)), reference(input(trial)));
    graph.destroy();
    w.destroy();
  }
});

test('several contexts interleaved from several async tasks: every result right', async () => {
  const contexts = await Promise.all([0, 1, 2].map(() => ml.createContext()));
  await Promise.all(contexts.map(async (context, c) => {
    const graph = await matmulRelu(context);
    const { a, y } = await tensors(context);
    for (let i = 0; i < 30; ++i) {
      const data = input(c * 100 + i);
      context.writeTensor(a, data);
      context.dispatch(graph, { a }, { y });
      assert.deepEqual(new Float32Array(await context.readTensor(y)), reference(data));
    }
  }));
});

test('destroy() resolves lost once and every later call throws InvalidStateError', async () => {
  const context = await ml.createContext();
  const graph = await matmulRelu(context);
  const { a, y } = await tensors(context);
  context.destroy();
  const info = await context.lost;
  assert.match(info.message, /destroy/);
  assert.throws(() => context.dispatch(graph, { a }, { y }), (e) => e.name === 'InvalidStateError');
  assert.throws(() => context.writeTensor(a, input(0)), (e) => e.name === 'InvalidStateError');
  await assert.rejects(context.readTensor(y), (e) => e.name === 'InvalidStateError');
  await assert.rejects(context.createTensor({ dataType: 'float32', shape: [1] }), (e) => e.name === 'InvalidStateError');
  assert.throws(() => new MLGraphBuilder(context), (e) => e.name === 'InvalidStateError');
  context.destroy();  // idempotent
});

test('destroying a context while it builds rejects the build; other contexts go on', async () => {
  const doomed = await ml.createContext();
  // Keep the executor busy with this context's earlier work, so the build is still queued at destroy().
  const big = new MLGraphBuilder(doomed);
  const m = big.input('m', { dataType: 'float32', shape: [512, 512] });
  const slow = await big.build({ y: big.matmul(m, m) });
  const mt = await doomed.createTensor({ dataType: 'float32', shape: [512, 512], writable: true });
  const yt = await doomed.createTensor({ dataType: 'float32', shape: [512, 512], readable: true });
  for (let i = 0; i < 4; ++i) doomed.dispatch(slow, { m: mt }, { y: yt });
  const b = new MLGraphBuilder(doomed);
  const n = 256;
  const x = b.input('x', { dataType: 'float32', shape: [1, n, n, 16] });
  let h = x;
  for (let i = 0; i < 8; ++i) {
    const w = b.constant({ dataType: 'float32', shape: [16, 3, 3, 16] }, new Float32Array(16 * 9 * 16).fill(0.01));
    h = b.conv2d(h, w, { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [1, 1, 1, 1] });
  }
  const building = b.build({ y: h });
  doomed.destroy();
  await assert.rejects(building, (e) => e.name === 'InvalidStateError');
  const alive = await ml.createContext();
  const graph = await matmulRelu(alive);
  const { a, y } = await tensors(alive);
  alive.writeTensor(a, input(5));
  alive.dispatch(graph, { a }, { y });
  assert.deepEqual(new Float32Array(await alive.readTensor(y)), reference(input(5)));
});

test("one context's long work does not hold up another context's small graph", async () => {
  const busy = await ml.createContext();
  const quick = await ml.createContext();
  // One long step (a 1024^3 matmul, tens of ms): with one executor the quick context would wait for it.
  const big = new MLGraphBuilder(busy);
  const m = big.input('m', { dataType: 'float32', shape: [1024, 1024] });
  const slow = await big.build({ y: big.matmul(m, big.matmul(m, m)) });
  const mt = await busy.createTensor({ dataType: 'float32', shape: [1024, 1024], writable: true });
  const yt = await busy.createTensor({ dataType: 'float32', shape: [1024, 1024], readable: true });
  const graph = await matmulRelu(quick);
  const { a, y } = await tensors(quick);
  const finished = [];
  busy.dispatch(slow, { m: mt }, { y: yt });
  const busyRead = busy.readTensor(yt).then(() => finished.push('busy'));
  quick.writeTensor(a, input(3));
  quick.dispatch(graph, { a }, { y });
  const quickRead = quick.readTensor(y).then((buf) => {
    finished.push('quick');
    return new Float32Array(buf);
  });
  assert.deepEqual(await quickRead, reference(input(3)));
  await busyRead;
  assert.deepEqual(finished, ['quick', 'busy']);
});

// readTensor() copies straight from the tensor once JS gets to it (runtime/read_request.h); a write or a
// dispatch queued behind the read sets the read's bytes aside first. Pipelined reads and writes of one
// tensor, with the reads awaited only at the end, must each see the tensor as the timeline had it.
test(`reads pipelined with writes and dispatches of the same tensor: ${TRIALS} rounds, every read right`, async () => {
  const context = await ml.createContext();
  const graph = await matmulRelu(context);
  const { a, y } = await tensors(context);
  const t = await context.createTensor({ dataType: 'float32', shape: [N, N], readable: true, writable: true });
  let wrong = 0;
  for (let round = 0; round < TRIALS; ++round) {
    const pending = [];
    for (let k = 0; k < 4; ++k) {
      const data = input(round * 4 + k);
      context.writeTensor(t, data);
      pending.push([context.readTensor(t), data]);  // then overwritten by the next write before JS copies
      context.writeTensor(a, data);
      context.dispatch(graph, { a }, { y });
      const into = new Float32Array(N * N);
      pending.push([context.readTensor(y, into).then(() => into.buffer), reference(data)]);
    }
    for (const [read, want] of pending) {
      const got = new Float32Array(await read);
      if (got.some((v, i) => v !== want[i])) ++wrong;
    }
  }
  assert.equal(wrong, 0, `${wrong} of ${TRIALS * 8} reads were wrong`);
});
