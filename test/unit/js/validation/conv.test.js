// conv2d and convTranspose2d method steps (spec #api-mlgraphbuilder-conv2d, #api-mlgraphbuilder-convtranspose2d),
// one row per step in the order the spec runs them, then the output sizes of "calculate conv2d output sizes"
// and "calculate convtranspose output size" on examples worked by hand.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const conv = (b, t, x, w, options) => b.conv2d(t(f32, x), t(f32, w), options);
const convT = (b, t, x, w, options) => b.convTranspose2d(t(f32, x), t(f32, w), options);

describeCases('conv2d', [
  ['#tensor-limits-conv2d: input float32 is allowed', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3]), out(f32, [1, 1, 3, 3])],
  ['#tensor-limits-conv2d: input float16 is allowed', (b, t) => b.conv2d(t('float16', [1, 1, 5, 5]), t('float16', [1, 1, 3, 3])), out('float16', [1, 1, 3, 3])],
  ['"If input\'s dataType is not one of its allowed data types": int32', (b, t) => b.conv2d(t('int32', [1, 1, 5, 5]), t('int32', [1, 1, 3, 3]), { label: 'c' }), typeError(/^\[c\] conv2d input: /)],
  ['"If input\'s rank is not its allowed rank" (4)', (b, t) => conv(b, t, [1, 5, 5], [1, 1, 3, 3], { label: 'c' }), typeError(/^\[c\] conv2d input: /)],
  ['"If filter\'s rank is not its allowed rank" (4)', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 3, 3], { label: 'c' }), typeError(/^\[c\] conv2d filter: /)],
  ['"If filter\'s dataType is not one of its allowed data types" (same as input)', (b, t) => b.conv2d(t(f32, [1, 1, 5, 5]), t('float16', [1, 1, 3, 3]), { label: 'c' }), typeError(/^\[c\] conv2d filter: /)],
  ['"if options.padding\'s size is not 4"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { padding: [1, 1], label: 'c' }), typeError(/^\[c\] conv2d options\.padding: /)],
  ['"if options.strides\'s size is not 2"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { strides: [1], label: 'c' }), typeError(/^\[c\] conv2d options\.strides: /)],
  ['"If any item in options.strides is equal to 0"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { strides: [1, 0], label: 'c' }), typeError(/^\[c\] conv2d options\.strides: /)],
  ['"if options.dilations\'s size is not 2"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { dilations: [1, 1, 1], label: 'c' }), typeError(/^\[c\] conv2d options\.dilations: /)],
  ['"If any item in options.dilations is equal to 0"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { dilations: [0, 1], label: 'c' }), typeError(/^\[c\] conv2d options\.dilations: /)],
  ['"If options.groups is 0"', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { groups: 0, label: 'c' }), typeError(/^\[c\] conv2d options\.groups: /)],
  ['"If inputChannels % options.groups is not 0"', (b, t) => conv(b, t, [1, 4, 5, 5], [3, 1, 3, 3], { groups: 3, label: 'c' }), typeError(/^\[c\] conv2d /)],
  ['"if inputChannels / options.groups is not equal to filterInputChannels"', (b, t) => conv(b, t, [1, 4, 5, 5], [4, 1, 3, 3], { groups: 2, label: 'c' }), typeError(/^\[c\] conv2d filter: /)],
  ['"If outputChannels % options.groups is not 0"', (b, t) => conv(b, t, [1, 4, 5, 5], [3, 2, 3, 3], { groups: 2, label: 'c' }), typeError(/^\[c\] conv2d /)],
  ['"If bias\'s shape is not equal to « outputChannels »"', (b, t) => conv(b, t, [1, 1, 5, 5], [2, 1, 3, 3], { bias: t(f32, [3]), label: 'c' }), typeError(/^\[c\] conv2d options\.bias: /)],
  ['"If bias\'s dataType is not one of its allowed data types" (same as input)', (b, t) => conv(b, t, [1, 1, 5, 5], [2, 1, 3, 3], { bias: t('float16', [2]), label: 'c' }), typeError(/^\[c\] conv2d options\.bias: /)],
  ['"If either outputHeight or outputWidth is not a valid dimension": filter larger than the padded input', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 6, 3], { label: 'c' }), typeError(/^\[c\] conv2d /)],
  ['... dilation makes the effective filter (3-1)*3+1 = 7 larger than 5', (b, t) => conv(b, t, [1, 1, 5, 5], [1, 1, 3, 3], { dilations: [3, 1], label: 'c' }), typeError(/^\[c\] conv2d /)],
  // "calculate conv output size": ((10 - ((3-1)*2+1) + 1 + 2) / 2 + 1 = 5, floor((12 - 5 + 0 + 1) / 3 + 1) = floor(3.67) = 3.
  ['output sizes: padding, strides, dilations, groups (worked by hand)', (b, t) => conv(b, t, [1, 3, 10, 12], [6, 1, 3, 5], { padding: [1, 2, 0, 1], strides: [2, 3], dilations: [2, 1], groups: 3 }), out(f32, [1, 6, 5, 3])],
  ['depthwise: groups = inputChannels = outputChannels', (b, t) => conv(b, t, [1, 4, 5, 5], [4, 1, 3, 3], { groups: 4 }), out(f32, [1, 4, 3, 3])],
  ['bias of shape [outputChannels]', (b, t) => conv(b, t, [1, 1, 5, 5], [2, 1, 3, 3], { bias: t(f32, [2]) }), out(f32, [1, 2, 3, 3])],
  ['inputLayout nhwc, filterLayout hwio', (b, t) => conv(b, t, [2, 7, 6, 4], [3, 2, 4, 8], { inputLayout: 'nhwc', filterLayout: 'hwio' }), out(f32, [2, 5, 5, 8])],
  ['filterLayout ohwi', (b, t) => conv(b, t, [2, 4, 7, 6], [8, 3, 2, 4], { filterLayout: 'ohwi' }), out(f32, [2, 8, 5, 5])],
  ['filterLayout ihwo', (b, t) => conv(b, t, [2, 4, 7, 6], [4, 3, 2, 8], { filterLayout: 'ihwo' }), out(f32, [2, 8, 5, 5])],
  ['inputLayout nhwc, filterLayout ihwo', (b, t) => conv(b, t, [1, 7, 6, 4], [4, 3, 2, 8], { inputLayout: 'nhwc', filterLayout: 'ihwo' }), out(f32, [1, 5, 5, 8])],
  ['order: the filter rank is checked before its data type', (b, t) => b.conv2d(t(f32, [1, 1, 5, 5]), t('float16', [1, 3, 3])), typeError(/^conv2d filter: should be a 4-D/)],
  ['order: the input data type is checked before its rank', (b, t) => b.conv2d(t('int32', [1, 5, 5]), t(f32, [1, 1, 3, 3])), typeError(/^conv2d input: Unsupported data type/)],
]);

