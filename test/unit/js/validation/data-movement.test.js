// Data movement method steps (#api-mlgraphbuilder-concat, -expand, -gather, -gatherelements, -gathernd,
// -scatterelements, -scatternd, -pad, -reshape-method, -reverse-method, -slice, -split, -tile, -transpose,
// -triangular), one row per step, with output shapes worked by hand. Every input here takes any data type
// (the tensor-limits tables say "any"), so the data-type rows are about indices and updates.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const i32 = 'int32';

describeCases('concat', [
  ['concatenates along axis: [1, 2, 3] + [4, 2, 3] + [2, 2, 3] on axis 0', (b, t) => b.concat([t(f32, [1, 2, 3]), t(f32, [4, 2, 3]), t(f32, [2, 2, 3])], 0), out(f32, [7, 2, 3])],
  ['any data type: int64 on axis 1', (b, t) => b.concat([t('int64', [2, 3]), t('int64', [2, 5])], 1), out('int64', [2, 8])],
  ['one input', (b, t) => b.concat([t(f32, [2, 3])], 1), out(f32, [2, 3])],
  ['"If inputs size is not a valid tensor count": empty', (b) => b.concat([], 0, { label: 'c' }), typeError(/^\[c\] concat inputs: /)],
  ['... 8193 inputs (a valid tensor count is at most 8192)', (b, t) => { const x = t(f32, [1]); return b.concat(new Array(8193).fill(x), 0, { label: 'c' }); }, typeError(/^\[c\] concat inputs: the number of inputs \(8193\)/)],
  ['... 8192 inputs are valid', (b, t) => { const x = t(f32, [1]); return b.concat(new Array(8192).fill(x), 0); }, out(f32, [8192])],
  ['output: "valid dimension" (at most 2^31 - 1)', (b, t) => b.concat([t('int8', [2 ** 30]), t('int8', [2 ** 30])], 0, { label: 'c' }), typeError(/^\[c\] concat output: dimensions must be between 1 and 2147483647/)],
  ['"If axis is greater than or equal to first\'s rank"', (b, t) => b.concat([t(f32, [2, 3]), t(f32, [2, 3])], 2, { label: 'c' }), typeError(/^\[c\] concat axis: /)],
  ['"If input\'s dataType is not equal to first\'s dataType"', (b, t) => b.concat([t(f32, [2, 3]), t(i32, [2, 3])], 0, { label: 'c' }), typeError(/^\[c\] concat inputs\[1\]: /)],
  ['"If input\'s rank is not equal to first\'s rank"', (b, t) => b.concat([t(f32, [2, 3]), t(f32, [2, 3, 1])], 0, { label: 'c' }), typeError(/^\[c\] concat inputs\[1\]: /)],
  ['"If dim is not equal to axis and if input\'s shape[dim] is not equal to first\'s shape[dim]"', (b, t) => b.concat([t(f32, [2, 3]), t(f32, [2, 4]), t(f32, [3, 3])], 1, { label: 'c' }), typeError(/^\[c\] concat inputs\[2\]: /)],
]);

describeCases('expand', [
  ['unidirectional broadcast: [3, 1] to [2, 3, 4]', (b, t) => b.expand(t(f32, [3, 1]), [2, 3, 4]), out(f32, [2, 3, 4])],
  ['any data type: uint64 0-D to [5]', (b, t) => b.expand(t('uint64', []), [5]), out('uint64', [5])],
  ['"If that [unidirectionally broadcasting] returns failure": [3, 2] to [3, 4]', (b, t) => b.expand(t(f32, [3, 2]), [3, 4], { label: 'e' }), typeError(/^\[e\] expand newShape: /)],
  ['... to a lower rank: [3, 1] to [3]', (b, t) => b.expand(t(f32, [3, 1]), [3], { label: 'e' }), typeError(/^\[e\] expand newShape: /)],
]);

