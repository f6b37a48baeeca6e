// f32 vbinary kernels stamped from f32-vbinary.inc: every kernel against a double-precision reference
// (exact: each is one IEEE operation, pow double-rounded), SIMD against its scalar twin bit for bit,
// n = 1..33 for tails, in place, clamps, and 0, -0, ±inf, NaN operands. Plus the dispatch table and
// the integer scalar kernels (wrap-around, division by zero).
#include "kernels/vbinary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

using testing::Rng;
using testing::SameBits;

// A kernel of a stamped list: its name and entry point.
template <typename Fn>
struct NamedKernel {
  const char* name;
  Fn fn;
};
using VBinaryKernel = NamedKernel<F32VBinaryFn>;

#define WEBNN_F32_VBINARY_UKERNEL(name) VBinaryKernel{#name, name},
const VBinaryKernel kKernels[] = {
#include "kernels/f32-vbinary/f32-vbinary.inc"
};
#undef WEBNN_F32_VBINARY_UKERNEL

// Parses "f32_v[r]<op>[c]_minmax_ukernel__<isa>".
struct Shape {
  std::string op;
  bool scalar_b, reversed;
};
Shape Parse(const std::string& name) {
  std::string s = name.substr(5, name.find("_minmax") - 5);
  Shape sh{s, false, false};
  if (s.size() > 1 && s.back() == 'c' && s != "vrc") {
    sh.scalar_b = true;
    s.pop_back();
  }
  if (s[0] == 'r' && s != "rc") {
    sh.reversed = true;
    s = s.substr(1);
  }
  sh.op = s;
  return sh;
}

