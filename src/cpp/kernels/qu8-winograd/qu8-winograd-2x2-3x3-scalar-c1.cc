// qu8_winograd_2x2_3x3_{filter,input}__scalar_c1 and qs32_winograd_2x2_3x3_output__scalar_c1: the exact integer
// F(2x2, 3x3) transforms (qwinograd.h) one channel at a time, in wider integers than the SIMD kernels' lanes (which
// neither overflow within the channel bound, so the two agree exactly). Over-read: none.
#include <cstring>

#include "kernels/qwinograd.h"
#include "kernels/winograd_math.h"

namespace webnn::kernels {
namespace {

struct IntOps {
  static int64_t add(int64_t a, int64_t b) { return a + b; }
  static int64_t sub(int64_t a, int64_t b) { return a - b; }
  static int64_t half(int64_t a) { return a; }
  static int64_t edge(int64_t a) { return a + a; }
};

}  // namespace

void qu8_winograd_2x2_3x3_filter__scalar_c1(size_t kc, size_t ncp, const uint8_t* g, const uint8_t* zero_points,
                                            size_t j0, size_t j1, int16_t* packed, size_t xi_stride) {
  constexpr size_t nr = kQU8WinogradNr;
  const size_t kcp = (kc + 7) & ~size_t{7}, block = 2 * nr + kcp * nr;
  for (size_t j = j0; j < j1; ++j) {
    for (size_t xi = 0; xi < 16; ++xi) std::memset(packed + xi * xi_stride + j * block, 0, 2 * nr * sizeof(int16_t));
    for (size_t k = 0; k < kcp; ++k) {
      for (size_t q = 0; q < nr; ++q) {
        int64_t taps[9], u[16] = {};
        if (k < kc) {
          for (size_t t = 0; t < 9; ++t) taps[t] = int64_t{g[(t * kc + k) * ncp + j * nr + q]} - zero_points[j * nr + q];
          winograd::Filter<IntOps>(taps, u);
        }
        // Pair k / 2, column q, lane k % 2 of the c2 layout.
        int16_t* out = packed + j * block + 2 * nr + (k / 2) * 2 * nr + 2 * q + k % 2;
        for (size_t xi = 0; xi < 16; ++xi) out[xi * xi_stride] = static_cast<int16_t>(u[xi]);
      }
    }
  }
}

void qu8_winograd_2x2_3x3_input__scalar_c1(size_t channels, size_t kcp, const uint8_t** d, uint8_t zero_point,
                                           int16_t* v, size_t v_stride) {
  for (size_t c = 0; c < kcp; ++c) {
    int64_t x[16], t[16];
    for (size_t i = 0; i < 16; ++i) x[i] = c < channels ? int64_t{d[i][c]} - zero_point : 0;
    winograd::Input<IntOps>(x, t);
    for (size_t i = 0; i < 16; ++i) v[i * v_stride + c] = static_cast<int16_t>(t[i]);
  }
}

void qs32_winograd_2x2_3x3_output__scalar_c1(size_t channels, const int32_t* m, size_t m_stride, int32_t** y) {
  for (size_t c = 0; c < channels; ++c) {
    int64_t x[16], r[4];
    for (size_t i = 0; i < 16; ++i) x[i] = m[i * m_stride + c];
    winograd::Output<IntOps>(x, r);
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) y[p][c] = static_cast<int32_t>(r[p] >> 2);  // as i32x4.shr: floor, exact on the multiples of 4 it gets
    }
  }
}

}  // namespace webnn::kernels
