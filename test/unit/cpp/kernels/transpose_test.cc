// Transpose: the 2-D x32 tile kernel (odd sizes, strides, against the scalar twin) and TransposeNd for
// element sizes 1, 2, 4, 8, ranks 0..5, every permutation up to rank 4 and random ones at rank 5,
// odd shapes with size-1 axes, against a naive index-mapping reference.
#include "kernels/transpose.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

#include "kernels/kernel_testutil.h"

namespace webnn::kernels {
namespace {

TEST(X32Transpose, TileKernel) {
  for (size_t h = 1; h <= 11; ++h) {
    for (size_t w = 1; w <= 11; ++w) {
      const size_t in_stride = w + 3, out_stride = h + 2;
      std::vector<uint32_t> in(h * in_stride);
      std::iota(in.begin(), in.end(), 1000u);
      std::vector<uint32_t> out(w * out_stride, 7u), ref(w * out_stride, 7u);
      x32_transpose_ukernel__4x4_wasmsimd(in.data(), out.data(), in_stride * 4, out_stride * 4, w, h);
      x32_transpose_ukernel__4x4_scalar(in.data(), ref.data(), in_stride * 4, out_stride * 4, w, h);
      for (size_t j = 0; j < w; ++j) {
        for (size_t i = 0; i < out_stride; ++i) {
          const uint32_t want = i < h ? in[i * in_stride + j] : 7u;
          ASSERT_EQ(out[j * out_stride + i], want) << h << "x" << w;
          ASSERT_EQ(ref[j * out_stride + i], want);
        }
      }
    }
  }
}

template <typename T>
void CheckNd(const std::vector<uint32_t>& shape, const std::vector<uint32_t>& perm) {
  const size_t rank = shape.size();
  size_t total = 1;
  for (uint32_t s : shape) total *= s;
  std::vector<T> in(total), out(total + 1, T(99)), ref(total);
  for (size_t i = 0; i < total; ++i) in[i] = static_cast<T>(i * 2654435761u + 1);
  std::vector<size_t> in_strides(rank, 1), out_shape(rank), out_strides(rank, 1);
  for (size_t i = rank; i-- > 1;) in_strides[i - 1] = in_strides[i] * shape[i];
  for (size_t i = 0; i < rank; ++i) out_shape[i] = shape[perm[i]];
  for (size_t i = rank; i-- > 1;) out_strides[i - 1] = out_strides[i] * out_shape[i];
  for (size_t o = 0; o < total; ++o) {
    size_t rem = o, src = 0;
    for (size_t i = 0; i < rank; ++i) {
      size_t idx = rem / out_strides[i];
      rem %= out_strides[i];
      src += idx * in_strides[perm[i]];
    }
    ref[o] = in[src];
  }
  TransposeNd(sizeof(T), rank, shape.data(), perm.data(), in.data(), out.data());
  for (size_t o = 0; o < total; ++o) {
    ASSERT_EQ(out[o], ref[o]) << "element size " << sizeof(T) << " rank " << rank << " at " << o;
  }
  ASSERT_EQ(out[total], T(99)) << "wrote past the output";
  // In parts, as a thread pool runs it: three uneven ranges of units, the last first.
  const TransposeNdPlan plan = PlanTransposeNd(sizeof(T), rank, shape.data(), perm.data());
  std::fill(out.begin(), out.end(), T(99));
  const size_t a = plan.units / 3, b = plan.units - plan.units / 5;
  RunTransposeNd(plan, in.data(), out.data(), b, plan.units);
  RunTransposeNd(plan, in.data(), out.data(), 0, a);
  RunTransposeNd(plan, in.data(), out.data(), a, b);
  for (size_t o = 0; o < total; ++o) {
    ASSERT_EQ(out[o], ref[o]) << "in parts: element size " << sizeof(T) << " rank " << rank << " at " << o << " of " << plan.units << " units";
  }
  ASSERT_EQ(out[total], T(99)) << "in parts: wrote past the output";
}

void CheckAllSizes(const std::vector<uint32_t>& shape, const std::vector<uint32_t>& perm) {
  CheckNd<uint8_t>(shape, perm);
  CheckNd<uint16_t>(shape, perm);
  CheckNd<uint32_t>(shape, perm);
  CheckNd<uint64_t>(shape, perm);
}

TEST(TransposeNd, AllPermutationsUpToRank4) {
  const std::vector<std::vector<uint32_t>> shapes = {
      {}, {7}, {3, 5}, {1, 9}, {6, 1}, {3, 1, 5}, {2, 3, 5}, {5, 7, 9}, {2, 3, 4, 5}, {3, 1, 2, 7}, {1, 5, 1, 6}, {9, 4, 1, 1}};
  for (const auto& shape : shapes) {
    std::vector<uint32_t> perm(shape.size());
    std::iota(perm.begin(), perm.end(), 0u);
    do {
      CheckAllSizes(shape, perm);
      if (::testing::Test::HasFatalFailure()) return;
    } while (std::next_permutation(perm.begin(), perm.end()));
  }
}

TEST(TransposeNd, Rank5) {
  testing::Rng rng(12);
  const std::vector<std::vector<uint32_t>> shapes = {{2, 3, 1, 5, 7}, {3, 2, 5, 2, 3}, {1, 4, 3, 1, 9}};
  for (const auto& shape : shapes) {
    std::vector<uint32_t> perm(5);
    std::iota(perm.begin(), perm.end(), 0u);
    for (int k = 0; k < 30; ++k) {
      for (size_t i = 4; i > 0; --i) std::swap(perm[i], perm[rng.Next() % (i + 1)]);
      CheckAllSizes(shape, perm);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(TransposeNd, LargeInnerSwap) {
  CheckAllSizes({37, 61}, {1, 0});
  CheckAllSizes({3, 33, 17}, {0, 2, 1});
  CheckAllSizes({5, 8, 12}, {2, 1, 0});
}

// Planes larger than a tile, both ways and both ways at once (an image's NCHW -> NHWC has 3 rows of H x W columns).
TEST(TransposeNd, PlanesOfManyTiles) {
  CheckAllSizes({1, 3, 37, 29}, {0, 2, 3, 1});
  CheckAllSizes({2, 3, 300}, {0, 2, 1});
  CheckAllSizes({130, 5}, {1, 0});
  CheckAllSizes({2, 131, 517}, {0, 2, 1});
  const TransposeNdPlan plan = PlanTransposeNd(4, 3, std::vector<uint32_t>{2, 131, 517}.data(), std::vector<uint32_t>{0, 2, 1}.data());
  EXPECT_EQ(plan.units, 2u * 3 * 3);  // 2 planes of 3 x 3 tiles
  EXPECT_EQ(plan.unit_bytes, 64u * 256 * 4);
}

TEST(TransposeNd, RowCopiesAreUnits) {
  CheckAllSizes({4, 3, 5, 6}, {0, 2, 1, 3});
  const TransposeNdPlan plan = PlanTransposeNd(4, 4, std::vector<uint32_t>{4, 3, 5, 6}.data(), std::vector<uint32_t>{0, 2, 1, 3}.data());
  EXPECT_TRUE(plan.rows);
  EXPECT_EQ(plan.units, 4u * 5 * 3);
  EXPECT_EQ(plan.unit_bytes, 6u * 4);
}

}  // namespace
}  // namespace webnn::kernels
