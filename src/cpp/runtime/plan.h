// An executable plan: steps in order over one arena, constants packed at build time, and the graph's
// external inputs and outputs bound per dispatch. The runtime knows nothing of graphs or operators:
// a Step is an opaque closure over kernels that the compiler made.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/data_type.h"
#include "base/shape.h"
#include "base/status.h"
#include "runtime/buffer.h"
#include "runtime/thread_pool.h"

namespace webnn::runtime {

// Where a tensor lives while a plan runs.
struct TensorRef {
  enum class Space : uint8_t { kArena, kConstant, kInput, kOutput };
  Space space = Space::kArena;
  uint32_t index = 0;   // constant, input or output slot
  size_t offset = 0;    // byte offset in the arena (kArena) or in the slot
};

struct ExecContext {
  uint8_t* arena = nullptr;
  // Bytes any step may use during its Run (Step::scratch_bytes), shared: steps of a plan run one at a time.
  uint8_t* scratch = nullptr;
  const std::vector<std::shared_ptr<Buffer>>* constants = nullptr;
  void* const* inputs = nullptr;
  void* const* outputs = nullptr;
  ThreadPool* pool = nullptr;

  uint8_t* Ptr(const TensorRef& ref) const;
  template <typename T>
  T* As(const TensorRef& ref) const {
    return reinterpret_cast<T*>(Ptr(ref));
  }
};

class Step {
 public:
  virtual ~Step() = default;
  virtual void Run(const ExecContext& ctx) const = 0;
  virtual const char* name() const = 0;
  // Multiply-adds of one run, for the profiler's GFLOP/s (0: not a GEMM-class step).
  virtual uint64_t macs() const { return 0; }
  // Bytes of ExecContext::scratch the step uses during Run (aligned to 64).
  virtual size_t scratch_bytes() const { return 0; }
};

// One step of one profiled run (see Plan::Run).
struct StepProfile {
  const char* step = "";
  double ms = 0;
  uint64_t macs = 0;
  ThreadPool::Stats pool;
};

struct IoDesc {
  std::string name;
  DataType type = DataType::kFloat32;
  Shape shape;
  size_t bytes = 0;
};

class Plan {
 public:
  std::vector<std::unique_ptr<Step>> steps;
  std::vector<std::shared_ptr<Buffer>> constants;
  size_t arena_bytes = 0;  // the steps' shared scratch included, from scratch_offset on
  size_t scratch_offset = 0;
  std::vector<IoDesc> inputs;
  std::vector<IoDesc> outputs;

  // Allocates the arena; called once at build.
  Status Prepare();
  // Runs every step. `inputs`/`outputs` are indexed like the IoDesc vectors. With `profile`, each step
  // is timed and its pool statistics recorded there, in order.
  void Run(void* const* inputs, void* const* outputs, ThreadPool* pool,
           std::vector<StepProfile>* profile = nullptr) const;

 private:
  std::shared_ptr<Buffer> arena_;
};

}  // namespace webnn::runtime
