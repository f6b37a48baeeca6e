// A small micro-benchmark harness in XNNPACK's manner (Google Benchmark does not build for wasm here):
// each family's file stamps one benchmark per kernel from the family's .inc enumerator and registers
// it; main.cc runs those whose name matches the filter and prints one row per kernel and shape.
#pragma once

#include <emscripten.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace webnn::bench {

struct Benchmark {
  std::string name;
  std::function<void()> run;
};

inline std::vector<Benchmark>& Registry() {
  static std::vector<Benchmark> benchmarks;
  return benchmarks;
}

struct Register {
  Register(std::string name, std::function<void()> run) { Registry().push_back({std::move(name), std::move(run)}); }
};

// Best time of one call of `fn` in seconds: calls are batched to at least 20 ms, five batches, and the
// fastest batch counts (the host is shared; the minimum is what the kernel can do).
inline double BestSeconds(const std::function<void()>& fn) {
  fn();  // warm caches and V8's tier-up of this code path
  size_t reps = 1;
  for (;;) {
    double t0 = emscripten_get_now();
    for (size_t i = 0; i < reps; ++i) fn();
    if (emscripten_get_now() - t0 >= 20.0 || reps >= (size_t{1} << 24)) break;
    reps *= 2;
  }
  double best = 1e30;
  for (int batch = 0; batch < 5; ++batch) {
    double t0 = emscripten_get_now();
    for (size_t i = 0; i < reps; ++i) fn();
    best = std::min(best, (emscripten_get_now() - t0) / 1000.0 / reps);
  }
  return best;
}

// One result row. `flops` (multiply-adds count 2) or `bytes` moved, whichever the family is bound by.
inline void Report(const std::string& kernel, const std::string& shape, double seconds, double flops, double bytes) {
  std::printf("%-48s %-22s %10.1f us", kernel.c_str(), shape.c_str(), seconds * 1e6);
  if (flops > 0) std::printf(" %8.2f GFLOP/s", flops / seconds / 1e9);
  if (bytes > 0) std::printf(" %8.2f GB/s", bytes / seconds / 1e9);
  std::printf("\n");
}

}  // namespace webnn::bench
