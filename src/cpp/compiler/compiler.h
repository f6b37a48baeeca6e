// Compile a Subgraph into a runtime Plan: dead-node removal, constant folding, layout cleanup,
// activation fusion, then lowering with weights packed once and a liveness-planned arena.
#pragma once

#include <memory>

#include "base/status.h"
#include "compiler/ir.h"
#include "runtime/plan.h"

namespace webnn::compiler {

struct CompileOptions {
  bool fold_constants = true;
  bool optimize_layout = true;
  bool fuse_activations = true;
  // How a matmul of one row against 4-bit blockwise weights (MatMulNBits) takes its activations, quantized per block
  // of the weights': 16 (within 2^-16 of the block's largest |x|, the default), 8 (int8, within 1/254: onnxruntime's
  // MatMulNBits at accuracy level 4) or 32 (digits that keep float32's accuracy). The GEMV is bound by its
  // instruction count: 16 runs 1.4x 32's speed, 8 twice (install({ int4Activations })).
  int activation_bits = 16;
};

Expected<std::unique_ptr<runtime::Plan>> Compile(Subgraph subgraph, const CompileOptions& options = {});

}  // namespace webnn::compiler
