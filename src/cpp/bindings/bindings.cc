// Embind glue, and nothing else: marshals JS values into graph/runtime calls and turns each Status into
// a result object ({value} or {error, message}); C++ never throws across the Wasm boundary. The JS
// layer (src/js) owns promises, WebIDL conversion and object lifetimes.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graph/dispatch.h"
#include "graph/graph_builder.h"
#include "graph/support_limits.h"
#include "runtime/tensor.h"
#include "runtime/timeline.h"

using emscripten::val;

namespace webnn::bindings {
namespace {

std::unique_ptr<runtime::Timeline>& GlobalTimeline() {
  static std::unique_ptr<runtime::Timeline> timeline;
  return timeline;
}

runtime::Timeline& Timeline() {
  auto& t = GlobalTimeline();
  if (!t) t = std::make_unique<runtime::Timeline>(1);
  return *t;
}

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

std::optional<Shape> ShapeFrom(const val& array) {
  if (!array.isArray()) return std::nullopt;
  Shape shape;
  unsigned n = array["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    val d = array[i];
    if (!d.isNumber()) return std::nullopt;
    double v = d.as<double>();
    if (!(v >= 0 && v <= 4294967295.0) || v != static_cast<double>(static_cast<uint32_t>(v))) return std::nullopt;
    shape.push_back(static_cast<uint32_t>(v));
  }
  return shape;
}

Expected<DataType> TypeFrom(const val& name) {
  if (!name.isString()) return TypeError("dataType: must be a string.");
  auto t = ParseDataType(name.as<std::string>());
  if (!t) return TypeError("dataType: '" + name.as<std::string>() + "' is not a valid MLOperandDataType.");
  return *t;
}

__int128 ParseBigInt(const std::string& s) {
  bool neg = !s.empty() && s[0] == '-';
  __int128 v = 0;
  for (size_t i = neg ? 1 : 0; i < s.size(); ++i) v = v * 10 + (s[i] - '0');
  return neg ? -v : v;
}

// One JS value of a builder call -> ArgValue. Operands arrive as {operand: id}.
graph::ArgValue ArgFrom(const val& v) {
  using K = graph::ArgValue::Kind;
  graph::ArgValue a;
  std::string type = v.typeOf().as<std::string>();
  if (type == "undefined" || v.isNull()) return a;
  if (type == "boolean") {
    a.kind = K::kBool;
    a.boolean = v.as<bool>();
  } else if (type == "number") {
    a.kind = K::kNumber;
    a.number = v.as<double>();
  } else if (type == "bigint") {
    a.kind = K::kBigInt;
    a.bigint = ParseBigInt(v.call<std::string>("toString"));
  } else if (type == "string") {
    a.kind = K::kString;
    a.string = v.as<std::string>();
  } else if (v.isArray()) {
    unsigned n = v["length"].as<unsigned>();
    a.kind = K::kNumberList;
    for (unsigned i = 0; i < n; ++i) {
      graph::ArgValue item = ArgFrom(v[i]);
      if (item.kind == K::kNumber) {
        a.numbers.push_back(item.number);
      } else if (item.kind == K::kString) {
        a.kind = K::kStringList;
        a.strings.push_back(item.string);
      } else if (item.kind == K::kOperand) {
        a.kind = K::kOperandList;
        a.operands.push_back(item.operand);
      } else {
        a.kind = K::kUndefined;  // a list of something we do not take: the reader reports it
        return a;
      }
    }
  } else if (type == "object" && v["operand"].isNumber()) {
    a.kind = K::kOperand;
    a.operand = v["operand"].as<uint32_t>();
  }
  return a;
}

std::atomic<uint32_t> next_context_id{1};

// Bytes handed over from JS (allocated there with _malloc); freed by whoever consumes them.
struct Staging {
  uint8_t* data;
  size_t size;
};

class Tensor {
 public:
  explicit Tensor(std::shared_ptr<runtime::Tensor> t) : t_(std::move(t)) {}
  const std::shared_ptr<runtime::Tensor>& get() const { return t_; }
  void destroy() { t_->Destroy(); }
  double byteLength() const { return static_cast<double>(t_->bytes()); }

