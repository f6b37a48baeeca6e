// batchNormalization, instanceNormalization and layerNormalization method steps
// (#api-mlgraphbuilder-batchnorm, #api-mlgraphbuilder-instancenorm, #api-mlgraphbuilder-layernorm), one row per step.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const f16 = 'float16';
const x = [2, 3, 4, 5];

describeCases('batchNormalization', [
  ['#tensor-limits-batchNormalization: float32', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3])), out(f32, x)],
  ['... float16', (b, t) => b.batchNormalization(t(f16, x), t(f16, [3]), t(f16, [3])), out(f16, x)],
  ['"If input\'s dataType is not one of its allowed data types": int32', (b, t) => b.batchNormalization(t('int32', x), t('int32', [3]), t('int32', [3]), { label: 'n' }), typeError(/^\[n\] batchNormalization input: /)],
  ['"If options.axis is not in the range 0 to input\'s rank, exclusive"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { axis: 4, label: 'n' }), typeError(/^\[n\] batchNormalization options\.axis: /)],
  ['allowed ranks 1 to N: a 0-D input has no axis', (b, t) => b.batchNormalization(t(f32, []), t(f32, [1]), t(f32, [1]), { axis: 0, label: 'n' }), typeError(/^\[n\] batchNormalization /)],
  ['"If mean\'s dataType is not one of its allowed data types" (same as input)', (b, t) => b.batchNormalization(t(f32, x), t(f16, [3]), t(f32, [3]), { label: 'n' }), typeError(/^\[n\] batchNormalization mean: /)],
  ['"If mean\'s shape is not equal to « input\'s shape[options.axis] »"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [4]), t(f32, [3]), { label: 'n' }), typeError(/^\[n\] batchNormalization mean: /)],
  ['... a mean of rank 2 with the same elements', (b, t) => b.batchNormalization(t(f32, x), t(f32, [1, 3]), t(f32, [3]), { label: 'n' }), typeError(/^\[n\] batchNormalization mean: /)],
  ['"If variance\'s dataType is not one of its allowed data types" (same as input)', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f16, [3]), { label: 'n' }), typeError(/^\[n\] batchNormalization variance: /)],
  ['"If variance\'s shape is not equal to « input\'s shape[options.axis] »"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [5]), { label: 'n' }), typeError(/^\[n\] batchNormalization variance: /)],
  ['"If options.scale exists: if its dataType is not one of its allowed data types"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { scale: t(f16, [3]), label: 'n' }), typeError(/^\[n\] batchNormalization options\.scale: /)],
  ['"... if its shape is not equal to « input\'s shape[options.axis] »"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { scale: t(f32, [2]), label: 'n' }), typeError(/^\[n\] batchNormalization options\.scale: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { bias: t('int32', [3]), label: 'n' }), typeError(/^\[n\] batchNormalization options\.bias: /)],
  ['"... if its shape is not equal to « input\'s shape[options.axis] »"', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { bias: t(f32, [3, 1]), label: 'n' }), typeError(/^\[n\] batchNormalization options\.bias: /)],
  ['epsilon is a WebIDL double: NaN is a TypeError', (b, t) => b.batchNormalization(t(f32, x), t(f32, [3]), t(f32, [3]), { epsilon: NaN }), typeError(/options\.epsilon/)],
  ['order: mean is checked before options.axis\'s shape use, after the axis range', (b, t) => b.batchNormalization(t(f32, x), t(f16, [9]), t(f32, [3]), { axis: 7 }), typeError(/^batchNormalization options\.axis: /)],
  ['options.axis 3 with scale and bias: the output is the input\'s descriptor', (b, t) => b.batchNormalization(t(f32, x), t(f32, [5]), t(f32, [5]), { axis: 3, scale: t(f32, [5]), bias: t(f32, [5]), epsilon: 1e-3 }), out(f32, x)],
  ['a 1-D input, axis 0', (b, t) => b.batchNormalization(t(f32, [7]), t(f32, [7]), t(f32, [7]), { axis: 0 }), out(f32, [7])],
]);