describeCases('convTranspose2d', [
  ['#tensor-limits-convTranspose2d: input float32 is allowed', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3]), out(f32, [1, 1, 5, 5])],
  ['#tensor-limits-convTranspose2d: input float16 is allowed', (b, t) => b.convTranspose2d(t('float16', [1, 1, 3, 3]), t('float16', [1, 1, 3, 3])), out('float16', [1, 1, 5, 5])],
  ['"If input\'s rank is not its allowed rank" (4)', (b, t) => convT(b, t, [1, 3, 3], [1, 1, 3, 3], { label: 'c' }), typeError(/^\[c\] convTranspose2d input: /)],
  ['"If input\'s dataType is not one of its allowed data types": int8', (b, t) => b.convTranspose2d(t('int8', [1, 1, 3, 3]), t('int8', [1, 1, 3, 3]), { label: 'c' }), typeError(/^\[c\] convTranspose2d input: /)],
  ['"If filter\'s rank is not its allowed rank" (4)', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3, 1], { label: 'c' }), typeError(/^\[c\] convTranspose2d filter: /)],
  ['"If filter\'s dataType is not one of its allowed data types" (same as input)', (b, t) => b.convTranspose2d(t(f32, [1, 1, 3, 3]), t('float16', [1, 1, 3, 3]), { label: 'c' }), typeError(/^\[c\] convTranspose2d filter: /)],
  ['"if options.padding\'s size is not 4"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { padding: [0, 0, 0], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.padding: /)],
  ['"if options.strides\'s size is not 2"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [1, 1, 1], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.strides: /)],
  ['"If any item in options.strides is equal to 0"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [0, 1], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.strides: /)],
  ['"if options.dilations\'s size is not 2"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { dilations: [1], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.dilations: /)],
  ['"If any item in options.dilations is equal to 0"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { dilations: [1, 0], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.dilations: /)],
  ['"if options.outputPadding\'s size is not 2"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputPadding: [1], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputPadding: /)],
  ['"If options.outputSizes exists: if its size is not 2"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { outputSizes: [5], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputSizes: /)],
  ['"If options.outputPadding[0] is greater than or equal to options.strides[0]"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputPadding: [2, 0], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputPadding: /)],
  ['"... or options.outputPadding[1] is greater than or equal to options.strides[1]"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { outputPadding: [0, 1], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputPadding: /)],
  ['outputPadding is not checked against strides when outputSizes exists', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { outputPadding: [5, 5], outputSizes: [5, 5] }), out(f32, [1, 1, 5, 5])],
  ['"If options.groups is 0"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { groups: 0, label: 'c' }), typeError(/^\[c\] convTranspose2d options\.groups: /)],
  ['"If inputChannels is not equal to filterInputChannels"', (b, t) => convT(b, t, [1, 2, 3, 3], [3, 1, 3, 3], { label: 'c' }), typeError(/^\[c\] convTranspose2d filter: /)],
  ['"Let outputChannels be filterOutputChannels * options.groups"', (b, t) => convT(b, t, [1, 2, 3, 3], [2, 3, 3, 3], { groups: 2 }), out(f32, [1, 6, 5, 5])],
  ['"If bias\'s shape is not equal to « outputChannels »"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 2, 3, 3], { bias: t(f32, [1]), label: 'c' }), typeError(/^\[c\] convTranspose2d options\.bias: /)],
  ['"If bias\'s dataType is not one of its allowed data types" (same as input)', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 2, 3, 3], { bias: t('int32', [2]), label: 'c' }), typeError(/^\[c\] convTranspose2d options\.bias: /)],
  ['"If outputHeight is less than calculatedOutputHeight"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputSizes: [6, 7], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputSizes: /)],
  ['"or outputHeight is greater than or equal to calculatedOutputHeight + strides[0]"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputSizes: [9, 7], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputSizes: /)],
  ['"If outputWidth is less than calculatedOutputWidth ..."', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputSizes: [7, 6], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputSizes: /)],
  ['"... or outputWidth is greater than or equal to calculatedOutputWidth + strides[1]"', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputSizes: [7, 9], label: 'c' }), typeError(/^\[c\] convTranspose2d options\.outputSizes: /)],
  ['outputSizes within [calculated, calculated + stride) is the output size', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 1, 3, 3], { strides: [2, 2], outputSizes: [8, 7] }), out(f32, [1, 1, 8, 7])],
  ['"If either outputHeight or outputWidth is not a valid dimension": padding larger than the output', (b, t) => convT(b, t, [1, 1, 1, 1], [1, 1, 1, 1], { padding: [1, 0, 0, 0], label: 'c' }), typeError(/^\[c\] convTranspose2d /)],
  // "calculate convtranspose output size": (4-1)*2 + 3 - 1 - 0 = 8, + outputPadding 1 = 9;
  // (5-1)*3 + ((3-1)*2+1) - 2 - 1 = 14, + outputPadding 2 = 16.
  ['output sizes: padding, strides, dilations, outputPadding (worked by hand)', (b, t) => convT(b, t, [1, 2, 4, 5], [2, 3, 3, 3], { padding: [1, 0, 2, 1], strides: [2, 3], dilations: [1, 2], outputPadding: [1, 2] }), out(f32, [1, 3, 9, 16])],
  ['bias of shape [outputChannels]', (b, t) => convT(b, t, [1, 1, 3, 3], [1, 2, 3, 3], { bias: t(f32, [2]) }), out(f32, [1, 2, 5, 5])],
  ['inputLayout nhwc, filterLayout hwoi', (b, t) => convT(b, t, [1, 3, 4, 2], [3, 2, 5, 2], { inputLayout: 'nhwc', filterLayout: 'hwoi' }), out(f32, [1, 5, 5, 5])],
  ['filterLayout ohwi', (b, t) => convT(b, t, [1, 2, 3, 4], [5, 3, 2, 2], { filterLayout: 'ohwi' }), out(f32, [1, 5, 5, 5])],
]);
