// resample2d and softmax method steps (#api-mlgraphbuilder-resample2d-method, #api-mlgraphbuilder-softmax-method),
// one row per step, and resample2d's output shape (floor(size * scale) per axis, or sizes) worked by hand.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const x = [1, 2, 3, 4];

describeCases('resample2d', [
  ['#tensor-limits-resample2d: float16', (b, t) => b.resample2d(t('float16', x)), out('float16', x)],
  ['#tensor-limits-resample2d: int8 (nearest neighbor)', (b, t) => b.resample2d(t('int8', x), { scales: [2, 2] }), out('int8', [x[0], x[1], x[2] * 2, x[3] * 2])],
  ['#tensor-limits-resample2d: uint8 (linear)', (b, t) => b.resample2d(t('uint8', x), { mode: 'linear' }), out('uint8', x)],
  ['"If input\'s dataType is not one of its allowed data types": int32', (b, t) => b.resample2d(t('int32', x), { label: 'r' }), typeError(/^\[r\] resample2d input: /)],
  ['"If input\'s rank is not its allowed rank" (4)', (b, t) => b.resample2d(t(f32, [2, 3, 4]), { label: 'r' }), typeError(/^\[r\] resample2d input: /)],
  ['scales default « 1.0, 1.0 »', (b, t) => b.resample2d(t(f32, x)), out(f32, x)],
  ['"if any of its [scales] items is less than or equal to 0"', (b, t) => b.resample2d(t(f32, x), { scales: [0, 1], label: 'r' }), typeError(/^\[r\] resample2d options\.scales: /)],
  ['... negative', (b, t) => b.resample2d(t(f32, x), { scales: [1, -2], label: 'r' }), typeError(/^\[r\] resample2d options\.scales: /)],
  ['"or if its size is not 2"', (b, t) => b.resample2d(t(f32, x), { scales: [1, 1, 1], label: 'r' }), typeError(/^\[r\] resample2d options\.scales: /)],
  ['scales are checked even when sizes exist (the step comes first)', (b, t) => b.resample2d(t(f32, x), { sizes: [5, 6], scales: [-1, 1], label: 'r' }), typeError(/^\[r\] resample2d options\.scales: /)],
  ['"If options.sizes exists, and if its size is not 2"', (b, t) => b.resample2d(t(f32, x), { sizes: [5], label: 'r' }), typeError(/^\[r\] resample2d options\.sizes: /)],
  ['"or if any of its items is 0"', (b, t) => b.resample2d(t(f32, x), { sizes: [0, 5], label: 'r' }), typeError(/^\[r\] resample2d options\.sizes: /)],
  ['"if options.axes contains duplicate values"', (b, t) => b.resample2d(t(f32, x), { axes: [2, 2], label: 'r' }), typeError(/^\[r\] resample2d options\.axes: /)],
  ['"or if any of its items is not in the range 0 to input\'s rank, exclusive"', (b, t) => b.resample2d(t(f32, x), { axes: [3, 4], label: 'r' }), typeError(/^\[r\] resample2d options\.axes: /)],
  ['"If size is not a valid dimension": floor(3 * 0.2) = 0', (b, t) => b.resample2d(t(f32, x), { scales: [0.2, 1], label: 'r' }), typeError(/^\[r\] resample2d options\.scales: /)],
  ['scales is a sequence<float>: NaN is a TypeError', (b, t) => b.resample2d(t(f32, x), { scales: [NaN, 1] }), typeError(/^resample2d options\.scales\[0\]: /)],
  ['output: floor(3 * 2.5) = 7, floor(4 * 1.6) = 6 on axes « 2, 3 »', (b, t) => b.resample2d(t(f32, x), { scales: [2.5, 1.6] }), out(f32, [1, 2, 7, 6])],
  ['sizes take the place of scales', (b, t) => b.resample2d(t(f32, x), { sizes: [5, 7], scales: [3, 3], mode: 'linear' }), out(f32, [1, 2, 5, 7])],
  ['axes « 3, 2 »: scales follow the order of axes', (b, t) => b.resample2d(t(f32, x), { axes: [3, 2], scales: [2, 3] }), out(f32, [1, 2, 9, 8])],
  ['axes « 0, 1 »', (b, t) => b.resample2d(t(f32, x), { axes: [0, 1], scales: [3, 2] }), out(f32, [3, 4, 3, 4])],
  ['mode linear', (b, t) => b.resample2d(t(f32, x), { mode: 'linear', scales: [2, 2] }), out(f32, [1, 2, 6, 8])],
]);

describeCases('softmax', [
  ['#tensor-limits-softmax: float16', (b, t) => b.softmax(t('float16', [2, 3]), 1), out('float16', [2, 3])],
  ['"If input\'s dataType is not one of its allowed data types": int32', (b, t) => b.softmax(t('int32', [2, 3]), 1, { label: 's' }), typeError(/^\[s\] softmax input: /)],
  ['"If axis is greater than or equal to input\'s rank"', (b, t) => b.softmax(t(f32, [2, 3]), 2, { label: 's' }), typeError(/^\[s\] softmax axis: /)],
  ['axis is an [EnforceRange] unsigned long: -1 is a TypeError', (b, t) => b.softmax(t(f32, [2, 3]), -1), typeError(/^softmax axis: /)],
  ['allowed ranks 1 to N: a 0-D input', (b, t) => b.softmax(t(f32, []), 0, { label: 's' }), typeError(/^\[s\] softmax input: /)],
  ['axis 0 of a 4-D input', (b, t) => b.softmax(t(f32, [2, 3, 4, 5]), 0), out(f32, [2, 3, 4, 5])],
  ['axis 3 of a 4-D input', (b, t) => b.softmax(t(f32, [2, 3, 4, 5]), 3), out(f32, [2, 3, 4, 5])],
]);
