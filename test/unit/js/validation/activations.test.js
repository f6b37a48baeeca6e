// Validation of the activations, one row per spec step (index.bs #api-mlgraphbuilder-elu, -gelu-method,
// -hard-sigmoid, -hard-swish, -leakyrelu, -linear, -relu-method, -sigmoid-method, -softplus-method,
// -softsign-method, -tanh-method, -prelu, -clamp). The allowed data types are each operator's tensor-limits table.
import { describeCases, out, typeError } from './cases.mjs';

// [op, allowed data type other than float32, a data type its table leaves out, options valid for it]
const single = [
  ['elu', 'float16', 'int32', { alpha: 0.5 }],
  ['gelu', 'float16', 'int8', {}],
  ['hardSigmoid', 'float16', 'int32', { alpha: 0.1, beta: 0.3 }],
  ['hardSwish', 'float16', 'int64', {}],
  ['leakyRelu', 'float16', 'int32', { alpha: 0.2 }],
  ['linear', 'float16', 'uint32', { alpha: 2, beta: -1 }],
  ['relu', 'int8', 'uint8', {}],
  ['sigmoid', 'float16', 'int32', {}],
  ['softplus', 'float16', 'int32', {}],
  ['softsign', 'float16', 'int32', {}],
  ['tanh', 'float16', 'int32', {}],
];
describeCases('single-input activations', single.flatMap(([op, allowed, refused, options]) => [
  [`${op}: "Let output be the result of copying an MLOperand given input" (float32 [2,3,4])`, (b, t) => b[op](t('float32', [2, 3, 4])), out('float32', [2, 3, 4])],
  [`${op}: allowed data type ${allowed}, scalar`, (b, t) => b[op](t(allowed, [])), out(allowed, [])],
  ...(Object.keys(options).length ? [[`${op}: options ${JSON.stringify(options)} (cast to input's dataType)`, (b, t) => b[op](t('float16', [3]), options), out('float16', [3])]] : []),
  [`${op}: "If input's dataType is not one of its allowed data types ..., then throw a TypeError" (${refused})`,
    (b, t) => b[op](t(refused, [2]), { label: 'L' }), typeError(new RegExp(`^\\[L\\] ${op} input: Unsupported data type ${refused}, must be one of \\[`))],
  [`${op}: "If validating operand with this and input returns false, then throw a TypeError"`,
    (b, t, foreign) => b[op](foreign('float32', [2])), typeError(new RegExp(`^${op} input: the operand belongs to another builder`))],
]));

describeCases('relu and prelu integer inputs (tables: float32, float16, int64, int32, int8)', [
  ['relu int64', (b, t) => b.relu(t('int64', [2])), out('int64', [2])],
  ['relu int32', (b, t) => b.relu(t('int32', [2])), out('int32', [2])],
  ['prelu int32', (b, t) => b.prelu(t('int32', [2]), t('int32', [2])), out('int32', [2])],
]);

describeCases('prelu (#api-mlgraphbuilder-prelu)', [
  ['"Let outputShape be the result of bidirectionally broadcasting slope\'s shape and input\'s shape": [2,3,4] and [3,1] give [2,3,4]',
    (b, t) => b.prelu(t('float32', [2, 3, 4]), t('float32', [3, 1])), out('float32', [2, 3, 4])],
  ['... bidirectional: a slope larger than the input, [3,1] and [2,3,4] give [2,3,4]',
    (b, t) => b.prelu(t('float32', [3, 1]), t('float32', [2, 3, 4])), out('float32', [2, 3, 4])],
  ['allowed data type float16 and int8', (b, t) => [b.prelu(t('float16', [2]), t('float16', [])), b.prelu(t('int8', [2]), t('int8', [1]))], [out('float16', [2]), out('int8', [2])]],
  ['"If validating operand with this and any of input and slope returns false, then throw a TypeError"',
    (b, t, foreign) => b.prelu(t('float32', [2]), foreign('float32', [2])), typeError(/^prelu slope: the operand belongs to another builder/)],
  ['"If the dataType of any of input or slope is not one of its allowed data types": input uint8',
    (b, t) => b.prelu(t('uint8', [2]), t('uint8', [2]), { label: 'L' }), typeError(/^\[L\] prelu input: Unsupported data type uint8, must be one of \[/)],
  ['... slope not the same type as input',
    (b, t) => b.prelu(t('float32', [2]), t('float16', [2])), typeError(/^prelu slope: data type float16 does not match input's float32/)],
  ['"If that [broadcasting] returns failure, then throw a TypeError"',
    (b, t) => b.prelu(t('float32', [2, 3]), t('float32', [2])), typeError(/^prelu slope: shape \[2\] cannot be broadcast with the input's shape \[2, 3\]/)],
]);

describeCases('clamp (#api-mlgraphbuilder-clamp)', [
  ['no options: output is a copy of input', (b, t) => b.clamp(t('float32', [2, 3])), out('float32', [2, 3])],
  ['minValue only', (b, t) => b.clamp(t('float32', [2]), { minValue: 0 }), out('float32', [2])],
  ['maxValue only', (b, t) => b.clamp(t('float32', [2]), { maxValue: 6 }), out('float32', [2])],
  ['minValue == maxValue is valid', (b, t) => b.clamp(t('float16', [2]), { minValue: 1, maxValue: 1 }), out('float16', [2])],
  ['allowed data types of input are "any" (uint32)', (b, t) => b.clamp(t('uint32', [1, 2, 3]), { minValue: 1, maxValue: 3 }), out('uint32', [1, 2, 3])],
  ['"If validating operand with this and input returns false, then throw a TypeError"',
    (b, t, foreign) => b.clamp(foreign('float32', [2])), typeError(/^clamp input: the operand belongs to another builder/)],
  ['"If options.minValue is greater than options.maxValue, then throw a TypeError"',
    (b, t) => b.clamp(t('float32', [2]), { minValue: 3, maxValue: 1, label: 'L' }), typeError(/^\[L\] clamp options\.minValue: must be less than or equal to options\.maxValue/)],
  ['... compared after casting to input\'s dataType: float32 rounds 1 + 1e-9 to 1, so min == max',
    (b, t) => b.clamp(t('float32', [2]), { minValue: 1 + 1e-9, maxValue: 1 }), out('float32', [2])],
  ['... cast saturates integers: int8 min 300 and max 200 are both 127', (b, t) => b.clamp(t('int8', [2]), { minValue: 300, maxValue: 200 }), out('int8', [2])],
  ['... uint8 min -5 and max -10 are both 0', (b, t) => b.clamp(t('uint8', [2]), { minValue: -5, maxValue: -10 }), out('uint8', [2])],
  ['... float16 min 65530 and max 65520 are both +Infinity', (b, t) => b.clamp(t('float16', [2]), { minValue: 65530, maxValue: 65520 }), out('float16', [2])],
  ['... float16 min 1.0001 rounds to max 1', (b, t) => b.clamp(t('float16', [2]), { minValue: 1.0001, maxValue: 1 }), out('float16', [2])],
  ['... int32 rounds half to even: min 1.6 -> 2 > max 1.4 -> 1', (b, t) => b.clamp(t('int32', [2]), { minValue: 1.6, maxValue: 1.4 }),
    typeError(/^clamp options\.minValue: must be less than or equal to options\.maxValue/)],
  ['... NaN is kept by the float cast and compares false: valid (and bounds nothing)', (b, t) => b.clamp(t('float32', [2]), { minValue: NaN, maxValue: 1 }), out('float32', [2])],
]);
