// Embind glue, and nothing else: marshals JS values into graph/runtime calls and turns each Status into
// a result object ({value} or {error, message}); C++ never throws across the Wasm boundary. The JS
// layer (src/js) owns promises, WebIDL conversion and object lifetimes.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bindings/call_record.h"
#include "graph/graph_builder.h"
#include "graph/support_limits.h"
#include "runtime/context.h"
#include "runtime/weight_sources.h"

using emscripten::val;

namespace webnn::bindings {
namespace {

val Ok(val value) {
  val r = val::object();
  r.set("value", value);
  return r;
}

val Err(const Status& s) {
  val r = val::object();
  r.set("error", static_cast<int>(s.code()));
  r.set("message", s.message());
  return r;
}

// A dimension: an unsigned long, or nullopt.
std::optional<uint32_t> DimensionFrom(double v) {
  if (!(v >= 0 && v <= 4294967295.0) || v != static_cast<double>(static_cast<uint32_t>(v))) return std::nullopt;
  return static_cast<uint32_t>(v);
}

std::optional<Shape> ShapeFrom(const val& array) {
  if (!array.isArray()) return std::nullopt;
  Shape shape;
  unsigned n = array["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    val d = array[i];
    std::optional<uint32_t> dim = d.isNumber() ? DimensionFrom(d.as<double>()) : std::nullopt;
    if (!dim) return std::nullopt;
    shape.push_back(*dim);
  }
  return shape;
}

Expected<DataType> TypeFrom(const val& name) {
  if (!name.isString()) return TypeError("dataType: must be a string.");
  auto t = ParseDataType(name.as<std::string>());
  if (!t) return TypeError("dataType: '" + name.as<std::string>() + "' is not a valid MLOperandDataType.");
  return *t;
}

// A JS descriptor's data type and shape, checked as the spec's "check dimensions" does; errors are prefixed by
// `prefix` ("createTensor descriptor").
Expected<graph::OperandDesc> DescriptorFrom(const std::string& prefix, const val& type_name, const val& shape_array) {
  auto type = TypeFrom(type_name);
  if (!type.ok()) return type.status();
  auto shape = ShapeFrom(shape_array);
  if (!shape) return TypeError(prefix + ".shape: must be a sequence of unsigned long.");
  RETURN_IF_ERROR(graph::ValidateDescriptor(prefix, *type, *shape));
  return graph::OperandDesc{*type, *shape};
}

// constant(dataType, value)'s value as an ArgValue: a number or a BigInt; anything else is one no reader takes.
graph::ArgValue NumberArgFrom(const val& v) {
  graph::ArgValue a;
  std::string type = v.typeOf().as<std::string>();
  if (type == "number") {
    a.kind = graph::ArgValue::Kind::kNumber;
    a.number = v.as<double>();
  } else if (type == "bigint") {
    a.kind = graph::ArgValue::Kind::kBigInt;
    a.bigint = ParseBigInt(v.call<std::string>("toString"));
  }
  return a;
}

// install({ int4Activations }) (docs/usage.md) as init() received it, in bits (16, 8 or 32): how the graphs built from
// then on run a 4-bit matmul of one row (compiler::CompileOptions::activation_bits).
int& ActivationBits() {
  static int bits = 16;
  return bits;
}
compiler::CompileOptions CompileOptionsOf(int activation_bits) {
  compiler::CompileOptions options;
  options.activation_bits = activation_bits;
  return options;
}

std::shared_ptr<runtime::Executor>& GlobalExecutor() {
  static std::shared_ptr<runtime::Executor> executor;
  return executor;
}

std::shared_ptr<runtime::Executor> SharedExecutor() {
  auto& e = GlobalExecutor();
  if (!e) e = std::make_shared<runtime::Executor>(1);
  return e;
}

// Runs a binding's body; a failed allocation anywhere in it (std::bad_alloc, the only exception the
// code throws) becomes an UnknownError result instead of an abort of the module.
template <typename F>
val Guarded(F&& body) {
  try {
    return body();
  } catch (...) {
    return Err(UnknownError("out of memory."));
  }
}

double Address(const void* p) { return static_cast<double>(reinterpret_cast<uintptr_t>(p)); }

// Bytes JS copies in before a writeTensor(): JS fills [address, address + size).
class Staging {
 public:
  explicit Staging(std::shared_ptr<runtime::Buffer> b) : buffer_(std::move(b)) {}
  const std::shared_ptr<runtime::Buffer>& get() const { return buffer_; }
  double address() const { return Address(buffer_->data()); }

