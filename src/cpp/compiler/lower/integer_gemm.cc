#include "compiler/lower/integer_gemm.h"

#include <algorithm>
#include <string>

namespace webnn::compiler {

bool ColumnAsBytes(const float* f, size_t len, size_t stride, uint8_t* bytes, size_t byte_stride, uint8_t* zero_point) {
  float lo = 0, hi = 0;
  for (size_t i = 0; i < len; ++i) {
    const float v = f[i * stride];
    if (v != static_cast<float>(static_cast<int32_t>(v))) return false;
    lo = std::min(lo, v), hi = std::max(hi, v);
  }
  if (hi - lo > 255.0f) return false;
  *zero_point = static_cast<uint8_t>(-lo);
  for (size_t i = 0; i < len; ++i) bytes[i * byte_stride] = static_cast<uint8_t>(f[i * stride] - lo);
  return true;
}

Expected<std::vector<uint8_t>> PackIntegerWeights(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                  const char* op) {
  // The packer takes uint8 weights and per-column zero points: each column is handed over as bytes (its
  // values span at most 255: one stored uint8 range less one zero point).
  const size_t group_bytes = kernels::QU8PackedIgemmSize(nc, kc, ks);
  const size_t column = ks * kc;
  std::vector<uint8_t> packed(group_bytes * groups);
  std::vector<uint8_t> bytes(nc * column), zero_points(nc);
  for (size_t grp = 0; grp < groups; ++grp) {
    for (size_t o = 0; o < nc; ++o) {
      if (!ColumnAsBytes(w + (grp * nc + o) * column, column, 1, &bytes[o * column], 1, &zero_points[o])) {
        return NotSupported(std::string(op) + ": weight values span more than 255.");
      }
    }
    kernels::QU8PackIgemmGoi(nc, kc, ks, bytes.data(), zero_points.data(), true, nullptr, packed.data() + grp * group_bytes);
  }
  return packed;
}

}  // namespace webnn::compiler
