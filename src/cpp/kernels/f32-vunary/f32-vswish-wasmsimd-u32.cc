// f32_vswish_ukernel__wasmsimd_u32: y = x * sigmoid(x) (SiLU), vunary_impl::SigmoidF32 times x through
// vunary_impl::LoopGuarded: groups with every |x| <= 87 skip exp's per-vector subnormal check.
// Tile: 32 floats per main-loop iteration, then 4, then a 1..3 tail. No packed weights.
// Over-read: none (partial loads/stores on the tail); in place (y == x) is fine.
// Reference: f32_vswish_ukernel__scalar (double precision); bit-identical to the u8 kernel.
#include "kernels/f32-vunary/vunary-impl.h"

namespace webnn::kernels {

void f32_vswish_ukernel__wasmsimd_u32(size_t n, const float* x, float* y, const UnaryParams* params) {
  using namespace vunary_impl;
  LoopGuarded<8>(n, x, y, kSigmoidFastBound, [](v128_t v) { return wasm_f32x4_mul(v, SigmoidF32<false>(v)); },
                 [](v128_t v) { return wasm_f32x4_mul(v, SigmoidF32Rare(v)); });
}

}  // namespace webnn::kernels
