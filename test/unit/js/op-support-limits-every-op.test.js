// opSupportLimits() is true by construction, checked for every operator: for each of the 8 data types,
// a graph whose main operand has that type must build AND dispatch when the operator's limits list it,
// and must throw a TypeError when they do not. One recipe per operator below builds the smallest valid
// call; its other operands take the main type where the spec says "same type as", else a fixed type.
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ALL_TYPES = ['float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8'];
const FLOATS = ['float32', 'float16'];

// op -> { row: the limits member varied (default 'input', else 'a'), call(b, t, input) -> output }.
// input(type, shape) makes a graph input. Shapes are the smallest the operator accepts.
const H = 2; // hidden size of the recurrent operators
const RECIPES = {
  argMin: { call: (b, t, input) => b.argMin(input(t, [2, 3]), 1) },
  argMax: { call: (b, t, input) => b.argMax(input(t, [2, 3]), 1) },
  averagePool2d: { call: (b, t, input) => b.averagePool2d(input(t, [1, 1, 2, 2])) },
  l2Pool2d: { call: (b, t, input) => b.l2Pool2d(input(t, [1, 1, 2, 2])) },
  maxPool2d: { call: (b, t, input) => b.maxPool2d(input(t, [1, 1, 2, 2])) },
  batchNormalization: {
    call: (b, t, input) => b.batchNormalization(input(t, [1, 2]), input(t, [2]), input(t, [2])),
  },
  cast: { call: (b, t, input) => b.cast(input(t, [2]), 'float32') },
  concat: { row: 'inputs', call: (b, t, input) => b.concat([input(t, [2]), input(t, [3])], 0) },
  conv2d: { call: (b, t, input) => b.conv2d(input(t, [1, 1, 3, 3]), input(t, [1, 1, 2, 2])) },
  convTranspose2d: { call: (b, t, input) => b.convTranspose2d(input(t, [1, 1, 2, 2]), input(t, [1, 1, 2, 2])) },
  cumulativeSum: { call: (b, t, input) => b.cumulativeSum(input(t, [2, 3]), 1) },
  dequantizeLinear: {
    call: (b, t, input) => b.dequantizeLinear(input(t, [2, 4]), input('float32', [2, 2]), input(t, [2, 2])),
  },
  quantizeLinear: {
    call: (b, t, input) => b.quantizeLinear(input(t, [2, 4]), input(t, [2, 2]), input('uint8', [2, 2])),
  },
  expand: { call: (b, t, input) => b.expand(input(t, [1, 2]), [2, 2]) },
  gather: { call: (b, t, input) => b.gather(input(t, [3, 2]), input('int32', [2])) },
  gatherElements: { call: (b, t, input) => b.gatherElements(input(t, [3, 2]), input('int32', [1, 2])) },
  gatherND: { call: (b, t, input) => b.gatherND(input(t, [3, 2]), input('int32', [1, 1])) },
  scatterElements: {
    call: (b, t, input) => b.scatterElements(input(t, [3, 2]), input('int32', [1, 2]), input(t, [1, 2])),
  },
  scatterND: { call: (b, t, input) => b.scatterND(input(t, [3, 2]), input('int32', [1, 1]), input(t, [1, 2])) },
  gemm: { row: 'a', call: (b, t, input) => b.gemm(input(t, [2, 3]), input(t, [3, 2])) },
  matmul: { row: 'a', call: (b, t, input) => b.matmul(input(t, [2, 3]), input(t, [3, 2])) },
  gru: {
    call: (b, t, input) => b.gru(input(t, [1, 1, 3]), input(t, [1, 3 * H, 3]), input(t, [1, 3 * H, H]), 1, H)[0],
  },
  gruCell: {
    call: (b, t, input) => b.gruCell(input(t, [1, 3]), input(t, [3 * H, 3]), input(t, [3 * H, H]), input(t, [1, H]), H),
  },
  lstm: {
    call: (b, t, input) => b.lstm(input(t, [1, 1, 3]), input(t, [1, 4 * H, 3]), input(t, [1, 4 * H, H]), 1, H)[0],
  },
  lstmCell: {
    call: (b, t, input) => b.lstmCell(input(t, [1, 3]), input(t, [4 * H, 3]), input(t, [4 * H, H]), input(t, [1, H]),
                                      input(t, [1, H]), H)[0],
  },
  instanceNormalization: { call: (b, t, input) => b.instanceNormalization(input(t, [1, 2, 2, 2])) },
  layerNormalization: { call: (b, t, input) => b.layerNormalization(input(t, [2, 3])) },
  pad: { call: (b, t, input) => b.pad(input(t, [2, 2]), [0, 1], [1, 0]) },
  prelu: { call: (b, t, input) => b.prelu(input(t, [2, 3]), input(t, [3])) },
  resample2d: { call: (b, t, input) => b.resample2d(input(t, [1, 1, 2, 2]), { scales: [2, 2] }) },
  reshape: { call: (b, t, input) => b.reshape(input(t, [2, 3]), [3, 2]) },
  reverse: { call: (b, t, input) => b.reverse(input(t, [2, 3])) },
  slice: { call: (b, t, input) => b.slice(input(t, [2, 3]), [0, 1], [2, 2]) },
  softmax: { call: (b, t, input) => b.softmax(input(t, [2, 3]), 1) },
  split: { call: (b, t, input) => b.split(input(t, [2, 4]), 2, { axis: 1 })[0] },
  tile: { call: (b, t, input) => b.tile(input(t, [2, 3]), [2, 1]) },
  transpose: { call: (b, t, input) => b.transpose(input(t, [2, 3])) },
  triangular: { call: (b, t, input) => b.triangular(input(t, [3, 3])) },
  where: {
    row: 'trueValue', call: (b, t, input) => b.where(input('uint8', [2, 3]), input(t, [2, 3]), input(t, [3])),
  },
};

