// f32 col2im kernels stamped from f32-col2im.inc: convTranspose2d's scatter-free sum of the column
// rows that reach each output pixel. Shapes: a 3x3 stride-2 upsampling (2.25 rows per pixel on
// average; 1, 2 or 4 here) at the channel counts of a segmentation decoder. Bound by memory: GB/s.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/col2im.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t pixels, channels, rows;
};
const Shape kShapes[] = {{112 * 112, 32, 4}, {56 * 56, 64, 2}, {28 * 28, 128, 4}};

void Run(const char* name, kernels::F32Col2imUkernelFn fn) {
  for (const Shape& s : kShapes) {
    // One column row per (pixel, tap): distinct memory, as convTranspose2d's column buffer is.
    std::vector<float> cols(s.pixels * s.rows * s.channels + 16, 0.5f), bias(s.channels, 0.1f), out(s.pixels * s.channels + 16);
    std::vector<const float*> ptrs(s.pixels * s.rows);
    for (size_t i = 0; i < ptrs.size(); ++i) ptrs[i] = cols.data() + i * s.channels;
    kernels::MinMaxParams params{-1e30f, 1e30f};
    double t = BestSeconds([&] {
      for (size_t p = 0; p < s.pixels; ++p) {
        fn(s.channels, s.rows, ptrs.data() + p * s.rows, 0, bias.data(), out.data() + p * s.channels, &params);
      }
    });
    double bytes = 4.0 * s.pixels * s.channels * (s.rows + 1);
    Report(name, std::to_string(s.pixels) + "px c" + std::to_string(s.channels) + " r" + std::to_string(s.rows), t, 0, bytes);
  }
}

#define WEBNN_F32_COL2IM_UKERNEL(ct, name) const Register register_##name(#name, [] { Run(#name, kernels::name); });
#include "kernels/f32-col2im/f32-col2im.inc"
#undef WEBNN_F32_COL2IM_UKERNEL

}  // namespace
}  // namespace webnn::bench
