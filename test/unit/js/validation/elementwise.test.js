// Validation of the element-wise operators, one row per spec step (index.bs #api-mlgraphbuilder-binary, -logical,
// -unary, -where, -cast). Broadcast output shapes are worked out by hand from "bidirectionally broadcast the
// shapes" (#algorithms-broadcast): align the shapes right; each pair of sizes is equal or one of them is 1.
import { describeCases, out, typeError } from './cases.mjs';

const binary = ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow'];
describeCases('element-wise binary (#api-mlgraphbuilder-binary)', binary.flatMap((op) => [
  [`${op}: a [4,1,3] and b [2,1] broadcast to [4,2,3]`, (b, t) => b[op](t('float32', [4, 1, 3]), t('float32', [2, 1])), out('float32', [4, 2, 3])],
  [`${op}: a scalar and b [2,3] broadcast to [2,3]`, (b, t) => b[op](t('int32', []), t('int32', [2, 3])), out('int32', [2, 3])],
  [`${op}: allowed data types of a are "any" (uint64)`, (b, t) => b[op](t('uint64', [2]), t('uint64', [2])), out('uint64', [2])],
  [`${op}: "If validating operand with this and any of a and b returns false, then throw a TypeError" (before the type check)`,
    (b, t, foreign) => b[op](t('int32', [2]), foreign('float32', [2])), typeError(new RegExp(`^${op} b: the operand belongs to another builder`))],
  [`${op}: "If a's dataType is not equal to b's dataType, then throw a TypeError"`,
    (b, t) => b[op](t('float32', [2]), t('float16', [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} b: data type float16 does not match a's float32`))],
  [`${op}: "Let outputShape be the result of bidirectionally broadcasting ... If that returns failure, then throw a TypeError"`,
    (b, t) => b[op](t('float32', [2, 3]), t('float32', [2])), typeError(new RegExp(`^${op} b: shape \\[2\\] cannot be broadcast with a's shape \\[2, 3\\]`))],
]));

const comparisons = ['equal', 'notEqual', 'greater', 'greaterOrEqual', 'lesser', 'lesserOrEqual'];
describeCases('element-wise comparison (#api-mlgraphbuilder-logical)', comparisons.flatMap((op) => [
  [`${op}: uint8 output of the broadcast shape, [2,1] and [3] give [2,3]`, (b, t) => b[op](t('float32', [2, 1]), t('float32', [3])), out('uint8', [2, 3])],
  [`${op}: allowed data types of a are "any" (int8)`, (b, t) => b[op](t('int8', [2]), t('int8', [2])), out('uint8', [2])],
  [`${op}: "If validating operand with this and b returns false, then throw a TypeError"`,
    (b, t, foreign) => b[op](t('float32', [2]), foreign('float32', [2])), typeError(new RegExp(`^${op} b: the operand belongs to another builder`))],
  [`${op}: "If a's dataType is not equal to b's dataType, then throw a TypeError"`,
    (b, t) => b[op](t('float32', [2]), t('int32', [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} b: data type int32 does not match a's float32`))],
  [`${op}: bidirectional broadcasting fails: TypeError`,
    (b, t) => b[op](t('float32', [2, 2]), t('float32', [3])), typeError(new RegExp(`^${op} b: shape \\[3\\] cannot be broadcast with a's shape \\[2, 2\\]`))],
]));

describeCases('element-wise logical (#api-mlgraphbuilder-logical)', [
  ...['logicalAnd', 'logicalOr', 'logicalXor'].flatMap((op) => [
    [`${op}: uint8 a [3,1] and b [4] give uint8 [3,4]`, (b, t) => b[op](t('uint8', [3, 1]), t('uint8', [4])), out('uint8', [3, 4])],
    [`${op}: "If a's dataType is not uint8, then throw a TypeError"`,
      (b, t) => b[op](t('float32', [2]), t('float32', [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} a: Unsupported data type float32, must be one of \\[uint8\\]`))],
    [`${op}: b not uint8 while a is ("a's dataType is not equal to b's dataType")`,
      (b, t) => b[op](t('uint8', [2]), t('int8', [2])), typeError(new RegExp(`^${op} b: `))],
    [`${op}: bidirectional broadcasting fails: TypeError`,
      (b, t) => b[op](t('uint8', [2, 3]), t('uint8', [2])), typeError(new RegExp(`^${op} b: shape \\[2\\] cannot be broadcast`))],
  ]),
  ['logicalNot: "Otherwise: Let outputShape be a clone of a\'s shape", uint8', (b, t) => b.logicalNot(t('uint8', [2, 3])), out('uint8', [2, 3])],
  ['logicalNot: "If a\'s dataType is not uint8, then throw a TypeError"',
    (b, t) => b.logicalNot(t('int32', [2]), { label: 'L' }), typeError(/^\[L\] logicalNot a: Unsupported data type int32, must be one of \[uint8\]/)],
  ['logicalNot: "If validating operand with this and a returns false, then throw a TypeError"',
    (b, t, foreign) => b.logicalNot(foreign('uint8', [2])), typeError(/^logicalNot a: the operand belongs to another builder/)],
  ...['isNaN', 'isInfinite'].flatMap((op) => [
    [`${op}: float16 a [2,3] gives uint8 [2,3]`, (b, t) => b[op](t('float16', [2, 3])), out('uint8', [2, 3])],
    [`${op}: float32 a gives uint8`, (b, t) => b[op](t('float32', [])), out('uint8', [])],
    [`${op}: "If a's dataType is not one of « float32, float16 », then throw a TypeError"`,
      (b, t) => b[op](t('int32', [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} a: Unsupported data type int32, must be one of \\[float32, float16\\]`))],
    [`${op}: "If validating operand with this and a returns false, then throw a TypeError"`,
      (b, t, foreign) => b[op](foreign('float32', [2])), typeError(new RegExp(`^${op} a: the operand belongs to another builder`))],
  ]),
]);

// [op, an allowed data type other than float32, a data type the op's allowedDataTypes leaves out (null: "any")]
const unary = [
  ['abs', 'int8', 'uint32'], ['neg', 'int64', 'uint8'], ['sign', 'int32', 'uint64'],
  ['ceil', 'float16', 'int32'], ['cos', 'float16', 'int32'], ['erf', 'float16', 'int8'], ['exp', 'float16', 'int32'],
  ['floor', 'float16', 'int32'], ['log', 'float16', 'int32'], ['reciprocal', 'float16', 'int32'],
  ['roundEven', 'float16', 'int32'], ['sin', 'float16', 'int32'], ['sqrt', 'float16', 'int32'], ['tan', 'float16', 'int64'],
  ['identity', 'uint64', null],
];
describeCases('element-wise unary (#api-mlgraphbuilder-unary)', unary.flatMap(([op, allowed, refused]) => [
  [`${op}: "Let output be the result of copying an MLOperand given input" (float32 [2,3,4])`, (b, t) => b[op](t('float32', [2, 3, 4])), out('float32', [2, 3, 4])],
  [`${op}: allowed data type ${allowed}, scalar`, (b, t) => b[op](t(allowed, [])), out(allowed, [])],
  ...(refused ? [[`${op}: "If allowedDataTypes is given and it does not contain input's dataType, then throw a TypeError" (${refused})`,
    (b, t) => b[op](t(refused, [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} input: Unsupported data type ${refused}, must be one of \\[`))]] : []),
  [`${op}: "If validating operand with this and input returns false, then throw a TypeError"`,
    (b, t, foreign) => b[op](foreign('float32', [2])), typeError(new RegExp(`^${op} input: the operand belongs to another builder`))],
]));

describeCases('where (#api-mlgraphbuilder-where)', [
  ['trueValue [3] and falseValue [1,1,1] broadcast to [1,1,3], then with condition [2,1] to [1,2,3]',
    (b, t) => b.where(t('uint8', [2, 1]), t('float32', [3]), t('float32', [1, 1, 1])), out('float32', [1, 2, 3])],
  ['allowed data types of trueValue are "any" (int8)', (b, t) => b.where(t('uint8', [2]), t('int8', [2]), t('int8', [2])), out('int8', [2])],
  ['"If validating operand with this and any of condition, trueValue, and falseValue returns false, then throw a TypeError"',
    (b, t, foreign) => b.where(t('uint8', [2]), t('float32', [2]), foreign('float32', [2])), typeError(/^where falseValue: the operand belongs to another builder/)],
  ['"If the dataType of any of condition, trueValue, or falseValue is not one of its allowed data types": condition not uint8',
    (b, t) => b.where(t('float32', [2]), t('float32', [2]), t('float32', [2]), { label: 'L' }), typeError(/^\[L\] where condition: Unsupported data type float32, must be one of \[uint8\]/)],
  ['... falseValue not the same type as trueValue',
    (b, t) => b.where(t('uint8', [2]), t('float32', [2]), t('int32', [2])), typeError(/^where falseValue: data type int32 does not match trueValue's float32/)],
  ['"Let outputShape be the result of bidirectionally broadcasting trueValue\'s shape and falseValue\'s shape. If that returns failure, then throw a TypeError"',
    (b, t) => b.where(t('uint8', [2]), t('float32', [3]), t('float32', [2])), typeError(/^where falseValue: shape cannot be broadcast with trueValue's shape/)],
  ['"Set outputShape to the result of bidirectionally broadcasting condition\'s shape and outputShape. If that returns failure, then throw a TypeError"',
    (b, t) => b.where(t('uint8', [4]), t('float32', [3]), t('float32', [3])), typeError(/^where condition: shape cannot be broadcast with the values' shape/)],
]);

describeCases('cast (#api-mlgraphbuilder-cast)', [
  ['"Let output be the result of copying an MLOperand given input" with dataType: float32 [2,3] to int8 [2,3]', (b, t) => b.cast(t('float32', [2, 3]), 'int8'), out('int8', [2, 3])],
  ['allowed data types of input and output are "any": int64 to uint8', (b, t) => b.cast(t('int64', [2]), 'uint8'), out('uint8', [2])],
  ['scalar uint32 to float16', (b, t) => b.cast(t('uint32', []), 'float16'), out('float16', [])],
  ['"If validating operand with this and input returns false, then throw a TypeError"',
    (b, t, foreign) => b.cast(foreign('float32', [2]), 'int32'), typeError(/^cast input: the operand belongs to another builder/)],
  ['dataType not an MLOperandDataType (WebIDL enum conversion)',
    (b, t) => b.cast(t('float32', [2]), 'float64'), typeError(/^cast dataType: 'float64' is not a valid value for enum MLOperandDataType/)],
]);
