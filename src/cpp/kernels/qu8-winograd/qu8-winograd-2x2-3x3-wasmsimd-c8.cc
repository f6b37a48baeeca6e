// qu8_winograd_2x2_3x3_{filter,input}__wasmsimd_c8 and qs32_winograd_2x2_3x3_output__wasmsimd_c4: the exact
// integer F(2x2, 3x3) transforms (qwinograd.h) on eight int16 lanes (filter: eight output channels of a packed
// block, two input channels interleaved into the c2 pairs; input: eight channels of a tile, the tail loaded
// through a buffer of zero points so that its lanes past the channels are 0) and four int32 lanes (output).
// Over-read: none. Reference: the __scalar_c1 twins (equal: integers, no rounding).
#include <wasm_simd128.h>

#include <cstring>

#include "kernels/qwinograd.h"
#include "kernels/simd_util.h"
#include "kernels/winograd_math.h"

namespace webnn::kernels {
namespace {

struct I16Ops {
  static v128_t add(v128_t a, v128_t b) { return wasm_i16x8_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_i16x8_sub(a, b); }
  static v128_t half(v128_t a) { return a; }
  static v128_t edge(v128_t a) { return wasm_i16x8_add(a, a); }
};

struct I32Ops {
  static v128_t add(v128_t a, v128_t b) { return wasm_i32x4_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_i32x4_sub(a, b); }
};

}  // namespace

void qu8_winograd_2x2_3x3_filter__wasmsimd_c8(size_t kc, size_t ncp, const uint8_t* g, const uint8_t* zero_points,
                                              size_t j0, size_t j1, int16_t* packed, size_t xi_stride) {
  constexpr size_t nr = kQU8WinogradNr;
  const size_t kcp = (kc + 7) & ~size_t{7}, block = 2 * nr + kcp * nr;  // int16 elements: the biases, then the pairs
  const v128_t zero = wasm_i16x8_const_splat(0);
  for (size_t j = j0; j < j1; ++j) {
    const v128_t z = wasm_u16x8_load8x8(zero_points + j * nr);
    for (size_t xi = 0; xi < 16; ++xi) {
      wasm_v128_store(packed + xi * xi_stride + j * block, zero);
      wasm_v128_store(packed + xi * xi_stride + j * block + 8, zero);
    }
    for (size_t k = 0; k < kcp; k += 2) {
      v128_t u[2][16];
      for (size_t h = 0; h < 2; ++h) {
        if (k + h >= kc) {
          for (size_t xi = 0; xi < 16; ++xi) u[h][xi] = zero;
          continue;
        }
        v128_t taps[9];
        for (size_t t = 0; t < 9; ++t) taps[t] = wasm_i16x8_sub(wasm_u16x8_load8x8(g + (t * kc + k + h) * ncp + j * nr), z);
        winograd::Filter<I16Ops>(taps, u[h]);
      }
      int16_t* out = packed + j * block + 2 * nr + k * nr;
      for (size_t xi = 0; xi < 16; ++xi) {
        wasm_v128_store(out + xi * xi_stride, wasm_i16x8_shuffle(u[0][xi], u[1][xi], 0, 8, 1, 9, 2, 10, 3, 11));
        wasm_v128_store(out + xi * xi_stride + 8, wasm_i16x8_shuffle(u[0][xi], u[1][xi], 4, 12, 5, 13, 6, 14, 7, 15));
      }
    }
  }
}

void qu8_winograd_2x2_3x3_input__wasmsimd_c8(size_t channels, size_t kcp, const uint8_t** d, uint8_t zero_point,
                                             int16_t* v, size_t v_stride) {
  const v128_t z = wasm_i16x8_splat(zero_point);
  v128_t x[16], t[16];
  size_t c = 0;
  for (; c + 8 <= channels; c += 8) {
    for (size_t i = 0; i < 16; ++i) x[i] = wasm_i16x8_sub(wasm_u16x8_load8x8(d[i] + c), z);
    winograd::Input<I16Ops>(x, t);
    for (size_t i = 0; i < 16; ++i) wasm_v128_store(v + i * v_stride + c, t[i]);
  }
  if (c < channels) {
    for (size_t i = 0; i < 16; ++i) {
      uint8_t bytes[8];
      std::memset(bytes, zero_point, sizeof(bytes));
      std::memcpy(bytes, d[i] + c, channels - c);
      x[i] = wasm_i16x8_sub(wasm_u16x8_load8x8(bytes), z);
    }
    winograd::Input<I16Ops>(x, t);
    for (size_t i = 0; i < 16; ++i) wasm_v128_store(v + i * v_stride + c, t[i]);
    c += 8;
  }
  for (; c < kcp; c += 8) {
    for (size_t i = 0; i < 16; ++i) wasm_v128_store(v + i * v_stride + c, wasm_i16x8_const_splat(0));
  }
}

void qs32_winograd_2x2_3x3_output__wasmsimd_c4(size_t channels, const int32_t* m, size_t m_stride, int32_t** y) {
  v128_t x[16], r[4];
  size_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    for (size_t i = 0; i < 16; ++i) x[i] = wasm_v128_load(m + i * m_stride + c);
    winograd::Output<I32Ops>(x, r);
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) wasm_v128_store(y[p] + c, wasm_i32x4_shr(r[p], 2));
    }
  }
  if (c < channels) {
    const size_t tail = channels - c;
    for (size_t i = 0; i < 16; ++i) x[i] = simd::LoadTail(reinterpret_cast<const float*>(m + i * m_stride + c), tail);
    winograd::Output<I32Ops>(x, r);
    for (size_t p = 0; p < 4; ++p) {
      if (y[p]) simd::StoreTail(y[p] + c, wasm_i32x4_shr(r[p], 2), tail);
    }
  }
}

}  // namespace webnn::kernels
