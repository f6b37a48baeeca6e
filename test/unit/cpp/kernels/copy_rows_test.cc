// CopyRows: every row length from 0 to past kShortRow, rows at strides wider than the row, bytes around each
// destination row untouched.
#include "kernels/copy_rows.h"

#include <gtest/gtest.h>

#include <vector>

namespace webnn::kernels {
namespace {

TEST(CopyRows, EveryLengthAndNothingAround) {
  for (size_t bytes = 0; bytes <= kShortRow + 20; ++bytes) {
    const size_t rows = 5, src_stride = bytes + 3, dst_stride = bytes + 7;
    std::vector<uint8_t> src(rows * src_stride), dst(rows * dst_stride + 16, 0xEE);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 37 + 1);
    CopyRows(rows, bytes, src.data(), src_stride, dst.data() + 8, dst_stride);
    for (size_t r = 0; r < rows; ++r) {
      for (size_t b = 0; b < dst_stride; ++b) {
        const uint8_t want = b < bytes ? src[r * src_stride + b] : 0xEE;
        ASSERT_EQ(dst[8 + r * dst_stride + b], want) << "row of " << bytes << " bytes, row " << r << " byte " << b;
      }
    }
    for (size_t b = 0; b < 8; ++b) ASSERT_EQ(dst[b], 0xEE) << "wrote before the first row, rows of " << bytes;
  }
}

}  // namespace
}  // namespace webnn::kernels