 private:
  std::shared_ptr<runtime::Buffer> buffer_;
};

val Stage(double size) {
  if (!(size >= 0 && size <= static_cast<double>(SIZE_MAX))) return Err(TypeError("byte length out of range."));
  auto b = runtime::Buffer::AllocateForOverwrite(static_cast<size_t>(size));  // JS fills it
  if (!b.ok()) return Err(b.status());
  return Ok(val(std::make_shared<Staging>(std::move(b).value())));
}

// JS handles hold the context (a small control block) and weak references: the context owns the
// memory, so destroying it (or losing it) frees every tensor and graph even if the page keeps handles.
class Tensor {
 public:
  Tensor(std::shared_ptr<runtime::Context> c, const std::shared_ptr<runtime::Tensor>& t)
      : context_(std::move(c)), tensor_(t), bytes_(t->api_bytes()) {}
  std::shared_ptr<runtime::Tensor> get() const { return tensor_.lock(); }
  void destroy() {
    if (auto t = tensor_.lock()) context_->DestroyTensor(t);
  }
  double byteLength() const { return static_cast<double>(bytes_); }

 private:
  std::shared_ptr<runtime::Context> context_;
  std::weak_ptr<runtime::Tensor> tensor_;
  size_t bytes_;
};

class Graph {
 public:
  Graph(std::shared_ptr<runtime::Context> c, const std::shared_ptr<runtime::CompiledGraph>& g)
      : context_(std::move(c)), graph_(g), description_(Describe(*g->plan)) {}
  std::shared_ptr<runtime::CompiledGraph> get() const { return graph_.lock(); }
  void destroy() {
    if (auto g = graph_.lock()) context_->DestroyGraph(g);
  }
  val describe() const { return description_; }
  // Bytes of the planned arena (intermediate values), for the heap figures of bench/overheads.mjs.
  double arenaBytesForTesting() const {
    auto g = graph_.lock();
    return g && g->plan ? static_cast<double>(g->plan->arena_bytes) : 0;
  }

 private:
  static val Describe(const runtime::Plan& plan) {
    val r = val::object();
    for (const char* which : {"inputs", "outputs"}) {
      val list = val::array();
      for (const auto& d : which[0] == 'i' ? plan.inputs : plan.outputs) {
        val e = val::object();
        e.set("name", d.name);
        e.set("dataType", std::string(DataTypeName(d.type)));
        val shape = val::array();
        for (uint32_t s : d.shape) shape.call<void>("push", s);
        e.set("shape", shape);
        list.call<void>("push", e);
      }
      r.set(which, list);
    }
    return r;
  }

  std::shared_ptr<runtime::Context> context_;
  std::weak_ptr<runtime::CompiledGraph> graph_;
  val description_;
};

// A pending readTensor(): JS awaits the flag (Atomics.waitAsync in the threaded build), then copies
// size() bytes from beginCopy() (0: they could not be kept) and calls endCopy() right after.
class ReadRequest {
 public:
  explicit ReadRequest(std::shared_ptr<runtime::ReadRequest> r) : r_(std::move(r)) {}
  double flagAddress() const { return static_cast<double>(r_->completion.address()); }
  int status() const { return r_->completion.state(); }
  double beginCopy() { return Address(r_->BeginCopy()); }
  void endCopy() { r_->EndCopy(); }
  double size() const { return static_cast<double>(r_->size()); }

