#include "compiler/lower/integer_gemm.h"

#include <string>

namespace webnn::compiler {

Expected<std::vector<uint8_t>> PackIntegerWeights(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                  const char* op) {
  // The packer takes uint8 weights and per-column zero points, so each column is handed over as (f - min f)
  // with zero point -min f (its values span at most 255: one stored uint8 range less one zero point).
  const size_t group_bytes = kernels::QU8PackedIgemmSize(nc, kc, ks);
  const size_t column = ks * kc;
  std::vector<uint8_t> packed(group_bytes * groups);
  std::vector<uint8_t> bytes(nc * column), zero_points(nc);
  for (size_t grp = 0; grp < groups; ++grp) {
    for (size_t o = 0; o < nc; ++o) {
      const float* row = w + (grp * nc + o) * column;
      float lo = 0, hi = 0;
      for (size_t k = 0; k < column; ++k) lo = std::min(lo, row[k]), hi = std::max(hi, row[k]);
      if (hi - lo > 255.0f) return NotSupported(std::string(op) + ": weight values span more than 255.");
      zero_points[o] = static_cast<uint8_t>(-lo);
      for (size_t k = 0; k < column; ++k) bytes[o * column + k] = static_cast<uint8_t>(row[k] - lo);
    }
    kernels::QU8PackIgemmGoi(nc, kc, ks, bytes.data(), zero_points.data(), true, nullptr, packed.data() + grp * group_bytes);
  }
  return packed;
}

}  // namespace webnn::compiler
