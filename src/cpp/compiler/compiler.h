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
};

Expected<std::unique_ptr<runtime::Plan>> Compile(Subgraph subgraph, const CompileOptions& options = {});

}  // namespace webnn::compiler
