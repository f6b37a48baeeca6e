// Faults, injected through the test-only hooks (__testing): out-of-memory in createTensor, writeTensor,
// readTensor, constant() and build() is an exception or a rejection with the spec's error and never
// aborts the module; an internal failure on one context's timeline loses that context only (`lost`
// resolves once, later calls throw InvalidStateError) and a new context works. Single-threaded build;
// the threaded one is covered by timeline.node.mjs.
import { createML, MLGraphBuilder, __testing } from '../../../dist/index.mjs';

const ml = createML({ threads: false });
const MiB = 1 << 20;

async function negGraph(context, n) {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'float32', shape: [n] });
  return b.build({ y: b.neg(x) });
}

async function runNeg(context, n = 8) {
  const graph = await negGraph(context, n);
  const x = await context.createTensor({ dataType: 'float32', shape: [n], writable: true });
  const y = await context.createTensor({ dataType: 'float32', shape: [n], readable: true });
  context.writeTensor(x, Float32Array.from({ length: n }, (_, i) => i));
  context.dispatch(graph, { x }, { y });
  return Array.from(new Float32Array(await context.readTensor(y)));
}


describe('out of memory', () => {
  let context;
  beforeEach(async () => {
    context = await ml.createContext();
  });
  afterEach(async () => {
    await __testing.setAllocationLimit(0);
    context.destroy();
  });

  test('createTensor rejects with UnknownError and the context goes on', async () => {
    await __testing.setAllocationLimit(MiB);
    await expect(context.createTensor({ dataType: 'float32', shape: [MiB] })).rejects.toMatchObject({ name: 'UnknownError' });
    await __testing.setAllocationLimit(0);
    expect(await runNeg(context)).toEqual([-0, -1, -2, -3, -4, -5, -6, -7]);
  });

  test('writeTensor throws UnknownError when the bytes cannot be staged', async () => {
    const t = await context.createTensor({ dataType: 'float32', shape: [MiB / 2], writable: true, readable: true });
    await __testing.setAllocationLimit(MiB / 4);
    expect(() => context.writeTensor(t, new Float32Array(MiB / 2))).toThrow(expect.objectContaining({ name: 'UnknownError' }));
  });

  // readTensor() copies straight from the tensor (runtime/read_request.h): it allocates nothing in Wasm
  // memory. Only a later step that writes the tensor before JS copied sets the bytes aside, and when that
  // copy cannot be allocated the read alone fails; the step goes on.
  test('readTensor needs no Wasm allocation', async () => {
    const t = await context.createTensor({ dataType: 'float32', shape: [MiB / 2], readable: true, writable: true });
    context.writeTensor(t, new Float32Array(MiB / 2).fill(3));
    await __testing.setAllocationLimit(MiB / 4);
    expect(new Float32Array(await context.readTensor(t)).every((v) => v === 3)).toBe(true);
  });

  test('a read overwritten before JS copies it rejects with UnknownError when its bytes cannot be set aside', async () => {
    const n = MiB / 2;
    const graph = await negGraph(context, n);
    const x = await context.createTensor({ dataType: 'float32', shape: [n], writable: true });
    const y = await context.createTensor({ dataType: 'float32', shape: [n], readable: true, writable: true });
    context.writeTensor(x, new Float32Array(n).fill(2));
    context.writeTensor(y, new Float32Array(n).fill(5));
    await __testing.setAllocationLimit(MiB / 4);
    const before = context.readTensor(y);  // 5s, unless they cannot be kept
    context.dispatch(graph, { x }, { y });  // this single-threaded build runs it now, before JS copies
    await expect(before).rejects.toMatchObject({ name: 'UnknownError' });
    expect(new Float32Array(await context.readTensor(y)).every((v) => v === -2)).toBe(true);
  });

  test('constant() throws UnknownError; the builder goes on', async () => {
    const b = new MLGraphBuilder(context);
    await __testing.setAllocationLimit(MiB);
    expect(() => b.constant({ dataType: 'float32', shape: [MiB] }, new Float32Array(MiB)))
      .toThrow(expect.objectContaining({ name: 'UnknownError' }));
    await __testing.setAllocationLimit(0);
    const x = b.input('x', { dataType: 'float32', shape: [2] });
    expect(await b.build({ y: b.relu(x) })).toBeDefined();
  });

  test('build() rejects with UnknownError when the plan cannot be allocated', async () => {
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [MiB] });
    const y = b.relu(b.neg(b.exp(x)));  // intermediates need an arena of MiB floats
    await __testing.setAllocationLimit(MiB);
    await expect(b.build({ y })).rejects.toMatchObject({ name: 'UnknownError' });
    await __testing.setAllocationLimit(0);
    expect(await runNeg(context)).toEqual([-0, -1, -2, -3, -4, -5, -6, -7]);
  });

  test('build() rejects a graph whose live intermediates exceed the 4 GiB address space (no size wrap)', async () => {
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [1 << 28] });  // 1 GiB each
    const [p, q, r] = [b.exp(x), b.neg(x), b.abs(x)];
    await expect(b.build({ y: b.add(b.add(p, q), r) })).rejects.toMatchObject({ name: 'UnknownError' });
  });

  test('build() rejects a convTranspose2d whose column buffer would not fit wasm32 (its size wrapped before)', async () => {
    // 1000x1000 pixels x 3x3 taps x 512 channels = 4.6e9 floats: a 32-bit product wraps to 3.1e8. NHWC
    // in and out, so nothing else in the graph is large (the output is the caller's tensor).
    const b = new MLGraphBuilder(context);
    const x = b.input('x', { dataType: 'float32', shape: [1, 1000, 1000, 1] });
    const w = b.constant({ dataType: 'float32', shape: [512, 3, 3, 1] }, new Float32Array(512 * 9));
    const y = b.convTranspose2d(x, w, { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [1, 1, 1, 1] });
    expect(y.shape).toEqual([1, 1000, 1000, 512]);
    await expect(b.build({ y })).rejects.toMatchObject({ name: 'UnknownError' });
    expect(await runNeg(context)).toEqual([-0, -1, -2, -3, -4, -5, -6, -7]);
  });

  test('the heap returns to where it was after failed allocations', async () => {
    await runNeg(context);
    const before = (await __testing.heapStats()).inUse;
    for (let i = 0; i < 50; ++i) {
      await __testing.setAllocationLimit(MiB);
      await expect(context.createTensor({ dataType: 'float32', shape: [MiB] })).rejects.toMatchObject({ name: 'UnknownError' });
      const b = new MLGraphBuilder(context);
      const x = b.input('x', { dataType: 'float32', shape: [MiB] });
      await expect(b.build({ y: b.exp(b.neg(x)) })).rejects.toMatchObject({ name: 'UnknownError' });
      await __testing.setAllocationLimit(0);
    }
    expect((await __testing.heapStats()).inUse - before).toBeLessThan(64 * 1024);
  });
});

