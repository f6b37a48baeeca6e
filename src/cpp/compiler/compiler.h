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
  // A matmul of one row against 4-bit blockwise weights (MatMulNBits) quantizes its activations to int8 per block,
  // as onnxruntime's MatMulNBits does at accuracy level 4 (2x the float32 activations' speed: the decode step's
  // GEMV is bound by its instruction count otherwise); false keeps them float32 (install({int8Activations}).
  bool int8_activations = true;
};

Expected<std::unique_ptr<runtime::Plan>> Compile(Subgraph subgraph, const CompileOptions& options = {});

}  // namespace webnn::compiler
