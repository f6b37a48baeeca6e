#include <cstring>

#include "compiler/lower/lower.h"
#include "compiler/passes/passes.h"
#include "runtime/thread_pool.h"

namespace webnn::compiler {
namespace {

// Folding must not turn a small constant into a huge one (expand, tile, pad of a constant): keep the
// node when its result is larger than twice its inputs and over 64 KiB. A dequantizeLinear of constants is
// folded only once `widen_dequantized` says the fusions that read them as stored have had their turn, and then
// whatever its size: it would otherwise run at every dispatch, into an arena buffer as large as the constant.
bool WorthFolding(const Subgraph& g, const Node& n, bool widen_dequantized) {
  // Dequantized constants wait for the fusions that read them as stored, with their scales (a QDQ conv's filter:
  // folded, its scale would be lost), whatever their size.
  if (const auto* q = std::get_if<QuantizeParams>(&n.params); q && q->dequantize) return widen_dequantized;
  uint64_t in_bytes = 0;
  for (ValueId v : n.inputs) {
    if (v != kNoValue) in_bytes += ByteLength(g.values[v].type, g.values[v].shape).value_or(0);
  }
  uint64_t out_bytes = 0;
  for (ValueId v : n.outputs) out_bytes += ByteLength(g.values[v].type, g.values[v].shape).value_or(0);
  return out_bytes <= 2 * in_bytes || out_bytes <= 65536;
}

}  // namespace

Status FoldConstants(Subgraph& g, bool widen_dequantized) {
  runtime::ThreadPool inline_pool(1);
  for (Node& n : g.nodes) {
    if (n.removed) continue;
    bool all_constant = true;
    for (ValueId v : n.inputs) {
      if (v != kNoValue && g.values[v].kind != ValueKind::kConstant) all_constant = false;
    }
    if (!all_constant || n.inputs.empty() || !WorthFolding(g, n, widen_dequantized)) continue;

    std::vector<std::shared_ptr<runtime::Buffer>> constants;
    LowerArgs args{g, n, {}, {}, std::vector<bool>(n.inputs.size(), false)};  // ConsumeConstant writes per input
    for (ValueId v : n.inputs) {
      runtime::TensorRef ref{runtime::TensorRef::Space::kConstant, 0, 0};
      if (v != kNoValue) {
        RETURN_IF_ERROR(ReadSourceBytes(g.values[v]));
        ref.index = static_cast<uint32_t>(constants.size());
        constants.push_back(g.values[v].data);
      }
      args.in.push_back(ref);
    }
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    std::vector<void*> outputs;
    for (size_t i = 0; i < n.outputs.size(); ++i) {
      const Value& out = g.values[n.outputs[i]];
      ASSIGN_OR_RETURN(auto buffer, runtime::Buffer::Allocate(*ByteLength(out.type, out.shape)));
      outputs.push_back(buffer->data());
      results.push_back(std::move(buffer));
      args.out.push_back({runtime::TensorRef::Space::kOutput, static_cast<uint32_t>(i), 0});
    }
    ASSIGN_OR_RETURN(auto step, LowerNode(args));
    runtime::ExecContext ctx;
    // The step's scratch, as a plan gives it (a first conv copies its padded input there: run with none, it wrote
    // at address 0 of the module's memory).
    std::shared_ptr<runtime::Buffer> scratch;
    if (const size_t bytes = step->scratch_bytes()) {
      ASSIGN_OR_RETURN(scratch, runtime::Buffer::AllocateForOverwrite(bytes));
      ctx.scratch = static_cast<uint8_t*>(scratch->data());
    }
    ctx.constants = &constants;
    ctx.outputs = outputs.data();
    ctx.pool = &inline_pool;
    step->Run(ctx);
    for (size_t i = 0; i < n.outputs.size(); ++i) {
      Value& out = g.values[n.outputs[i]];
      out.kind = ValueKind::kConstant;
      out.data = results[i];
    }
    n.removed = true;
  }
  RemoveDeadNodes(g);
  return Status::Ok();
}

}  // namespace webnn::compiler
