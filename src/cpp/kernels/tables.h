// Lookup tables shared by the kernels (each defined in tables/<name>.cc), as XNNPACK's src/tables.
#pragma once

namespace webnn::kernels {

// 2^(k/128), k = 0..127, correctly rounded doubles: exp's f64 reduction by ln2/128.
extern const double kExp2KOver128[128];

}  // namespace webnn::kernels
