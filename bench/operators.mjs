#!/usr/bin/env node
// Every operator's steps on one mid-sized tensor (1x64x56x56 floats, 0.8 MB, unless a row says otherwise;
// the float16 rows at the end),
// through our API at one thread: the fastest of 30 profiled dispatches, each after a dispatch of the same
// graph (so the data sits where the steps left it), printed as ms, GB/s (input + output bytes) and ns per
// input element, with the steps the compiler made. Not a comparison with a peer: a survey that shows which
// operators still run a slow path (pad was 13.6 ns per element, where() 8, pow(x, 2) 19 before they were
// found this way).
//
//   node --no-experimental-fetch bench/operators.mjs [--filter RE] [--json out.json]
import fs from 'node:fs';
import { loadOurs } from './engines.mjs';
import { fastestOf, profileMs } from './profile-table.mjs';
import { rng } from '../test/models/numerics.mjs';
import { toHalf } from '../test/wpt/compare.js';
import { parseOptions, runMain } from '../tools/cli-options.mjs';

const NCHW = [1, 64, 56, 56];
const NHWC = [1, 56, 56, 64];
const ROWS = [128, 1024];

// A seeded fill in [-1, 1), as float32 or as float16 bits.
function values(n, seed = 1, dataType = 'float32') {
  const next = rng(seed);
  const v = Float32Array.from({ length: n }, () => 2 * next() - 1);
  return dataType === 'float16' ? Uint16Array.from(v, toHalf) : v;
}
const constant = (b, shape, data) => b.constant({ dataType: 'float32', shape }, data ?? values(shape.reduce((p, d) => p * d, 1), 7));
const scalar = (b, v) => constant(b, [], new Float32Array([v]));
const channels = (b) => constant(b, [64]);