describeCases('gather', [
  ['output: input shape before axis, indices shape, input shape after axis: [4, 5, 6] by [2, 3] on axis 1', (b, t) => b.gather(t(f32, [4, 5, 6]), t(i32, [2, 3]), { axis: 1 }), out(f32, [4, 2, 3, 6])],
  ['0-D indices drop the axis', (b, t) => b.gather(t(f32, [4, 5]), t(i32, []), { axis: 0 }), out(f32, [5])],
  ['indices uint32; any input data type (uint8)', (b, t) => b.gather(t('uint8', [4, 5]), t('uint32', [7]), { axis: 1 }), out('uint8', [4, 7])],
  ['indices int64, axis defaults to 0', (b, t) => b.gather(t(f32, [4, 5]), t('int64', [2])), out(f32, [2, 5])],
  ['"If indices\'s dataType is not one of its allowed data types": float32', (b, t) => b.gather(t(f32, [4, 5]), t(f32, [2]), { label: 'g' }), typeError(/^\[g\] gather indices: /)],
  ['... int8', (b, t) => b.gather(t(f32, [4, 5]), t('int8', [2]), { label: 'g' }), typeError(/^\[g\] gather indices: /)],
  ['"If axis is greater than or equal to inputRank"', (b, t) => b.gather(t(f32, [4, 5]), t(i32, [2]), { axis: 2, label: 'g' }), typeError(/^\[g\] gather options\.axis: /)],
  ['allowed ranks 1 to N: a 0-D input', (b, t) => b.gather(t(f32, []), t(i32, [1]), { label: 'g' }), typeError(/^\[g\] gather /)],
]);

describeCases('gatherElements', [
  ['output has the indices\' shape: [3, 4, 5] by [3, 2, 5] on axis 1', (b, t) => b.gatherElements(t(f32, [3, 4, 5]), t(i32, [3, 2, 5]), { axis: 1 }), out(f32, [3, 2, 5])],
  ['indices int64, input int32', (b, t) => b.gatherElements(t(i32, [3, 4]), t('int64', [6, 4])), out(i32, [6, 4])],
  ['"If indices\'s dataType is not one of its allowed data types": float16', (b, t) => b.gatherElements(t(f32, [3, 4]), t('float16', [3, 4]), { label: 'g' }), typeError(/^\[g\] gatherElements indices: /)],
  ['"If the rank of any of input or indices is not its allowed rank" (indices: same as input)', (b, t) => b.gatherElements(t(f32, [3, 4, 5]), t(i32, [3, 2]), { axis: 1, label: 'g' }), typeError(/^\[g\] gatherElements indices: /)],
  ['... input 0-D (1 to N)', (b, t) => b.gatherElements(t(f32, []), t(i32, []), { label: 'g' }), typeError(/^\[g\] gatherElements input: /)],
  ['"If axis is greater than or equal to input\'s rank"', (b, t) => b.gatherElements(t(f32, [3, 4]), t(i32, [3, 4]), { axis: 2, label: 'g' }), typeError(/^\[g\] gatherElements options\.axis: /)],
  ['"If indices\'s shape is not equal to indicesShapeExpected" (input\'s shape but on axis)', (b, t) => b.gatherElements(t(f32, [3, 4, 5]), t(i32, [2, 2, 5]), { axis: 1, label: 'g' }), typeError(/^\[g\] gatherElements indices: /)],
]);

describeCases('gatherND', [
  ['output: indicesShape[0 .. indicesRank-1) then inputShape[coordinateSize ..): [4, 5, 6] by [2, 3, 2]', (b, t) => b.gatherND(t(f32, [4, 5, 6]), t(i32, [2, 3, 2])), out(f32, [2, 3, 6])],
  ['coordinateSize equal to inputRank selects elements: [4, 5, 6] by [7, 3]', (b, t) => b.gatherND(t('int8', [4, 5, 6]), t('uint32', [7, 3])), out('int8', [7])],
  ['"If indices\'s dataType\'s is not one of the allowed data types": uint8', (b, t) => b.gatherND(t(f32, [4, 5]), t('uint8', [2, 1]), { label: 'g' }), typeError(/^\[g\] gatherND indices: /)],
  ['"If the rank of any of input or indices is not its allowed rank": 0-D input', (b, t) => b.gatherND(t(f32, []), t(i32, [1]), { label: 'g' }), typeError(/^\[g\] gatherND input: /)],
  ['... 0-D indices', (b, t) => b.gatherND(t(f32, [4, 5]), t(i32, []), { label: 'g' }), typeError(/^\[g\] gatherND indices: /)],
  ['"If coordinateSize is greater than inputRank"', (b, t) => b.gatherND(t(f32, [4, 5, 6]), t(i32, [2, 4]), { label: 'g' }), typeError(/^\[g\] gatherND indices: /)],
]);