 private:
  std::shared_ptr<runtime::ReadRequest> r_;
};

// A pending build(): the compile runs as a step of the context's timeline (off the JS thread in the
// threaded build); JS awaits the flag, then takes result().
class BuildRequest {
 public:
  runtime::Completion completion;
  Status status;
  std::shared_ptr<runtime::CompiledGraph> graph;
  std::shared_ptr<runtime::Context> context;

  double flagAddress() const { return static_cast<double>(completion.address()); }
  int state() const { return completion.state(); }
  val result() const {
    if (!status.ok()) return Err(status);
    return Ok(val(std::make_shared<Graph>(context, graph)));
  }
};

class Context {
 public:
  Context() : c_(runtime::Context::Create(SharedExecutor())) {}

  const std::shared_ptr<runtime::Context>& get() const { return c_; }

  val createTensor(val type_name, val shape_array, bool readable, bool writable, bool constant) {
    return Guarded([&]() -> val {
      auto desc = DescriptorFrom("createTensor descriptor", type_name, shape_array);
      if (!desc.ok()) return Err(desc.status());
      auto t = c_->CreateTensor({desc->type, desc->shape, readable, writable, constant});
      if (!t.ok()) return Err(t.status());
      return Ok(val(std::make_shared<Tensor>(c_, *t)));
    });
  }

  val writeTensor(const Tensor& tensor, const Staging& staged) {
    return Guarded([&]() -> val {
      auto t = tensor.get();
      if (!t) return Err(TypeError("writeTensor tensor: the tensor is destroyed."));
      Status s = c_->WriteTensor(t, staged.get());
      return s.ok() ? Ok(val::undefined()) : Err(s);
    });
  }

  val readTensor(const Tensor& tensor) {
    return Guarded([&]() -> val {
      auto t = tensor.get();
      if (!t) return Err(TypeError("readTensor tensor: the tensor is destroyed."));
      auto request = c_->ReadTensor(t);
      if (!request.ok()) return Err(request.status());
      return Ok(val(std::make_shared<ReadRequest>(std::move(request).value())));
    });
  }

  // dispatch() takes its tensors through bindInput/bindOutput first: embind passes class arguments as
  // unsigned addresses, while val::as<T&>() would go through a double and break above 2 GiB.
  void bindInput(std::string name, const Tensor& t) { pending_inputs_.push_back({std::move(name), t.get()}); }
  void bindOutput(std::string name, const Tensor& t) { pending_outputs_.push_back({std::move(name), t.get()}); }

  val dispatch(const Graph& g) {
    return Guarded([&]() -> val {
      runtime::NamedTensors inputs, outputs;
      inputs.swap(pending_inputs_);
      outputs.swap(pending_outputs_);
      auto graph = g.get();
      if (!graph) return Err(InvalidState("dispatch graph: the graph is destroyed."));
      Status s = c_->Dispatch(graph, inputs, outputs);
      return s.ok() ? Ok(val::undefined()) : Err(s);
    });
  }

  void destroy() { c_->Destroy(); }
  double lostFlagAddress() const { return static_cast<double>(c_->lost_signal().address()); }
  // null while the context is usable; afterwards why it is not.
  val lostMessage() const { return c_->lost() ? val(c_->lost_message()) : val::null(); }

  void failNextStepForTesting(std::string message) { c_->FailNextStepForTesting(std::move(message)); }
  double liveObjectsForTesting() const { return static_cast<double>(c_->live_objects_for_testing()); }

