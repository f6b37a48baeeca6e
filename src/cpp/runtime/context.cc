#include "runtime/context.h"

#include <cstring>
#include <new>
#include <utility>
#include <vector>

#include "runtime/clock.h"
#include "runtime/four_bit.h"

namespace webnn::runtime {
namespace {
std::atomic<uint32_t> next_context_id{1};
// What a tensor write's memcpy costs per byte, for the inline policy: 10 GB/s, below what this host's
// copies reach (13-26 GB/s), so an estimate errs towards the executor.
constexpr double kCopyMsPerByte = 1e-7;
}  // namespace

std::shared_ptr<Context> Context::Create(std::shared_ptr<Executor> executor) {
  return std::shared_ptr<Context>(new Context(std::move(executor)));
}

Context::Context(std::shared_ptr<Executor> executor) : id_(next_context_id++), executor_(std::move(executor)) {}

Context::~Context() = default;

std::string Context::lost_message() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lost_message_;
}

Expected<std::shared_ptr<Tensor>> Context::CreateTensor(const TensorInfo& info) {
  if (lost()) return InvalidState("createTensor: the context is lost.");
  ASSIGN_OR_RETURN(auto tensor, Tensor::Create(id_, info));
  std::lock_guard<std::mutex> lock(mutex_);
  tensors_.emplace(tensor.get(), tensor);
  return tensor;
}

Status Context::CheckTensor(const char* method, const Tensor& tensor) const {
  if (lost()) return InvalidState(std::string(method) + ": the context is lost.");
  if (tensor.context_id() != id_) return TypeError(std::string(method) + " tensor: the tensor belongs to another context.");
  if (tensor.destroyed()) return TypeError(std::string(method) + " tensor: the tensor is destroyed.");
  return Status::Ok();
}

Status Context::WriteTensor(const std::shared_ptr<Tensor>& tensor, std::shared_ptr<Buffer> staged) {
  RETURN_IF_ERROR(CheckTensor("writeTensor", *tensor));
  if (staged->size() != tensor->api_bytes()) {
    return TypeError("writeTensor inputData: byte length " + std::to_string(staged->size()) +
                     " does not match the tensor's " + std::to_string(tensor->api_bytes()) + ".");
  }
  const double cost_ms = static_cast<double>(tensor->bytes()) * kCopyMsPerByte;
  RunOrEnqueue({[tensor, staged = std::move(staged)](ThreadPool*) {
                 tensor->StagePendingReads();
                 const DataType type = tensor->info().type;
                 if (IsFourBit(type)) {
                   UnpackFourBit(type, tensor->bytes(), staged->data(), tensor->data());
                 } else {
                   std::memcpy(tensor->data(), staged->data(), tensor->bytes());
                 }
                 return Status::Ok();
               },
               nullptr},
               cost_ms);
  return Status::Ok();
}

Expected<std::shared_ptr<ReadRequest>> Context::ReadTensor(const std::shared_ptr<Tensor>& tensor) {
  RETURN_IF_ERROR(CheckTensor("readTensor", *tensor));
  auto request = std::make_shared<ReadRequest>();
  if (IsFourBit(tensor->info().type)) {
    // The bytes JS copies are packed, so they are a copy from the start: no later write can reach them.
    ASSIGN_OR_RETURN(auto packed, Buffer::Allocate(tensor->api_bytes()));
    RunOrEnqueue({[tensor, request, packed = std::move(packed)](ThreadPool*) {
                   PackFourBit(tensor->bytes(), tensor->data(), packed->data());
                   request->Publish(packed);
                   return Status::Ok();
                 },
                 [request] { request->completion.Signal(Completion::kFailed); }},
                 0.0);
    return request;
  }
  RunOrEnqueue({[tensor, request](ThreadPool*) {
                 tensor->AddPendingRead(request);
                 request->Publish(tensor->buffer());
                 return Status::Ok();
               },
               [request] { request->completion.Signal(Completion::kFailed); }},
               0.0);
  return request;
}

Status Context::Dispatch(const std::shared_ptr<CompiledGraph>& graph, const NamedTensors& inputs,
                         const NamedTensors& outputs) {
  if (lost()) return InvalidState("dispatch: the context is lost.");
  ASSIGN_OR_RETURN(auto bound, BindDispatch(*graph, id_, inputs, outputs));
  bool profile = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    profile = std::exchange(profile_next_dispatch_, false);
  }
  // A profiled run goes to the executor, whose pool statistics it reports.
  const double cost_ms = profile ? __builtin_nan("") : graph->last_run_cost_ms.load(std::memory_order_relaxed);
  RunOrEnqueue({[self = profile ? shared_from_this() : nullptr, graph, bound = std::move(bound)](ThreadPool* pool) {
                 std::vector<void*> in, out;
                 for (const auto& t : bound.inputs) in.push_back(t->data());
                 for (const auto& t : bound.outputs) {
                   t->StagePendingReads();
                   out.push_back(t->data());
                 }
                 std::vector<StepProfile> profile;
                 const double start = NowMs();
                 {
                   ThreadPool::Burst burst(pool);
                   graph->plan->Run(in.data(), out.data(), pool, self ? &profile : nullptr);
                 }
                 graph->last_run_cost_ms.store((NowMs() - start) * static_cast<double>(pool->num_threads()),
                                               std::memory_order_relaxed);
                 if (self) {
                   std::lock_guard<std::mutex> lock(self->mutex_);
                   self->profile_ = std::move(profile);
                 }
                 return Status::Ok();
               },
               nullptr},
               cost_ms);
  return Status::Ok();
}

