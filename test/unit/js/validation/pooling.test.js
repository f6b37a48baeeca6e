// averagePool2d, l2Pool2d and maxPool2d: the spec's "create a pooling operation" steps
// (#api-mlgraphbuilder-pool2d), one row per step, and "calculate conv2d output sizes" with floor, ceil and
// outputSizes on examples worked by hand.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const x = [2, 3, 9, 11];
// Window 3x2 dilated 2x1 (effective 5x2), strides 2x3, padding [1, 0, 2, 0]:
// height (9 - 5 + 1 + 0) / 2 + 1 = 3.5, width (11 - 2 + 2 + 0) / 3 + 1 = 4.67.
const window = { windowDimensions: [3, 2], dilations: [2, 1], strides: [2, 3], padding: [1, 0, 2, 0] };
// Without padding, strides 3x2: height (9 - 5) / 3 + 1 = 2.33, width (11 - 2) / 2 + 1 = 5.5.
const unpadded = { windowDimensions: [3, 2], dilations: [2, 1], strides: [3, 2] };

// The steps every pooling operator shares, for `op`.
const shared = (op) => [
  ['"If input\'s rank is not 4"', (b, t) => b[op](t(f32, [1, 9, 11]), { label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} input: `))],
  ['windowDimensions defaults to « inputHeight, inputWidth »', (b, t) => b[op](t(f32, x)), out(f32, [2, 3, 1, 1])],
  ['"If options.windowDimensions\'s size is not 2"', (b, t) => b[op](t(f32, x), { windowDimensions: [3], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.windowDimensions: `))],
  ['"If any item in options.windowDimensions is equal to 0"', (b, t) => b[op](t(f32, x), { windowDimensions: [3, 0], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.windowDimensions: `))],
  ['"If options.padding\'s size is not 4"', (b, t) => b[op](t(f32, x), { padding: [1, 1], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.padding: `))],
  ['"If options.strides\'s size is not 2"', (b, t) => b[op](t(f32, x), { strides: [1, 1, 1], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.strides: `))],
  ['"If any item in options.strides is 0"', (b, t) => b[op](t(f32, x), { strides: [0, 1], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.strides: `))],
  ['"If options.outputSizes exists: if its size is not 2"', (b, t) => b[op](t(f32, x), { outputSizes: [1], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.outputSizes: `))],
  ['"If options.dilations\'s size is not 2"', (b, t) => b[op](t(f32, x), { dilations: [1], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.dilations: `))],
  ['"If any item in options.dilations is 0"', (b, t) => b[op](t(f32, x), { dilations: [1, 0], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.dilations: `))],
  ['outputShapeRounding floor (the default): floor(3.5), floor(4.67)', (b, t) => b[op](t(f32, x), window), out(f32, [2, 3, 3, 4])],
  ['outputShapeRounding ceil: ceil(3.5), ceil(4.67)', (b, t) => b[op](t(f32, x), { ...window, outputShapeRounding: 'ceil' }), out(f32, [2, 3, 4, 5])],
  ['outputSizes equal to the floor sizes', (b, t) => b[op](t(f32, x), { ...unpadded, outputSizes: [2, 5] }), out(f32, [2, 3, 2, 5])],
  ['outputSizes equal to the ceil sizes (outputShapeRounding is then ignored)', (b, t) => b[op](t(f32, x), { ...unpadded, outputSizes: [3, 6], outputShapeRounding: 'floor' }), out(f32, [2, 3, 3, 6])],
  ['"If neither outputHeight equals floor(...) and outputWidth equals floor(...), nor ... ceil": mixed', (b, t) => b[op](t(f32, x), { ...unpadded, outputSizes: [2, 6], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.outputSizes: `))],
  ['... neither floor nor ceil', (b, t) => b[op](t(f32, x), { ...unpadded, outputSizes: [4, 7], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} options\\.outputSizes: `))],
  ['"If either outputHeight or outputWidth is not a valid dimension": window larger than the input', (b, t) => b[op](t(f32, x), { windowDimensions: [10, 2], label: 'p' }), typeError(new RegExp(`^\\[p\\] ${op} `))],
  ['layout nhwc', (b, t) => b[op](t(f32, [2, 9, 11, 3]), { ...window, layout: 'nhwc' }), out(f32, [2, 3, 4, 3])],
];

describeCases('averagePool2d', [
  ['allowed data types « float32, float16 »: float16', (b, t) => b.averagePool2d(t('float16', x)), out('float16', [2, 3, 1, 1])],
  ['"If allowedDataTypes ... does not contain input\'s dataType": int32', (b, t) => b.averagePool2d(t('int32', x), { label: 'p' }), typeError(/^\[p\] averagePool2d input: /)],
  ['order: the data type is checked before the rank', (b, t) => b.averagePool2d(t('int32', [9, 11])), typeError(/^averagePool2d input: Unsupported data type/)],
  ...shared('averagePool2d'),
]);

describeCases('l2Pool2d', [
  ['allowed data types « float32, float16 »: float16', (b, t) => b.l2Pool2d(t('float16', x)), out('float16', [2, 3, 1, 1])],
  ['"If allowedDataTypes ... does not contain input\'s dataType": uint8', (b, t) => b.l2Pool2d(t('uint8', x), { label: 'p' }), typeError(/^\[p\] l2Pool2d input: /)],
  ...shared('l2Pool2d'),
]);

describeCases('maxPool2d', [
  ['no allowedDataTypes: every data type, e.g. uint8', (b, t) => b.maxPool2d(t('uint8', x), window), out('uint8', [2, 3, 3, 4])],
  ['... int64', (b, t) => b.maxPool2d(t('int64', x)), out('int64', [2, 3, 1, 1])],
  ...shared('maxPool2d'),
  // docs/conformance.md, "Validation: where we follow Chromium": roundingType is accepted as the alias of outputShapeRounding (Chromium, WPT).
  ['roundingType ceil (Chromium\'s name, beyond the spec)', (b, t) => b.maxPool2d(t(f32, x), { ...window, roundingType: 'ceil' }), out(f32, [2, 3, 4, 5])],
]);