// [name, input shape, build(builder, x) -> output operand]
const CASES = [
  ['relu', NCHW, (b, x) => b.relu(x)],
  ['add (same shape)', NCHW, (b, x) => b.add(x, x)],
  ['mul by channel (NHWC)', NHWC, (b, x) => b.mul(x, constant(b, [1, 1, 1, 64]))],
  ['div by scalar', NCHW, (b, x) => b.div(x, scalar(b, 3))],
  ['pow(x, 2)', NCHW, (b, x) => b.pow(x, scalar(b, 2))],
  ['pow(x, 3)', NCHW, (b, x) => b.pow(x, scalar(b, 3))],
  ['pow(x, 0.5)', NCHW, (b, x) => b.pow(x, scalar(b, 0.5))],
  ['pow(x, 2.5)', NCHW, (b, x) => b.pow(x, scalar(b, 2.5))],
  ['greater', NCHW, (b, x) => b.greater(x, scalar(b, 0))],
  ['where', NCHW, (b, x) => b.where(b.greater(x, scalar(b, 0)), x, b.neg(x))],
  ['prelu (per channel)', NCHW, (b, x) => b.prelu(x, constant(b, [64, 1, 1]))],
  ['sigmoid', NCHW, (b, x) => b.sigmoid(x)],
  ['tanh', NCHW, (b, x) => b.tanh(x)],
  ['exp', NCHW, (b, x) => b.exp(x)],
  ['log', NCHW, (b, x) => b.log(b.abs(x))],
  ['erf', NCHW, (b, x) => b.erf(x)],
  ['gelu', NCHW, (b, x) => b.gelu(x)],
  ['elu', NCHW, (b, x) => b.elu(x)],
  ['softplus', NCHW, (b, x) => b.softplus(x)],
  ['softsign', NCHW, (b, x) => b.softsign(x)],
  ['hardSwish', NCHW, (b, x) => b.hardSwish(x)],
  ['leakyRelu', NCHW, (b, x) => b.leakyRelu(x)],
  ['sin', NCHW, (b, x) => b.sin(x)],
  ['sqrt', NCHW, (b, x) => b.sqrt(b.abs(x))],
  ['cast to int32', NCHW, (b, x) => b.cast(x, 'int32')],
  ['softmax (rows)', ROWS, (b, x) => b.softmax(x, 1)],
  ['layerNormalization (rows)', ROWS, (b, x) => b.layerNormalization(x, { axes: [1], scale: constant(b, [1024]), bias: constant(b, [1024]) })],
  ['instanceNormalization NCHW', NCHW, (b, x) => b.instanceNormalization(x, { scale: channels(b), bias: channels(b) })],
  ['instanceNormalization NHWC', NHWC, (b, x) => b.instanceNormalization(x, { layout: 'nhwc', scale: channels(b), bias: channels(b) })],
  ['batchNormalization NCHW', NCHW, (b, x) => b.batchNormalization(x, channels(b), b.abs(channels(b)))],
  ['reduceSum (rows)', ROWS, (b, x) => b.reduceSum(x, { axes: [1] })],
  ['reduceMax (rows)', ROWS, (b, x) => b.reduceMax(x, { axes: [1] })],
  ['reduceMean spatial', NCHW, (b, x) => b.reduceMean(x, { axes: [2, 3] })],
  ['reduceMean spatial NHWC', NHWC, (b, x) => b.reduceMean(x, { axes: [1, 2] })],
  ['reduceL2 (channels, NCHW)', NCHW, (b, x) => b.reduceL2(x, { axes: [1] })],
  ['argMax (channels)', NCHW, (b, x) => b.argMax(x, 1)],
  ['cumulativeSum (last axis)', NCHW, (b, x) => b.cumulativeSum(x, 3)],
  ['transpose NCHW -> NHWC', NCHW, (b, x) => b.transpose(x, { permutation: [0, 2, 3, 1] })],
  ['pad by 1', NCHW, (b, x) => b.pad(x, [0, 0, 1, 1], [0, 0, 1, 1])],
  ['pad by 1, reflection', NCHW, (b, x) => b.pad(x, [0, 0, 1, 1], [0, 0, 1, 1], { mode: 'reflection' })],
  ['slice (half the channels)', NCHW, (b, x) => b.slice(x, [0, 0, 0, 0], [1, 32, 56, 56])],
  ['concat (with itself)', NCHW, (b, x) => b.concat([x, x], 1)],
  ['gather (every other channel)', NCHW, (b, x) => b.gather(x, b.constant({ dataType: 'int32', shape: [32] }, Int32Array.from({ length: 32 }, (_, i) => 2 * i)), { axis: 1 })],
  ['resample2d x2 linear', NCHW, (b, x) => b.resample2d(x, { mode: 'linear', scales: [2, 2] })],
  ['resample2d x2 nearest', NCHW, (b, x) => b.resample2d(x, { scales: [2, 2] })],
  ['maxPool2d 3x3 s2 NHWC', NHWC, (b, x) => b.maxPool2d(x, { windowDimensions: [3, 3], strides: [2, 2], layout: 'nhwc' })],
  ['averagePool2d 3x3 NHWC', NHWC, (b, x) => b.averagePool2d(x, { windowDimensions: [3, 3], layout: 'nhwc' })],
  ['l2Pool2d 3x3 NCHW', NCHW, (b, x) => b.l2Pool2d(x, { windowDimensions: [3, 3] })],
  // float16: elementwise ops through the float32 kernels between conversions, the rest on their own paths.
  ['add (same shape), float16', NCHW, (b, x) => b.add(x, x), 'float16'],
  ['sigmoid, float16', NCHW, (b, x) => b.sigmoid(x), 'float16'],
  ['tanh, float16', NCHW, (b, x) => b.tanh(x), 'float16'],
  ['gelu, float16', NCHW, (b, x) => b.gelu(x), 'float16'],
  ['exp, float16', NCHW, (b, x) => b.exp(x), 'float16'],
  ['log, float16', NCHW, (b, x) => b.log(b.abs(x)), 'float16'],
  ['softmax (rows), float16', ROWS, (b, x) => b.softmax(x, 1), 'float16'],
  ['layerNormalization (rows), float16', ROWS, (b, x) => b.layerNormalization(x, { axes: [1] }), 'float16'],
  ['reduceMean spatial, float16', NCHW, (b, x) => b.reduceMean(x, { axes: [2, 3] }), 'float16'],
  ['reduceMean spatial NHWC, float16', NHWC, (b, x) => b.reduceMean(x, { axes: [1, 2] }), 'float16'],
  ['reduceMax (rows), float16', ROWS, (b, x) => b.reduceMax(x, { axes: [1] }), 'float16'],
  ['greater, float16', NCHW, (b, x) => b.greater(x, b.constant({ dataType: 'float16', shape: [] }, new Uint16Array([0]))), 'float16'],
  ['where, float16', NCHW, (b, x) => b.where(b.greater(x, b.constant({ dataType: 'float16', shape: [] }, new Uint16Array([0]))), x, b.neg(x)), 'float16'],
  ['transpose NCHW -> NHWC, float16', NCHW, (b, x) => b.transpose(x, { permutation: [0, 2, 3, 1] }), 'float16'],
  ['conv2d 1x1 64->64 NHWC, float16', NHWC, (b, x) => b.conv2d(x, b.constant({ dataType: 'float16', shape: [64, 1, 1, 64] }, new Uint16Array(64 * 64).fill(0x2000)), { inputLayout: 'nhwc', filterLayout: 'ohwi' }), 'float16'],
];