  void profileNextDispatch() { c_->ProfileNextDispatch(); }
  // [{step, ms, macs, tasks, workerTasks, jobs, missedJobs, wakeMs, joinMs}] of the last profiled dispatch.
  val takeProfile() {
    val steps = val::array();
    for (const runtime::StepProfile& p : c_->TakeProfile()) {
      val s = val::object();
      s.set("step", std::string(p.step));
      s.set("ms", p.ms);
      s.set("macs", static_cast<double>(p.macs));
      s.set("jobs", static_cast<double>(p.pool.jobs));
      s.set("tasks", static_cast<double>(p.pool.tasks));
      s.set("workerTasks", static_cast<double>(p.pool.worker_tasks));
      s.set("missedJobs", static_cast<double>(p.pool.missed_jobs));
      s.set("wakeMs", p.pool.wake_ms);
      s.set("joinMs", p.pool.join_ms);
      steps.call<void>("push", s);
    }
    return steps;
  }

 private:
  std::shared_ptr<runtime::Context> c_;
  runtime::NamedTensors pending_inputs_, pending_outputs_;
};

class GraphBuilder {
 public:
  explicit GraphBuilder(const Context& context)
      : context_(context.get()),
        builder_(std::make_shared<graph::GraphBuilder>(context.get()->id(), CompileOptionsOf(ActivationBits()))) {}

  val input(std::string name, val type_name, val shape_array) {
    return Guarded([&]() -> val {
      auto type = TypeFrom(type_name);
      if (!type.ok()) return Err(type.status());
      auto shape = ShapeFrom(shape_array);
      if (!shape) return Err(TypeError("input descriptor.shape: must be a sequence of unsigned long."));
      auto id = builder_->Input(name, *type, *shape);
      return id.ok() ? Ok(val(*id)) : Err(id.status());
    });
  }

  // constant(dataType, value): value is a JS number or BigInt (MLNumber).
  val constantNumber(val type_name, val value) {
    return Guarded([&]() -> val {
      auto type = TypeFrom(type_name);
      if (!type.ok()) return Err(type.status());
      std::optional<graph::Number> n = graph::NumberFrom(NumberArgFrom(value));
      if (!n) return Err(TypeError("constant value: must be a number or a bigint."));
      auto id = builder_->ConstantNumber(*type, *n);
      return id.ok() ? Ok(val(*id)) : Err(id.status());
    });
  }

  val constantTensor(const Tensor& tensor) {
    return Guarded([&]() -> val {
      auto id = builder_->ConstantFromTensor(tensor.get());
      return id.ok() ? Ok(val(*id)) : Err(id.status());
    });
  }

  // The one generic entry point for all operators: the arguments are in the call record (call_record.h), the
  // first `length` float64s of record() and `text`: the operator's name, the arguments' tokens, then the label
  // (the rest of the text, whatever it holds). Returns the output count, and writes the outputs to the
  // record as [count, then per output: id, data type (DataType's order, dataTypeNames()), rank, dimensions];
  // -1 when the call failed (takeError() says why). The record may move to hold the outputs: then the count
  // comes back as -2 - count, and JS asks record() for its new address.
  int operation(const std::string& text, double length) {
    try {
      size_t used = length >= 0 && length <= static_cast<double>(record_.size()) ? static_cast<size_t>(length) : 0;
      Expected<CallRecord> call = DecodeCallRecord(record_.data(), used, text);
      if (!call.ok()) return Fail(call.status());
      auto outputs = builder_->AddOperation(call->op, call->arguments, call->label);
      if (!outputs.ok()) return Fail(outputs.status());
      size_t size = 1;
      for (graph::OperandId id : *outputs) size += 3 + builder_->Desc(id)->shape.size();
      const double* before = record_.data();
      if (record_.size() < size) record_.resize(size);
      double* out = record_.data();
      *out++ = static_cast<double>(outputs->size());
      for (graph::OperandId id : *outputs) {
        const graph::OperandDesc* d = builder_->Desc(id);
        *out++ = id;
        *out++ = static_cast<int>(d->type);
        *out++ = static_cast<double>(d->shape.size());
        for (uint32_t dim : d->shape) *out++ = dim;
      }
      int count = static_cast<int>(outputs->size());
      return record_.data() == before ? count : -2 - count;
    } catch (...) {
      return Fail(UnknownError("out of memory."));
    }
  }

