#include "runtime/tensor.h"

#include <string>

namespace webnn::runtime {

Expected<std::shared_ptr<Tensor>> Tensor::Create(uint32_t context_id, const TensorInfo& info) {
  auto bytes = ByteLength(info.type, info.shape);
  if (!bytes || *bytes > kMaxTensorByteLength) {
    return TypeError("tensor of shape " + ShapeToString(info.shape) + " is too large.");
  }
  ASSIGN_OR_RETURN(auto buffer, Buffer::Allocate(*bytes));
  return std::shared_ptr<Tensor>(new Tensor(context_id, info, std::move(buffer)));
}

}  // namespace webnn::runtime