describeCases('scatterElements', [
  ['output has the input\'s shape', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [3, 2]), t(f32, [3, 2]), { axis: 1 }), out(f32, [3, 4])],
  ['indices int64, input int32', (b, t) => b.scatterElements(t(i32, [3, 4]), t('int64', [1, 4]), t(i32, [1, 4])), out(i32, [3, 4])],
  ['"If indices\'s dataType is not one of its allowed data types": float32', (b, t) => b.scatterElements(t(f32, [3, 4]), t(f32, [3, 2]), t(f32, [3, 2]), { axis: 1, label: 's' }), typeError(/^\[s\] scatterElements indices: /)],
  ['"If updates\'s dataType is not equal to input\'s dataType"', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [3, 2]), t('float16', [3, 2]), { axis: 1, label: 's' }), typeError(/^\[s\] scatterElements updates: /)],
  ['"If the rank of any of input, indices, or updates is not its allowed rank": indices', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [6]), t(f32, [6]), { label: 's' }), typeError(/^\[s\] scatterElements indices: /)],
  ['"If axis is greater than or equal to input\'s rank"', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [3, 4]), t(f32, [3, 4]), { axis: 2, label: 's' }), typeError(/^\[s\] scatterElements options\.axis: /)],
  ['"If indices\'s shape is not equal to indicesShapeExpected"', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [2, 2]), t(f32, [2, 2]), { axis: 1, label: 's' }), typeError(/^\[s\] scatterElements indices: /)],
  ['"If updates\'s shape is not equal to indices\'s shape"', (b, t) => b.scatterElements(t(f32, [3, 4]), t(i32, [3, 2]), t(f32, [3, 3]), { axis: 1, label: 's' }), typeError(/^\[s\] scatterElements updates: /)],
]);

describeCases('scatterND', [
  ['output has the input\'s shape; updates « indicesShape[0 .. 1), inputShape[2 ..) »', (b, t) => b.scatterND(t(f32, [4, 5, 6]), t(i32, [2, 2]), t(f32, [2, 6])), out(f32, [4, 5, 6])],
  ['element updates: coordinateSize equal to inputRank', (b, t) => b.scatterND(t(i32, [4, 5]), t('int64', [3, 2]), t(i32, [3])), out(i32, [4, 5])],
  ['"If indices\'s dataType\'s is not one of the allowed data types": float32', (b, t) => b.scatterND(t(f32, [4, 5]), t(f32, [3, 2]), t(f32, [3]), { label: 's' }), typeError(/^\[s\] scatterND indices: /)],
  ['"If updates\'s dataType is not equal to input\'s dataType"', (b, t) => b.scatterND(t(f32, [4, 5]), t(i32, [3, 2]), t(i32, [3]), { label: 's' }), typeError(/^\[s\] scatterND updates: /)],
  ['"If the rank of any of input, indices, or updates is not its allowed rank": 0-D indices', (b, t) => b.scatterND(t(f32, [4, 5]), t(i32, []), t(f32, [4, 5]), { label: 's' }), typeError(/^\[s\] scatterND indices: /)],
  ['"If coordinateSize is greater than inputRank"', (b, t) => b.scatterND(t(f32, [4, 5, 6]), t(i32, [2, 4]), t(f32, [2]), { label: 's' }), typeError(/^\[s\] scatterND indices: /)],
  ['"If updates\'s shape is not equal to expectedUpdatesShape"', (b, t) => b.scatterND(t(f32, [4, 5, 6]), t(i32, [2, 2]), t(f32, [2, 5]), { label: 's' }), typeError(/^\[s\] scatterND updates: /)],
]);

describeCases('pad', [
  ['output: each dimension plus its beginning and ending padding', (b, t) => b.pad(t(f32, [2, 3]), [1, 2], [3, 0]), out(f32, [6, 5])],
  ['any data type: int32 with a value', (b, t) => b.pad(t(i32, [2, 3]), [1, 1], [0, 0], { value: 3 }), out(i32, [3, 4])],
  ['0-D input with empty paddings', (b, t) => b.pad(t(f32, []), [], []), out(f32, [])],
  ['"If beginningPadding\'s size and endingPadding\'s size are not both equal to input\'s rank": beginning', (b, t) => b.pad(t(f32, [2, 3]), [1], [1, 1], { label: 'p' }), typeError(/^\[p\] pad beginningPadding: /)],
  ['... ending', (b, t) => b.pad(t(f32, [2, 3]), [1, 1], [1, 1, 1], { label: 'p' }), typeError(/^\[p\] pad endingPadding: /)],
  ['reflection: "If beginningPadding[index] is greater than or equal to outputShape[index]"', (b, t) => b.pad(t(f32, [2, 3]), [2, 0], [0, 0], { mode: 'reflection', label: 'p' }), typeError(/^\[p\] pad beginningPadding: /)],
  ['reflection: "If endingPadding[index] is greater than or equal to outputShape[index]"', (b, t) => b.pad(t(f32, [2, 3]), [0, 0], [0, 3], { mode: 'reflection', label: 'p' }), typeError(/^\[p\] pad endingPadding: /)],
  ['reflection within the dimension', (b, t) => b.pad(t(f32, [2, 3]), [1, 2], [1, 2], { mode: 'reflection' }), out(f32, [4, 7])],
  ['edge and constant padding may exceed the dimension', (b, t) => b.pad(t(f32, [2, 3]), [5, 5], [5, 5], { mode: 'edge' }), out(f32, [12, 13])],
]);

