// opSupportLimits() must be truthful: for every operator it lists that takes one `input` or two operands
// `a`, `b` (elementwise, activations, pooling, matmul),
// build() accepts exactly the data types and ranks it reports, for every one of the 8 data types.
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ALL_TYPES = ['float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8'];
// Operators whose only required arguments are the operands in their limits.
const NEEDS_MORE_ARGUMENTS = new Set(['cast', 'where', 'gather', 'reshape', 'expand', 'pad', 'slice', 'split',
                                      'concat', 'transpose', 'softmax', 'gatherElements', 'gatherND',
                                      'scatterElements', 'scatterND', 'quantizeLinear', 'dequantizeLinear',
                                      'cumulativeSum', 'tile', 'triangular', 'reverse', 'prelu', 'argMin',
                                      'argMax']);

let context;
let limits;
beforeAll(async () => {
  context = await createML({ threads: false }).createContext();
  limits = context.opSupportLimits();
});

// All dimensions 2, so every pair of operands is compatible (broadcasting, matmul's inner sizes).
function shapeOfRank(rank) {
  return new Array(rank).fill(2);
}

// Builds op(operands...) with every operand of `dataType` and `rank`; true when build() accepts it.
async function accepts(op, operandNames, dataType, rank) {
  const builder = new MLGraphBuilder(context);
  try {
    const operands = operandNames.map((name) => builder.input(name, { dataType, shape: shapeOfRank(rank) }));
    const output = builder[op](...operands);
    const graph = await builder.build({ output });
    graph.destroy();
    return true;
  } catch (e) {
    // Only spec'd rejections count as "not accepted"; anything else is a bug to report.
    if (e instanceof TypeError || e?.name === 'NotSupportedError') return false;
    throw e;
  }
}

function elementwiseOps() {
  const ops = [];
  for (const [op, opLimits] of Object.entries(limits)) {
    if (typeof MLGraphBuilder.prototype[op] !== 'function' || NEEDS_MORE_ARGUMENTS.has(op)) continue;
    const operands = Object.keys(opLimits).filter((k) => k !== 'output');
    const unary = operands.length === 1 && operands[0] === 'input';
    const binary = operands.length === 2 && operands.includes('a') && operands.includes('b');
    if (unary || binary) ops.push([op, operands]);
  }
  return ops;
}

test('finds the elementwise operators to check', () => {
  const names = elementwiseOps().map(([op]) => op);
  for (const op of ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'relu', 'sigmoid', 'tanh', 'erf', 'gelu',
                    'sqrt', 'exp', 'identity', 'clamp']) {
    expect(names).toContain(op);
  }
});

test('data types: build() accepts exactly the listed ones', async () => {
  const mismatches = [];
  for (const [op, operands] of elementwiseOps()) {
    const { dataTypes: listed, rankRange } = limits[op][operands[0]];
    const rank = Math.max(rankRange.min, Math.min(2, rankRange.max));
    for (const dataType of ALL_TYPES) {
      const ok = await accepts(op, operands, dataType, rank);
      if (ok !== listed.includes(dataType)) mismatches.push(`${op} ${dataType}: listed ${listed.includes(dataType)}, build ${ok}`);
    }
  }
  expect(mismatches).toEqual([]);
});

test('ranks: build() accepts the listed range and rejects one past it', async () => {
  const mismatches = [];
  for (const [op, operands] of elementwiseOps()) {
    const { dataTypes, rankRange } = limits[op][operands[0]];
    const dataType = dataTypes[0];
    if (!(await accepts(op, operands, dataType, rankRange.min))) mismatches.push(`${op}: rank ${rankRange.min} rejected`);
    if (!(await accepts(op, operands, dataType, rankRange.max))) mismatches.push(`${op}: rank ${rankRange.max} rejected`);
    if (rankRange.min > 0 && (await accepts(op, operands, dataType, rankRange.min - 1))) {
      mismatches.push(`${op}: rank ${rankRange.min - 1} accepted`);
    }
  }
  expect(mismatches).toEqual([]);
});
