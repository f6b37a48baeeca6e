// MLTensor's storage: a typed, shaped buffer in Wasm memory that outlives JS handles as long as a queued
// job still refers to it.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "base/data_type.h"
#include "base/shape.h"
#include "runtime/buffer.h"

namespace webnn::runtime {

struct TensorInfo {
  DataType type = DataType::kFloat32;
  Shape shape;
  bool readable = false;
  bool writable = false;
  bool constant = false;
};

class ReadRequest;

class Tensor {
 public:
  static Expected<std::shared_ptr<Tensor>> Create(uint32_t context_id, const TensorInfo& info);

  const TensorInfo& info() const { return info_; }
  uint32_t context_id() const { return context_id_; }
  size_t bytes() const { return buffer_->size(); }
  // Its byte length at the API (readTensor(), writeTensor()): 4-bit elements packed two to a byte.
  size_t api_bytes() const { return static_cast<size_t>(*PackedByteLength(info_.type, info_.shape)); }
  uint8_t* data() { return buffer_->data(); }
  const uint8_t* data() const { return buffer_->data(); }
  const std::shared_ptr<Buffer>& buffer() const { return buffer_; }

  bool destroyed() const { return destroyed_.load(std::memory_order_acquire); }
  void Destroy() { destroyed_.store(true, std::memory_order_release); }

  // Reads whose bytes JS may not have copied out of this tensor yet (see read_request.h). Timeline
  // thread only: the read's step adds one, and every step that writes the tensor stages them first.
  void AddPendingRead(std::shared_ptr<ReadRequest> read);
  void StagePendingReads();

 private:
  Tensor(uint32_t context_id, TensorInfo info, std::shared_ptr<Buffer> buffer)
      : context_id_(context_id), info_(std::move(info)), buffer_(std::move(buffer)) {}
  uint32_t context_id_;
  TensorInfo info_;
  std::shared_ptr<Buffer> buffer_;
  std::atomic<bool> destroyed_{false};
  std::vector<std::shared_ptr<ReadRequest>> pending_reads_;
};

}  // namespace webnn::runtime