describeCases('reshape', [
  ['[2, 3, 4] to [4, 6]', (b, t) => b.reshape(t(f32, [2, 3, 4]), [4, 6]), out(f32, [4, 6])],
  ['"If newShape\'s size is 0, then set outputShape to an empty list for a scalar": [1, 1] to []', (b, t) => b.reshape(t('uint8', [1, 1]), []), out('uint8', [])],
  ['a scalar to [1, 1, 1]', (b, t) => b.reshape(t(i32, []), [1, 1, 1]), out(i32, [1, 1, 1])],
  ['"If any item in newShape is not a valid dimension": 0', (b, t) => b.reshape(t(f32, [2, 3, 4]), [0, 24], { label: 'r' }), typeError(/^\[r\] reshape newShape: /)],
  ['"If product of all values in newShape is not equal to inputElementCount"', (b, t) => b.reshape(t(f32, [2, 3, 4]), [5, 5], { label: 'r' }), typeError(/^\[r\] reshape newShape: /)],
  ['... [2, 3] to a scalar', (b, t) => b.reshape(t(f32, [2, 3]), [], { label: 'r' }), typeError(/^\[r\] reshape newShape: /)],
]);

describeCases('reverse', [
  ['axes default: every axis; the shape is kept', (b, t) => b.reverse(t(f32, [2, 3, 4])), out(f32, [2, 3, 4])],
  ['axes [2, 0], any data type', (b, t) => b.reverse(t('int64', [2, 3, 4]), { axes: [2, 0] }), out('int64', [2, 3, 4])],
  ['empty axes', (b, t) => b.reverse(t(f32, [2, 3]), { axes: [] }), out(f32, [2, 3])],
  ['"if axes contains duplicate values"', (b, t) => b.reverse(t(f32, [2, 3]), { axes: [1, 1], label: 'r' }), typeError(/^\[r\] reverse options\.axes: /)],
  ['"or if any of its elements is not in the range 0 to inputRank, exclusive"', (b, t) => b.reverse(t(f32, [2, 3]), { axes: [2], label: 'r' }), typeError(/^\[r\] reverse options\.axes: /)],
]);

describeCases('slice', [
  // ceil(4 / 2) = 2, ceil(6 / 4) = 2 (floor 1 + rounding excess 1), 3 / 1 = 3.
  ['output: floor(size / stride) + (size % stride != 0)', (b, t) => b.slice(t(f32, [5, 6, 7]), [1, 0, 2], [4, 6, 3], { strides: [2, 4, 1] }), out(f32, [2, 2, 3])],
  ['no strides, any data type', (b, t) => b.slice(t('int8', [5, 6]), [4, 1], [1, 5]), out('int8', [1, 5])],
  ['"If any of sizes\'s items are 0"', (b, t) => b.slice(t(f32, [5, 6]), [0, 0], [0, 1], { label: 's' }), typeError(/^\[s\] slice sizes: /)],
  ['"If starts\'s size and sizes\'s size are not both equal to input\'s rank": starts', (b, t) => b.slice(t(f32, [5, 6]), [0], [1, 1], { label: 's' }), typeError(/^\[s\] slice starts: /)],
  ['... sizes', (b, t) => b.slice(t(f32, [5, 6]), [0, 0], [1, 1, 1], { label: 's' }), typeError(/^\[s\] slice sizes: /)],
  ['"If strides\'s size is not equal to input\'s rank"', (b, t) => b.slice(t(f32, [5, 6]), [0, 0], [1, 1], { strides: [1], label: 's' }), typeError(/^\[s\] slice options\.strides: /)],
  ['"If stride is less than 1"', (b, t) => b.slice(t(f32, [5, 6]), [0, 0], [1, 1], { strides: [1, 0], label: 's' }), typeError(/^\[s\] slice options\.strides: /)],
  ['"If starts[index] is greater than inputSize"', (b, t) => b.slice(t(f32, [5, 6]), [6, 0], [1, 1], { label: 's' }), typeError(/^\[s\] slice starts: /)],
  ['"If starts[index] + inputSliceSize is greater than inputSize"', (b, t) => b.slice(t(f32, [5, 6]), [3, 0], [3, 1], { label: 's' }), typeError(/^\[s\] slice sizes: /)],
]);