 private:
  std::shared_ptr<runtime::Tensor> t_;
};

class Graph {
 public:
  explicit Graph(std::shared_ptr<graph::CompiledGraph> g) : g_(std::move(g)) {}
  const std::shared_ptr<graph::CompiledGraph>& get() const { return g_; }
  void destroy() { g_->destroyed = true; }
  val describe() const {
    val r = val::object();
    for (const char* which : {"inputs", "outputs"}) {
      val list = val::array();
      const auto& descs = which[0] == 'i' ? g_->plan->inputs : g_->plan->outputs;
      for (const auto& d : descs) {
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

 private:
  std::shared_ptr<graph::CompiledGraph> g_;
};

// A pending readTensor(): JS awaits `flag` (Atomics.waitAsync in the threaded build), then copies
// `size` bytes from `data` and calls release().
class ReadRequest {
 public:
  ReadRequest(size_t size) : size_(size) {}
  ~ReadRequest() { std::free(data_); }
  double flagAddress() const { return static_cast<double>(reinterpret_cast<uintptr_t>(&completion_.flag)); }
  int status() const { return completion_.flag.load(std::memory_order_acquire); }
  double dataAddress() const { return static_cast<double>(reinterpret_cast<uintptr_t>(data_)); }
  double size() const { return static_cast<double>(size_); }

  uint8_t* data_ = nullptr;
  size_t size_;
  runtime::Completion completion_;
};

class Context {
 public:
  Context() : id_(next_context_id++), state_(std::make_shared<State>()) {}

  uint32_t id() const { return id_; }

  val createTensor(val type_name, val shape_array, bool readable, bool writable, bool constant) {
    auto type = TypeFrom(type_name);
    if (!type.ok()) return Err(type.status());
    auto shape = ShapeFrom(shape_array);
    if (!shape) return Err(TypeError("createTensor descriptor.shape: must be a sequence of unsigned long."));
    Status s = graph::ValidateDescriptor("createTensor descriptor", *type, *shape);
    if (!s.ok()) return Err(s);
    auto t = runtime::Tensor::Create(id_, {*type, *shape, readable, writable, constant});
    if (!t.ok()) return Err(t.status());
    return Ok(val(std::make_shared<Tensor>(std::move(t).value())));
  }

  // Takes ownership of `ptr` (malloc'd by JS): written when the timeline reaches this write.
  val writeTensor(const Tensor& tensor, double ptr, double size) {
    auto* data = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(ptr));
    auto t = tensor.get();
    if (t->context_id() != id_) {
      std::free(data);
      return Err(TypeError("writeTensor tensor: the tensor belongs to another context."));
    }
    if (static_cast<size_t>(size) != t->bytes()) {
      std::free(data);
      return Err(TypeError("writeTensor inputData: byte length " + std::to_string(static_cast<size_t>(size)) +
                           " does not match the tensor's " + std::to_string(t->bytes()) + "."));
    }
    auto state = state_;
    Timeline().Enqueue([state, t, data](runtime::ThreadPool*) {
      if (!state->destroyed.load() && !t->destroyed()) std::memcpy(t->data(), data, t->bytes());
      std::free(data);
    });
    return Ok(val::undefined());
  }

  val readTensor(const Tensor& tensor) {
    auto t = tensor.get();
    if (t->context_id() != id_) return Err(TypeError("readTensor tensor: the tensor belongs to another context."));
    auto request = std::make_shared<ReadRequest>(t->bytes());
    request->data_ = static_cast<uint8_t*>(std::malloc(std::max<size_t>(1, t->bytes())));
    if (!request->data_) return Err(UnknownError("readTensor: out of memory."));
    auto state = state_;
    Timeline().Enqueue([state, t, request](runtime::ThreadPool*) {
      if (state->destroyed.load() || t->destroyed()) {
        request->completion_.Signal(2);
        return;
      }
      std::memcpy(request->data_, t->data(), t->bytes());
      request->completion_.Signal(1);
    });
    return Ok(val(request));
  }

  val dispatch(const Graph& g, val input_names, val input_tensors, val output_names, val output_tensors) {
    graph::NamedTensors inputs, outputs;
    for (auto [names, tensors, out] : {std::tuple{&input_names, &input_tensors, &inputs},
                                       std::tuple{&output_names, &output_tensors, &outputs}}) {
      unsigned n = (*names)["length"].as<unsigned>();
      for (unsigned i = 0; i < n; ++i) {
        out->push_back({(*names)[i].as<std::string>(), (*tensors)[i].as<Tensor&>().get()});
      }
    }
    auto bound = graph::BindDispatch(*g.get(), id_, inputs, outputs);
    if (!bound.ok()) return Err(bound.status());
    auto state = state_;
    auto compiled = g.get();
    Timeline().Enqueue([state, compiled, b = std::move(bound).value()](runtime::ThreadPool* pool) {
      if (state->destroyed.load() || compiled->destroyed) return;
      std::vector<void*> in, out;
      for (const auto& t : b.inputs) in.push_back(t->data());
      for (const auto& t : b.outputs) out.push_back(t->data());
      compiled->plan->Run(in.data(), out.data(), pool);
    });
    return Ok(val::undefined());
  }

  void destroy() { state_->destroyed.store(true); }

 private:
  struct State {
    std::atomic<bool> destroyed{false};
  };
  uint32_t id_;
  std::shared_ptr<State> state_;
};

class GraphBuilder {
 public:
  explicit GraphBuilder(const Context& context) : builder_(context.id()) {}

  val input(std::string name, val type_name, val shape_array) {
    auto type = TypeFrom(type_name);
    if (!type.ok()) return Err(type.status());
    auto shape = ShapeFrom(shape_array);
    if (!shape) return Err(TypeError("input descriptor.shape: must be a sequence of unsigned long."));
    auto id = builder_.Input(name, *type, *shape);
    return id.ok() ? Ok(val(*id)) : Err(id.status());
  }

  // Takes ownership of `ptr` (malloc'd by JS).
  val constant(val type_name, val shape_array, double ptr, double size) {
    auto* data = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(ptr));
    auto type = TypeFrom(type_name);
    auto shape = ShapeFrom(shape_array);
    Expected<graph::OperandId> id = !type.ok() ? Expected<graph::OperandId>(type.status())
                                    : !shape ? Expected<graph::OperandId>(TypeError("constant descriptor.shape: must be a sequence of unsigned long."))
                                             : builder_.Constant(*type, *shape, data, static_cast<size_t>(size));
    std::free(data);
    return id.ok() ? Ok(val(*id)) : Err(id.status());
  }

  val constantTensor(const Tensor& tensor) {
    auto id = builder_.ConstantFromTensor(tensor.get());
    return id.ok() ? Ok(val(*id)) : Err(id.status());
  }

  // The one generic entry point for all operators: args is {name: value} (see ArgFrom).
  val operation(std::string op, std::string label, val args) {
    graph::Arguments arguments;
    val keys = val::global("Object").call<val>("keys", args);
    unsigned n = keys["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) {
      std::string key = keys[i].as<std::string>();
      arguments.Set(key, ArgFrom(args[key]));
    }
    auto outputs = builder_.AddOperation(op, arguments, label);
    if (!outputs.ok()) return Err(outputs.status());
    val list = val::array();
    for (graph::OperandId id : *outputs) list.call<void>("push", id);
    return Ok(list);
  }

  val describe(uint32_t id) const {
    const graph::OperandDesc* d = builder_.Desc(id);
    if (!d) return val::null();
    val r = val::object();
    r.set("dataType", std::string(DataTypeName(d->type)));
    val shape = val::array();
    for (uint32_t s : d->shape) shape.call<void>("push", s);
    r.set("shape", shape);
    return r;
  }

  val build(val names, val ids) {
    std::vector<std::pair<std::string, graph::OperandId>> outputs;
    unsigned n = names["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) outputs.push_back({names[i].as<std::string>(), ids[i].as<uint32_t>()});
    auto g = builder_.Build(outputs);
    if (!g.ok()) return Err(g.status());
    return Ok(val(std::make_shared<Graph>(std::move(g).value())));
  }

 private:
  graph::GraphBuilder builder_;
};

val TensorLimitsToJs(const graph::OperandLimit& l) {
  val r = val::object();
  val types = val::array();
  for (int i = 0; i < kDataTypeCount; ++i) {
    if (l.types.Has(static_cast<DataType>(i))) types.call<void>("push", std::string(DataTypeName(static_cast<DataType>(i))));
  }
  r.set("dataTypes", types);
  val rank = val::object();
  rank.set("min", l.min_rank);
  rank.set("max", l.max_rank);
  r.set("rankRange", rank);
  return r;
}

val OpSupportLimits() {
  graph::SupportLimits limits = graph::GetSupportLimits();
  val r = val::object();
  r.set("preferredInputLayout", limits.preferred_input_layout);
  r.set("maxTensorByteLength", static_cast<double>(limits.max_tensor_byte_length));
  r.set("input", TensorLimitsToJs(limits.input));
  r.set("constant", TensorLimitsToJs(limits.constant));
  r.set("output", TensorLimitsToJs(limits.output));
  for (const auto& op : limits.ops) {
    val entry = val::object();
    for (const auto& operand : op.operands) entry.set(operand.name, TensorLimitsToJs(operand));
    r.set(op.op, entry);
  }
  return r;
}

// Sizes the executor's compute pool; called once by the loader before any context exists.
void Init(uint32_t num_threads) {
  if (!GlobalTimeline()) GlobalTimeline() = std::make_unique<runtime::Timeline>(std::max<uint32_t>(1, num_threads));
}

uint32_t NumThreads() { return static_cast<uint32_t>(Timeline().num_threads()); }

}  // namespace
}  // namespace webnn::bindings

EMSCRIPTEN_BINDINGS(webnn) {
  using namespace webnn::bindings;
  emscripten::function("init", &Init);
  emscripten::function("numThreads", &NumThreads);
  emscripten::function("opSupportLimits", &OpSupportLimits);
  emscripten::class_<Tensor>("Tensor")
      .smart_ptr<std::shared_ptr<Tensor>>("TensorPtr")
      .function("destroy", &Tensor::destroy)
      .function("byteLength", &Tensor::byteLength);
  emscripten::class_<Graph>("Graph")
      .smart_ptr<std::shared_ptr<Graph>>("GraphPtr")
      .function("destroy", &Graph::destroy)
      .function("describe", &Graph::describe);
  emscripten::class_<ReadRequest>("ReadRequest")
      .smart_ptr<std::shared_ptr<ReadRequest>>("ReadRequestPtr")
      .function("flagAddress", &ReadRequest::flagAddress)
      .function("status", &ReadRequest::status)
      .function("dataAddress", &ReadRequest::dataAddress)
      .function("size", &ReadRequest::size);
  emscripten::class_<Context>("Context")
      .constructor<>()
      .function("createTensor", &Context::createTensor)
      .function("writeTensor", &Context::writeTensor)
      .function("readTensor", &Context::readTensor)
      .function("dispatch", &Context::dispatch)
      .function("destroy", &Context::destroy);
  emscripten::class_<GraphBuilder>("GraphBuilder")
      .constructor<const Context&>()
      .function("input", &GraphBuilder::input)
      .function("constant", &GraphBuilder::constant)
      .function("constantTensor", &GraphBuilder::constantTensor)
      .function("operation", &GraphBuilder::operation)
      .function("describe", &GraphBuilder::describe)
      .function("build", &GraphBuilder::build);
}
