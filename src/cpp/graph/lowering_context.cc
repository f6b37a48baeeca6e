#include "graph/lowering_context.h"

#include <cstring>

#include "graph/validation_context.h"

namespace webnn::graph {

void LoweringContext::Emit(compiler::NodeParams params, std::vector<compiler::ValueId> in,
                           std::vector<compiler::ValueId> out) {
  g_.AddNode(std::move(params), std::move(in), std::move(out), label_);
}

compiler::ValueId LoweringContext::Transpose(compiler::ValueId x, const std::vector<uint32_t>& perm) {
  const Shape& s = g_.values[x].shape;
  Shape out(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) out[i] = s[perm[i]];
  compiler::ValueId y = NewValue(g_.values[x].type, out);
  Emit(compiler::TransposeParams{perm}, {x}, {y});
  return y;
}

compiler::ValueId LoweringContext::Reshape(compiler::ValueId x, Shape shape) {
  compiler::ValueId y = NewValue(g_.values[x].type, std::move(shape));
  Emit(compiler::CopyParams{}, {x}, {y});
  return y;
}

compiler::ValueId LoweringContext::Cast(compiler::ValueId x, DataType type) {
  if (g_.values[x].type == type) return x;
  compiler::ValueId y = NewValue(type, g_.values[x].shape);
  Emit(compiler::CastParams{}, {x}, {y});
  return y;
}

compiler::ValueId LoweringContext::Constant(DataType type, Shape shape, const void* data) {
  size_t bytes = *ByteLength(type, shape);
  auto buffer = runtime::Buffer::Allocate(bytes);
  // Lowering constants are small (scalars, per-channel vectors); failure here is out of memory.
  if (!buffer.ok()) return compiler::kNoValue;
  std::memcpy(buffer.value()->data(), data, bytes);
  return g_.AddConstant(type, std::move(shape), std::move(buffer).value());
}

compiler::ValueId LoweringContext::Zero(DataType type) {
  const uint64_t zero_bits = 0;
  return Constant(type, {}, &zero_bits);
}

compiler::ValueId LoweringContext::Binary(compiler::BinaryOp op, compiler::ValueId a, compiler::ValueId b) {
  const compiler::Value& va = g_.values[a];
  Shape shape = BroadcastShapes(va.shape, g_.values[b].shape).value_or(va.shape);  // validated by the caller
  compiler::ValueId y = NewValue(kernels::IsArithmetic(op) ? va.type : DataType::kUint8, std::move(shape));
  Emit(compiler::BinaryParams{op, {}}, {a, b}, {y});
  return y;
}

compiler::ValueId LoweringContext::Unary(compiler::UnaryParams params, compiler::ValueId x) {
  compiler::ValueId y = NewValue(g_.values[x].type, g_.values[x].shape);
  Emit(params, {x}, {y});
  return y;
}

}  // namespace webnn::graph
