// gru, gruCell, lstm and lstmCell method steps (#api-mlgraphbuilder-gru, -grucell, -lstm, -lstmcell), one row per
// step. Sizes throughout: steps 3, batchSize 2, inputSize 4, hiddenSize 5 (3 * 5 = 15 rows for gru, 4 * 5 = 20 for lstm).
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const f16 = 'float16';

// gru(input [3, 2, 4], weight [1, 15, 4], recurrentWeight [1, 15, 5], steps 3, hiddenSize 5) with overrides.
const gru = (b, t, { input = [3, 2, 4], weight = [1, 15, 4], recurrent = [1, 15, 5], steps = 3, type = f32, ...options } = {}) =>
  b.gru(t(type, input), t(type, weight), t(type, recurrent), steps, 5, options);
const gruCell = (b, t, { input = [2, 4], weight = [15, 4], recurrent = [15, 5], hidden = [2, 5], type = f32, ...options } = {}) =>
  b.gruCell(t(type, input), t(type, weight), t(type, recurrent), t(type, hidden), 5, options);
const lstm = (b, t, { input = [3, 2, 4], weight = [1, 20, 4], recurrent = [1, 20, 5], steps = 3, type = f32, ...options } = {}) =>
  b.lstm(t(type, input), t(type, weight), t(type, recurrent), steps, 5, options);
const lstmCell = (b, t, { input = [2, 4], weight = [20, 4], recurrent = [20, 5], hidden = [2, 5], cell = [2, 5], type = f32, ...options } = {}) =>
  b.lstmCell(t(type, input), t(type, weight), t(type, recurrent), t(type, hidden), t(type, cell), 5, options);