describe('internal faults', () => {
  test('a failing dispatch loses its context only: lost resolves once, later calls throw InvalidStateError', async () => {
    const doomed = await ml.createContext();
    const other = await ml.createContext();
    const graph = await negGraph(doomed, 4);
    const x = await doomed.createTensor({ dataType: 'float32', shape: [4], writable: true });
    const y = await doomed.createTensor({ dataType: 'float32', shape: [4], readable: true });
    __testing.failNextStep(doomed, 'injected fault');
    doomed.dispatch(graph, { x }, { y });
    expect(() => doomed.dispatch(graph, { x }, { y })).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
    const info = await doomed.lost;
    expect(info.message).toMatch(/injected fault/);
    await expect(doomed.readTensor(y)).rejects.toMatchObject({ name: 'InvalidStateError' });
    await expect(doomed.createTensor({ dataType: 'float32', shape: [1] })).rejects.toMatchObject({ name: 'InvalidStateError' });
    expect(() => new MLGraphBuilder(doomed)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
    expect(__testing.liveObjects(doomed)).toBe(0);  // its memory is gone
    expect(await doomed.lost).toBe(info);           // resolved once
    doomed.destroy();
    expect(await runNeg(other)).toEqual([-0, -1, -2, -3, -4, -5, -6, -7]);
    const fresh = await ml.createContext();
    expect(await runNeg(fresh)).toEqual([-0, -1, -2, -3, -4, -5, -6, -7]);
  });

  test('a failing read rejects and loses the context', async () => {
    const context = await ml.createContext();
    const t = await context.createTensor({ dataType: 'float32', shape: [4], readable: true });
    __testing.failNextStep(context, 'read fault');
    await expect(context.readTensor(t)).rejects.toMatchObject({ name: 'InvalidStateError' });
    expect((await context.lost).message).toMatch(/read fault/);
  });
});
