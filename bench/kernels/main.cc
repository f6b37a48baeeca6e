// Runs the registered kernel benchmarks: kernel_bench [substring of a benchmark name]. One thread; our
// kernels only (the comparison with XNNPACK lives in the model bench's browser page).
#include <cstdio>
#include <cstring>

#include "bench.h"

int main(int argc, char** argv) {
  const char* filter = argc > 1 ? argv[1] : "";
  std::printf("%-48s %-22s %13s %s\n", "kernel", "shape", "time", "rate");
  for (const auto& b : webnn::bench::Registry()) {
    if (std::strstr(b.name.c_str(), filter)) b.run();
  }
  return 0;
}
