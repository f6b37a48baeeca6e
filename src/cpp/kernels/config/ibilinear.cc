// f32 ibilinear kernel selection: the wasmsimd kernel (the scalar twin serves the tests).
#include "kernels/ibilinear.h"

namespace webnn::kernels {

F32IbilinearUkernelFn GetF32IbilinearUkernel() { return f32_ibilinear_ukernel__wasmsimd_c8; }

}  // namespace webnn::kernels
