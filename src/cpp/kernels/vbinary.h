// Elementwise binary kernels on contiguous arrays.
//
// f32: y[i] = clamp(a[i] OP b[i]) ("v" kernels), y[i] = clamp(a[i] OP b[0]) ("c" kernels: b is one
// scalar) and y[i] = clamp(b[0] OP a[i]) ("rc" kernels, for the non-commutative sub, div and pow).
// n is in ELEMENTS (n >= 1); a, b, y need 4-byte alignment only; y may alias a or b exactly (in place).
// No kernel reads or writes past n elements (tails use partial loads/stores). The clamp keeps NaN
// (see MinMaxParams). max/min return NaN when either input is NaN, and max(-0, +0) = +0,
// min(-0, +0) = -0 (f32x4.max/min semantics; the scalar twins match). pow is computed in double and
// rounded once (WPT wants 0 ULP) — it has no SIMD version.
//
// Integer types (int8/uint8/int32/uint32/int64/uint64): templated scalar kernels with C++ semantics
// and wrap-around on overflow. Integer division truncates toward zero; division by zero gives 0 and
// INT_MIN / -1 gives INT_MIN (wraps) — neither traps. pow: exponent < 0 gives 0 except for bases 1
// and -1 (1 and ±1); pow(0, 0) = 1; results wrap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/elementwise_math.h"
#include "kernels/params.h"

namespace webnn::kernels {

// Which operand is a single scalar: kVV none; kVC b (y = a[i] OP b[0]); kCV a (y = a[0] OP b[i]).
enum class BroadcastKind { kVV, kVC, kCV };

using F32VBinaryFn = void (*)(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params);

// Best kernel for (op, kind); never null. kCV of a commutative op is the "c" kernel with a and b
// swapped by a wrapper, of sub/div/pow the "rc" kernel.
F32VBinaryFn GetF32VBinary(BinaryOp op, BroadcastKind kind);
// Same table on the scalar twins (the references).
F32VBinaryFn GetF32VBinaryScalar(BinaryOp op, BroadcastKind kind);

#define WEBNN_F32_VBINARY_UKERNEL(name) \
  void name(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params);
#include "kernels/f32-vbinary/f32-vbinary.inc"
#undef WEBNN_F32_VBINARY_UKERNEL

// y[r][c] = clamp(a[r][c] + b'[r][c]) for r < rows, c < ca, where b' is b's rows of cb <= ca elements each followed
// by ca - cb zeros: a residual add of a channel-padded operand (TFLite's PAD before ADD), b read where it lies. The
// zeros are +0, so -0 in a gives +0 there, as the add of the padded tensor does. y may alias a exactly.
using F32VAddPaddedFn = void (*)(size_t rows, size_t ca, size_t cb, const float* a, const float* b, float* y,
                                 const MinMaxParams* params);
#define WEBNN_F32_VADDPAD_UKERNEL(name) \
  void name(size_t rows, size_t ca, size_t cb, const float* a, const float* b, float* y, const MinMaxParams* params);
#include "kernels/f32-vbinary/f32-vaddpad.inc"
#undef WEBNN_F32_VADDPAD_UKERNEL
// The best padded-add kernel; never null.
F32VAddPaddedFn GetF32VAddPadded();

// ---- integer scalar kernels (BinaryArith of elementwise_math.h) ----

// y[i] = a[i*sa] OP b[i*sb] for the BroadcastKind's strides (a scalar operand has stride 0).
template <typename T>
void VBinaryUkernelScalar(BinaryOp op, BroadcastKind kind, size_t n, const T* a, const T* b, T* y) {
  const size_t sa = kind == BroadcastKind::kCV ? 0 : 1;
  const size_t sb = kind == BroadcastKind::kVC ? 0 : 1;
  for (size_t i = 0; i < n; ++i) y[i] = BinaryArith<T>(op, a[i * sa], b[i * sb]);
}

extern template void VBinaryUkernelScalar<int8_t>(BinaryOp, BroadcastKind, size_t, const int8_t*, const int8_t*, int8_t*);
extern template void VBinaryUkernelScalar<uint8_t>(BinaryOp, BroadcastKind, size_t, const uint8_t*, const uint8_t*,
                                                   uint8_t*);
extern template void VBinaryUkernelScalar<int32_t>(BinaryOp, BroadcastKind, size_t, const int32_t*, const int32_t*,
                                                   int32_t*);
extern template void VBinaryUkernelScalar<uint32_t>(BinaryOp, BroadcastKind, size_t, const uint32_t*,
                                                    const uint32_t*, uint32_t*);
extern template void VBinaryUkernelScalar<int64_t>(BinaryOp, BroadcastKind, size_t, const int64_t*, const int64_t*,
                                                   int64_t*);
extern template void VBinaryUkernelScalar<uint64_t>(BinaryOp, BroadcastKind, size_t, const uint64_t*,
                                                    const uint64_t*, uint64_t*);

}  // namespace webnn::kernels
