// Shared pieces of the double-accumulating sum kernels (f32_f64acc_rsum, f32_f64acc_rdsum): the term an
// element adds (for f64x2 lanes, and for one double in the scalar twins), and the switch from the runtime
// SumOf to the kernel body instantiated for it.
#pragma once

#include <wasm_simd128.h>

#include <cmath>
#include <type_traits>

#include "kernels/reduce.h"

namespace webnn::kernels::f64acc_impl {

// What one promoted element (f64x2) adds: itself, its magnitude or its square (each exact in double).
template <SumOf kWhat>
inline v128_t Term(v128_t d) {
  if constexpr (kWhat == SumOf::kMagnitudes) return wasm_f64x2_abs(d);
  if constexpr (kWhat == SumOf::kSquares) return wasm_f64x2_mul(d, d);
  return d;
}

// The scalar twins' term of one element.
inline double Term(SumOf what, double d) {
  return what == SumOf::kMagnitudes ? std::fabs(d) : what == SumOf::kSquares ? d * d : d;
}

// body(std::integral_constant<SumOf, what>{}), so that each SumOf gets its own loop.
template <typename Body>
inline auto ForSumOf(SumOf what, Body body) {
  switch (what) {
    case SumOf::kMagnitudes: return body(std::integral_constant<SumOf, SumOf::kMagnitudes>{});
    case SumOf::kSquares: return body(std::integral_constant<SumOf, SumOf::kSquares>{});
    case SumOf::kValues: break;
  }
  return body(std::integral_constant<SumOf, SumOf::kValues>{});
}

}  // namespace webnn::kernels::f64acc_impl