  // The record's address, holding at least `doubles` float64s; 0 if it cannot grow.
  double record(double doubles) {
    try {
      if (doubles > 0 && doubles <= 1e8 && record_.size() < doubles) record_.resize(static_cast<size_t>(doubles));
    } catch (...) {
      return 0;
    }
    return Address(record_.data());
  }

  // constant(descriptor, buffer) in two calls, with no JS objects in between: stageConstant() checks the
  // descriptor (its shape: the record's first `rank` float64s) and, given the byte length, allocates the bytes JS
  // copies in (returns their address; -1 on failure, see takeError()); addStagedConstant() makes them the
  // constant (returns its id, or -1). A byte length of -1 checks the descriptor only.
  double stageConstant(const std::string& type_name, double rank, double byte_length) {
    try {
      staged_.reset();
      Expected<graph::OperandDesc> desc = ConstantDescriptor(type_name, rank);
      if (!desc.ok()) return Fail(desc.status());
      if (byte_length < 0) return 0;
      if (!(byte_length <= static_cast<double>(SIZE_MAX))) return Fail(TypeError("constant buffer: byte length out of range."));
      auto bytes = runtime::Buffer::AllocateForOverwrite(static_cast<size_t>(byte_length));  // JS fills it
      if (!bytes.ok()) return Fail(bytes.status());
      staged_ = StagedConstant{desc->type, std::move(desc->shape), std::move(bytes).value()};
      return Address(staged_->bytes->data());
    } catch (...) {
      staged_.reset();
      return Fail(UnknownError("out of memory."));
    }
  }

  double addStagedConstant() {
    try {
      if (!staged_) return Fail(InvalidState("constant: nothing was staged."));
      StagedConstant c = std::move(*staged_);
      staged_.reset();
      auto id = builder_->Constant(c.type, c.shape, std::move(c.bytes));
      return id.ok() ? static_cast<double>(*id) : Fail(id.status());
    } catch (...) {
      return Fail(UnknownError("out of memory."));
    }
  }

  // Before stageConstant(), constant() of a large int4, uint4 or float32 constant asks whether an earlier build packed
  // the same bytes (a language model's second session; runtime/weight_sources.h). probeConstant() returns the address of a scratch,
  // or 0: no source of that size, or a descriptor stageConstant() will refuse. Then, while sourceWanted() gives an
  // offset >= 0, JS copies sourceWantedBytes() of the page's bytes from there into the scratch and calls
  // sourceFed(). addSourceConstant() makes the constant that holds the matching packing (its id; -1 on failure,
  // see takeError()), or returns -2 when no source matched: the bytes are then staged as any others.
  double probeConstant(const std::string& type_name, double rank, double byte_length) {
    try {
      match_.reset();
      // Nothing allocated unless a source may match: a small allocation between the constants of a first build
      // would stay there through the compile and split the holes freed constants leave (four-bit-build-peak).
      const std::optional<DataType> type = ParseDataType(type_name);
      if (!type || !(IsFourBit(*type) || *type == DataType::kFloat32)) return 0;
      if (!(byte_length >= runtime::kSharedWeightsMinBytes && byte_length <= 1e15)) return 0;
      const auto size = static_cast<size_t>(byte_length);
      if (!runtime::AnyWeightSourceOf(*type, size)) return 0;
      Expected<graph::OperandDesc> desc = ConstantDescriptor(type_name, rank);
      if (!desc.ok()) return 0;
      match_.emplace(SourceMatch{std::move(desc).value(), runtime::WeightSourceMatch(*type, size)});
      return Address(match_->match.scratch());
    } catch (...) {
      match_.reset();
      return 0;
    }
  }
  double sourceWanted() const { return match_ ? static_cast<double>(match_->match.Wanted()) : -1; }
  double sourceWantedBytes() const { return match_ ? static_cast<double>(match_->match.WantedBytes()) : 0; }
  void sourceFed() {
    try {
      if (match_) match_->match.Fed();
    } catch (...) {
      match_.reset();  // out of memory while reading a candidate back: the bytes are staged instead
    }
  }
  double addSourceConstant() {
    try {
      std::shared_ptr<const runtime::WeightSource> source = match_ ? match_->match.Result() : nullptr;
      if (!source) {
        match_.reset();
        return -2;
      }
      SourceMatch m = std::move(*match_);
      match_.reset();
      auto id = builder_->Constant(m.desc.type, m.desc.shape, std::move(source));
      return id.ok() ? static_cast<double>(*id) : Fail(id.status());
    } catch (...) {
      match_.reset();
      return Fail(UnknownError("out of memory."));
    }
  }

