// Helpers shared by the compiler tests that build and run small graphs: deterministic values and constant buffers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "runtime/buffer.h"

namespace webnn::compiler::testing {

// n values in [-0.5, 0.5) from a linear congruential sequence seeded with `seed`.
inline std::vector<float> Values(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    v[i] = static_cast<float>(seed >> 8) / 16777216.0f - 0.5f;
  }
  return v;
}

// A buffer holding `v`, for Subgraph::AddConstant.
inline std::shared_ptr<runtime::Buffer> FloatBuffer(const std::vector<float>& v) {
  auto buffer = runtime::Buffer::Allocate(v.size() * sizeof(float));
  EXPECT_TRUE(buffer.ok());
  std::memcpy((*buffer)->data(), v.data(), v.size() * sizeof(float));
  return *buffer;
}

}  // namespace webnn::compiler::testing
