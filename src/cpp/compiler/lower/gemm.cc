// gemm and matmul on the f32 GEMM microkernels. Constant B (weights) is packed once at build with
// alpha and beta*C folded in when C is a row vector; a B computed at run time is packed per run into a
// scratch buffer (O(K*N) against O(M*K*N) of work).
#include <cstring>
#include <mutex>

#include "compiler/lower/broadcast.h"
#include "compiler/lower/half_weights.h"
#include "compiler/lower/lower.h"
#include "compiler/lower/parallel.h"
#include "kernels/gemm.h"
#include "kernels/gemv.h"
#include "runtime/aligned_vector.h"

namespace webnn::compiler {
namespace {

// A matmul of up to kGemvMaxRows rows against a run-time b of up to kGemvMaxRowsBBytes (per batch) runs a GEMV per
// row, b read where it lies (it stays in L2 between the rows), instead of packing b for the GEMM tiles.
constexpr size_t kGemvMaxRows = 8;
constexpr size_t kGemvMaxRowsBBytes = 512 * 1024;

using runtime::ExecContext;
using runtime::TensorRef;

void RunPackedGemm(runtime::ThreadPool* pool, size_t m, size_t n, size_t k, const float* a, size_t a_stride,
                   const float* packed, float* c, size_t c_stride, const kernels::MinMaxParams& params) {
  const auto& cfg = kernels::GetF32GemmConfig();
  size_t mr = cfg.mr, nr = cfg.nr;
  ParallelTiles2D(pool, uint64_t{m} * n * k, m, n, mr, CappedColumnTile(m, n, mr, nr), [&](size_t i, size_t j, size_t mi, size_t nj) {
    auto fn = mi == 1 && cfg.gemm1 ? cfg.gemm1 : cfg.gemm;
    fn(mi, nj, k, a + i * a_stride, a_stride * sizeof(float), packed + (j / nr) * nr * (k + 1), c + i * c_stride + j,
       c_stride * sizeof(float), nr * sizeof(float), &params);
  });
}

// Packs B ([K, N], or [N, K] when transposed) scaled by alpha, with bias (length N or null).
runtime::AlignedVector<float> PackB(const float* b, size_t k, size_t n, bool transposed, float alpha, const float* bias) {
  const auto& cfg = kernels::GetF32GemmConfig();
  std::vector<float> scaled;
  if (alpha != 1.0f) {
    scaled.assign(b, b + k * n);
    for (float& v : scaled) v *= alpha;
    b = scaled.data();
  }
  runtime::AlignedVector<float> packed(kernels::F32PackedGemmSize(n, k, cfg.nr));
  if (transposed) {
    kernels::F32PackGemmGoi(n, k, 1, cfg.nr, b, bias, packed.data());
  } else {
    kernels::F32PackGemmGio(n, k, cfg.nr, b, bias, packed.data());
  }
  return packed;
}

}  // namespace

Expected<StepPtr> LowerGemm(const LowerArgs& a) {
  const auto& p = std::get<GemmParams>(a.node.params);
  if (a.input(0).type != DataType::kFloat32) return NotSupported("gemm: only float32 is implemented.");
  const Shape& as = a.input(0).shape;
  size_t m = p.a_transpose ? as[1] : as[0];
  size_t k = p.a_transpose ? as[0] : as[1];
  size_t n = a.output(0).shape[1];
  bool has_c = a.has_input(2);
  Shape c_shape = has_c ? a.input(2).shape : Shape{};
  // C folds into the packed bias when it is a constant that is the same for every row.
  bool c_is_row = has_c && a.constant(2) && (c_shape.empty() || c_shape.size() == 1 || c_shape[0] == 1);
  const float* b_const = reinterpret_cast<const float*>(a.constant(1));
  kernels::MinMaxParams params{p.clamp.min, p.clamp.max};
  TensorRef ra = a.in[0], rb = a.in[1], rc = has_c ? a.in[2] : TensorRef{}, ry = a.out[0];
  bool a_t = p.a_transpose, b_t = p.b_transpose;
  float alpha = p.alpha, beta = p.beta;

  std::vector<float> bias;
  if (c_is_row) {
    const float* c = reinterpret_cast<const float*>(a.constant(2));
    uint64_t c_n = *NumElements(c_shape);
    bias.resize(n);
    for (size_t j = 0; j < n; ++j) bias[j] = beta * c[c_n == 1 ? 0 : j];
  }
  runtime::AlignedVector<float> packed;
  if (b_const) {
    packed = PackB(b_const, k, n, b_t, alpha, c_is_row ? bias.data() : nullptr);
    a.ConsumeConstant(1);
  }
  if (c_is_row) a.ConsumeConstant(2);  // folded into the packed bias (or the bias below)
  BroadcastLoop c_loop = MakeBroadcastLoop({static_cast<uint32_t>(m), static_cast<uint32_t>(n)}, {c_shape});
  bool add_c_later = has_c && !c_is_row;
  // When C is added after the product, the clamp must wait for it.
  kernels::MinMaxParams gemm_params = add_c_later ? kernels::MinMaxParams{-INFINITY, INFINITY} : params;

  struct Scratch {
    std::mutex mutex;
    runtime::AlignedVector<float> a_t, packed;
  };
  auto scratch = std::make_shared<Scratch>();
  return MakeStep("gemm", uint64_t{m} * n * k, [=](const ExecContext& ctx) {
    std::lock_guard<std::mutex> lock(scratch->mutex);
    const float* x = ctx.As<float>(ra);
    float* y = ctx.As<float>(ry);
    if (a_t) {  // [K, M] -> [M, K]
      scratch->a_t.resize(m * k);
      for (size_t i = 0; i < k; ++i)
        for (size_t j = 0; j < m; ++j) scratch->a_t[j * k + i] = x[i * m + j];
      x = scratch->a_t.data();
    }
    const float* w = packed.data();
    if (!b_const) {
      scratch->packed = PackB(ctx.As<float>(rb), k, n, b_t, alpha, c_is_row ? bias.data() : nullptr);
      w = scratch->packed.data();
    }
    RunPackedGemm(ctx.pool, m, n, k, x, k, w, y, n, gemm_params);
    if (add_c_later) {
      const float* c = ctx.As<float>(rc);
      BroadcastRowCursor cursor(c_loop, 0);
      for (uint64_t r = 0; r < c_loop.rows(); ++r, cursor.Next()) {
        const int64_t off = cursor.offsets()[0];
        float* out = y + r * c_loop.inner;
        for (uint64_t i = 0; i < c_loop.inner; ++i) {
          float v = out[i] + beta * c[off + i * c_loop.inner_strides[0]];
          out[i] = std::min(std::max(v, params.min), params.max);
        }
      }
    }
  });
}

Expected<StepPtr> LowerMatMul(const LowerArgs& a) {
  if (a.input(0).type != DataType::kFloat32) return NotSupported("matmul: only float32 is implemented.");
  const bool bt = std::get<MatMulParams>(a.node.params).b_transposed;  // b is [..., N, K]
  const Shape& as = a.input(0).shape;
  const Shape& bs = a.input(1).shape;
  const Shape& ys = a.output(0).shape;
  size_t rank = ys.size();
  size_t m = ys[rank - 2], n = ys[rank - 1], k = as[as.size() - 1];
  // Batch broadcasting: offsets of A and B per output batch.
  Shape batch(ys.begin(), ys.end() - 2);
  Shape a_batch(as.begin(), as.end() - 2), b_batch(bs.begin(), bs.end() - 2);
  uint64_t batches = Product(batch, 0, batch.size());
  std::vector<uint64_t> a_off(batches), b_off(batches);
  {
    BroadcastLoop loop = MakeBroadcastLoop(batch, {a_batch, b_batch});
    int64_t off[2];
    uint64_t idx = 0;
    for (uint64_t r = 0; r < loop.rows(); ++r) {
      loop.RowOffsets(r, off);
      for (uint64_t i = 0; i < loop.inner; ++i, ++idx) {
        a_off[idx] = (off[0] + i * loop.inner_strides[0]) * m * k;
        b_off[idx] = (off[1] + i * loop.inner_strides[1]) * k * n;
      }
    }
  }
  TensorRef ra = a.in[0], rb = a.in[1], ry = a.out[0];
  // Small products accumulate in double and round once, which is what WPT's float64 reference does
  // (its matmul tolerance is 0 ULP). They cost microseconds either way; larger ones take the f32 GEMM
  // kernels, whose float32 accumulation can land an ULP or so away.
  if (batches * m * n * k <= kExactMatMulMacs) {
    return MakeStep("matmul", batches * m * n * k, [=](const ExecContext& ctx) {
      const float* x = ctx.As<float>(ra);
      const float* w = ctx.As<float>(rb);
      float* y = ctx.As<float>(ry);
      for (uint64_t bi = 0; bi < batches; ++bi) {
        const float* ab = x + a_off[bi];
        const float* bb = w + b_off[bi];
        for (size_t i = 0; i < m; ++i) {
          for (size_t j = 0; j < n; ++j) {
            double sum = 0;
            for (size_t p = 0; p < k; ++p) sum += double{ab[i * k + p]} * (bt ? bb[j * k + p] : bb[p * n + j]);
            y[(bi * m + i) * n + j] = static_cast<float>(sum);
          }
        }
      }
    });
  }
  const float* b_const = reinterpret_cast<const float*>(a.constant(1));
  bool shared_b = true;
  for (uint64_t i = 0; i < batches; ++i) shared_b = shared_b && b_off[i] == b_off[0];
  if (b_const && a.input(1).type == DataType::kFloat16 && !bt) {
    // A float16 B (KeepHalfWeights: 256 rows or more, one B for every batch) packed as float16, widened into
    // the plan's scratch at each run.
    if (!shared_b) return NotSupported("matmul: a float16 b per batch.");
    const auto& cfg = kernels::GetF32GemmConfig();
    auto half = std::make_shared<HalfPackedWeights>(
        HalfPackedWeights::PackGio(n, k, cfg.nr, reinterpret_cast<const uint16_t*>(a.constant(1)) + b_off[0]));
    a.ConsumeConstant(1);
    const size_t scratch = half->scratch_bytes();
    return MakeStepWithScratch("matmul", batches * m * n * k, scratch, [=](const ExecContext& ctx) {
      const float* pk = half->Widen(ctx);
      for (uint64_t i = 0; i < batches; ++i) {
        RunPackedGemm(ctx.pool, m, n, k, ctx.As<float>(ra) + a_off[i], k, pk, ctx.As<float>(ry) + i * m * n, n,
                      kernels::MinMaxParams{-INFINITY, INFINITY});
      }
    });
  }
  runtime::AlignedVector<float> packed;
  if (b_const && shared_b) {
    packed = PackB(b_const + b_off[0], k, n, bt, 1.0f, nullptr);
    a.ConsumeConstant(1);
  }
  if (!b_const && (m == 1 || (m <= kGemvMaxRows && k * n * sizeof(float) <= kGemvMaxRowsBBytes))) {
    // One row against a b computed at run time (attention over a KV cache): read b once where it lies, no packing.
    // A few rows (grouped-query attention: a KV head serves several query heads) read it once each: b stays in L2
    // between them, which costs less than packing it for a GEMM (Qwen2.5-0.5B's 7 rows against 256 x 64: 2.9 ->
    // 0.88 ms for a token's 48 such matmuls at 2 threads).
    const kernels::F32GemvUkernelFn gemv = bt ? kernels::f32_gemv_nk_ukernel__wasmsimd_u16 : kernels::f32_gemv_kn_ukernel__wasmsimd_u16;
    return MakeStep("matmul", batches * m * n * k, [=](const ExecContext& ctx) {
      const float* x = ctx.As<float>(ra);
      const float* w = ctx.As<float>(rb);
      float* y = ctx.As<float>(ry);
      if (m > 1) {
        ParallelRows(ctx.pool, batches * m, n * k, [&](uint64_t begin, uint64_t end) {
          for (uint64_t r = begin; r < end; ++r) {
            const uint64_t i = r / m, row = r % m;
            gemv(k, n, x + a_off[i] + row * k, w + b_off[i], bt ? k : n, y + r * n);
          }
        });
        return;
      }
      for (uint64_t i = 0; i < batches; ++i) {
        const float* bi = w + b_off[i];
        ParallelRows(ctx.pool, n, k, [&](uint64_t begin, uint64_t end) {
          gemv(k, end - begin, x + a_off[i], bt ? bi + begin * k : bi + begin, bt ? k : n, y + i * n + begin);
        });
      }
    });
  }
  auto mutex = std::make_shared<std::mutex>();
  auto scratch = std::make_shared<runtime::AlignedVector<float>>();
  return MakeStep("matmul", batches * m * n * k, [=](const ExecContext& ctx) {
    std::lock_guard<std::mutex> lock(*mutex);
    const float* x = ctx.As<float>(ra);
    const float* w = packed.empty() ? ctx.As<float>(rb) : nullptr;
    float* y = ctx.As<float>(ry);
    kernels::MinMaxParams params{-INFINITY, INFINITY};
    uint64_t last_b = UINT64_MAX;
    for (uint64_t i = 0; i < batches; ++i) {
      const float* pk = packed.data();
      if (packed.empty()) {
        if (b_off[i] != last_b) *scratch = PackB(w + b_off[i], k, n, bt, 1.0f, nullptr);
        last_b = b_off[i];
        pk = scratch->data();
      }
      RunPackedGemm(ctx.pool, m, n, k, x + a_off[i], k, pk, y + i * m * n, n, params);
    }
  });
}

}  // namespace webnn::compiler
