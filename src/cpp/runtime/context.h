// An MLContext as the runtime owns it: its timeline (the steps queued by dispatch, tensor writes and
// reads, builds and destroys, run in submission order), its tensors and graphs, and its `lost` state.
// Every method is called on the JS thread; the steps run on the executor, or inline: always without
// threads, and with threads the cheap ones that find the timeline idle (RunOrEnqueue).
//
// Lifetimes: the context holds the only owning reference to each tensor and graph it made besides the
// steps queued on them; destroying one is itself a step, so work queued before it still sees it, and its
// memory goes when the last step that uses it has run. Losing the context (destroy(), or a step that
// fails) abandons every step not yet run: reads and builds fail, and nothing else is touched.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/status.h"
#include "runtime/buffer.h"
#include "runtime/compiled_graph.h"
#include "runtime/completion.h"
#include "runtime/dispatch.h"
#include "runtime/executor.h"
#include "runtime/read_request.h"
#include "runtime/tensor.h"

namespace webnn::runtime {

// One step of a timeline. `run` failing loses the context; `abandon` (optional) is called instead of
// `run` when the context was lost first, so a request waiting on the step can fail.
struct Job {
  std::function<Status(ThreadPool*)> run;
  std::function<void()> abandon;
};

class Context : public std::enable_shared_from_this<Context> {
 public:
  static std::shared_ptr<Context> Create(std::shared_ptr<Executor> executor);
  ~Context();

  uint32_t id() const { return id_; }
  bool lost() const { return state_.load(std::memory_order_acquire) != kLive; }
  // Resolved once, when the context is destroyed or fails; `lost_message()` says why.
  const Completion& lost_signal() const { return lost_signal_; }
  std::string lost_message() const;

  Expected<std::shared_ptr<Tensor>> CreateTensor(const TensorInfo& info);
  // `staged` (the caller's bytes, already copied) goes into the tensor when the timeline reaches the write.
  Status WriteTensor(const std::shared_ptr<Tensor>& tensor, std::shared_ptr<Buffer> staged);
  Expected<std::shared_ptr<ReadRequest>> ReadTensor(const std::shared_ptr<Tensor>& tensor);
  Status Dispatch(const std::shared_ptr<CompiledGraph>& graph, const NamedTensors& inputs,
                  const NamedTensors& outputs);
  // Marks the object destroyed now (later calls see it) and releases it in timeline order.
  void DestroyTensor(const std::shared_ptr<Tensor>& tensor);
  void DestroyGraph(const std::shared_ptr<CompiledGraph>& graph);
  // Takes ownership of a graph built for this context (on the timeline, by the build step).
  void AdoptGraph(const std::shared_ptr<CompiledGraph>& graph);
  void Enqueue(Job job);
  // Runs `job` now on the calling (JS) thread when nothing of this timeline is queued or running and the
  // executor's inline policy allows `cost_ms` (Executor::MayRunInline); queues it otherwise. A write run
  // inline may wait for a read's copy in progress (ReadRequest), which only JS makes, between BeginCopy
  // and EndCopy, synchronously: so never while it calls in here.
  void RunOrEnqueue(Job job, double cost_ms);
  void Destroy();

  // Test hook: the next step to run fails with `message` instead of running (an internal fault).
  void FailNextStepForTesting(std::string message);
  size_t live_objects_for_testing() const;

  // Profiler (bench/): the next Dispatch() records a per-step profile, which TakeProfile() hands over
  // once that dispatch has run (empty before).
  void ProfileNextDispatch();
  std::vector<StepProfile> TakeProfile();

 private:
  friend class Executor;
  enum State : int { kLive, kDestroyed, kFailed };

  // What the context owns, by address (the key the release step finds it by).
  template <typename T>
  using Registry = std::unordered_map<const T*, std::shared_ptr<T>>;

  explicit Context(std::shared_ptr<Executor> executor);
  // The checks writeTensor() and readTensor() share, in the spec's order.
  Status CheckTensor(const char* method, const Tensor& tensor) const;
  // Drops the context's reference to a tensor or graph as a timeline step (after the work queued before).
  template <typename T>
  void Release(Registry<T> Context::*registry, const T* key);
  // Runs this context's next step; returns whether more are queued (executor thread).
  bool RunNext(ThreadPool* pool);
  void Execute(Job& job, ThreadPool* pool);
  void Lose(State why, std::string message);

  const uint32_t id_;
  std::shared_ptr<Executor> executor_;
  std::atomic<int> state_{kLive};
  Completion lost_signal_;

  mutable std::mutex mutex_;  // guards everything below
  std::deque<Job> queue_;
  bool scheduled_ = false;    // in the executor's ready list, or running
  std::string lost_message_;
  std::string injected_fault_;
  bool profile_next_dispatch_ = false;
  std::vector<StepProfile> profile_;
  Registry<Tensor> tensors_;
  Registry<CompiledGraph> graphs_;
};

}  // namespace webnn::runtime