  // {error, message} of the last call that returned -1.
  val takeError() {
    val e = Err(error_);
    error_ = Status::Ok();
    return e;
  }

  // DataType's names in its order: what the record's data type numbers mean.
  static val dataTypeNames() {
    val names = val::array();
    for (int i = 0; i < kDataTypeCount; ++i) names.call<void>("push", std::string(DataTypeName(static_cast<DataType>(i))));
    return names;
  }

  val build(val names, val ids) {
    return Guarded([&]() -> val {
      graph::GraphBuilder::NamedOutputs outputs;
      unsigned n = names["length"].as<unsigned>();
      for (unsigned i = 0; i < n; ++i) outputs.push_back({names[i].as<std::string>(), ids[i].as<uint32_t>()});
      Status s = builder_->PrepareBuild(outputs);
      if (!s.ok()) return Err(s);
      auto request = std::make_shared<BuildRequest>();
      request->context = context_;
      context_->Enqueue({[builder = builder_, outputs, request, context = context_](runtime::ThreadPool*) {
                           // A failed allocation fails this build, not the context.
                           Expected<std::shared_ptr<runtime::CompiledGraph>> g = UnknownError("build: out of memory.");
                           try {
                             g = builder->Compile(outputs);
                           } catch (...) {
                           }
                           builder->ReleaseGraph();
                           if (g.ok()) {
                             request->graph = std::move(g).value();
                             context->AdoptGraph(request->graph);
                           } else {
                             request->status = g.status();
                           }
                           request->completion.Signal(runtime::Completion::kDone);
                           return Status::Ok();  // a graph that fails to build does not lose the context
                         },
                         [request] {
                           request->status = InvalidState("build: the context was lost before the graph was built.");
                           request->completion.Signal(runtime::Completion::kFailed);
                         }});
      return Ok(val(request));
    });
  }

 private:
  int Fail(const Status& s) {
    error_ = s;
    return -1;
  }

  // constant()'s descriptor: its type and its shape, the record's first `rank` float64s.
  Expected<graph::OperandDesc> ConstantDescriptor(const std::string& type_name, double rank) const {
    std::optional<DataType> type = ParseDataType(type_name);
    if (!type) return TypeError("constant descriptor.dataType: '" + type_name + "' is not a valid MLOperandDataType.");
    if (!(rank >= 0 && rank <= static_cast<double>(record_.size()))) return TypeError("constant descriptor.shape: malformed.");
    Shape shape;
    for (size_t i = 0; i < static_cast<size_t>(rank); ++i) {
      std::optional<uint32_t> dim = DimensionFrom(record_[i]);
      if (!dim) return TypeError("constant descriptor.shape: must be a sequence of unsigned long.");
      shape.push_back(*dim);
    }
    RETURN_IF_ERROR(graph::ValidateDescriptor("constant descriptor", *type, shape));
    return graph::OperandDesc{*type, std::move(shape)};
  }

