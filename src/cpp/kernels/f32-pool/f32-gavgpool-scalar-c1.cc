// f32_gavgpool_ukernel__scalar_c1: global average pool, one channel at a time (the reference), with the
// same 4-way interleaved summation as the wasmsimd kernel. Over-read: none.
// Reference: a double-precision mean (tests).
#include "kernels/f32-pool/pool-impl.h"
#include "kernels/pool.h"

namespace webnn::kernels {

void f32_gavgpool_ukernel__scalar_c1(size_t rows, size_t channels, const float* input, size_t input_stride,
                                     float scale, float* output) {
  for (size_t c = 0; c < channels; ++c) {
    const float sum = pool_impl::SumRows(
        rows, input + c, input_stride, 0.0f, [](const float* p) { return *p; }, [](float a, float b) { return a + b; });
    output[c] = sum * scale;
  }
}

}  // namespace webnn::kernels