// The operators of MLGraphBuilder (every method but input, constant and build).
const OPERATORS = Object.getOwnPropertyNames(MLGraphBuilder.prototype)
  .filter((k) => typeof MLGraphBuilder.prototype[k] === 'function' && !['constructor', 'input', 'constant', 'build'].includes(k));

function recipeFor(op, opLimits) {
  if (RECIPES[op]) return RECIPES[op];
  if (opLimits.a && opLimits.b) return { row: 'a', call: (b, t, input) => b[op](input(t, [2, 3]), input(t, [3])) };
  return { call: (b, t, input) => b[op](input(t, [2, 3])) };
}

let context;
let limits;
beforeAll(async () => {
  context = await createML({ threads: false }).createContext();
  limits = context.opSupportLimits();
});

// Builds op with main type t; dispatches when it builds. Returns 'dispatched', or the thrown error.
async function tryOperator(op, recipe, t) {
  const builder = new MLGraphBuilder(context);
  const descs = {};
  const input = (dataType, shape) => {
    const name = `in${Object.keys(descs).length}`;
    descs[name] = { dataType, shape };
    return builder.input(name, descs[name]);
  };
  let graph;
  try {
    const output = recipe.call(builder, t, input);
    graph = await builder.build({ output });
  } catch (e) {
    return e;
  }
  const inputs = {};
  for (const [name, desc] of Object.entries(descs)) inputs[name] = await context.createTensor({ ...desc, writable: true });
  const out = await context.createTensor({ dataType: 'float32', shape: [1], readable: true }).catch(() => null);
  out?.destroy();
  // The output tensor's descriptor is the built graph's; find it by building the same call again.
  const probe = new MLGraphBuilder(context);
  const probeDescs = {};
  const probeInput = (dataType, shape) => {
    const name = `in${Object.keys(probeDescs).length}`;
    probeDescs[name] = { dataType, shape };
    return probe.input(name, probeDescs[name]);
  };
  const operand = recipe.call(probe, t, probeInput);
  const outTensor = await context.createTensor({ dataType: operand.dataType, shape: operand.shape, readable: true });
  context.dispatch(graph, inputs, { output: outTensor });
  const bytes = await context.readTensor(outTensor);
  graph.destroy();
  for (const tensor of [...Object.values(inputs), outTensor]) tensor.destroy();
  return bytes.byteLength > 0 ? 'dispatched' : new Error('empty result');
}

test('every operator has limits and a recipe that builds', () => {
  expect(OPERATORS.length).toBe(95);
  for (const op of OPERATORS) expect([op, typeof limits[op]]).toEqual([op, 'object']);
  for (const op of Object.keys(RECIPES)) expect(OPERATORS).toContain(op);
});

test.each(OPERATORS)('%s: claimed data types build and dispatch, the others throw TypeError', async (op) => {
  const recipe = recipeFor(op, limits[op]);
  const row = recipe.row ?? (limits[op].input ? 'input' : 'a');
  const claimed = limits[op][row]?.dataTypes;
  expect([op, row, Array.isArray(claimed) && claimed.length > 0]).toEqual([op, row, true]);
  const problems = [];
  for (const t of ALL_TYPES) {
    const result = await tryOperator(op, recipe, t);
    if (claimed.includes(t) && result !== 'dispatched') problems.push(`${t} claimed but ${result?.name}: ${result?.message}`);
    if (!claimed.includes(t) && !(result instanceof TypeError)) {
      problems.push(`${t} not claimed but ${result === 'dispatched' ? 'it dispatched' : `${result?.name}: ${result?.message}`}`);
    }
  }
  expect(problems).toEqual([]);
  // Every operator serves float32 or is an integer/index operator; float16 goes with float32.
  if (claimed.includes('float32') && FLOATS.every((t) => limits[op].output?.dataTypes?.includes(t) ?? true)) {
    expect(claimed).toContain('float16');
  }
});