void Context::DestroyTensor(const std::shared_ptr<Tensor>& tensor) {
  if (tensor->destroyed()) return;
  tensor->Destroy();
  Release(&Context::tensors_, tensor.get());
}

void Context::DestroyGraph(const std::shared_ptr<CompiledGraph>& graph) {
  if (graph->destroyed.exchange(true)) return;
  Release(&Context::graphs_, graph.get());
}

template <typename T>
void Context::Release(Registry<T> Context::*registry, const T* key) {
  RunOrEnqueue({[self = shared_from_this(), registry, key](ThreadPool*) {
                 std::lock_guard<std::mutex> lock(self->mutex_);
                 ((*self).*registry).erase(key);
                 return Status::Ok();
               },
               nullptr},
               0.0);
}

void Context::AdoptGraph(const std::shared_ptr<CompiledGraph>& graph) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!lost()) graphs_.emplace(graph.get(), graph);
}

void Context::Enqueue(Job job) {
  if (lost()) {
    if (job.abandon) job.abandon();
    return;
  }
#if WEBNN_THREADS
  bool schedule;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(job));
    schedule = !scheduled_;
    scheduled_ = true;
  }
  if (schedule) executor_->MakeReady(shared_from_this());
#else
  Execute(job, executor_->pool());
#endif
}

void Context::RunOrEnqueue(Job job, double cost_ms) {
#if WEBNN_THREADS
  if (lost() || !executor_->MayRunInline(cost_ms)) return Enqueue(std::move(job));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (scheduled_) {  // steps queued or running: this one goes after them
      queue_.push_back(std::move(job));
      return;
    }
    scheduled_ = true;  // the timeline is this thread's until the step ends: no executor runs it meanwhile
  }
  const double start = NowMs();
  Execute(job, executor_->inline_pool());
  executor_->RanInline(NowMs() - start);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    scheduled_ = false;  // nothing was queued meanwhile: only this (JS) thread queues
  }
#else
  (void)cost_ms;
  Enqueue(std::move(job));
#endif
}

bool Context::RunNext(ThreadPool* pool) {
  Job job;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (queue_.empty()) {
      scheduled_ = false;
      return false;
    }
    job = std::move(queue_.front());
    queue_.pop_front();
  }
  Execute(job, pool);
  std::lock_guard<std::mutex> lock(mutex_);
  if (queue_.empty()) scheduled_ = false;
  return scheduled_;
}

void Context::Execute(Job& job, ThreadPool* pool) {
  if (lost()) {
    if (job.abandon) job.abandon();
    return;
  }
  std::string fault;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fault.swap(injected_fault_);
  }
  Status s;
  try {
    s = fault.empty() ? job.run(pool) : UnknownError(fault);
  } catch (...) {  // std::bad_alloc: nothing else is thrown
    s = UnknownError("out of memory while running a step.");
  }
  if (s.ok()) return;
  if (job.abandon) job.abandon();
  Lose(kFailed, "an internal error lost the context: " + s.message());
}

void Context::Destroy() { Lose(kDestroyed, "The context was destroyed by destroy()."); }

void Context::Lose(State why, std::string message) {
  int expected = kLive;
  if (!state_.compare_exchange_strong(expected, why, std::memory_order_acq_rel)) return;
  std::deque<Job> abandoned;
  Registry<Tensor> tensors;
  Registry<CompiledGraph> graphs;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lost_message_ = std::move(message);
    abandoned.swap(queue_);
    tensors.swap(tensors_);
    graphs.swap(graphs_);
  }
  for (auto& [_, t] : tensors) t->Destroy();
  for (auto& [_, g] : graphs) g->destroyed.store(true);
  for (Job& job : abandoned) {
    if (job.abandon) job.abandon();
  }
  lost_signal_.Signal(Completion::kDone);
  // Memory of tensors and graphs goes here, or when the step now running (if any) lets go of it.
}

void Context::FailNextStepForTesting(std::string message) {
  std::lock_guard<std::mutex> lock(mutex_);
  injected_fault_ = std::move(message);
}

void Context::ProfileNextDispatch() {
  std::lock_guard<std::mutex> lock(mutex_);
  profile_next_dispatch_ = true;
}

std::vector<StepProfile> Context::TakeProfile() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::exchange(profile_, {});
}

size_t Context::live_objects_for_testing() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return tensors_.size() + graphs_.size();
}

}  // namespace webnn::runtime
