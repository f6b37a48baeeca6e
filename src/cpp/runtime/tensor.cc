#include "runtime/tensor.h"

#include <algorithm>
#include <string>

#include "runtime/read_request.h"

namespace webnn::runtime {

Expected<std::shared_ptr<Tensor>> Tensor::Create(uint32_t context_id, const TensorInfo& info) {
  auto bytes = ByteLength(info.type, info.shape);
  if (!bytes || *bytes > kMaxTensorByteLength) {
    return TypeError("tensor of shape " + ShapeToString(info.shape) + " is too large.");
  }
  ASSIGN_OR_RETURN(auto buffer, Buffer::Allocate(*bytes));
  return std::shared_ptr<Tensor>(new Tensor(context_id, info, std::move(buffer)));
}

void Tensor::AddPendingRead(std::shared_ptr<ReadRequest> read) {
  // Reads JS has finished with drop out here, so a tensor read over and over without being written keeps
  // a short list.
  std::erase_if(pending_reads_, [](const std::shared_ptr<ReadRequest>& r) { return r->settled(); });
  pending_reads_.push_back(std::move(read));
}

void Tensor::StagePendingReads() {
  for (const auto& read : pending_reads_) read->Stage();
  pending_reads_.clear();
}

}  // namespace webnn::runtime