  struct StagedConstant {
    DataType type;
    Shape shape;
    std::shared_ptr<runtime::Buffer> bytes;
  };

  std::shared_ptr<runtime::Context> context_;
  std::shared_ptr<graph::GraphBuilder> builder_;
  std::vector<double> record_ = std::vector<double>(64);
  std::optional<StagedConstant> staged_;
  struct SourceMatch {
    graph::OperandDesc desc;
    runtime::WeightSourceMatch match;
  };
  std::optional<SourceMatch> match_;
  Status error_;
};

// opSupportLimits() as JSON text, which JS parses once per runtime: one string crosses, where building the
// object through embind took thousands of calls (6-15 ms in Chromium).
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string TensorLimitsJson(const graph::OperandLimit& l) {
  std::string types;
  for (int i = 0; i < kDataTypeCount; ++i) {
    if (!l.types.Has(static_cast<DataType>(i))) continue;
    if (!types.empty()) types += ',';
    types += JsonString(DataTypeName(static_cast<DataType>(i)));
  }
  return "{\"dataTypes\":[" + types + "],\"rankRange\":{\"min\":" + std::to_string(l.min_rank) + ",\"max\":" +
         std::to_string(l.max_rank) + "}}";
}

std::string OpSupportLimitsJson() {
  graph::SupportLimits limits = graph::GetSupportLimits();
  std::string r = "{\"preferredInputLayout\":" + JsonString(limits.preferred_input_layout) +
                  ",\"maxTensorByteLength\":" + std::to_string(limits.max_tensor_byte_length) +
                  ",\"input\":" + TensorLimitsJson(limits.input) + ",\"constant\":" + TensorLimitsJson(limits.constant) +
                  ",\"output\":" + TensorLimitsJson(limits.output);
  for (const auto& op : limits.ops) {
    std::string entry;
    for (const auto& operand : op.operands) {
      entry += (entry.empty() ? "" : ",") + JsonString(operand.name) + ":" + TensorLimitsJson(operand);
    }
    r += "," + JsonString(op.op) + ":{" + entry + "}";
  }
  return r + "}";
}

// Sizes the executor's compute pool and sets its inline policy (`inline_step_ms` negative or NaN: the default);
// called once by the loader before any context exists.
void Init(uint32_t num_threads, double inline_step_ms, int activation_bits) {
  ActivationBits() = activation_bits == 8 || activation_bits == 32 ? activation_bits : 16;
  if (GlobalExecutor()) return;
  GlobalExecutor() = std::make_shared<runtime::Executor>(
      std::max<uint32_t>(1, num_threads), inline_step_ms >= 0 ? inline_step_ms : runtime::Executor::kDefaultInlineStepMs);
}

uint32_t NumThreads() { return static_cast<uint32_t>(SharedExecutor()->num_threads()); }

// Bytes malloc has handed out and not taken back (dlmalloc's count), for soak and heap tests. mallinfo's
// fields are ints: above 2 GiB the count reads negative, so it is taken as the unsigned 32 bits it is.
double HeapInUse() { return static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks)); }

// Whether the JS thread owes its event loop a turn (Executor::EventLoopTurnDue), and the turn taken.
bool InlineDebtHigh() { return SharedExecutor()->EventLoopTurnDue(); }
void EventLoopTurned() { SharedExecutor()->EventLoopTurned(); }

// Steps the JS thread ran inline so far (Executor::MayRunInline), for the tests.
double InlineStepsForTesting() { return static_cast<double>(SharedExecutor()->inline_runs_for_testing()); }

void SetAllocationLimitForTesting(double bytes) { runtime::SetAllocationLimitForTesting(static_cast<size_t>(bytes)); }

}  // namespace
}  // namespace webnn::bindings

