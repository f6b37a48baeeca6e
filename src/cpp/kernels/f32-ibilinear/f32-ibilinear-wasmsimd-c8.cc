// f32_ibilinear_ukernel__wasmsimd_c8: bilinear interpolation of 4 taps per pixel, 8 channels per step,
// then 4, then the 1..3 channel tail with partial loads/stores.
// Over-read: none — each row is read only within `channels` floats.
// Reference: f32_ibilinear_ukernel__scalar_c1 (bit-exact: same operations in the same order).
#include <wasm_simd128.h>

#include "kernels/ibilinear.h"
#include "kernels/simd_util.h"

namespace webnn::kernels {
namespace {

inline v128_t Lerp4(v128_t tl, v128_t tr, v128_t bl, v128_t br, v128_t ax, v128_t bx, v128_t ay, v128_t by) {
  const v128_t top = wasm_f32x4_add(wasm_f32x4_mul(tl, ax), wasm_f32x4_mul(tr, bx));
  const v128_t bottom = wasm_f32x4_add(wasm_f32x4_mul(bl, ax), wasm_f32x4_mul(br, bx));
  return wasm_f32x4_add(wasm_f32x4_mul(top, ay), wasm_f32x4_mul(bottom, by));
}

}  // namespace

void f32_ibilinear_ukernel__wasmsimd_c8(size_t output_pixels, size_t channels, const float** input,
                                        size_t input_offset, const float* weights, float* output,
                                        size_t output_increment) {
  for (; output_pixels != 0; --output_pixels) {
    const float* tl = simd::ByteOffset(input[0], input_offset);
    const float* tr = simd::ByteOffset(input[1], input_offset);
    const float* bl = simd::ByteOffset(input[2], input_offset);
    const float* br = simd::ByteOffset(input[3], input_offset);
    input += 4;
    const float tx = weights[0], ty = weights[1];
    weights += 2;
    const v128_t bx = wasm_f32x4_splat(tx), ax = wasm_f32x4_splat(1.0f - tx);
    const v128_t by = wasm_f32x4_splat(ty), ay = wasm_f32x4_splat(1.0f - ty);
    size_t c = 0;
    for (; c + 8 <= channels; c += 8) {
      const v128_t y0 = Lerp4(wasm_v128_load(tl + c), wasm_v128_load(tr + c), wasm_v128_load(bl + c),
                              wasm_v128_load(br + c), ax, bx, ay, by);
      const v128_t y1 = Lerp4(wasm_v128_load(tl + c + 4), wasm_v128_load(tr + c + 4), wasm_v128_load(bl + c + 4),
                              wasm_v128_load(br + c + 4), ax, bx, ay, by);
      wasm_v128_store(output + c, y0);
      wasm_v128_store(output + c + 4, y1);
    }
    if (c + 4 <= channels) {
      wasm_v128_store(output + c, Lerp4(wasm_v128_load(tl + c), wasm_v128_load(tr + c), wasm_v128_load(bl + c),
                                        wasm_v128_load(br + c), ax, bx, ay, by));
      c += 4;
    }
    if (c < channels) {
      const size_t t = channels - c;
      simd::StoreTail(output + c,
                      Lerp4(simd::LoadTail(tl + c, t), simd::LoadTail(tr + c, t), simd::LoadTail(bl + c, t),
                            simd::LoadTail(br + c, t), ax, bx, ay, by),
                      t);
    }
    output = simd::ByteOffset(output + channels, output_increment);
  }
}

}  // namespace webnn::kernels