describeCases('split', [
  ['splits 3 on axis 0: three [2, 4]', (b, t) => b.split(t(f32, [6, 4]), 3), [out(f32, [2, 4]), out(f32, [2, 4]), out(f32, [2, 4])]],
  ['splits [1, 3] on axis 1, any data type', (b, t) => b.split(t('uint32', [6, 4]), [1, 3], { axis: 1 }), [out('uint32', [6, 1]), out('uint32', [6, 3])]],
  ['"If axis is greater than or equal to input\'s rank"', (b, t) => b.split(t(f32, [6, 4]), 2, { axis: 2, label: 's' }), typeError(/^\[s\] split options\.axis: /)],
  ['"If splits is not a valid tensor count": 0', (b, t) => b.split(t(f32, [6, 4]), 0, { label: 's' }), typeError(/^\[s\] split splits: /)],
  ['"If input\'s shape[axis] % splits is not 0"', (b, t) => b.split(t(f32, [6, 4]), 4, { label: 's' }), typeError(/^\[s\] split splits: /)],
  ['"If splits is not a valid tensor count": 8193', (b, t) => b.split(t(f32, [8193]), 8193, { label: 's' }), typeError(/^\[s\] split splits: the number of outputs \(8193\)/)],
  ['"If splits size is not a valid tensor count": 8193 sizes', (b, t) => b.split(t(f32, [8193]), new Array(8193).fill(1), { label: 's' }), typeError(/^\[s\] split splits: the number of sizes \(8193\)/)],
  ['"If splits size is not a valid tensor count": empty', (b, t) => b.split(t(f32, [6, 4]), [], { label: 's' }), typeError(/^\[s\] split splits: /)],
  ['"If any of its items is equal to 0"', (b, t) => b.split(t(f32, [6, 4]), [6, 0], { label: 's' }), typeError(/^\[s\] split splits: /)],
  ['"If the sum of its items is not equal to input\'s shape[axis]"', (b, t) => b.split(t(f32, [6, 4]), [2, 3], { label: 's' }), typeError(/^\[s\] split splits: /)],
  ['allowed ranks 1 to N: a 0-D input', (b, t) => b.split(t(f32, []), 1, { label: 's' }), typeError(/^\[s\] split input: /)],
]);

describeCases('tile', [
  ['output: each dimension times its repetitions', (b, t) => b.tile(t(f32, [2, 3]), [2, 3]), out(f32, [4, 9])],
  ['any data type, 0-D with no repetitions', (b, t) => b.tile(t('int64', []), []), out('int64', [])],
  ['"If repetitions\'s size is not equal to input\'s rank"', (b, t) => b.tile(t(f32, [2, 3]), [2], { label: 't' }), typeError(/^\[t\] tile repetitions: /)],
  ['"If repetitions\'s values contain 0\'s"', (b, t) => b.tile(t(f32, [2, 3]), [2, 0], { label: 't' }), typeError(/^\[t\] tile repetitions: /)],
]);

describeCases('transpose', [
  ['permutation defaults to the reversed indices', (b, t) => b.transpose(t(f32, [2, 3, 4])), out(f32, [4, 3, 2])],
  ['permutation [0, 2, 1], any data type', (b, t) => b.transpose(t('uint8', [2, 3, 4]), { permutation: [0, 2, 1] }), out('uint8', [2, 4, 3])],
  ['"If its size is not equal to input\'s rank"', (b, t) => b.transpose(t(f32, [2, 3]), { permutation: [0], label: 't' }), typeError(/^\[t\] transpose options\.permutation: /)],
  ['"If its items are not in the range 0 to input\'s rank exclusive"', (b, t) => b.transpose(t(f32, [2, 3]), { permutation: [0, 2], label: 't' }), typeError(/^\[t\] transpose options\.permutation: /)],
  ['"If it contains duplicate values"', (b, t) => b.transpose(t(f32, [2, 3]), { permutation: [1, 1], label: 't' }), typeError(/^\[t\] transpose options\.permutation: /)],
]);

describeCases('triangular', [
  ['2-D, the shape is kept', (b, t) => b.triangular(t(f32, [3, 4])), out(f32, [3, 4])],
  ['any data type, upper false, diagonal -2', (b, t) => b.triangular(t(i32, [2, 3, 4]), { upper: false, diagonal: -2 }), out(i32, [2, 3, 4])],
  ['"If input\'s rank is not one of its allowed ranks" (2 to N)', (b, t) => b.triangular(t(f32, [3]), { label: 't' }), typeError(/^\[t\] triangular input: /)],
]);
