// x32_select_ukernel__scalar: y[i] = c[i] != 0 ? t[i] : f[i] (the reference).
#include "kernels/select.h"

namespace webnn::kernels {

void x32_select_ukernel__scalar(size_t n, const uint8_t* c, const uint32_t* t, const uint32_t* f, uint32_t* y) {
  for (size_t i = 0; i < n; ++i) y[i] = c[i] != 0 ? t[i] : f[i];
}

}  // namespace webnn::kernels
