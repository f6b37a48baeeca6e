// Validation of the reductions, argMin/argMax and cumulativeSum, one row per spec step (index.bs
// #api-mlgraphbuilder-reduce, -argminmax, -cumulativesum). Output shapes follow "calculate reduction output
// sizes": without axes every axis is reduced; keepDimensions keeps reduced axes as 1, otherwise drops them.
import { describeCases, out, typeError } from './cases.mjs';

// [op, allowed data type other than float32, a data type its allowedDataTypes leave out (null: "any")]
const reductions = [
  ['reduceL1', 'int32', 'int8'], ['reduceSum', 'uint64', 'uint8'], ['reduceSumSquare', 'uint32', 'int8'],
  ['reduceProduct', 'int64', 'int8'], ['reduceL2', 'float16', 'int32'], ['reduceLogSum', 'float16', 'int32'],
  ['reduceLogSumExp', 'float16', 'uint32'], ['reduceMean', 'float16', 'int32'],
  ['reduceMax', 'uint8', null], ['reduceMin', 'int8', null],
];
describeCases('reductions (#api-mlgraphbuilder-reduce)', reductions.flatMap(([op, allowed, refused]) => [
  [`${op}: axes [2, 0] of [2,3,4] without keepDimensions give [3]`, (b, t) => b[op](t('float32', [2, 3, 4]), { axes: [2, 0] }), out('float32', [3])],
  [`${op}: axes [2, 0] of [2,3,4] with keepDimensions give [1,3,1]`,
    (b, t) => b[op](t('float32', [2, 3, 4]), { axes: [2, 0], keepDimensions: true }), out('float32', [1, 3, 1])],
  [`${op}: "If axes is not given, then let axes be the range 0 to inputRank": a scalar`, (b, t) => b[op](t(allowed, [2, 3, 4])), out(allowed, [])],
  [`${op}: no axes with keepDimensions: all ones`, (b, t) => b[op](t('float32', [2, 3]), { keepDimensions: true }), out('float32', [1, 1])],
  [`${op}: axes [] reduce nothing`, (b, t) => b[op](t('float32', [2, 3]), { axes: [] }), out('float32', [2, 3])],
  [`${op}: a scalar input reduces to a scalar`, (b, t) => b[op](t('float32', [])), out('float32', [])],
  ...(refused ? [[`${op}: "If allowedDataTypes is given and it does not contain input's dataType, then throw a TypeError" (${refused})`,
    (b, t) => b[op](t(refused, [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} input: Unsupported data type ${refused}, must be one of \\[`))]] : []),
  [`${op}: "if axes contains duplicate values ... return failure" (TypeError)`,
    (b, t) => b[op](t('float32', [2, 3, 4]), { axes: [1, 1], label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} options\\.axes: axis 1 is duplicated`))],
  [`${op}: "or if any of its items is not in the range 0 to inputRank, exclusive, then return failure" (TypeError)`,
    (b, t) => b[op](t('float32', [2, 3, 4]), { axes: [0, 3] }), typeError(new RegExp(`^${op} options\\.axes: axis 3 is out of range for rank 3`))],
  [`${op}: axis 0 of a scalar is out of range`, (b, t) => b[op](t('float32', []), { axes: [0] }), typeError(new RegExp(`^${op} options\\.axes: axis 0 is out of range for rank 0`))],
  [`${op}: a negative axis fails the IDL's [EnforceRange] unsigned long`,
    (b, t) => b[op](t('float32', [2]), { axes: [-1] }), typeError(new RegExp(`^${op} options\\.axes\\[0\\]: Value -1 is outside the range of unsigned long`))],
  [`${op}: "If validating operand with this and input returns false, then throw a TypeError"`,
    (b, t, foreign) => b[op](foreign('float32', [2])), typeError(new RegExp(`^${op} input: the operand belongs to another builder`))],
]));

describeCases('argMin/argMax (#api-mlgraphbuilder-argminmax)', ['argMin', 'argMax'].flatMap((op) => [
  [`${op}: axis 1 of [2,3,4] gives int32 [2,4] (outputDataType defaults to int32)`, (b, t) => b[op](t('float32', [2, 3, 4]), 1), out('int32', [2, 4])],
  [`${op}: keepDimensions and outputDataType int64 give int64 [2,1,4]`,
    (b, t) => b[op](t('float32', [2, 3, 4]), 1, { keepDimensions: true, outputDataType: 'int64' }), out('int64', [2, 1, 4])],
  [`${op}: a 1-D input reduces to a scalar`, (b, t) => b[op](t('float16', [5]), 0), out('int32', [])],
  [`${op}: allowed data types of input are "any" (uint8)`, (b, t) => b[op](t('uint8', [2, 3]), 0), out('int32', [3])],
  [`${op}: "If validating operand with this and input returns false, then throw a TypeError"`,
    (b, t, foreign) => b[op](foreign('float32', [2]), 0), typeError(new RegExp(`^${op} input: the operand belongs to another builder`))],
  [`${op}: "If axis is greater than or equal to input's rank, then throw a TypeError"`,
    (b, t) => b[op](t('float32', [2, 3, 4]), 3, { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} axis: should be in the range \\[0, 3\\), got 3`))],
  [`${op}: a scalar input has no axis (allowed ranks 1 to N)`, (b, t) => b[op](t('float32', []), 0), typeError(new RegExp(`^${op} input: rank 0 is outside the supported range`))],
  [`${op}: a negative axis fails the IDL's [EnforceRange] unsigned long`,
    (b, t) => b[op](t('float32', [2]), -1), typeError(new RegExp(`^${op} axis: Value -1 is outside the range of unsigned long`))],
  [`${op}: "if options.outputDataType is not output tensor's allowed data types (int32, int64), then throw a TypeError"`,
    (b, t) => b[op](t('float32', [2]), 0, { outputDataType: 'uint32', label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} options\\.outputDataType: should be int32 or int64, got uint32`))],
]));

describeCases('cumulativeSum (#api-mlgraphbuilder-cumulativesum)', [
  ['"Let output be the result of copying an MLOperand given input": float32 [2,3], axis 1', (b, t) => b.cumulativeSum(t('float32', [2, 3]), 1), out('float32', [2, 3])],
  ['options exclusive and reversed', (b, t) => b.cumulativeSum(t('float32', [2, 3]), 0, { exclusive: true, reversed: true }), out('float32', [2, 3])],
  ['allowed data types int32, uint32, int64, uint64, float16',
    (b, t) => ['int32', 'uint32', 'int64', 'uint64', 'float16'].map((type) => b.cumulativeSum(t(type, [4]), 0)),
    ['int32', 'uint32', 'int64', 'uint64', 'float16'].map((type) => out(type, [4]))],
  ['"If validating operand with this and input returns false, then throw a TypeError"',
    (b, t, foreign) => b.cumulativeSum(foreign('float32', [2]), 0), typeError(/^cumulativeSum input: the operand belongs to another builder/)],
  ['"If input\'s dataType is not one of its allowed data types ..., then throw a TypeError" (int8)',
    (b, t) => b.cumulativeSum(t('int8', [2]), 0, { label: 'L' }), typeError(/^\[L\] cumulativeSum input: Unsupported data type int8, must be one of \[/)],
  ['"If axis is greater than or equal to input\'s rank, then throw a TypeError"',
    (b, t) => b.cumulativeSum(t('float32', [2, 3]), 2), typeError(/^cumulativeSum axis: should be in the range \[0, 2\), got 2/)],
  ['a scalar input has no axis (allowed ranks 1 to N)', (b, t) => b.cumulativeSum(t('float32', []), 0), typeError(/^cumulativeSum input: rank 0 is outside the supported range/)],
]);
