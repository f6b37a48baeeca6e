// Lowering: one compiler IR node -> one runtime Step that owns what the node needs at run time (packed
// weights, indirection buffers, precomputed strides). Called once per node at build().
#pragma once

#include <memory>
#include <vector>

#include "base/status.h"
#include "compiler/ir.h"
#include "runtime/plan.h"

namespace webnn::compiler {

struct LowerArgs {
  const Subgraph& g;
  const Node& node;
  std::vector<runtime::TensorRef> in;   // per node input (kNoValue inputs get a default ref)
  std::vector<runtime::TensorRef> out;  // per node output

  const Value& input(size_t i) const { return g.values[node.inputs[i]]; }
  const Value& output(size_t i) const { return g.values[node.outputs[i]]; }
  bool has_input(size_t i) const { return i < node.inputs.size() && node.inputs[i] != kNoValue; }
  // Constant data of input i, or nullptr when it is not a constant (or holds a packing instead, Value::source: only
  // for the inputs TakesWeightSource names).
  const uint8_t* constant(size_t i) const {
    return has_input(i) && input(i).kind == ValueKind::kConstant && input(i).data ? input(i).data->data() : nullptr;
  }
  // Says that the step keeps its own form of constant input i (packed weights, a folded bias) and never
  // reads the original at run time: the plan drops the original unless another step reads it.
  void ConsumeConstant(size_t i) const {
    if (has_input(i) && input(i).kind == ValueKind::kConstant) consumed[i] = true;
  }
  mutable std::vector<bool> consumed;  // per node input, set by ConsumeConstant
  // Per node input, set by the compile: this step is the only reader of that constant (no other step or graph output
  // reads it, nothing else holds its buffer). The step may then build its own form in the constant's bytes, and
  // consumes it.
  std::vector<bool> sole_readers = {};
  bool sole_reader(size_t i) const { return i < sole_readers.size() && sole_readers[i]; }
};

using StepPtr = std::unique_ptr<runtime::Step>;

Expected<StepPtr> LowerNode(const LowerArgs& args);

// Whether the lowering of `node` takes constant input i as it is when it holds an earlier build's packing instead of
// bytes (Value::source): a blockwise step's quantized input and scale, which it reads from that packing when it was
// made the same way. The compile reads every other such input back before lowering.
bool TakesWeightSource(const Node& node, size_t i);

// One lowering per row of nodes.def (lower/<family>.cc).
#define WEBNN_NODE(kind, name) Expected<StepPtr> Lower##kind(const LowerArgs& args);
#include "compiler/nodes.def"
#undef WEBNN_NODE

// A Step from a lambda, for the families whose state fits in a capture.
template <typename Fn>
class LambdaStep final : public runtime::Step {
 public:
  LambdaStep(const char* name, uint64_t macs, Fn fn, size_t scratch = 0)
      : name_(name), macs_(macs), scratch_(scratch), fn_(std::move(fn)) {}
  void Run(const runtime::ExecContext& ctx) const override { fn_(ctx); }
  const char* name() const override { return name_; }
  uint64_t macs() const override { return macs_; }
  size_t scratch_bytes() const override { return scratch_; }

 private:
  const char* name_;
  uint64_t macs_;
  size_t scratch_;
  Fn fn_;
};

template <typename Fn>
StepPtr MakeStep(const char* name, Fn fn) {
  return std::make_unique<LambdaStep<Fn>>(name, 0, std::move(fn));
}
// A GEMM-class step: `macs` multiply-adds per run (the profiler's GFLOP/s).
template <typename Fn>
StepPtr MakeStep(const char* name, uint64_t macs, Fn fn) {
  return std::make_unique<LambdaStep<Fn>>(name, macs, std::move(fn));
}
// The same using `scratch` bytes of ExecContext::scratch during its run.
template <typename Fn>
StepPtr MakeStepWithScratch(const char* name, uint64_t macs, size_t scratch, Fn fn) {
  return std::make_unique<LambdaStep<Fn>>(name, macs, std::move(fn), scratch);
}

}  // namespace webnn::compiler
