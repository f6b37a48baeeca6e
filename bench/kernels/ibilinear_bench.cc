// f32 ibilinear kernels stamped from f32-ibilinear.inc: resample2d's linear mode, 2x upsampling (each
// output pixel blends 4 input pixels). Bound by memory: GB/s of output written plus input read.
#include <string>
#include <vector>

#include "bench.h"
#include "kernels/ibilinear.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t ih, iw, c;
};
const Shape kShapes[] = {{56, 56, 32}, {28, 28, 128}, {160, 160, 8}};

void Run(const char* name, kernels::F32IbilinearUkernelFn fn) {
  for (const Shape& s : kShapes) {
    const size_t oh = s.ih * 2, ow = s.iw * 2;
    std::vector<float> image(s.ih * s.iw * s.c + 16, 0.5f), out(oh * ow * s.c + 16);
    std::vector<const float*> taps(oh * ow * 4);
    std::vector<float> weights(oh * ow * 2, 0.25f);
    for (size_t oy = 0; oy < oh; ++oy) {
      for (size_t ox = 0; ox < ow; ++ox) {
        size_t y0 = oy / 2, x0 = ox / 2, y1 = std::min(y0 + 1, s.ih - 1), x1 = std::min(x0 + 1, s.iw - 1);
        const float** t = taps.data() + (oy * ow + ox) * 4;
        t[0] = image.data() + (y0 * s.iw + x0) * s.c;
        t[1] = image.data() + (y0 * s.iw + x1) * s.c;
        t[2] = image.data() + (y1 * s.iw + x0) * s.c;
        t[3] = image.data() + (y1 * s.iw + x1) * s.c;
      }
    }
    double t = BestSeconds([&] {
      for (size_t oy = 0; oy < oh; ++oy) {
        fn(ow, s.c, taps.data() + oy * ow * 4, 0, weights.data() + oy * ow * 2, out.data() + oy * ow * s.c, 0);
      }
    });
    double bytes = 4.0 * (oh * ow * s.c + s.ih * s.iw * s.c);
    Report(name, std::to_string(s.ih) + "x" + std::to_string(s.iw) + "x" + std::to_string(s.c) + " ->2x", t, 0, bytes);
  }
}

#define WEBNN_F32_IBILINEAR_UKERNEL(ct, name) const Register register_##name(#name, [] { Run(#name, kernels::name); });
#include "kernels/f32-ibilinear/f32-ibilinear.inc"
#undef WEBNN_F32_IBILINEAR_UKERNEL

}  // namespace
}  // namespace webnn::bench
