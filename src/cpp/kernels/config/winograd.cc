// f32 Winograd F(2x2, 3x3) kernel selection: the wasmsimd kernels (the scalar twins serve the tests).
#include "kernels/winograd.h"

namespace webnn::kernels {

const F32WinogradConfig& GetF32WinogradConfig() {
  static const F32WinogradConfig config{f32_winograd_2x2_3x3_filter__wasmsimd_c4,
                                        f32_winograd_2x2_3x3_input__wasmsimd_c4,
                                        f32_winograd_2x2_3x3_output_minmax__wasmsimd_c4};
  return config;
}

}  // namespace webnn::kernels
