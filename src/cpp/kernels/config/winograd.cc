// Winograd F(2x2, 3x3) kernel selection: the wasmsimd kernels of the f32 and qu8 families (the scalar twins serve
// the tests).
#include "kernels/qwinograd.h"
#include "kernels/winograd.h"

namespace webnn::kernels {

const F32WinogradConfig& GetF32WinogradConfig() {
  static const F32WinogradConfig config{f32_winograd_2x2_3x3_filter__wasmsimd_c4,
                                        f32_winograd_2x2_3x3_input__wasmsimd_c4,
                                        f32_winograd_2x2_3x3_output_minmax__wasmsimd_c4};
  return config;
}

const QU8WinogradConfig& GetQU8WinogradConfig() {
  static const QU8WinogradConfig config{qu8_winograd_2x2_3x3_filter__wasmsimd_c8, qu8_winograd_2x2_3x3_input__wasmsimd_c8,
                                        qs32_winograd_2x2_3x3_output__wasmsimd_c4,
                                        qs16_gemm_ukernel_4x8c2__wasmsimd_dot16x2, 4};
  return config;
}

}  // namespace webnn::kernels
