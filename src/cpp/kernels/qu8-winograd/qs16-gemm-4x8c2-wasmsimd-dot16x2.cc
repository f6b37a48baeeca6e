// qs16_gemm_ukernel_4x8c2__wasmsimd_dot16x2: int16 rows against the c2 layout (qwinograd.h), the qu8 IGEMM c2
// tile's inner step (MultiplyPairs: a row's pair of k broadcast, i32x4.dot_i16x8_s against four columns' pairs)
// without its widening of bytes less a zero point: the rows arrive as int16, 8 k at a time. Over-read: none
// (kc is a multiple of 8).
#include "kernels/qu8-igemm/qu8-igemm-c2-impl.h"
#include "kernels/qwinograd.h"

namespace webnn::kernels {

void qs16_gemm_ukernel_4x8c2__wasmsimd_dot16x2(size_t mr, size_t nc, size_t kc, const int16_t* a, size_t a_stride,
                                               const void* packed_w, int32_t* c, size_t cm_stride, size_t cn_stride) {
  constexpr size_t MR = 4;
  using qu8_igemm_c2_impl::kPairBytes;
  const int16_t* ar[MR];
  int32_t* cr[MR];
  qu8_igemm_impl::OutputRows(c, mr, cm_stride, cr);
  for (size_t r = 0; r < MR; ++r) ar[r] = r < mr ? simd::ByteOffset(a, r * a_stride) : ar[r - 1];
  const uint8_t* w = static_cast<const uint8_t*>(packed_w);
  do {
    v128_t acc[MR][2];
    const v128_t bias_lo = wasm_v128_load(w), bias_hi = wasm_v128_load(w + 16);
    w += kQU8WinogradNr * sizeof(int32_t);
    for (size_t r = 0; r < MR; ++r) acc[r][0] = bias_lo, acc[r][1] = bias_hi;
    for (size_t k = 0; k < kc; k += 8) {
      v128_t va[MR];
      for (size_t r = 0; r < MR; ++r) va[r] = wasm_v128_load(ar[r] + k);
      qu8_igemm_c2_impl::MultiplyPairs<MR>(va, 4, w, acc);
      w += 4 * kPairBytes;
    }
    for (size_t r = MR; r-- > 0;) {
      qu8_igemm_c2_impl::StoreBlock(acc[r], nc, cr[r]);
      cr[r] = simd::ByteOffset(cr[r], cn_stride);
    }
    nc = nc >= 8 ? nc - 8 : 0;
  } while (nc != 0);
}

}  // namespace webnn::kernels
