// f32_f64acc_rdsum_ukernel__wasmsimd_c8: y[c] += sum over rows of f(x[r][c]) in double (f: x, |x| or x^2),
// 8 channels (four f64x2) per block held in registers across all rows, then 4, then a 1..3 channel tail
// (partial loads; its y entries written one by one). Rows are added in ascending order onto the loaded y.
// Over-read: none (no row read past `channels`). Reference: f32_f64acc_rdsum_ukernel__scalar (bit-exact:
// each channel's adds in the same order).
#include <wasm_simd128.h>

#include "kernels/f32-reduce/f64acc-impl.h"
#include "kernels/reduce.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

using f64acc_impl::Term;

template <SumOf kWhat>
void Columns(size_t rows, size_t channels, const float* x, size_t row_stride, double* y) {
  size_t c = 0;
  for (; c + 8 <= channels; c += 8) {
    v128_t a0 = wasm_v128_load(y + c), a1 = wasm_v128_load(y + c + 2);
    v128_t a2 = wasm_v128_load(y + c + 4), a3 = wasm_v128_load(y + c + 6);
    const float* p = x + c;
    for (size_t r = 0; r < rows; ++r, p = simd::ByteOffset(p, row_stride)) {
      const v128_t u = wasm_v128_load(p), v = wasm_v128_load(p + 4);
      a0 = wasm_f64x2_add(a0, Term<kWhat>(simd::PromoteLow(u)));
      a1 = wasm_f64x2_add(a1, Term<kWhat>(simd::PromoteHigh(u)));
      a2 = wasm_f64x2_add(a2, Term<kWhat>(simd::PromoteLow(v)));
      a3 = wasm_f64x2_add(a3, Term<kWhat>(simd::PromoteHigh(v)));
    }
    wasm_v128_store(y + c, a0);
    wasm_v128_store(y + c + 2, a1);
    wasm_v128_store(y + c + 4, a2);
    wasm_v128_store(y + c + 6, a3);
  }
  for (; c < channels; c += 4) {
    const size_t take = channels - c < 4 ? channels - c : 4;
    double lanes[4] = {};
    for (size_t l = 0; l < take; ++l) lanes[l] = y[c + l];
    v128_t a0 = wasm_v128_load(lanes), a1 = wasm_v128_load(lanes + 2);
    const float* p = x + c;
    for (size_t r = 0; r < rows; ++r, p = simd::ByteOffset(p, row_stride)) {
      const v128_t u = take == 4 ? wasm_v128_load(p) : simd::LoadTail(p, take);
      a0 = wasm_f64x2_add(a0, Term<kWhat>(simd::PromoteLow(u)));
      a1 = wasm_f64x2_add(a1, Term<kWhat>(simd::PromoteHigh(u)));
    }
    wasm_v128_store(lanes, a0);
    wasm_v128_store(lanes + 2, a1);
    for (size_t l = 0; l < take; ++l) y[c + l] = lanes[l];
  }
}

}  // namespace

void f32_f64acc_rdsum_ukernel__wasmsimd_c8(size_t rows, size_t channels, const float* x, size_t row_stride,
                                           SumOf what, double* y) {
  f64acc_impl::ForSumOf(what, [&](auto kind) { Columns<decltype(kind)::value>(rows, channels, x, row_stride, y); });
}

}  // namespace webnn::kernels