describeCases('instanceNormalization', [
  ['#tensor-limits-instanceNormalization: float16', (b, t) => b.instanceNormalization(t(f16, x)), out(f16, x)],
  ['"If input\'s dataType is not one of its allowed data types": uint8', (b, t) => b.instanceNormalization(t('uint8', x), { label: 'n' }), typeError(/^\[n\] instanceNormalization input: /)],
  ['"If input\'s rank is not its allowed rank" (4)', (b, t) => b.instanceNormalization(t(f32, [2, 3, 4]), { label: 'n' }), typeError(/^\[n\] instanceNormalization input: /)],
  ['order: the data type is checked before the rank', (b, t) => b.instanceNormalization(t('int32', [2, 3])), typeError(/^instanceNormalization input: Unsupported data type/)],
  ['"If options.scale exists: if its dataType is not one of its allowed data types"', (b, t) => b.instanceNormalization(t(f32, x), { scale: t(f16, [3]), label: 'n' }), typeError(/^\[n\] instanceNormalization options\.scale: /)],
  ['"... if its shape is not equal to « input\'s shape[axis] »" (axis 1 for nchw)', (b, t) => b.instanceNormalization(t(f32, x), { scale: t(f32, [5]), label: 'n' }), typeError(/^\[n\] instanceNormalization options\.scale: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => b.instanceNormalization(t(f32, x), { bias: t(f16, [3]), label: 'n' }), typeError(/^\[n\] instanceNormalization options\.bias: /)],
  ['"... if its shape is not equal to « input\'s shape[axis] »" (axis 3 for nhwc)', (b, t) => b.instanceNormalization(t(f32, x), { layout: 'nhwc', bias: t(f32, [3]), label: 'n' }), typeError(/^\[n\] instanceNormalization options\.bias: /)],
  ['nchw: scale and bias of shape [input.shape[1]]', (b, t) => b.instanceNormalization(t(f32, x), { scale: t(f32, [3]), bias: t(f32, [3]), epsilon: 1e-3 }), out(f32, x)],
  ['nhwc: scale and bias of shape [input.shape[3]]', (b, t) => b.instanceNormalization(t(f32, x), { layout: 'nhwc', scale: t(f32, [5]), bias: t(f32, [5]) }), out(f32, x)],
]);

describeCases('layerNormalization', [
  ['#tensor-limits-layerNormalization: float16, any rank (0-D)', (b, t) => b.layerNormalization(t(f16, [])), out(f16, [])],
  ['"If input\'s dataType is not one of its allowed data types": int32', (b, t) => b.layerNormalization(t('int32', x), { label: 'n' }), typeError(/^\[n\] layerNormalization input: /)],
  ['axes default: the range 1 to rank, so scale has rank 3', (b, t) => b.layerNormalization(t(f32, x), { scale: t(f32, [3, 4, 5]) }), out(f32, x)],
  ['axes default for a 1-D input: empty, so scale is 0-D', (b, t) => b.layerNormalization(t(f32, [6]), { scale: t(f32, []), bias: t(f32, []) }), out(f32, [6])],
  ['"if options.axes contains duplicate values"', (b, t) => b.layerNormalization(t(f32, x), { axes: [1, 1], label: 'n' }), typeError(/^\[n\] layerNormalization options\.axes: /)],
  ['"or if any of its items is not in the range 0 to input\'s rank, exclusive"', (b, t) => b.layerNormalization(t(f32, x), { axes: [4], label: 'n' }), typeError(/^\[n\] layerNormalization options\.axes: /)],
  ['"If options.scale exists: if its dataType is not one of its allowed data types"', (b, t) => b.layerNormalization(t(f32, x), { axes: [3], scale: t(f16, [5]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.scale: /)],
  ['"... if its rank is not equal to options.axes\'s size"', (b, t) => b.layerNormalization(t(f32, x), { axes: [3], scale: t(f32, [4, 5]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.scale: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => b.layerNormalization(t(f32, x), { axes: [3], bias: t('int32', [5]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.bias: /)],
  ['"... if its rank is not equal to options.axes\'s size"', (b, t) => b.layerNormalization(t(f32, x), { axes: [2, 3], bias: t(f32, [20]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.bias: /)],
  ['"If scale\'s shape[index] is not equal to input\'s shape[axes[index]]" (axes order, not sorted)', (b, t) => b.layerNormalization(t(f32, x), { axes: [3, 1], scale: t(f32, [3, 5]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.scale: /)],
  ['"If bias\'s shape[index] is not equal to ..."', (b, t) => b.layerNormalization(t(f32, x), { axes: [0, 2], bias: t(f32, [2, 5]), label: 'n' }), typeError(/^\[n\] layerNormalization options\.bias: /)],
  ['axes [3, 1] with scale [5, 3] and bias [5, 3]', (b, t) => b.layerNormalization(t(f32, x), { axes: [3, 1], scale: t(f32, [5, 3]), bias: t(f32, [5, 3]), epsilon: 1e-3 }), out(f32, x)],
  ['empty axes: scale is 0-D', (b, t) => b.layerNormalization(t(f32, x), { axes: [], scale: t(f32, []) }), out(f32, x)],
]);
