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

Expected<std::vector<uint8_t>> PackIntegerWeightsAsBytes(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                         const char* op) {
  // Each output channel's values as bytes above their minimum, which becomes the channel's zero point.
  const size_t group_bytes = kernels::QU8PackedIgemmSizeU8(nc, kc, ks);
  const size_t column = ks * kc;
  std::vector<uint8_t> packed(group_bytes * groups);
  std::vector<uint8_t> bytes(nc * column), zero_points(nc);
  for (size_t grp = 0; grp < groups; ++grp) {
    for (size_t o = 0; o < nc; ++o) {
      if (!ColumnAsBytes(w + (grp * nc + o) * column, column, 1, &bytes[o * column], 1, &zero_points[o])) {
        return NotSupported(std::string(op) + ": weight values span more than 255.");
      }
    }
    kernels::QU8PackIgemmGoiU8(nc, kc, ks, bytes.data(), zero_points.data(), true, nullptr, packed.data() + grp * group_bytes);
  }
  return packed;
}

Expected<std::vector<int16_t>> Int16Weights(const float* w, size_t n, const char* op) {
  std::vector<int16_t> values(n);
  bool exact = true;
  for (size_t i = 0; i < n; ++i) {
    const float v = std::min(std::max(w[i], -255.0f), 255.0f);
    values[i] = static_cast<int16_t>(v);
    exact &= static_cast<float>(values[i]) == w[i];
  }
  if (!exact) return NotSupported(std::string(op) + ": weights less their zero point are not integers in [-255, 255].");
  return values;
}

Expected<std::vector<uint8_t>> PackIntegerWeights(const float* w, size_t groups, size_t nc, size_t kc, size_t ks,
                                                  const char* op) {
  // The int16 layout takes the values less their zero point as they are: one conversion pass, then the packing
  // (a round trip through bytes and per-column zero points took 20 ns a weight, 155 ms of a 7.5 MB int8 U-Net's
  // build).
  const size_t group_bytes = kernels::QU8PackedIgemmSizeC2(nc, kc, ks);
  const size_t group_values = nc * ks * kc;
  ASSIGN_OR_RETURN(std::vector<int16_t> values, Int16Weights(w, groups * group_values, op));
  std::vector<uint8_t> packed(group_bytes * groups);
  for (size_t grp = 0; grp < groups; ++grp) {
    kernels::QS16PackIgemmGoiC2(nc, kc, ks, values.data() + grp * group_values, packed.data() + grp * group_bytes);
  }
  return packed;
}

}  // namespace webnn::compiler
