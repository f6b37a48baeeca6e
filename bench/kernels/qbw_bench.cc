// f32 x blockwise 4- and 8-bit GEMV kernels stamped from f32-qb4w-gemm.inc and f32-qb8w-gemm.inc, on the projections of
// a decoder's one-token step (one row against [K, N] weights stored as 4 or 8 bits with a scale per block of 32
// along K): GB/s counts the packed weight bytes read (the bound of a decode step), beside the f32 GEMM's 1x8 tile on
// the same weights as
// float32 (what the graph ran before) for the ratio, and the host's read bandwidth (a SIMD sum over 64 MB) as
// the bound both approach.
#include <string>
#include <vector>

#include <wasm_simd128.h>

#include "bench.h"
#include "kernels/gemm.h"
#include "kernels/qbw.h"

namespace webnn::bench {
namespace {

struct Shape {
  size_t k, n;
};
const Shape kShapes[] = {{896, 896}, {896, 4864}, {4864, 896}, {3072, 3072}};
constexpr size_t kBlock = 32;

std::string Name(const Shape& s) { return "1x" + std::to_string(s.k) + "x" + std::to_string(s.n); }

// Where the headers start in one buffer holding a packing's two planes (kernels/qbw.h), groups first.
size_t GroupsSize(const Shape& s, int bits) { return kernels::QbwColumnBlocks(s.n) * kernels::GetQbwConfig(bits).group_block_bytes(s.k); }
size_t PackedSize(const Shape& s, int bits) { return GroupsSize(s, bits) + kernels::QbwHeadersSize(s.n, s.k, kBlock); }

// The shape's weights, `bits` wide with a scale per block of kBlock, packed as the family's GEMV reads them.
std::vector<uint8_t> PackedWeights(const Shape& s, int bits) {
  std::vector<uint8_t> q(s.n * s.k), z(s.n * (s.k / kBlock), 8);
  for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<uint8_t>((i * 7) % (1 << bits));
  const std::vector<float> scale(z.size(), 0.01f);
  const kernels::QbwConfig& family = kernels::GetQbwConfig(bits);
  std::vector<uint8_t> packed(PackedSize(s, bits));
  family.pack(
      s.n, s.k, kBlock, {q.data(), static_cast<int64_t>(s.k), 1, scale.data(), z.data(), static_cast<int64_t>(s.k / kBlock), 1, false},
      packed.data(), packed.data() + GroupsSize(s, bits));
  return packed;
}

void Run(const char* name, int bits, kernels::F32QbwGemmUkernelFn fn) {
  for (const Shape& s : kShapes) {
    const std::vector<uint8_t> packed = PackedWeights(s, bits);
    std::vector<float> a(s.k, 0.5f), c(s.n);
    const double t = BestSeconds([&] { fn(s.n, s.k, kBlock, a.data(), packed.data(), packed.data() + GroupsSize(s, bits), c.data()); });
    Report(name, Name(s), t, 2.0 * s.n * s.k, static_cast<double>(packed.size()));
  }
}

// A row split for an integer-dot GEMV: its digits, units and sums (kernels/qbw.h, QbwDotGemv).
struct SplitRow {
  std::vector<int8_t> limbs;
  std::vector<float> units;
  std::vector<int32_t> sums;
  SplitRow(const kernels::QbwDotGemv& dot, size_t k)
      : limbs(dot.limb_bytes_per_k * k), units(k / kBlock), sums(dot.sums_per_block * (k / kBlock)) {}
  void Split(const kernels::QbwDotGemv& dot, size_t k, const float* a) { dot.split(k, kBlock, a, limbs.data(), units.data(), sums.data()); }
  void Gemv(const kernels::QbwDotGemv& dot, const Shape& s, int bits, const uint8_t* packed, float* c) const {
    dot.gemv(s.n, s.k, kBlock, limbs.data(), units.data(), sums.data(), packed, packed + GroupsSize(s, bits), c);
  }
};

// The integer-dot GEMVs, the activations split once (the split timed on its own: once per row in a step). Then the
// decode step's case: the MLP's shape over 40 copies of its weights (116 MB, past the last-level cache), one after
// another, so that the weights come from DRAM as a token step's do.
void RunDot(const char* name, int bits, const kernels::QbwDotGemv& dot, const char* split_name) {
  for (const Shape& s : kShapes) {
    const std::vector<uint8_t> packed = PackedWeights(s, bits);
    std::vector<float> a(s.k), c(s.n);
    for (size_t i = 0; i < a.size(); ++i) a[i] = 0.5f + 0.001f * float(i % 17);
    SplitRow row(dot, s.k);
    double t = BestSeconds([&] { row.Split(dot, s.k, a.data()); });
    Report(split_name, "1x" + std::to_string(s.k), t, 0, 4.0 * s.k);
    t = BestSeconds([&] { row.Gemv(dot, s, bits, packed.data(), c.data()); });
    Report(name, Name(s), t, 2.0 * s.n * s.k, static_cast<double>(packed.size()));
  }
  const Shape s = kShapes[1];
  constexpr size_t kCopies = 40;
  const std::vector<std::vector<uint8_t>> copies(kCopies, PackedWeights(s, bits));
  std::vector<float> a(s.k, 0.5f), c(s.n);
  SplitRow row(dot, s.k);
  row.Split(dot, s.k, a.data());
  const double t = BestSeconds([&] {
    for (const auto& p : copies) row.Gemv(dot, s, bits, p.data(), c.data());
  });
  Report(name, std::to_string(kCopies) + " x " + Name(s) + " in DRAM", t, 2.0 * s.n * s.k * kCopies, static_cast<double>(copies[0].size()) * kCopies);
}

// Each integer-dot GEMV with its split: [name, bits, {gemv, split, limb bytes per k, sums per block}, split name].
struct DotCase {
  const char* name;
  int bits;
  kernels::QbwDotGemv dot;
  const char* split_name;
};
#define WEBNN_DOT_CASE(name, bits, split, limb_bytes, sums) \
  DotCase{#name, bits, {kernels::name, kernels::split, limb_bytes, sums}, #split}
const DotCase kDotCases[] = {
    WEBNN_DOT_CASE(f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, 4, f32_qbw_split_digits16__wasmsimd, 4, 2),
    WEBNN_DOT_CASE(f32_qb8w_gemv_ukernel_1x8__wasmsimd_dot16, 8, f32_qbw_split_digits16__wasmsimd, 4, 2),
    WEBNN_DOT_CASE(qd16_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, 4, f32_qbw_split_qd16__wasmsimd, 2, 1),
    WEBNN_DOT_CASE(qd8_f32_qb4w_gemv_ukernel_1x8__wasmsimd_dot16, 4, f32_qbw_split_qd8__wasmsimd, 1, 1),
#if WEBNN_RELAXED_SIMD
    WEBNN_DOT_CASE(f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, 4, f32_qbw_split_limbs__wasmsimd, 3, 3),
    WEBNN_DOT_CASE(qd16_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, 4, f32_qbw_split_qd16_digits__wasmsimd, 2, 2),
    WEBNN_DOT_CASE(qd8_f32_qb4w_gemv_ukernel_1x8__wasmrelaxedsimd_dot, 4, f32_qbw_split_qd8__wasmsimd, 1, 1),
#endif
};
#undef WEBNN_DOT_CASE
const bool registered_dots = [] {
  for (const DotCase& d : kDotCases) Register(d.name, [&d] { RunDot(d.name, d.bits, d.dot, d.split_name); });
  return true;
}();

void RunF32(const char* name) {
  const auto& cfg = kernels::GetF32GemmConfig();
  for (const Shape& s : kShapes) {
    std::vector<float> w(s.k * s.n, 0.25f), a(s.k, 0.5f), c(s.n);
    std::vector<float> packed(kernels::F32PackedGemmSize(s.n, s.k, cfg.nr));
    kernels::F32PackGemmGio(s.n, s.k, cfg.nr, w.data(), nullptr, packed.data());
    kernels::MinMaxParams params{-1e30f, 1e30f};
    const double t = BestSeconds([&] {
      cfg.gemm1(1, s.n, s.k, a.data(), s.k * sizeof(float), packed.data(), c.data(), s.n * sizeof(float), cfg.nr * sizeof(float), &params);
    });
    Report(name, Name(s), t, 2.0 * s.n * s.k, 4.0 * packed.size());
  }
}
void ReadBandwidth(const char* name) {
  std::vector<float> big(16 << 20, 1.0f);
  float sink = 0;
  const double t = BestSeconds([&] {
    v128_t a0 = wasm_f32x4_splat(0), a1 = a0, a2 = a0, a3 = a0;
    for (size_t i = 0; i < big.size(); i += 16) {
      a0 = wasm_f32x4_add(a0, wasm_v128_load(&big[i]));
      a1 = wasm_f32x4_add(a1, wasm_v128_load(&big[i + 4]));
      a2 = wasm_f32x4_add(a2, wasm_v128_load(&big[i + 8]));
      a3 = wasm_f32x4_add(a3, wasm_v128_load(&big[i + 12]));
    }
    sink += wasm_f32x4_extract_lane(wasm_f32x4_add(wasm_f32x4_add(a0, a1), wasm_f32x4_add(a2, a3)), 0);
  });
  Report(name, "64 MB" + std::string(sink > 0 ? "" : " "), t, 0, 4.0 * big.size());
}
const Register register_bandwidth("read bandwidth (f32x4 sum)", [] { ReadBandwidth("read bandwidth (f32x4 sum)"); });
// Packing, as build() runs it for each weight: GB/s of the byte-per-element source read (MatMulNBits' [N, K]).
void RunPack(const char* name, int bits) {
  const Shape s{4864, 896};
  std::vector<uint8_t> q(s.n * s.k), z(s.n * (s.k / kBlock), 8);
  for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<uint8_t>((i * 7) % (1 << bits));
  std::vector<float> scale(z.size(), 0.01f);
  const kernels::QbwConfig& family = kernels::GetQbwConfig(bits);
  std::vector<uint8_t> packed(PackedSize(s, bits));
  const kernels::QbwSource source{q.data(), static_cast<int64_t>(s.k), 1, scale.data(), z.data(), static_cast<int64_t>(s.k / kBlock), 1, false};
  const double t = BestSeconds([&] { family.pack(s.n, s.k, kBlock, source, packed.data(), packed.data() + GroupsSize(s, bits)); });
  Report(name, "4864x896", t, 0, static_cast<double>(q.size()));
}
const Register register_pack4("qb4w pack", [] { RunPack("qb4w pack", 4); });
const Register register_pack8("qb8w pack", [] { RunPack("qb8w pack", 8); });
const Register register_f32("f32_gemm 1x8 (float32 weights)", [] { RunF32("f32_gemm 1x8 (float32 weights)"); });

#define WEBNN_F32_QBW_GEMM_UKERNEL(mr, nr, name) const Register register_##name(#name, [] { Run(#name, 4, kernels::name); });
#include "kernels/f32-qb4w-gemm/f32-qb4w-gemm.inc"
#undef WEBNN_F32_QBW_GEMM_UKERNEL
#define WEBNN_F32_QBW_GEMM_UKERNEL(mr, nr, name) const Register register_##name(#name, [] { Run(#name, 8, kernels::name); });
#include "kernels/f32-qb8w-gemm/f32-qb8w-gemm.inc"
#undef WEBNN_F32_QBW_GEMM_UKERNEL

}  // namespace
}  // namespace webnn::bench
