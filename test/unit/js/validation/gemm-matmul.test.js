// gemm and matmul method steps (#api-mlgraphbuilder-gemm, #api-mlgraphbuilder-matmul), one row per step.
import { describeCases, out, typeError } from './cases.mjs';

const f32 = 'float32';
const f16 = 'float16';

describeCases('gemm', [
  ['#tensor-limits-gemm: float32', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4])), out(f32, [2, 4])],
  ['... float16', (b, t) => b.gemm(t(f16, [2, 3]), t(f16, [3, 4])), out(f16, [2, 4])],
  ['"If the dataType of any of a or b is not one of its allowed data types": a int32', (b, t) => b.gemm(t('int32', [2, 3]), t('int32', [3, 4]), { label: 'g' }), typeError(/^\[g\] gemm a: /)],
  ['... b not the same type as a', (b, t) => b.gemm(t(f32, [2, 3]), t(f16, [3, 4]), { label: 'g' }), typeError(/^\[g\] gemm b: /)],
  ['"If the rank of any of a or b is not its allowed rank" (2): a', (b, t) => b.gemm(t(f32, [2, 3, 1]), t(f32, [3, 4]), { label: 'g' }), typeError(/^\[g\] gemm a: /)],
  ['... b', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3]), { label: 'g' }), typeError(/^\[g\] gemm b: /)],
  ['"If shapeA[1] is not equal to shapeB[0]"', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [4, 3]), { label: 'g' }), typeError(/^\[g\] gemm /)],
  ['aTranspose reverses shapeA: [3, 2]ᵀ x [3, 4]', (b, t) => b.gemm(t(f32, [3, 2]), t(f32, [3, 4]), { aTranspose: true }), out(f32, [2, 4])],
  ['bTranspose reverses shapeB: [2, 3] x [4, 3]ᵀ', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [4, 3]), { bTranspose: true }), out(f32, [2, 4])],
  ['both transposed: [3, 2]ᵀ x [4, 3]ᵀ', (b, t) => b.gemm(t(f32, [3, 2]), t(f32, [4, 3]), { aTranspose: true, bTranspose: true, alpha: 2, beta: 0.5 }), out(f32, [2, 4])],
  ['... aTranspose makes the inner sizes differ', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { aTranspose: true, label: 'g' }), typeError(/^\[g\] gemm /)],
  ['"If c is not unidirectionally broadcastable to « shapeA[0], shapeB[1] »"', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { c: t(f32, [2, 1, 4]), label: 'g' }), typeError(/^\[g\] gemm options\.c: /)],
  ['... c [3] does not broadcast to [2, 4]', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { c: t(f32, [3]), label: 'g' }), typeError(/^\[g\] gemm options\.c: /)],
  ['... c [2, 4] is not broadcast the other way to a larger output ([4] -> [2, 4] only)', (b, t) => b.gemm(t(f32, [1, 3]), t(f32, [3, 4]), { c: t(f32, [2, 4]), label: 'g' }), typeError(/^\[g\] gemm options\.c: /)],
  ['"If c\'s dataType is not one of its allowed data types" (same as a)', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { c: t(f16, [4]), label: 'g' }), typeError(/^\[g\] gemm options\.c: /)],
  ['c 0-D', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { c: t(f32, []) }), out(f32, [2, 4])],
  ['c [2, 1]', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { c: t(f32, [2, 1]) }), out(f32, [2, 4])],
  ['alpha is a WebIDL double: Infinity is a TypeError', (b, t) => b.gemm(t(f32, [2, 3]), t(f32, [3, 4]), { alpha: Infinity }), typeError(/options\.alpha/)],
]);

describeCases('matmul', [
  ['#tensor-limits-matmul: float32', (b, t) => b.matmul(t(f32, [2, 3]), t(f32, [3, 4])), out(f32, [2, 4])],
  ['... float16', (b, t) => b.matmul(t(f16, [2, 3]), t(f16, [3, 4])), out(f16, [2, 4])],
  ['"If the dataType of any of a or b is not one of its allowed data types": a uint32', (b, t) => b.matmul(t('uint32', [2, 3]), t('uint32', [3, 4]), { label: 'm' }), typeError(/^\[m\] matmul a: /)],
  ['... b not the same type as a', (b, t) => b.matmul(t(f16, [2, 3]), t(f32, [3, 4]), { label: 'm' }), typeError(/^\[m\] matmul b: /)],
  ['"If either rankA or rankB is less than 2": a', (b, t) => b.matmul(t(f32, [3]), t(f32, [3, 4]), { label: 'm' }), typeError(/^\[m\] matmul a: /)],
  ['... b', (b, t) => b.matmul(t(f32, [2, 3]), t(f32, [3]), { label: 'm' }), typeError(/^\[m\] matmul b: /)],
  ['"If colsA is not equal to rowsB"', (b, t) => b.matmul(t(f32, [2, 3]), t(f32, [4, 3]), { label: 'm' }), typeError(/^\[m\] matmul /)],
  ['"bidirectionally broadcasting batchShapeA and batchShapeB ... returns failure"', (b, t) => b.matmul(t(f32, [2, 2, 3]), t(f32, [3, 3, 4]), { label: 'm' }), typeError(/^\[m\] matmul /)],
  ['batch shapes broadcast both ways: [2, 1, 5, 2, 3] x [3, 1, 3, 4] -> [2, 3, 5, 2, 4]', (b, t) => b.matmul(t(f32, [2, 1, 5, 2, 3]), t(f32, [3, 1, 3, 4])), out(f32, [2, 3, 5, 2, 4])],
  ['a 2-D a and a batched b: [2, 3] x [6, 3, 4] -> [6, 2, 4]', (b, t) => b.matmul(t(f32, [2, 3]), t(f32, [6, 3, 4])), out(f32, [6, 2, 4])],
]);
