#include "compiler/compiler.h"

#include <algorithm>
#include <cstring>

#include "compiler/lower/lower.h"
#include "compiler/memory_planner.h"
#include "compiler/passes/passes.h"

namespace webnn::compiler {
namespace {

using runtime::TensorRef;

size_t Bytes(const Value& v) { return static_cast<size_t>(*ByteLength(v.type, v.shape)); }

// Copies a value that no step produces (a folded constant, or a second name for one output) into an
// output slot at the end of the plan.
StepPtr CopyToOutput(TensorRef from, TensorRef to, size_t bytes) {
  return MakeStep("output copy", [=](const runtime::ExecContext& ctx) {
    std::memcpy(ctx.Ptr(to), ctx.Ptr(from), bytes);
  });
}

// A value a step writes that is neither an input, a constant nor a graph output.
bool IsProducedInternal(const Subgraph& g, const std::vector<bool>& produced, ValueId id) {
  return g.values[id].kind == ValueKind::kInternal && produced[id] && g.values[id].output_indices.empty();
}

// A reshape (Copy) moves no bytes, so it need not be a step: its output names its input's storage,
// or, when its output is a graph output and its input an intermediate, the input is produced straight
// into that output. Returns, per value, the value whose storage it uses, and drops the Copy nodes served
// so from `live`. Every step between the producer and the last reader of either name then runs
// without a serial memcpy (a transformer has dozens), which also keeps a second thread from parking.
std::vector<ValueId> ShareReshapeStorage(const Subgraph& g, const std::vector<bool>& produced,
                                         std::vector<uint32_t>& live) {
  std::vector<ValueId> owner(g.values.size());
  for (ValueId v = 0; v < owner.size(); ++v) owner[v] = v;
  auto find = [&](ValueId v) {
    while (owner[v] != v) v = owner[v] = owner[owner[v]];
    return v;
  };
  std::vector<uint32_t> kept;
  for (uint32_t index : live) {
    const Node& n = g.nodes[index];
    if (std::holds_alternative<CopyParams>(n.params)) {
      ValueId in = find(n.inputs[0]), out = n.outputs[0];
      if (IsProducedInternal(g, produced, out)) {
        owner[out] = in;
        continue;
      }
      if (IsProducedInternal(g, produced, in) && !g.values[out].output_indices.empty()) {
        owner[in] = out;
        continue;
      }
    }
    kept.push_back(index);
  }
  live = std::move(kept);
  for (ValueId v = 0; v < owner.size(); ++v) owner[v] = find(v);
  return owner;
}

}  // namespace

Expected<std::unique_ptr<runtime::Plan>> Compile(Subgraph g, const CompileOptions& options) {
  RemoveDeadNodes(g);
  g.activation_bits = options.activation_bits;
  if (options.fold_constants) KeepHalfWeights(g);  // before folding, which would widen them
  if (options.fold_constants) KeepBlockwiseWeights(g);
  RETURN_IF_ERROR(UnpackFourBitConstants(g));
  if (options.fold_constants) RETURN_IF_ERROR(FoldConstants(g));
  if (options.optimize_layout) {
    OptimizeLayout(g);
    // Layout moves create transposes of constants (weights, biases): fold those too.
    if (options.fold_constants) RETURN_IF_ERROR(FoldConstants(g));
  }
  FusePadIntoConv(g);
  QuantizeConcatInputs(g);  // before FuseIntegerOps: the next conv then reads the concatenated bytes
  FuseIntegerOps(g);
  // Dequantized weights no fusion took (a QDQ convolution's filter, gemm weights): folded now, whatever their
  // size, instead of dequantized at every dispatch.
  if (options.fold_constants) RETURN_IF_ERROR(FoldConstants(g, /*widen_dequantized=*/true));
  FuseTransposedB(g);
  FusePadIntoAdd(g);  // after the last fold: a folded add would not know the narrower operand
  ReduceStrength(g);
  if (options.fuse_activations) FuseActivations(g);
  FuseOutputQuantization(g);
  PairMinMaxReductions(g);
  RemoveDeadNodes(g);

  auto plan = std::make_unique<runtime::Plan>();
  for (const GraphInput& in : g.inputs) {
    const Value& v = g.values[in.value];
    plan->inputs.push_back({in.name, v.type, v.shape, Bytes(v)});
  }
  for (const GraphOutput& out : g.outputs) {
    const Value& v = g.values[out.value];
    plan->outputs.push_back({out.name, v.type, v.shape, Bytes(v)});
  }

  std::vector<uint32_t> live;
  std::vector<bool> produced(g.values.size(), false);
  for (uint32_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].removed) continue;
    live.push_back(i);
    for (ValueId o : g.nodes[i].outputs) produced[o] = true;
  }
  const std::vector<ValueId> owner = ShareReshapeStorage(g, produced, live);

  // Where each value lives.
  std::vector<TensorRef> refs(g.values.size());
  std::vector<int> lifetime_of(g.values.size(), -1);
  std::vector<Lifetime> lifetimes;
  for (ValueId v = 0; v < g.values.size(); ++v) {
    const Value& value = g.values[v];
    if (value.kind == ValueKind::kInput) {
      refs[v] = {TensorRef::Space::kInput, value.input_index, 0};
    } else if (value.kind == ValueKind::kConstant) {
      refs[v] = {TensorRef::Space::kConstant, static_cast<uint32_t>(plan->constants.size()), 0};
      plan->constants.push_back(value.data);
    } else if (produced[v] && !value.output_indices.empty()) {
      refs[v] = {TensorRef::Space::kOutput, value.output_indices[0], 0};
    } else if (produced[v] && owner[v] == v) {
      lifetime_of[v] = static_cast<int>(lifetimes.size());
      lifetimes.push_back({Bytes(value), UINT32_MAX, 0});
    }
  }
  // A storage lives from the first step that writes any of its names to the last that reads one.
  for (uint32_t s = 0; s < live.size(); ++s) {
    const Node& n = g.nodes[live[s]];
    for (ValueId o : n.outputs) {
      if (lifetime_of[owner[o]] >= 0) {
        Lifetime& l = lifetimes[lifetime_of[owner[o]]];
        l.first = std::min(l.first, s);
        l.last = std::max(l.last, s);
      }
    }
    for (ValueId i : n.inputs) {
      if (i != kNoValue && lifetime_of[owner[i]] >= 0) lifetimes[lifetime_of[owner[i]]].last = s;
    }
  }
  MemoryPlan memory = PlanMemory(lifetimes);
  // What is alive at once must fit the 4 GiB address space (with room for everything else).
  if (memory.arena_bytes > (uint64_t{1} << 32) - (uint64_t{1} << 26)) {
    return UnknownError("build: the graph needs " + std::to_string(memory.arena_bytes) +
                        " bytes of intermediate values at once, more than wasm32 memory holds.");
  }
  for (ValueId v = 0; v < g.values.size(); ++v) {
    if (lifetime_of[v] >= 0) refs[v] = {TensorRef::Space::kArena, 0, static_cast<size_t>(memory.offsets[lifetime_of[v]])};
  }
  for (ValueId v = 0; v < g.values.size(); ++v) refs[v] = refs[owner[v]];
  plan->arena_bytes = static_cast<size_t>(memory.arena_bytes);

  // Constants some step reads at run time; the others (folded away, or packed into a step's own form)
  // are dropped from the plan, so the graph holds each weight once - each as soon as the last step that reads it
  // is lowered, not after the whole compile, so that packing a model's weights never holds them all twice.
  std::vector<bool> read_at_run_time(g.values.size(), false);
  for (const GraphOutput& out : g.outputs) read_at_run_time[owner[out.value]] = true;
  std::vector<uint32_t> last_reader(g.values.size(), 0), readers(g.values.size(), 0);
  for (uint32_t s = 0; s < live.size(); ++s) {
    for (ValueId i : g.nodes[live[s]].inputs) {
      if (i != kNoValue) last_reader[owner[i]] = s, ++readers[owner[i]];
    }
  }
  for (uint32_t s = 0; s < live.size(); ++s) {
    const Node& n = g.nodes[live[s]];
    LowerArgs args{g, n, {}, {}, std::vector<bool>(n.inputs.size(), false)};
    for (size_t k = 0; k < n.inputs.size(); ++k) {
      const ValueId i = n.inputs[k];
      if (i == kNoValue || g.values[owner[i]].kind != ValueKind::kConstant || TakesWeightSource(n, k)) continue;
      Value& c = g.values[owner[i]];  // a weight an earlier build packed: its bytes read back for this step only
      if (!c.data && c.source) {
        RETURN_IF_ERROR(ReadSourceBytes(c));
        plan->constants[refs[owner[i]].index] = c.data;
      }
    }
    for (ValueId i : n.inputs) {
      args.in.push_back(i == kNoValue ? TensorRef{} : refs[i]);
      const Value* c = i == kNoValue ? nullptr : &g.values[owner[i]];
      // The constant's buffer is held by its value and its slot in the plan, and by nothing else.
      args.sole_readers.push_back(c && c->kind == ValueKind::kConstant && readers[owner[i]] == 1 && !read_at_run_time[owner[i]] &&
                                  c->data && c->data.use_count() == 2);
    }
    for (ValueId o : n.outputs) args.out.push_back(refs[o]);
    ASSIGN_OR_RETURN(auto step, LowerNode(args));
    plan->steps.push_back(std::move(step));
    for (size_t i = 0; i < n.inputs.size(); ++i) {
      if (n.inputs[i] != kNoValue && !args.consumed[i]) read_at_run_time[owner[n.inputs[i]]] = true;
    }
    for (ValueId i : n.inputs) {
      if (i == kNoValue) continue;
      Value& c = g.values[owner[i]];
      if (c.kind == ValueKind::kConstant && last_reader[owner[i]] == s && !read_at_run_time[owner[i]]) {
        plan->constants[refs[owner[i]].index].reset();
        c.data.reset();
      }
    }
  }
  for (ValueId v = 0; v < g.values.size(); ++v) {
    if (g.values[v].kind == ValueKind::kConstant && !read_at_run_time[v]) plan->constants[refs[v].index].reset();
  }
  for (uint32_t i = 0; i < g.outputs.size(); ++i) {
    ValueId v = g.outputs[i].value;
    TensorRef target{TensorRef::Space::kOutput, i, 0};
    bool written = refs[v].space == TensorRef::Space::kOutput && refs[v].index == i;
    if (!written) plan->steps.push_back(CopyToOutput(refs[v], target, Bytes(g.values[v])));
  }
  // One scratch after the planned values, as large as the largest step's (steps run one at a time).
  size_t scratch = 0;
  for (const auto& step : plan->steps) scratch = std::max(scratch, step->scratch_bytes());
  if (scratch) {
    plan->scratch_offset = (plan->arena_bytes + 63) / 64 * 64;
    plan->arena_bytes = plan->scratch_offset + scratch;
  }
  RETURN_IF_ERROR(plan->Prepare());
  return plan;
}

}  // namespace webnn::compiler
