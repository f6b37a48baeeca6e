// Issue 10's target 7, measured: what a 1-operator dispatch costs, what build() of mobilenet_v2 costs,
// and how the wasm heap compares with the weights it holds and behaves over many dispatches.
// measureOverheads() runs in bench/kernels-vs-xnnpack.mjs's process (ours and tfjs loaded, 1 thread).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MODELS_DIR, ROOT } from '../test/models/ort-harness.mjs';
import { rng } from '../test/models/numerics.mjs';

const GRAPH_CACHE = path.join(ROOT, 'build', 'bench-graphs');
const now = () => performance.now();
const MB = 1 << 20;

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { best: s[0], median: s[Math.floor((s.length - 1) / 2)] };
}

// relu on 4 elements: the round trip (dispatch + await readTensor, each timed), and dispatch alone
// (1,000 back-to-back dispatch() calls, then one read), with the heap after build and after them.
async function dispatchOverhead({ context, heapStats }, smoke) {
  const heap = [];
  const mark = async (when) => heapStats && heap.push({ when, ...(await heapStats()) });
  await mark('before build');
  const b = new MLGraphBuilder(context);
  const graph = await b.build({ y: b.relu(b.input('x', { dataType: 'float32', shape: [4] })) });
  const x = await context.createTensor({ dataType: 'float32', shape: [4], writable: true });
  const y = await context.createTensor({ dataType: 'float32', shape: [4], readable: true });
  context.writeTensor(x, new Float32Array([-1, 2, -3, 4]));
  await mark('after build');
  const roundTrips = smoke ? 20 : 2000;
  const times = [];
  for (let i = 0; i < 100 + roundTrips; i++) {
    const t = now();
    context.dispatch(graph, { x }, { y });
    await context.readTensor(y);
    if (i >= 100) times.push((now() - t) * 1000);
  }
  await mark(`after ${100 + roundTrips} round trips`);
  const batch = smoke ? 100 : 1000;
  const enqueue = [];
  const throughput = [];
  for (let rep = 0; rep < (smoke ? 1 : 5); rep++) {
    const t = now();
    for (let i = 0; i < batch; i++) context.dispatch(graph, { x }, { y });
    enqueue.push((now() - t) * 1000 / batch);
    const result = new Float32Array(await context.readTensor(y));
    throughput.push((now() - t) * 1000 / batch);
    if (result.join() !== '0,2,0,4') throw new Error(`relu gave ${result.join()}`);
    if (rep === 0) await mark(`after ${batch} more dispatches`);
  }
  if (!smoke) await mark(`after ${5 * batch} more dispatches`);
  graph.destroy();
  x.destroy();
  y.destroy();
  return { roundTripUs: stats(times), roundTrips, dispatchEnqueueUs: stats(enqueue), dispatchThroughputUs: stats(throughput),
           batch, heap };
}

// The same round trip on tfjs-backend-wasm (tf.relu + dataSync), for scale.
function tfjsRoundTrip({ tf }, smoke) {
  const x = tf.tensor([-1, 2, -3, 4]);
  const times = [];
  const n = smoke ? 20 : 2000;
  for (let i = 0; i < 100 + n; i++) {
    const t = now();
    const y = tf.relu(x);
    y.dataSync();
    y.dispose();
    if (i >= 100) times.push((now() - t) * 1000);
  }
  x.dispose();
  return stats(times);
}

// mobilenet_v2 built through our API alone: the builder calls onnxruntime-web's WebNN EP makes, recorded
// once by bench/direct.mjs (cached in build/bench-graphs/) and replayed here. Timing ORT's session
// create instead would not do: in Node, V8 stalls the process for ~50 s compiling ORT's 28 MB wasm.
// Two cycles of build -> dispatches -> destroy, with the heap at each step.
async function modelOverhead({ context, heapStats, graphArenaBytes }, name, { dispatches, cycles }) {
  const files = ['json', 'bin'].map((ext) => path.join(GRAPH_CACHE, `${name}.${ext}`));
  if (!files.every((f) => fs.existsSync(f))) {
    if (!fs.existsSync(path.join(MODELS_DIR, `${name}.onnx`))) return { model: name, error: `../shared/models/${name}.onnx not found` };
    if (dispatches < 10) return { model: name, error: `no recording in ${path.relative(ROOT, GRAPH_CACHE)} (--smoke does not make one)` };
    process.stderr.write(`  recording ${name} through onnxruntime-web's WebNN EP (once; V8 takes ~1 min over ORT's wasm)\n`);
    const p = spawnSync(process.execPath, ['--no-experimental-fetch', path.join(ROOT, 'bench', 'direct.mjs'), '--child', 'capture',
                                           '--models', name], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (p.status !== 0 || !files.every((f) => fs.existsSync(f))) return { model: name, error: 'recording the graph failed' };
  }
  const { fromFiles, replay } = await import('./graph-record.mjs');
  const recording = fromFiles(fs.readFileSync(files[0], 'utf8'), fs.readFileSync(files[1]));
  const result = { model: name, weightBytes: recording.weights.byteLength, cycles: [], heap: [] };
  const mark = async (when) => result.heap.push({ when, ...(await heapStats()) });
  await mark('before build');
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const { graph, buildMs, inputs, outputs } = await replay(recording, context, MLGraphBuilder);
    result.arenaBytes = graphArenaBytes?.(graph);
    await mark(`cycle ${cycle}: after build()`);
    const feeds = {};
    for (const { name: n, descriptor } of inputs) {
      feeds[n] = await context.createTensor({ ...descriptor, writable: true });
      context.writeTensor(feeds[n], seeded(descriptor));
    }
    const fetches = {};
    for (const { name: n, descriptor } of outputs) fetches[n] = await context.createTensor({ ...descriptor, readable: true });
    const times = [];
    for (let i = 0; i < dispatches; i++) {
      const t = now();
      context.dispatch(graph, feeds, fetches);
      await Promise.all(Object.values(fetches).map((f) => context.readTensor(f)));
      times.push(now() - t);
    }
    await mark(`cycle ${cycle}: after ${dispatches} dispatch + readTensor`);
    graph.destroy();
    for (const t of [...Object.values(feeds), ...Object.values(fetches)]) t.destroy();
    const probe = await context.createTensor({ dataType: 'float32', shape: [1], readable: true });
    await context.readTensor(probe); // the destroy steps queued before it have run
    probe.destroy();
    await mark(`cycle ${cycle}: after destroy`);
    result.cycles.push({ cycle, buildMs, dispatchMs: stats(times.slice(1)), firstDispatchMs: times[0] });
  }
  return result;
}

