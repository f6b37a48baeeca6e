// f32 col2im kernel selection: the wasmsimd kernel (the scalar twin serves the tests).
#include "kernels/col2im.h"

namespace webnn::kernels {

F32Col2imUkernelFn GetF32Col2imUkernel() { return f32_col2im_minmax_ukernel__wasmsimd_c8; }

}  // namespace webnn::kernels
