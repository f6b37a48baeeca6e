// convInteger through the exact integer Winograd F(2x2, 3x3) (compiler/lower/conv_integer_winograd.cc) against
// the direct convolution's int64 sums: int32 output equal to them; the float epilogue (per-channel scale, bias, a
// clamp) and the output quantization computed from them as the IGEMM step's epilogue does, equal too. Odd and even
// output sizes (tiles past the last row or column), 'same', asymmetric and no padding, a batch of two, channel
// counts with every SIMD tail, the operands' extremes (activations 0 and 255 against zero points 255 and 0,
// filters of +-255) with 300 input channels, two runs (the filter is transformed into the scratch at each).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/compiler_testutil.h"
#include "compiler/lower/conv_winograd.h"
#include "runtime/buffer.h"

namespace webnn::compiler {
namespace {

using testing::FloatBuffer;

enum class Output { kInt32, kFloat, kQuantized };

struct Case {
  uint32_t n, h, w, c, o, pad_top, pad_bottom, pad_left, pad_right;
  Output output;
  bool extremes;
};

std::shared_ptr<runtime::Buffer> Bytes(const std::vector<uint8_t>& v) {
  auto buffer = runtime::Buffer::Allocate(v.size());
  EXPECT_TRUE(buffer.ok());
  std::memcpy((*buffer)->data(), v.data(), v.size());
  return *buffer;
}

void CheckConv(const Case& t) {
  const uint32_t oh = t.h + t.pad_top + t.pad_bottom - 2, ow = t.w + t.pad_left + t.pad_right - 2;
  uint32_t seed = t.c * 131 + t.o;
  const auto next = [&] { return (seed = seed * 1664525u + 1013904223u) >> 8; };
  const uint8_t zx = t.extremes ? 255 : 37;
  std::vector<uint8_t> x(size_t{t.n} * t.h * t.w * t.c);
  for (auto& v : x) v = t.extremes ? 0 : static_cast<uint8_t>(next());
  // Filters less their zero point: each output channel's values span at most 255 (uint8 or int8 less one zero point).
  std::vector<float> f(size_t{t.o} * 9 * t.c);
  for (size_t i = 0; i < f.size(); ++i) {
    const size_t co = i / (9 * t.c);
    f[i] = t.extremes ? (co % 2 ? 255.0f : -255.0f) : static_cast<float>(int(next() % 256) - int(co % 3 == 0 ? 255 : 128));
  }
  std::vector<float> scale(t.o), bias(t.o);
  for (uint32_t co = 0; co < t.o; ++co) scale[co] = 1e-4f * float(1 + co % 5), bias[co] = 0.01f * float(int(co % 7) - 3);
  const float out_scale = 0.02f;
  const uint8_t out_zero_point = 100;

  Subgraph g;
  ValueId in = g.AddInput("x", DataType::kUint8, {t.n, t.h, t.w, t.c});
  ValueId zero_point = g.AddConstant(DataType::kUint8, {1}, Bytes({zx}));
  ValueId w = g.AddConstant(DataType::kFloat32, {t.o, 3, 3, t.c}, FloatBuffer(f));
  std::vector<ValueId> inputs{in, zero_point, w, kNoValue, kNoValue};
  ConvIntegerParams p;
  p.pad_top = t.pad_top;
  p.pad_bottom = t.pad_bottom;
  p.pad_left = t.pad_left;
  p.pad_right = t.pad_right;
  if (t.output != Output::kInt32) {
    p.float_output = true;
    p.clamp.min = -0.05f;
    inputs[3] = g.AddConstant(DataType::kFloat32, {t.o}, FloatBuffer(scale));
    inputs[4] = g.AddConstant(DataType::kFloat32, {t.o}, FloatBuffer(bias));
  }
  if (t.output == Output::kQuantized) {
    p.quantized_output = true;
    inputs.push_back(g.AddConstant(DataType::kFloat32, {1}, FloatBuffer({out_scale})));
    inputs.push_back(g.AddConstant(DataType::kUint8, {1}, Bytes({out_zero_point})));
  }
  const DataType out_type = t.output == Output::kInt32 ? DataType::kInt32 : t.output == Output::kFloat ? DataType::kFloat32 : DataType::kUint8;
  ValueId y = g.AddValue(out_type, {t.n, oh, ow, t.o});
  ASSERT_TRUE(IntegerWinogradSuits(ConvGeometry{t.n, t.h, t.w, t.c, oh, ow, t.o, 3, 3, t.c, t.o, p})) << "not a Winograd case";
  g.AddNode(p, inputs, {y}, "conv");
  g.AddOutput("y", y);
  auto plan = Compile(g);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  const size_t count = size_t{t.n} * oh * ow * t.o, bytes = count * (out_type == DataType::kUint8 ? 1 : 4);
  std::vector<uint8_t> out(bytes);
  void* ins[] = {x.data()};
  void* outs[] = {out.data()};
  for (int run = 0; run < 2; ++run) {
    std::fill(out.begin(), out.end(), 0xA5);
    (*plan)->Run(ins, outs, nullptr);
    for (size_t i = 0; i < count; ++i) {
      const size_t oc = i % t.o, ox = i / t.o % ow, oy = i / t.o / ow % oh, b = i / t.o / ow / oh;
      int64_t sum = 0;
      for (uint32_t ky = 0; ky < 3; ++ky) {
        for (uint32_t kx = 0; kx < 3; ++kx) {
          const int64_t iy = int64_t(oy) + ky - t.pad_top, ix = int64_t(ox) + kx - t.pad_left;
          for (uint32_t ci = 0; ci < t.c; ++ci) {
            const bool inside = iy >= 0 && ix >= 0 && iy < t.h && ix < t.w;
            const int64_t a = inside ? int64_t{x[((b * t.h + size_t(iy)) * t.w + size_t(ix)) * t.c + ci]} - zx : 0;
            sum += a * int64_t(f[((oc * 3 + ky) * 3 + kx) * t.c + ci]);
          }
        }
      }
      ASSERT_LT(std::llabs(sum), int64_t{1} << 31);
      if (t.output == Output::kInt32) {
        int32_t got;
        std::memcpy(&got, &out[i * 4], 4);
        ASSERT_EQ(got, sum) << "run " << run << " element " << i;
        continue;
      }
      const float product = static_cast<float>(sum) * scale[oc];  // as the epilogue: a multiply, then an add
      const float expect = std::fmax(product + bias[oc], -0.05f);
      if (t.output == Output::kFloat) {
        float got;
        std::memcpy(&got, &out[i * 4], 4);
        ASSERT_EQ(got, expect) << "run " << run << " element " << i;
        continue;
      }
      const float q = std::nearbyint(expect / out_scale) + out_zero_point;
      ASSERT_EQ(out[i], static_cast<uint8_t>(std::fmin(std::fmax(q, 0.0f), 255.0f))) << "run " << run << " element " << i;
    }
  }
}

TEST(ConvIntegerWinograd, EqualsTheDirectConvolutionsSums) {
  CheckConv({1, 9, 9, 8, 16, 1, 1, 1, 1, Output::kInt32, false});      // 'same', odd: tiles past the edges
  CheckConv({2, 10, 8, 13, 19, 1, 1, 1, 1, Output::kInt32, false});    // batch, channel tails (5 and 3)
  CheckConv({1, 12, 11, 21, 16, 0, 0, 0, 0, Output::kInt32, false});   // no padding
  CheckConv({1, 11, 10, 16, 24, 2, 0, 1, 2, Output::kInt32, false});   // asymmetric padding
  CheckConv({1, 8, 8, 300, 16, 1, 1, 1, 1, Output::kInt32, true});     // the extremes over 300 channels
}

TEST(ConvIntegerWinograd, EpilogueAndOutputQuantizationAsTheIgemmSteps) {
  CheckConv({1, 9, 9, 8, 16, 1, 1, 1, 1, Output::kFloat, false});
  CheckConv({2, 10, 8, 13, 19, 1, 1, 1, 1, Output::kFloat, false});
  CheckConv({1, 9, 9, 8, 16, 1, 1, 1, 1, Output::kQuantized, false});
  CheckConv({1, 11, 10, 16, 24, 2, 0, 1, 2, Output::kQuantized, false});
  CheckConv({1, 9, 10, 24, 8, 1, 1, 1, 1, Output::kQuantized, false});  // 8 output channels: one column block
}

}  // namespace
}  // namespace webnn::compiler
