// Qb4wPack: the layout of kernels/qbw.h (qbw_impl::Pack with qb4w's groups).
#include "kernels/qb4w_layout.h"

namespace webnn::kernels {

void Qb4wPack(size_t nc, size_t kc, size_t bl, const QbwSource& src, uint8_t* packed) { qbw_impl::Pack<Qb4wLayout>(nc, kc, bl, src, packed); }

}  // namespace webnn::kernels
