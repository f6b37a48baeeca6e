// The step profiler that bench/direct.mjs --profile prints: one dispatch's steps in order, with their
// multiply-adds and the thread pool's statistics, handed over once that dispatch has run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { __testing, createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 2 });

test('profileNextDispatch records the next dispatch only, step by step', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  // 64x64 pixels, 16 -> 32 channels, 3x3: 64*64*32*16*9 = 18.9M multiply-adds, enough to go parallel.
  const x = b.input('x', { dataType: 'float32', shape: [1, 64, 64, 16] });
  const w = b.constant({ dataType: 'float32', shape: [32, 3, 3, 16] }, new Float32Array(32 * 9 * 16).fill(0.5));
  const y = b.relu(b.conv2d(x, w, { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [1, 1, 1, 1] }));
  const graph = await b.build({ y });
  const xt = await context.createTensor({ dataType: 'float32', shape: [1, 64, 64, 16], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [1, 64, 64, 32], readable: true });
  context.writeTensor(xt, new Float32Array(64 * 64 * 16).fill(1));

  context.dispatch(graph, { x: xt }, { y: yt });
  await context.readTensor(yt);
  assert.deepEqual(__testing.takeProfile(context), [], 'nothing is recorded unless asked');

  __testing.profileNextDispatch(context);
  context.dispatch(graph, { x: xt }, { y: yt });
  const out = new Float32Array(await context.readTensor(yt));
  const profile = __testing.takeProfile(context);
  assert.equal(out[64 * 32 + 32], 0.5 * 9 * 16, 'an interior pixel sees all 9 taps');
  const conv = profile.find((s) => s.step.startsWith('conv2d'));
  assert.ok(conv, `a conv2d step among ${profile.map((s) => s.step).join(', ')}`);
  assert.equal(conv.macs, 64 * 64 * 32 * 16 * 9);
  assert.ok(conv.ms > 0);
  assert.ok(conv.jobs >= 1 && conv.tasks >= 2, 'the conv ran as a parallel loop');
  assert.ok(Number.isInteger(conv.workerTasks) && Number.isInteger(conv.missedJobs));
  assert.ok(conv.workerTasks <= conv.tasks);
  for (const s of profile) assert.ok(s.ms >= 0 && s.wakeMs >= 0 && s.joinMs >= 0);
  assert.deepEqual(__testing.takeProfile(context), [], 'taken once');
  context.destroy();
});