describeCases('gru', [
  ['#tensor-limits-gru: float32 -> « [numDirections, batchSize, hiddenSize] »', (b, t) => gru(b, t), [out(f32, [1, 2, 5])]],
  ['... float16', (b, t) => gru(b, t, { type: f16 }), [out(f16, [1, 2, 5])]],
  ['"If the dataType of any of input, weight or recurrentWeight is not one of its allowed data types": int32', (b, t) => gru(b, t, { type: 'int32', label: 'r' }), typeError(/^\[r\] gru input: /)],
  ['... recurrentWeight not the same type as input', (b, t) => b.gru(t(f32, [3, 2, 4]), t(f32, [1, 15, 4]), t(f16, [1, 15, 5]), 3, 5, { label: 'r' }), typeError(/^\[r\] gru recurrentWeight: /)],
  ['"If the rank of any of input, weight or recurrentWeight is not its allowed rank" (3): input', (b, t) => gru(b, t, { input: [3, 8], label: 'r' }), typeError(/^\[r\] gru input: /)],
  ['... weight', (b, t) => gru(b, t, { weight: [15, 4], label: 'r' }), typeError(/^\[r\] gru weight: /)],
  ['... recurrentWeight', (b, t) => gru(b, t, { recurrent: [1, 1, 15, 5], label: 'r' }), typeError(/^\[r\] gru recurrentWeight: /)],
  ['"If input\'s shape[0] is not equal to steps"', (b, t) => gru(b, t, { steps: 4, label: 'r' }), typeError(/^\[r\] gru /)],
  ['... steps 0', (b, t) => gru(b, t, { steps: 0, label: 'r' }), typeError(/^\[r\] gru /)],
  ['"If weight\'s shape is not equal to « numDirections, 3 * hiddenSize, inputSize »"', (b, t) => gru(b, t, { weight: [1, 15, 3], label: 'r' }), typeError(/^\[r\] gru weight: /)],
  ['... numDirections is 2 for direction "both"', (b, t) => gru(b, t, { direction: 'both', label: 'r' }), typeError(/^\[r\] gru weight: /)],
  ['"If recurrentWeight\'s shape is not equal to « numDirections, 3 * hiddenSize, hiddenSize »"', (b, t) => gru(b, t, { recurrent: [1, 15, 4], label: 'r' }), typeError(/^\[r\] gru recurrentWeight: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => gru(b, t, { bias: t(f16, [1, 15]), label: 'r' }), typeError(/^\[r\] gru options\.bias: /)],
  ['"... if its shape is not equal to « numDirections, 3 * hiddenSize »"', (b, t) => gru(b, t, { bias: t(f32, [15]), label: 'r' }), typeError(/^\[r\] gru options\.bias: /)],
  ['"If options.recurrentBias exists: if its dataType is not one of its allowed data types"', (b, t) => gru(b, t, { recurrentBias: t('int32', [1, 15]), label: 'r' }), typeError(/^\[r\] gru options\.recurrentBias: /)],
  ['"... if its shape is not equal to « numDirections, 3 * hiddenSize »"', (b, t) => gru(b, t, { recurrentBias: t(f32, [1, 10]), label: 'r' }), typeError(/^\[r\] gru options\.recurrentBias: /)],
  ['"If options.initialHiddenState exists: if its dataType is not one of its allowed data types"', (b, t) => gru(b, t, { initialHiddenState: t(f16, [1, 2, 5]), label: 'r' }), typeError(/^\[r\] gru options\.initialHiddenState: /)],
  ['"... if its shape is not equal to « numDirections, batchSize, hiddenSize »"', (b, t) => gru(b, t, { initialHiddenState: t(f32, [1, 3, 5]), label: 'r' }), typeError(/^\[r\] gru options\.initialHiddenState: /)],
  ['"If options.activations exists: if its size is not 2"', (b, t) => gru(b, t, { activations: ['sigmoid', 'tanh', 'relu'], label: 'r' }), typeError(/^\[r\] gru options\.activations: /)],
  ['returnSequence adds « steps, numDirections, batchSize, hiddenSize »', (b, t) => gru(b, t, { returnSequence: true }), [out(f32, [1, 2, 5]), out(f32, [3, 1, 2, 5])]],
  ['direction "both" with every option', (b, t) => gru(b, t, {
    weight: [2, 15, 4], recurrent: [2, 15, 5], direction: 'both', returnSequence: true, resetAfter: false, layout: 'rzn',
    bias: t(f32, [2, 15]), recurrentBias: t(f32, [2, 15]), initialHiddenState: t(f32, [2, 2, 5]), activations: ['relu', 'tanh'],
  }), [out(f32, [2, 2, 5]), out(f32, [3, 2, 2, 5])]],
  ['direction "backward"', (b, t) => gru(b, t, { direction: 'backward' }), [out(f32, [1, 2, 5])]],
]);

describeCases('gruCell', [
  ['#tensor-limits-gruCell: float32 -> « batchSize, hiddenSize »', (b, t) => gruCell(b, t), out(f32, [2, 5])],
  ['... float16', (b, t) => gruCell(b, t, { type: f16 }), out(f16, [2, 5])],
  ['"If the dataType of any of input, weight, recurrentWeight, or hiddenState is not one of its allowed data types": uint8', (b, t) => gruCell(b, t, { type: 'uint8', label: 'r' }), typeError(/^\[r\] gruCell input: /)],
  ['... hiddenState not the same type as input', (b, t) => b.gruCell(t(f32, [2, 4]), t(f32, [15, 4]), t(f32, [15, 5]), t(f16, [2, 5]), 5, { label: 'r' }), typeError(/^\[r\] gruCell hiddenState: /)],
  ['"If the rank of any of input, weight, recurrentWeight or hiddenState is not its allowed ranks" (2): input', (b, t) => gruCell(b, t, { input: [1, 2, 4], label: 'r' }), typeError(/^\[r\] gruCell input: /)],
  ['... hiddenState', (b, t) => gruCell(b, t, { hidden: [10], label: 'r' }), typeError(/^\[r\] gruCell hiddenState: /)],
  ['"If weight\'s shape is not equal to « 3 * hiddenSize, inputSize »"', (b, t) => gruCell(b, t, { weight: [20, 4], label: 'r' }), typeError(/^\[r\] gruCell weight: /)],
  ['"If recurrentWeight\'s shape is not equal to « 3 * hiddenSize, hiddenSize »"', (b, t) => gruCell(b, t, { recurrent: [15, 4], label: 'r' }), typeError(/^\[r\] gruCell recurrentWeight: /)],
  ['"If hiddenState\'s shape is not equal to « batchSize, hiddenSize »"', (b, t) => gruCell(b, t, { hidden: [1, 5], label: 'r' }), typeError(/^\[r\] gruCell hiddenState: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => gruCell(b, t, { bias: t(f16, [15]), label: 'r' }), typeError(/^\[r\] gruCell options\.bias: /)],
  ['"... if its shape is not equal to « 3 * hiddenSize »"', (b, t) => gruCell(b, t, { bias: t(f32, [1, 15]), label: 'r' }), typeError(/^\[r\] gruCell options\.bias: /)],
  ['"If options.recurrentBias exists: if its dataType is not one of its allowed data types"', (b, t) => gruCell(b, t, { recurrentBias: t(f16, [15]), label: 'r' }), typeError(/^\[r\] gruCell options\.recurrentBias: /)],
  ['"... if its shape is not equal to « 3 * hiddenSize »"', (b, t) => gruCell(b, t, { recurrentBias: t(f32, [5]), label: 'r' }), typeError(/^\[r\] gruCell options\.recurrentBias: /)],
  ['"If options.activations exists: if its size is not 2"', (b, t) => gruCell(b, t, { activations: ['sigmoid'], label: 'r' }), typeError(/^\[r\] gruCell options\.activations: /)],
  ['every option', (b, t) => gruCell(b, t, { bias: t(f32, [15]), recurrentBias: t(f32, [15]), resetAfter: false, layout: 'rzn', activations: ['sigmoid', 'relu'] }), out(f32, [2, 5])],
]);

describeCases('lstm', [
  ['#tensor-limits-lstm: float32 -> two of « numDirections, batchSize, hiddenSize »', (b, t) => lstm(b, t), [out(f32, [1, 2, 5]), out(f32, [1, 2, 5])]],
  ['... float16', (b, t) => lstm(b, t, { type: f16 }), [out(f16, [1, 2, 5]), out(f16, [1, 2, 5])]],
  ['"If the dataType of any of input, weight or recurrentWeight is not one of its allowed data types": int8', (b, t) => lstm(b, t, { type: 'int8', label: 'r' }), typeError(/^\[r\] lstm input: /)],
  ['... weight not the same type as input', (b, t) => b.lstm(t(f32, [3, 2, 4]), t(f16, [1, 20, 4]), t(f32, [1, 20, 5]), 3, 5, { label: 'r' }), typeError(/^\[r\] lstm weight: /)],
  ['"If the rank of any of input, weight or recurrentWeight is not its allowed rank" (3): input', (b, t) => lstm(b, t, { input: [6, 4], label: 'r' }), typeError(/^\[r\] lstm input: /)],
  ['... recurrentWeight', (b, t) => lstm(b, t, { recurrent: [20, 5], label: 'r' }), typeError(/^\[r\] lstm recurrentWeight: /)],
  ['"If steps is 0"', (b, t) => lstm(b, t, { steps: 0, label: 'r' }), typeError(/^\[r\] lstm steps: /)],
  ['"If input\'s shape[0] is not equal to steps"', (b, t) => lstm(b, t, { steps: 2, label: 'r' }), typeError(/^\[r\] lstm /)],
  ['"If weight\'s shape is not equal to « numDirections, 4 * hiddenSize, inputSize »"', (b, t) => lstm(b, t, { weight: [1, 15, 4], label: 'r' }), typeError(/^\[r\] lstm weight: /)],
  ['"If recurrentWeight\'s shape is not equal to « numDirections, 4 * hiddenSize, hiddenSize »"', (b, t) => lstm(b, t, { recurrent: [2, 20, 5], label: 'r' }), typeError(/^\[r\] lstm recurrentWeight: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => lstm(b, t, { bias: t(f16, [1, 20]), label: 'r' }), typeError(/^\[r\] lstm options\.bias: /)],
  ['"... if its shape is not equal to « numDirections, 4 * hiddenSize »"', (b, t) => lstm(b, t, { bias: t(f32, [1, 15]), label: 'r' }), typeError(/^\[r\] lstm options\.bias: /)],
  ['"If options.recurrentBias exists: if its dataType is not one of its allowed data types"', (b, t) => lstm(b, t, { recurrentBias: t(f16, [1, 20]), label: 'r' }), typeError(/^\[r\] lstm options\.recurrentBias: /)],
  ['"... if its shape is not equal to « numDirections, 4 * hiddenSize »"', (b, t) => lstm(b, t, { recurrentBias: t(f32, [20]), label: 'r' }), typeError(/^\[r\] lstm options\.recurrentBias: /)],
  ['"If options.peepholeWeight exists: if its dataType is not one of its allowed data types"', (b, t) => lstm(b, t, { peepholeWeight: t(f16, [1, 15]), label: 'r' }), typeError(/^\[r\] lstm options\.peepholeWeight: /)],
  ['"... if its shape is not equal to « numDirections, 3 * hiddenSize »"', (b, t) => lstm(b, t, { peepholeWeight: t(f32, [1, 20]), label: 'r' }), typeError(/^\[r\] lstm options\.peepholeWeight: /)],
  ['"If options.initialHiddenState exists: if its dataType is not one of its allowed data types"', (b, t) => lstm(b, t, { initialHiddenState: t(f16, [1, 2, 5]), label: 'r' }), typeError(/^\[r\] lstm options\.initialHiddenState: /)],
  ['"... if its shape is not equal to « numDirections, batchSize, hiddenSize »"', (b, t) => lstm(b, t, { initialHiddenState: t(f32, [2, 5]), label: 'r' }), typeError(/^\[r\] lstm options\.initialHiddenState: /)],
  ['"If options.initialCellState exists: if its dataType is not one of its allowed data types"', (b, t) => lstm(b, t, { initialCellState: t(f16, [1, 2, 5]), label: 'r' }), typeError(/^\[r\] lstm options\.initialCellState: /)],
  ['"... if its shape is not equal to « numDirections, batchSize, hiddenSize »"', (b, t) => lstm(b, t, { initialCellState: t(f32, [1, 2, 4]), label: 'r' }), typeError(/^\[r\] lstm options\.initialCellState: /)],
  ['"If options.activations exists: if its size is not 3"', (b, t) => lstm(b, t, { activations: ['sigmoid', 'tanh'], label: 'r' }), typeError(/^\[r\] lstm options\.activations: /)],
  ['returnSequence adds « steps, numDirections, batchSize, hiddenSize »', (b, t) => lstm(b, t, { returnSequence: true }), [out(f32, [1, 2, 5]), out(f32, [1, 2, 5]), out(f32, [3, 1, 2, 5])]],
  ['direction "both" with every option', (b, t) => lstm(b, t, {
    weight: [2, 20, 4], recurrent: [2, 20, 5], direction: 'both', returnSequence: true, layout: 'ifgo',
    bias: t(f32, [2, 20]), recurrentBias: t(f32, [2, 20]), peepholeWeight: t(f32, [2, 15]),
    initialHiddenState: t(f32, [2, 2, 5]), initialCellState: t(f32, [2, 2, 5]), activations: ['sigmoid', 'relu', 'tanh'],
  }), [out(f32, [2, 2, 5]), out(f32, [2, 2, 5]), out(f32, [3, 2, 2, 5])]],
]);

describeCases('lstmCell', [
  ['#tensor-limits-lstmCell: float32 -> two of « batchSize, hiddenSize »', (b, t) => lstmCell(b, t), [out(f32, [2, 5]), out(f32, [2, 5])]],
  ['... float16', (b, t) => lstmCell(b, t, { type: f16 }), [out(f16, [2, 5]), out(f16, [2, 5])]],
  ['"If the dataType of any of input, weight, recurrentWeight, hiddenState or cellState is not one of its allowed data types": int32', (b, t) => lstmCell(b, t, { type: 'int32', label: 'r' }), typeError(/^\[r\] lstmCell input: /)],
  ['... cellState not the same type as input', (b, t) => b.lstmCell(t(f32, [2, 4]), t(f32, [20, 4]), t(f32, [20, 5]), t(f32, [2, 5]), t(f16, [2, 5]), 5, { label: 'r' }), typeError(/^\[r\] lstmCell cellState: /)],
  ['"If the rank of any of ... is not its allowed rank" (2): weight', (b, t) => lstmCell(b, t, { weight: [1, 20, 4], label: 'r' }), typeError(/^\[r\] lstmCell weight: /)],
  ['... cellState', (b, t) => lstmCell(b, t, { cell: [10], label: 'r' }), typeError(/^\[r\] lstmCell cellState: /)],
  ['"If weight\'s shape is not equal to « 4 * hiddenSize, inputSize »"', (b, t) => lstmCell(b, t, { weight: [20, 5], label: 'r' }), typeError(/^\[r\] lstmCell weight: /)],
  ['"If recurrentWeight\'s shape is not equal to « 4 * hiddenSize, hiddenSize »"', (b, t) => lstmCell(b, t, { recurrent: [15, 5], label: 'r' }), typeError(/^\[r\] lstmCell recurrentWeight: /)],
  ['"If hiddenState\'s shape is not equal to « batchSize, hiddenSize »"', (b, t) => lstmCell(b, t, { hidden: [2, 4], label: 'r' }), typeError(/^\[r\] lstmCell hiddenState: /)],
  ['"If cellState\'s shape is not equal to « batchSize, hiddenSize »"', (b, t) => lstmCell(b, t, { cell: [3, 5], label: 'r' }), typeError(/^\[r\] lstmCell cellState: /)],
  ['"If options.bias exists: if its dataType is not one of its allowed data types"', (b, t) => lstmCell(b, t, { bias: t(f16, [20]), label: 'r' }), typeError(/^\[r\] lstmCell options\.bias: /)],
  ['"... if its shape is not equal to « 4 * hiddenSize »"', (b, t) => lstmCell(b, t, { bias: t(f32, [15]), label: 'r' }), typeError(/^\[r\] lstmCell options\.bias: /)],
  ['"If options.recurrentBias exists: if its dataType is not one of its allowed data types"', (b, t) => lstmCell(b, t, { recurrentBias: t('int32', [20]), label: 'r' }), typeError(/^\[r\] lstmCell options\.recurrentBias: /)],
  ['"... if its shape is not equal to « 4 * hiddenSize »"', (b, t) => lstmCell(b, t, { recurrentBias: t(f32, [1, 20]), label: 'r' }), typeError(/^\[r\] lstmCell options\.recurrentBias: /)],
  ['"If options.peepholeWeight exists: if its dataType is not one of its allowed data types"', (b, t) => lstmCell(b, t, { peepholeWeight: t(f16, [15]), label: 'r' }), typeError(/^\[r\] lstmCell options\.peepholeWeight: /)],
  ['"... if its shape is not equal to « 3 * hiddenSize »"', (b, t) => lstmCell(b, t, { peepholeWeight: t(f32, [20]), label: 'r' }), typeError(/^\[r\] lstmCell options\.peepholeWeight: /)],
  ['"If options.activations exists: if its size is not 3"', (b, t) => lstmCell(b, t, { activations: ['sigmoid', 'tanh', 'tanh', 'relu'], label: 'r' }), typeError(/^\[r\] lstmCell options\.activations: /)],
  ['every option', (b, t) => lstmCell(b, t, { bias: t(f32, [20]), recurrentBias: t(f32, [20]), peepholeWeight: t(f32, [15]), layout: 'ifgo', activations: ['relu', 'tanh', 'sigmoid'] }), [out(f32, [2, 5]), out(f32, [2, 5])]],
]);
