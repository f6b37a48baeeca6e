// The operator catalogue of the fuzzer: generators (ops-*.mjs) and how results are checked.
import { ELEMENTWISE_OPS } from './ops-elementwise.mjs';
import { NN_OPS } from './ops-nn.mjs';
import { TENSOR_OPS } from './ops-tensor.mjs';

export const OPS = { ...ELEMENTWISE_OPS, ...TENSOR_OPS, ...NN_OPS };

// Selection weights: the ops with the most parameters (and so the most code paths) are drawn more.
const HEAVY = {
  conv2d: 5, matmul: 4, gemm: 4, averagePool2d: 2, maxPool2d: 2, l2Pool2d: 1, softmax: 2,
  layerNormalization: 2, batchNormalization: 2, concat: 2, slice: 2, transpose: 2, pad: 2, gather: 2,
  expand: 2, reshape: 2, split: 2, where: 2, add: 2, mul: 2, clamp: 2, relu: 2,
};
export const OP_WEIGHTS = Object.fromEntries(Object.keys(OPS).map((k) => [k, HEAVY[k] ?? 1]));

// Float ops whose result is exact given exact inputs (no rounding at all, or the single rounding of
// an exactly known value: cast). Integer results are always exact.
const TRIVIALLY_EXACT = new Set([
  'abs', 'neg', 'relu', 'clamp', 'identity', 'sign', 'ceil', 'floor', 'roundEven', 'max', 'min', 'where',
  'transpose', 'reshape', 'concat', 'slice', 'split', 'expand', 'pad', 'gather', 'reduceMax', 'reduceMin',
  'maxPool2d', 'cast',
]);
export const isExactOp = (op) => TRIVIALLY_EXACT.has(op);

// Ops that may leave result elements to the implementation (reference.mjs `unchecked`): integer
// overflow, float -> integer casts out of range, argMin/argMax over a NaN. (gather says so itself,
// from its indices: generator result flag `mayBeUnknown`.)
export function mayBeUnknown(op, outputType) {
  if (op === 'cast' || op === 'argMax' || op === 'argMin') return outputType !== 'float32';
  const intArithmetic = ['add', 'sub', 'mul', 'abs', 'neg', 'reduceSum', 'reduceProduct', 'reduceL1', 'reduceSumSquare'];
  return intArithmetic.includes(op) && outputType === 'int32';
}

// Ops whose output may hold NaN or Infinity although their inputs hold neither.
export const MAKES_SPECIALS = new Set([
  'div', 'pow', 'log', 'exp', 'reciprocal', 'sqrt', 'tan', 'reduceLogSum', 'reduceProduct', 'reduceSumSquare',
  'reduceL2', 'mul', 'matmul', 'gemm',
]);