function seeded(descriptor) {
  const next = rng(7);
  const a = new Float32Array(descriptor.shape.reduce((p, d) => p * d, 1));
  if (descriptor.dataType !== 'float32') throw new Error(`input data type ${descriptor.dataType} not handled`);
  for (let i = 0; i < a.length; i++) a[i] = 2 * next() - 1;
  return a;
}

export async function measureOverheads(engines, { smoke = false } = {}) {
  process.stderr.write('  overheads: relu on 4 elements ...\n');
  const dispatch = await dispatchOverhead(engines.ours, smoke);
  const tfjsRelu = tfjsRoundTrip(engines.tfjs, smoke);
  process.stderr.write('  overheads: mobilenet_v2 build() and heap ...\n');
  let model;
  try {
    model = await modelOverhead(engines.ours, 'mobilenet_v2', smoke ? { dispatches: 2, cycles: 1 } : { dispatches: 100, cycles: 6 });
  } catch (e) {
    model = { model: 'mobilenet_v2', error: String(e?.message ?? e).split('\n')[0] };
  }
  return { dispatch, tfjsRelu, model };
}

const us = (x) => `${x.toFixed(1)} µs`;
const mb = (x) => `${(x / MB).toFixed(1)} MB`;

export function printOverheads({ dispatch: d, tfjsRelu, model: m }) {
  console.log('\n## Overheads (issue 10, target 7), 1 thread\n');
  console.log('| what | best | median | target |');
  console.log('|---|---|---|---|');
  console.log(`| relu on 4 elements: dispatch + await readTensor (${d.roundTrips} round trips) | ${us(d.roundTripUs.best)} | ${us(d.roundTripUs.median)} | ≤ 20 µs |`);
  console.log(`| relu on 4 elements: ${d.batch} back-to-back dispatch() calls, JS time per call | ${us(d.dispatchEnqueueUs.best)} | ${us(d.dispatchEnqueueUs.median)} | |`);
  console.log(`| relu on 4 elements: ${d.batch} dispatches + one final read, per dispatch | ${us(d.dispatchThroughputUs.best)} | ${us(d.dispatchThroughputUs.median)} | ≤ 20 µs |`);
  console.log(`| for scale, tfjs-backend-wasm: tf.relu on 4 elements + dataSync | ${us(tfjsRelu.best)} | ${us(tfjsRelu.median)} | |`);
  if (m.error) {
    console.log(`| mobilenet_v2 build() | n/a | | ${m.error} |`);
  } else {
    for (const c of m.cycles) {
      console.log(`| mobilenet_v2 build(), cycle ${c.cycle} (${c.cycle === 1 ? 'first build in the process' : 'after destroying the last'}) | ${c.buildMs.toFixed(0)} ms | | ≤ 100 ms |`);
      console.log(`| mobilenet_v2 dispatch + readTensor, cycle ${c.cycle} (first: ${c.firstDispatchMs.toFixed(1)} ms) | ` +
                  `${c.dispatchMs.best.toFixed(1)} ms | ${c.dispatchMs.median.toFixed(1)} ms | |`);
    }
  }
  if (d.heap.length) {
    console.log('\nwasm heap, relu graph (inUse = bytes malloc\'d, memory = the wasm memory\'s size):');
    for (const h of d.heap) console.log(`- ${h.when}: inUse ${mb(h.inUse)}, memory ${mb(h.memory)}`);
  }
  if (!m.error) {
    const budget = m.weightBytes + (m.arenaBytes ?? 0);
    console.log(`\nwasm heap, mobilenet_v2 (constants given to the builder: ${mb(m.weightBytes)}; planned arena: ` +
                `${m.arenaBytes === undefined ? 'n/a' : mb(m.arenaBytes)}; target: after build ≤ 1.3 × (weights + planned arena), ` +
                'flat over dispatches):');
    const base = m.heap[0].inUse;
    for (const h of m.heap) {
      console.log(`- ${h.when}: inUse ${mb(h.inUse)} (+${mb(h.inUse - base)} over before build = ` +
                  `${((h.inUse - base) / m.weightBytes).toFixed(2)} × weights, ${((h.inUse - base) / budget).toFixed(2)} × (weights + arena)), ` +
                  `memory ${mb(h.memory)}`);
    }
  }
}