// A row's optional fourth entry is the input's data type (float32 unless it says float16).
async function measure({ context, lib }, [name, shape, build, dataType = 'float32']) {
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType, shape });
  const y = build(b, x);
  const graph = await b.build({ y });
  const n = shape.reduce((p, d) => p * d, 1);
  const input = await context.createTensor({ dataType, shape, writable: true });
  context.writeTensor(input, values(n, 1, dataType));
  const output = await context.createTensor({ dataType: y.dataType, shape: y.shape, readable: true });
  let steps;
  let outputBytes = 0;
  try {
    steps = await fastestOf(30, async () => {
      context.dispatch(graph, { x: input }, { y: output });
      lib.__testing.profileNextDispatch(context);
      context.dispatch(graph, { x: input }, { y: output });
      outputBytes = (await context.readTensor(output)).byteLength;
      return lib.__testing.takeProfile(context);
    });
  } finally {
    graph.destroy();
    input.destroy();
    output.destroy();
  }
  const ms = profileMs(steps);
  const inputBytes = (dataType === 'float16' ? 2 : 4) * n;
  return { name, shape, ms, gbps: (inputBytes + outputBytes) / (ms * 1e6), nsPerElement: (ms * 1e6) / n,
           steps: steps.map((s) => `${s.step} ${s.ms.toFixed(3)}`) };
}

async function main() {
  const o = parseOptions(process.argv.slice(2), {
    filter: { type: 'string', convert: (text) => new RegExp(text, 'i') },
    json: { type: 'string' },
  });
  const engine = await loadOurs();
  if (!engine.lib.__testing?.profileNextDispatch) throw new Error('this build has no step profiler');
  const rows = [];
  for (const c of CASES.filter(([name]) => !o.filter || o.filter.test(name))) rows.push(await measure(engine, c));
  console.log(`\n## Operators through our API, 1 thread (fastest of 30 profiled dispatches; Node ${process.versions.node})\n`);
  console.log('| operator | input | ms | GB/s | ns per input element | steps (ms) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.shape.join('x')} | ${r.ms.toFixed(3)} | ${r.gbps.toFixed(1)} | ${r.nsPerElement.toFixed(2)} | ${r.steps.join('; ')} |`);
  }
  engine.context.destroy();
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(rows, null, 2));
  return 0;
}

await runMain('operators', main);