// The shared math (elementwise_math.h) in double, rounded once; the kernel's op is found by its
// name in binary_ops.def.
float Reference(const std::string& op, float a, float b) {
#define WEBNN_BINARY_OP(e, name, kind) \
  if (op == #name) return static_cast<float>(BinaryArith<double>(BinaryOp::e, a, b));
#include "kernels/binary_ops.def"
#undef WEBNN_BINARY_OP
  ADD_FAILURE() << "unknown op " << op;
  return 0;
}

const VBinaryKernel* Twin(const VBinaryKernel& k) {
  std::string name = k.name;
  size_t pos = name.find("wasmsimd_u8");
  if (pos == std::string::npos) return nullptr;
  name = name.substr(0, pos) + "scalar";
  for (const VBinaryKernel& t : kKernels)
    if (name == t.name) return &t;
  return nullptr;
}

void Check(const VBinaryKernel& k, const std::vector<float>& a, const std::vector<float>& b, float lo, float hi,
           bool in_place) {
  const Shape sh = Parse(k.name);
  const size_t n = a.size();
  std::vector<float> y(n + 1, 777.0f);  // one sentinel past the end
  std::vector<float> work = a;
  MinMaxParams p{lo, hi};
  if (in_place) {
    k.fn(n, work.data(), b.data(), work.data(), &p);
    std::copy(work.begin(), work.end(), y.begin());
  } else {
    k.fn(n, a.data(), b.data(), y.data(), &p);
  }
  ASSERT_EQ(y[n], 777.0f) << k.name << " wrote past n=" << n;
  std::vector<float> twin_y(n);
  const VBinaryKernel* twin = Twin(k);
  if (twin) twin->fn(n, a.data(), b.data(), twin_y.data(), &p);
  for (size_t i = 0; i < n; ++i) {
    float bv = sh.scalar_b ? b[0] : b[i];
    float r = sh.reversed ? Reference(sh.op, bv, a[i]) : Reference(sh.op, a[i], bv);
    r = r < lo ? lo : (hi < r ? hi : r);
    ASSERT_TRUE(SameBits(y[i], r) || (y[i] == 0 && r == 0 && sh.op != "max" && sh.op != "min"))
        << k.name << " n=" << n << " i=" << i << " a=" << a[i] << " b=" << bv << " got " << y[i] << " want " << r;
    if (twin) ASSERT_TRUE(SameBits(y[i], twin_y[i])) << k.name << " vs " << twin->name << " at " << i;
  }
}

TEST(F32VBinary, ParseNames) {
  Shape s = Parse("f32_vrsubc_minmax_ukernel__scalar");
  EXPECT_EQ(s.op, "sub");
  EXPECT_TRUE(s.scalar_b);
  EXPECT_TRUE(s.reversed);
  s = Parse("f32_vmul_minmax_ukernel__wasmsimd_u8");
  EXPECT_EQ(s.op, "mul");
  EXPECT_FALSE(s.scalar_b);
}

TEST(F32VBinary, TailsInPlaceAndClamps) {
  Rng rng(3);
  for (const VBinaryKernel& k : kKernels) {
    const Shape sh = Parse(k.name);
    for (size_t n = 1; n <= 33; ++n) {
      std::vector<float> a = rng.Vector(n, -4.0f, 4.0f);
      std::vector<float> b = rng.Vector(sh.scalar_b ? 1 : n, 0.5f, 3.0f);
      if (sh.op == "pow") {
        for (float& v : a) v = std::fabs(v);  // finite results, non-trivial rounding
      }
      Check(k, a, b, -INFINITY, INFINITY, false);
      Check(k, a, b, -INFINITY, INFINITY, true);
      Check(k, a, b, -0.5f, 1.25f, false);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(F32VBinary, SpecialValues) {
  const auto& sv = testing::SpecialValues();
  for (const VBinaryKernel& k : kKernels) {
    const Shape sh = Parse(k.name);
    // Every pair of special values, laid out as one long vector (exercises the u8 loop too).
    std::vector<float> a, b;
    for (float x : sv)
      for (float y : sv) {
        a.push_back(x);
        b.push_back(y);
      }
    if (sh.scalar_b) {
      for (float y : sv) {
        Check(k, sv, {y}, -INFINITY, INFINITY, false);
        if (::testing::Test::HasFatalFailure()) return;
      }
    } else {
      Check(k, a, b, -INFINITY, INFINITY, false);
      Check(k, a, b, -1.0f, 1.0f, false);  // clamp keeps NaN
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// pow with the exponents that take SIMD forms (0.5, 2, 3: see f32-vpowc-minmax-wasmsimd-u8.cc) against the
// double reference and the scalar twin, bit for bit, over a stride of every float bit pattern (both
// signs, subnormals, infinities, NaNs); all 2^32 of them match too (checked once, ~90 s).
TEST(F32VBinary, PowcFastExponentsOverAStrideOfAllFloats) {
  const VBinaryKernel* k = nullptr;
  for (const VBinaryKernel& c : kKernels)
    if (std::string(c.name) == "f32_vpowc_minmax_ukernel__wasmsimd_u8") k = &c;
  ASSERT_NE(k, nullptr);
  std::vector<float> a = testing::SpecialValues();
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 4099) {
    const uint32_t u = static_cast<uint32_t>(bits);
    float v;
    std::memcpy(&v, &u, sizeof(v));
    a.push_back(v);
  }
  for (float e : {0.5f, 2.0f, 3.0f}) {
    Check(*k, a, {e}, -INFINITY, INFINITY, false);
    Check(*k, a, {e}, -0.5f, 1.25f, true);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

using VAddPaddedKernel = NamedKernel<F32VAddPaddedFn>;
#define WEBNN_F32_VADDPAD_UKERNEL(name) VAddPaddedKernel{#name, name},
const VAddPaddedKernel kAddPaddedKernels[] = {
#include "kernels/f32-vbinary/f32-vaddpad.inc"
};
#undef WEBNN_F32_VADDPAD_UKERNEL

// The padded add against the add of the zero-padded operand (one IEEE add, then the clamp: exact), for every row
// width up to 13 and every narrower b, out of place and in place, with and without a clamp. -0 in a beside b's
// padding gives +0 (-0 + +0), and NaN stays NaN.
TEST(F32VAddPadded, AgainstTheAddOfThePaddedOperand) {
  Rng rng(11);
  constexpr size_t kRows = 3;
  for (const VAddPaddedKernel& k : kAddPaddedKernels) {
    for (size_t ca = 1; ca <= 13; ++ca) {
      for (size_t cb = 1; cb <= ca; ++cb) {
        std::vector<float> a = rng.Vector(kRows * ca, -4.0f, 4.0f);
        const std::vector<float> b = rng.Vector(kRows * cb, -2.0f, 2.0f);
        a[ca - 1] = -0.0f;  // padding when cb < ca
        a[kRows * ca - 1] = NAN;
        for (const auto& [lo, hi] : {std::pair{-INFINITY, INFINITY}, std::pair{-0.5f, 1.25f}}) {
          const MinMaxParams params{lo, hi};
          std::vector<float> want(a.size());
          for (size_t r = 0; r < kRows; ++r) {
            for (size_t c = 0; c < ca; ++c) {
              float v = a[r * ca + c] + (c < cb ? b[r * cb + c] : 0.0f);
              v = v < lo ? lo : v;
              want[r * ca + c] = hi < v ? hi : v;
            }
          }
          for (const bool in_place : {false, true}) {
            std::vector<float> y = in_place ? a : std::vector<float>(a.size(), 7.0f);
            k.fn(kRows, ca, cb, in_place ? y.data() : a.data(), b.data(), y.data(), &params);
            for (size_t i = 0; i < y.size(); ++i) {
              ASSERT_TRUE(SameBits(y[i], want[i])) << k.name << " ca=" << ca << " cb=" << cb << " i=" << i
                                                   << " in_place=" << in_place << ": " << y[i] << " vs " << want[i];
            }
          }
        }
      }
    }
  }
  EXPECT_NE(GetF32VAddPadded(), nullptr);
}

TEST(F32VBinary, DispatchTable) {
  const float a[5] = {1, 2, 3, 4, 5};
  const float b[5] = {2, 2, 2, 2, 2};
  const float s = 10.0f;
  MinMaxParams p{-INFINITY, INFINITY};
  struct Expect {
    BinaryOp op;
    float vv0, vc0, cv0;  // results at index 0 for a[0]=1, b[0]=2; vc: a OP 10; cv: 10 OP b
  } cases[] = {{BinaryOp::kAdd, 3, 11, 12},   {BinaryOp::kSub, -1, -9, 8},    {BinaryOp::kMul, 2, 10, 20},
               {BinaryOp::kDiv, 0.5f, 0.1f, 5}, {BinaryOp::kMax, 2, 10, 10}, {BinaryOp::kMin, 1, 1, 2},
               {BinaryOp::kPow, 1, 1, 100}};
  for (auto get : {GetF32VBinary, GetF32VBinaryScalar}) {
    for (const Expect& e : cases) {
      float y[5];
      get(e.op, BroadcastKind::kVV)(5, a, b, y, &p);
      EXPECT_EQ(y[0], e.vv0) << static_cast<int>(e.op);
      get(e.op, BroadcastKind::kVC)(5, a, &s, y, &p);
      EXPECT_EQ(y[0], e.vc0) << static_cast<int>(e.op);
      get(e.op, BroadcastKind::kCV)(5, &s, b, y, &p);
      EXPECT_EQ(y[0], e.cv0) << static_cast<int>(e.op);
      EXPECT_EQ(y[4], e.cv0) << static_cast<int>(e.op);
    }
  }
}

template <typename T>
void CheckIntegers() {
  using L = std::numeric_limits<T>;
  const T a[] = {T(7), T(0), L::max(), L::min(), T(2), T(1)};
  const T b[] = {T(2), T(0), T(1), T(-1), T(3), T(0)};
  T y[6];
  VBinaryUkernelScalar<T>(BinaryOp::kAdd, BroadcastKind::kVV, 6, a, b, y);
  EXPECT_EQ(y[0], T(9));
  EXPECT_EQ(y[2], L::min());  // wraps
  VBinaryUkernelScalar<T>(BinaryOp::kDiv, BroadcastKind::kVV, 6, a, b, y);
  EXPECT_EQ(y[0], T(3));  // truncates
  EXPECT_EQ(y[1], T(0));  // 0 / 0 = 0
  EXPECT_EQ(y[5], T(0));  // 1 / 0 = 0
  if constexpr (L::is_signed) {
    EXPECT_EQ(y[3], L::min());  // INT_MIN / -1 wraps
    const T n7 = T(-7), two = T(2);
    T q;
    VBinaryUkernelScalar<T>(BinaryOp::kDiv, BroadcastKind::kVV, 1, &n7, &two, &q);
    EXPECT_EQ(q, T(-3));
  }
  VBinaryUkernelScalar<T>(BinaryOp::kPow, BroadcastKind::kVV, 6, a, b, y);
  EXPECT_EQ(y[0], T(49));
  EXPECT_EQ(y[1], T(1));  // 0^0
  EXPECT_EQ(y[4], T(8));
  VBinaryUkernelScalar<T>(BinaryOp::kMax, BroadcastKind::kVC, 6, a, b, y);  // max(a, 2)
  EXPECT_EQ(y[1], T(2));
  EXPECT_EQ(y[2], L::max());
  VBinaryUkernelScalar<T>(BinaryOp::kMin, BroadcastKind::kCV, 6, a, b, y);  // min(7, b)
  EXPECT_EQ(y[0], T(2));
  VBinaryUkernelScalar<T>(BinaryOp::kSub, BroadcastKind::kCV, 6, a, b, y);  // 7 - b
  EXPECT_EQ(y[4], T(4));
  VBinaryUkernelScalar<T>(BinaryOp::kMul, BroadcastKind::kVV, 6, a, b, y);
  EXPECT_EQ(y[0], T(14));
  EXPECT_EQ(y[2], L::max());
}

TEST(VBinaryInteger, AllTypes) {
  CheckIntegers<int8_t>();
  CheckIntegers<uint8_t>();
  CheckIntegers<int32_t>();
  CheckIntegers<uint32_t>();
  CheckIntegers<int64_t>();
  CheckIntegers<uint64_t>();
  // Negative exponents: 0 except for bases ±1.
  const int32_t base[] = {2, 1, -1, -1}, exp[] = {-1, -5, -3, -2};
  int32_t y[4];
  VBinaryUkernelScalar<int32_t>(BinaryOp::kPow, BroadcastKind::kVV, 4, base, exp, y);
  EXPECT_EQ(y[0], 0);
  EXPECT_EQ(y[1], 1);
  EXPECT_EQ(y[2], -1);
  EXPECT_EQ(y[3], 1);
  const int8_t b8 = -3, e8 = 5;
  int8_t r8;
  VBinaryUkernelScalar<int8_t>(BinaryOp::kPow, BroadcastKind::kVV, 1, &b8, &e8, &r8);
  EXPECT_EQ(r8, static_cast<int8_t>(-243));  // wraps to 13
}

}  // namespace
}  // namespace webnn::kernels