EMSCRIPTEN_BINDINGS(webnn) {
  using namespace webnn::bindings;
  emscripten::function("init", &Init);
  emscripten::function("numThreads", &NumThreads);
  emscripten::function("opSupportLimitsJson", &OpSupportLimitsJson);
  emscripten::function("stage", &Stage);
  emscripten::function("setAllocationLimitForTesting", &SetAllocationLimitForTesting);
  emscripten::function("heapInUse", &HeapInUse);
  emscripten::function("inlineStepsForTesting", &InlineStepsForTesting);
  emscripten::function("inlineDebtHigh", &InlineDebtHigh);
  emscripten::function("eventLoopTurned", &EventLoopTurned);
  emscripten::class_<Staging>("Staging")
      .smart_ptr<std::shared_ptr<Staging>>("StagingPtr")
      .function("address", &Staging::address);
  emscripten::class_<Tensor>("Tensor")
      .smart_ptr<std::shared_ptr<Tensor>>("TensorPtr")
      .function("destroy", &Tensor::destroy)
      .function("byteLength", &Tensor::byteLength);
  emscripten::class_<Graph>("Graph")
      .smart_ptr<std::shared_ptr<Graph>>("GraphPtr")
      .function("destroy", &Graph::destroy)
      .function("describe", &Graph::describe)
      .function("arenaBytesForTesting", &Graph::arenaBytesForTesting);
  emscripten::class_<ReadRequest>("ReadRequest")
      .smart_ptr<std::shared_ptr<ReadRequest>>("ReadRequestPtr")
      .function("flagAddress", &ReadRequest::flagAddress)
      .function("status", &ReadRequest::status)
      .function("beginCopy", &ReadRequest::beginCopy)
      .function("endCopy", &ReadRequest::endCopy)
      .function("size", &ReadRequest::size);
  emscripten::class_<BuildRequest>("BuildRequest")
      .smart_ptr<std::shared_ptr<BuildRequest>>("BuildRequestPtr")
      .function("flagAddress", &BuildRequest::flagAddress)
      .function("state", &BuildRequest::state)
      .function("result", &BuildRequest::result);
  emscripten::class_<Context>("Context")
      .constructor<>()
      .function("createTensor", &Context::createTensor)
      .function("writeTensor", &Context::writeTensor)
      .function("readTensor", &Context::readTensor)
      .function("bindInput", &Context::bindInput)
      .function("bindOutput", &Context::bindOutput)
      .function("dispatch", &Context::dispatch)
      .function("destroy", &Context::destroy)
      .function("lostFlagAddress", &Context::lostFlagAddress)
      .function("lostMessage", &Context::lostMessage)
      .function("failNextStepForTesting", &Context::failNextStepForTesting)
      .function("liveObjectsForTesting", &Context::liveObjectsForTesting)
      .function("profileNextDispatch", &Context::profileNextDispatch)
      .function("takeProfile", &Context::takeProfile);
  emscripten::class_<GraphBuilder>("GraphBuilder")
      .constructor<const Context&>()
      .function("input", &GraphBuilder::input)
      .function("constantTensor", &GraphBuilder::constantTensor)
      .function("constantNumber", &GraphBuilder::constantNumber)
      .function("operation", &GraphBuilder::operation)
      .function("record", &GraphBuilder::record)
      .function("stageConstant", &GraphBuilder::stageConstant)
      .function("addStagedConstant", &GraphBuilder::addStagedConstant)
      .function("probeConstant", &GraphBuilder::probeConstant)
      .function("sourceWanted", &GraphBuilder::sourceWanted)
      .function("sourceWantedBytes", &GraphBuilder::sourceWantedBytes)
      .function("sourceFed", &GraphBuilder::sourceFed)
      .function("addSourceConstant", &GraphBuilder::addSourceConstant)
      .function("takeError", &GraphBuilder::takeError)
      .class_function("dataTypeNames", &GraphBuilder::dataTypeNames)
      .function("build", &GraphBuilder::build);
}
