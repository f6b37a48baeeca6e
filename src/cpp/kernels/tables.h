// Lookup tables shared by the kernels (each defined in tables/<name>.cc), as XNNPACK's src/tables.
#pragma once

namespace webnn::kernels {

// 2^(k/128), k = 0..127, correctly rounded doubles: exp's f64 reduction by ln2/128.
extern const double kExp2KOver128[128];

// log's reduction by 128 reciprocals (tables/log-inv-c-128.cc): invc of 29 significant bits, logc = -log(invc).
struct LogTableEntry {
  double invc, logc;
};
extern const LogTableEntry kLogInvC128[128];

}  // namespace webnn::kernels
