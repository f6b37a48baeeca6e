// Dispatch table for the f32 vbinary kernels, and the integer scalar instantiations.
#include "kernels/vbinary.h"

namespace webnn::kernels {
namespace {

// kCV wrappers: y[i] = a[0] OP b[i]. Commutative ops reuse the "c" kernel with the operands swapped.
template <F32VBinaryFn kFn>
void Swapped(size_t n, const float* a, const float* b, float* y, const MinMaxParams* params) {
  kFn(n, b, a, y, params);
}

struct Row {
  F32VBinaryFn vv, vc, cv;
};

// Indexed by BinaryOp.
constexpr Row kSimd[] = {
    {f32_vadd_minmax_ukernel__wasmsimd_u8, f32_vaddc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vaddc_minmax_ukernel__wasmsimd_u8>},
    {f32_vsub_minmax_ukernel__wasmsimd_u8, f32_vsubc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vrsubc_minmax_ukernel__wasmsimd_u8>},
    {f32_vmul_minmax_ukernel__wasmsimd_u8, f32_vmulc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vmulc_minmax_ukernel__wasmsimd_u8>},
    {f32_vdiv_minmax_ukernel__wasmsimd_u8, f32_vdivc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vrdivc_minmax_ukernel__wasmsimd_u8>},
    {f32_vmax_minmax_ukernel__wasmsimd_u8, f32_vmaxc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vmaxc_minmax_ukernel__wasmsimd_u8>},
    {f32_vmin_minmax_ukernel__wasmsimd_u8, f32_vminc_minmax_ukernel__wasmsimd_u8,
     Swapped<f32_vminc_minmax_ukernel__wasmsimd_u8>},
    {f32_vpow_minmax_ukernel__scalar, f32_vpowc_minmax_ukernel__wasmsimd_u8, Swapped<f32_vrpowc_minmax_ukernel__scalar>},
};

constexpr Row kScalar[] = {
    {f32_vadd_minmax_ukernel__scalar, f32_vaddc_minmax_ukernel__scalar, Swapped<f32_vaddc_minmax_ukernel__scalar>},
    {f32_vsub_minmax_ukernel__scalar, f32_vsubc_minmax_ukernel__scalar, Swapped<f32_vrsubc_minmax_ukernel__scalar>},
    {f32_vmul_minmax_ukernel__scalar, f32_vmulc_minmax_ukernel__scalar, Swapped<f32_vmulc_minmax_ukernel__scalar>},
    {f32_vdiv_minmax_ukernel__scalar, f32_vdivc_minmax_ukernel__scalar, Swapped<f32_vrdivc_minmax_ukernel__scalar>},
    {f32_vmax_minmax_ukernel__scalar, f32_vmaxc_minmax_ukernel__scalar, Swapped<f32_vmaxc_minmax_ukernel__scalar>},
    {f32_vmin_minmax_ukernel__scalar, f32_vminc_minmax_ukernel__scalar, Swapped<f32_vminc_minmax_ukernel__scalar>},
    {f32_vpow_minmax_ukernel__scalar, f32_vpowc_minmax_ukernel__scalar, Swapped<f32_vrpowc_minmax_ukernel__scalar>},
};

F32VBinaryFn Select(const Row* table, BinaryOp op, BroadcastKind kind) {
  size_t i = static_cast<size_t>(op);
  if (!IsArithmetic(op)) i = 0;  // validated by the caller; never index out of the table
  switch (kind) {
    case BroadcastKind::kVC: return table[i].vc;
    case BroadcastKind::kCV: return table[i].cv;
    case BroadcastKind::kVV: break;
  }
  return table[i].vv;
}

}  // namespace

F32VBinaryFn GetF32VBinary(BinaryOp op, BroadcastKind kind) { return Select(kSimd, op, kind); }
F32VBinaryFn GetF32VBinaryScalar(BinaryOp op, BroadcastKind kind) { return Select(kScalar, op, kind); }
F32VAddPaddedFn GetF32VAddPadded() { return f32_vaddpad_minmax_ukernel__wasmsimd_u4; }

template void VBinaryUkernelScalar<int8_t>(BinaryOp, BroadcastKind, size_t, const int8_t*, const int8_t*, int8_t*);
template void VBinaryUkernelScalar<uint8_t>(BinaryOp, BroadcastKind, size_t, const uint8_t*, const uint8_t*, uint8_t*);
template void VBinaryUkernelScalar<int32_t>(BinaryOp, BroadcastKind, size_t, const int32_t*, const int32_t*, int32_t*);
template void VBinaryUkernelScalar<uint32_t>(BinaryOp, BroadcastKind, size_t, const uint32_t*, const uint32_t*,
                                             uint32_t*);
template void VBinaryUkernelScalar<int64_t>(BinaryOp, BroadcastKind, size_t, const int64_t*, const int64_t*, int64_t*);
template void VBinaryUkernelScalar<uint64_t>(BinaryOp, BroadcastKind, size_t, const uint64_t*, const uint64_t*,
                                             uint64_t*);

}  // namespace webnn::kernels
