// f32_vpowc_minmax_ukernel__wasmsimd_u8: y[i] = clamp(pow(a[i], b[0])). The exponents models write as
// constants take SIMD forms with the same bits as pow in double rounded once (the scalar twin):
//   0.5: f32x4.sqrt (both correctly rounded: a float's square root is never within pow's 2^-52 of a
//        rounding boundary it does not sit on), with pow's -0 -> +0 and -inf -> +inf;
//   2:   a * a (the double square of a float is exact);
//   3:   a * a * a in f64x2 (the square exact, the cube rounded once in double, as pow's is to within
//        its error; all 2^32 floats checked against the twin).
// Any other exponent runs the scalar twin (libm's pow, ~19 ns per element; the three above take ~0.2-1).
// Tile: f32x4, 8 elements per iteration, then 4, then a 1..3 tail with partial loads/stores. No packed weights.
// Over-read: none (reads exactly n elements of a and one of b); in-place (y == a) is fine.
// Reference: f32_vpowc_minmax_ukernel__scalar (bit-exact).
#include "kernels/f32-vbinary/vbinary-impl.h"
#include "kernels/vbinary.h"

namespace webnn::kernels {
namespace {

struct PowHalf {
  static v128_t Simd(v128_t a, v128_t) {
    // sqrt(-0) is -0 and sqrt(-inf) NaN, where pow gives +0 and +inf: adding +0 turns -0 into +0, and
    // -inf takes |a|'s square root.
    const v128_t r = wasm_f32x4_add(wasm_f32x4_sqrt(a), wasm_f32x4_splat(0.0f));
    return wasm_v128_bitselect(wasm_f32x4_splat(__builtin_inff()), r, wasm_f32x4_eq(a, wasm_f32x4_splat(-__builtin_inff())));
  }
};
struct PowSquare {
  static v128_t Simd(v128_t a, v128_t) { return wasm_f32x4_mul(a, a); }
};
struct PowCube {
  static v128_t Simd(v128_t a, v128_t) {
    return simd::ViaF64Halves(a, [](v128_t d) { return wasm_f64x2_mul(wasm_f64x2_mul(d, d), d); });
  }
};

}  // namespace

void f32_vpowc_minmax_ukernel__wasmsimd_u8(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  using namespace vbinary_impl;
  if (b[0] == 0.5f) return Wasmsimd<PowHalf, true, false>(n, a, b, y, params);
  if (b[0] == 2.0f) return Wasmsimd<PowSquare, true, false>(n, a, b, y, params);
  if (b[0] == 3.0f) return Wasmsimd<PowCube, true, false>(n, a, b, y, params);
  Scalar<Pow, true, false>(n, a, b, y, params);
}

}  // namespace webnn::kernels
