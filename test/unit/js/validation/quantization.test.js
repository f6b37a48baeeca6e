// Validation of quantizeLinear and dequantizeLinear, one row per spec step (index.bs
// #api-mlgraphbuilder-quantizelinear, -dequantizelinear). scale and zeroPoint are "blockwise broadcastable"
// to the input (#algorithms-broadcast): each of their sizes divides the input's size. Beyond the spec, as
// Chromium (docs/conformance.md, "Validation: where we follow Chromium"): scale may have a lower rank than the input, aligned with its trailing
// axes (the spec says equal ranks), and a one-element zeroPoint may sit beside a one-element scale of
// another shape (onnxruntime-web's per-tensor form without a zero point: scale [1, ..., 1], zeroPoint []).
import { describeCases, out, typeError } from './cases.mjs';

describeCases('dequantizeLinear (#api-mlgraphbuilder-dequantizelinear)', [
  ['output: scale\'s dataType and input\'s shape; scale [2,3] is blockwise broadcastable to [2,6]',
    (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [2, 3]), t('uint8', [2, 3])), out('float32', [2, 6])],
  ['per-tensor scale [1,1], int8 input, float16 scale', (b, t) => b.dequantizeLinear(t('int8', [3, 4]), t('float16', [1, 1]), t('int8', [1, 1])), out('float16', [3, 4])],
  ['allowed input types uint32 and int32', (b, t) => [b.dequantizeLinear(t('uint32', [4]), t('float32', [2]), t('uint32', [2])), b.dequantizeLinear(t('int32', [4]), t('float32', [4]), t('int32', [4]))],
    [out('float32', [4]), out('float32', [4])]],
  ['scalars', (b, t) => b.dequantizeLinear(t('int8', []), t('float32', []), t('int8', [])), out('float32', [])],
  ['"If validating operand with this and any of input, scale, and zeroPoint returns false, then throw a TypeError"',
    (b, t, foreign) => b.dequantizeLinear(t('int8', [2, 6]), foreign('float32', [1, 2]), t('int8', [1, 2])), typeError(/^dequantizeLinear scale: the operand belongs to another builder/)],
  ['"If input\'s dataType is not one of its allowed data types ..., then throw a TypeError" (float32)',
    (b, t) => b.dequantizeLinear(t('float32', [2]), t('float32', [2]), t('float32', [2]), { label: 'L' }), typeError(/^\[L\] dequantizeLinear input: Unsupported data type float32, must be one of \[/)],
  ['... (int64)', (b, t) => b.dequantizeLinear(t('int64', [2]), t('float32', [2]), t('int64', [2])), typeError(/^dequantizeLinear input: Unsupported data type int64/)],
  ['"If scale\'s dataType is not one of its allowed data types ..., then throw a TypeError" (int32)',
    (b, t) => b.dequantizeLinear(t('uint8', [2]), t('int32', [2]), t('uint8', [2])), typeError(/^dequantizeLinear scale: Unsupported data type int32, must be one of \[float32, float16\]/)],
  ['"If zeroPoint\'s dataType is not one of its allowed data types ..., then throw a TypeError" (float32)',
    (b, t) => b.dequantizeLinear(t('uint8', [2]), t('float32', [2]), t('float32', [2])), typeError(/^dequantizeLinear zeroPoint: Unsupported data type float32/)],
  ['"If zeroPoint\'s dataType is not equal to input\'s dataType, then throw a TypeError"',
    (b, t) => b.dequantizeLinear(t('uint8', [2]), t('float32', [2]), t('int8', [2])), typeError(/^dequantizeLinear zeroPoint: data type int8 does not match input's uint8/)],
  ['beyond the spec (Chromium): scale [3] of lower rank covers the input\'s last axis', (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [3]), t('uint8', [3])), out('float32', [2, 6])],
  ['beyond the spec (onnxruntime-web): zeroPoint [] beside scale [1, 1, 1]', (b, t) => b.dequantizeLinear(t('uint8', [2, 3, 4]), t('float32', [1, 1, 1]), t('uint8', [])), out('float32', [2, 3, 4])],
  ['scale of a higher rank than the input', (b, t) => b.dequantizeLinear(t('uint8', [6]), t('float32', [1, 3]), t('uint8', [1, 3])), typeError(/^dequantizeLinear scale: rank should be at most the input's rank 1/)],
  ['... zeroPoint', (b, t) => b.dequantizeLinear(t('uint8', [6]), t('float32', [1]), t('uint8', [1, 1])), typeError(/^dequantizeLinear zeroPoint: rank should be at most the input's rank 1/)],
  ['a zeroPoint of the scale\'s element count but another shape', (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [2, 3]), t('uint8', [6])), typeError(/^dequantizeLinear zeroPoint: shape \[6\] should equal the scale's shape \[2, 3\]/)],
  ['"If scale\'s shape is not equal to zeroPoint\'s shape, then throw a TypeError"',
    (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [2, 3]), t('uint8', [1, 3])), typeError(/^dequantizeLinear zeroPoint: shape \[1, 3\] should equal the scale's shape \[2, 3\]/)],
  ['"If blockwise broadcasting scale\'s shape and input\'s shape returns false, then throw a TypeError": 4 does not divide 6',
    (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [2, 4]), t('uint8', [2, 4])), typeError(/^dequantizeLinear scale: shape \[2, 4\] is not blockwise broadcastable to the input's shape \[2, 6\]/)],
  ['... 12 is larger than 6', (b, t) => b.dequantizeLinear(t('uint8', [2, 6]), t('float32', [2, 12]), t('uint8', [2, 12])), typeError(/^dequantizeLinear scale: shape \[2, 12\] is not blockwise broadcastable/)],
]);

describeCases('quantizeLinear (#api-mlgraphbuilder-quantizelinear)', [
  ['output: zeroPoint\'s dataType and input\'s shape; scale [1,2] is blockwise broadcastable to [2,6]',
    (b, t) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [1, 2]), t('int8', [1, 2])), out('int8', [2, 6])],
  ['float16 input and scale, uint8 zeroPoint', (b, t) => b.quantizeLinear(t('float16', [4, 2]), t('float16', [2, 1]), t('uint8', [2, 1])), out('uint8', [4, 2])],
  ['allowed zeroPoint types uint32 and int32', (b, t) => [b.quantizeLinear(t('float32', [4]), t('float32', [1]), t('uint32', [1])), b.quantizeLinear(t('float32', [4]), t('float32', [4]), t('int32', [4]))],
    [out('uint32', [4]), out('int32', [4])]],
  ['"If validating operand with this and any of input, scale, and zeroPoint returns false, then throw a TypeError"',
    (b, t, foreign) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [1, 2]), foreign('int8', [1, 2])), typeError(/^quantizeLinear zeroPoint: the operand belongs to another builder/)],
  ['"If input\'s dataType is not one of its allowed data types ..., then throw a TypeError" (int32; checked before scale\'s)',
    (b, t) => b.quantizeLinear(t('int32', [2]), t('int32', [2]), t('int8', [2]), { label: 'L' }), typeError(/^\[L\] quantizeLinear input: Unsupported data type int32, must be one of \[float32, float16\]/)],
  ['"If scale\'s dataType is not one of its allowed data types ..., then throw a TypeError" (int32)',
    (b, t) => b.quantizeLinear(t('float32', [2]), t('int32', [2]), t('int8', [2])), typeError(/^quantizeLinear scale: Unsupported data type int32, must be one of \[float32, float16\]/)],
  ['"If scale\'s dataType is not equal to input\'s dataType, then throw a TypeError"',
    (b, t) => b.quantizeLinear(t('float32', [2]), t('float16', [2]), t('int8', [2])), typeError(/^quantizeLinear scale: data type float16 does not match input's float32/)],
  ['"If zeroPoint\'s dataType is not one of its allowed data types ..., then throw a TypeError" (int64)',
    (b, t) => b.quantizeLinear(t('float32', [2]), t('float32', [2]), t('int64', [2])), typeError(/^quantizeLinear zeroPoint: Unsupported data type int64/)],
  ['beyond the spec (Chromium): scale [2] of lower rank covers the input\'s last axis', (b, t) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [2]), t('int8', [2])), out('int8', [2, 6])],
  ['beyond the spec (onnxruntime-web): zeroPoint [] beside scale [1, 1]', (b, t) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [1, 1]), t('uint8', [])), out('uint8', [2, 6])],
  ['scale of a higher rank than the input', (b, t) => b.quantizeLinear(t('float32', [6]), t('float32', [1, 2]), t('int8', [1, 2])), typeError(/^quantizeLinear scale: rank should be at most the input's rank 1/)],
  ['lower-rank scale that does not divide the trailing axis', (b, t) => b.quantizeLinear(t('float32', [6, 2]), t('float32', [3]), t('int8', [3])), typeError(/^quantizeLinear scale: shape \[3\] is not blockwise broadcastable to the input's shape \[6, 2\]/)],
  ['"If scale\'s shape is not equal to zeroPoint\'s shape, then throw a TypeError"',
    (b, t) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [1, 2]), t('int8', [2, 1])), typeError(/^quantizeLinear zeroPoint: shape \[2, 1\] should equal the scale's shape \[1, 2\]/)],
  ['"If blockwise broadcasting scale\'s shape and input\'s shape returns false, then throw a TypeError"',
    (b, t) => b.quantizeLinear(t('float32', [2, 6]), t('float32', [1, 4]), t('int8', [1, 4])), typeError(/^quantizeLinear scale: shape \[1, 4\] is not blockwise broadcastable to the input's shape \[2, 6\]/)],
]);
