// A pending readTensor(). When the timeline reaches the read, the bytes are not copied: the request
// points JS at the tensor's own memory, and JS copies them out once it wakes (one copy, not two: a 4 MB
// add's read took 0.49 ms of which half was that second copy). Only if a later step writes the tensor
// before JS got to them does that step first set them aside (Stage), as the old read did at once.
//
// The state is the one handshake between the two sides: JS claims the tensor's bytes (kDirect ->
// kCopying) or a step claims them to set aside (kDirect -> kStaged, after the copy is made); a step
// that finds JS copying waits for EndCopy, which is bounded: JS copies synchronously once it has claimed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "runtime/buffer.h"
#include "runtime/completion.h"

namespace webnn::runtime {

class ReadRequest {
 public:
  Completion completion;

  // Timeline (executor thread): the read's step; the bytes are the tensor's (`bytes`) from here on.
  void Publish(std::shared_ptr<Buffer> bytes);
  // Timeline: called by a step that is about to write the tensor while this read may still be unread.
  void Stage();
  // JS has copied the bytes (or gave up on them), or they are set aside: a later write need not stage or
  // wait for them. (While JS copies, kCopying, a write must wait.)
  bool settled() const { return state_.load(std::memory_order_acquire) >= kStaged; }

  // JS, once `completion` is done: where to copy size() bytes from, or nullptr when they were lost to an
  // allocation failure while being set aside (the read then fails with UnknownError). EndCopy() must
  // follow, right after the copy, whatever BeginCopy returned, and also when JS does not copy at all.
  const uint8_t* BeginCopy();
  void EndCopy();
  size_t size() const;

 private:
  static constexpr int32_t kDirect = 0, kCopying = 1, kStaged = 2, kDone = 3, kNoMemory = 4;
  std::atomic<int32_t> state_{kDirect};
  std::shared_ptr<Buffer> bytes_;    // the tensor's storage, kept alive while JS may copy from it
  std::shared_ptr<Buffer> staged_;   // set before kStaged is published
};

}  // namespace webnn::runtime
