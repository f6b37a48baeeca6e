// The runtime's contexts: each timeline runs its steps in submission order; destroying a tensor is a
// step, so reads and writes queued before it complete; a failing step loses only its own context, and
// every step queued after it (and any request waiting on one) fails instead of running; the allocation
// limit turns out-of-memory into a Status; one context's long step does not hold up another; cheap steps
// on an idle timeline run on the caller, within the inline policy.
#include "runtime/context.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace webnn::runtime {
namespace {

std::shared_ptr<Executor> MakeExecutor() { return std::make_shared<Executor>(2); }

std::shared_ptr<Buffer> Bytes(const std::vector<float>& v) {
  auto b = Buffer::Allocate(v.size() * sizeof(float));
  EXPECT_TRUE(b.ok());
  std::memcpy((*b)->data(), v.data(), v.size() * sizeof(float));
  return *b;
}

// What JS does once a read completed: claim the bytes, copy them, release them.
std::vector<float> Floats(ReadRequest& r) {
  std::vector<float> v(r.size() / sizeof(float));
  const uint8_t* p = r.BeginCopy();
  EXPECT_NE(p, nullptr);
  if (p) std::memcpy(v.data(), p, r.size());
  r.EndCopy();
  return v;
}

TensorInfo Float4() { return {DataType::kFloat32, {4}, true, true, false}; }

// Runs or queues (RunOrEnqueue) a step of the given cost, waits for it, and says which thread ran it.
std::thread::id ThreadThatRan(Context& context, Executor& executor, double cost) {
  std::thread::id ran_on;
  context.RunOrEnqueue({[&ran_on](ThreadPool*) {
                          ran_on = std::this_thread::get_id();
                          return Status::Ok();
                        },
                        nullptr},
                       cost);
  executor.Flush();
  return ran_on;
}

// Queues a step that spins until `release`: everything queued after it waits its turn.
void HoldTimeline(Context& context, std::atomic<bool>& release) {
  context.Enqueue({[&release](ThreadPool*) {
                     while (!release.load()) {}
                     return Status::Ok();
                   },
                   nullptr});
}

TEST(ContextTest, StepsRunInSubmissionOrder) {
  auto executor = MakeExecutor();
  auto context = Context::Create(executor);
  std::mutex m;
  std::vector<int> order;
  for (int i = 0; i < 100; ++i) {
    context->Enqueue({[&, i](ThreadPool*) {
                        std::lock_guard<std::mutex> lock(m);
                        order.push_back(i);
                        return Status::Ok();
                      },
                      nullptr});
  }
  executor->Flush();
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(order[i], i);
}

TEST(ContextTest, DestroyingATensorWaitsForWorkQueuedBeforeIt) {
  auto executor = MakeExecutor();
  auto context = Context::Create(executor);
  for (int trial = 0; trial < 50; ++trial) {
    auto t = context->CreateTensor(Float4());
    ASSERT_TRUE(t.ok());
    std::atomic<bool> release{false};
    // Hold the timeline so that everything below is queued before any of it runs.
    HoldTimeline(*context, release);
    ASSERT_TRUE(context->WriteTensor(*t, Bytes({1, 2, 3, float(trial)})).ok());
    auto read = context->ReadTensor(*t);
    ASSERT_TRUE(read.ok());
    context->DestroyTensor(*t);
    EXPECT_TRUE((*t)->destroyed());  // visible to the JS thread at once
    EXPECT_EQ(context->ReadTensor(*t).status().code(), StatusCode::kTypeError);
    release = true;
    executor->Flush();
    ASSERT_EQ((*read)->completion.state(), Completion::kDone);
    EXPECT_EQ(Floats(**read), (std::vector<float>{1, 2, 3, float(trial)}));
  }
  EXPECT_EQ(context->live_objects_for_testing(), 0u);
}

// A read's bytes stay in the tensor until JS copies them; a write queued behind the read sets them aside
// first, so each read sees the tensor as the timeline had it.
TEST(ContextTest, AWriteAfterAnUncopiedReadKeepsTheReadsBytes) {
  auto executor = MakeExecutor();
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(context->WriteTensor(*t, Bytes({1, 2, 3, 4})).ok());
  auto first = context->ReadTensor(*t);
  ASSERT_TRUE(context->WriteTensor(*t, Bytes({5, 6, 7, 8})).ok());
  auto second = context->ReadTensor(*t);
  auto third = context->ReadTensor(*t);  // no write between: both read the tensor itself
  ASSERT_TRUE(first.ok() && second.ok() && third.ok());
  executor->Flush();
  EXPECT_EQ(Floats(**first), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(Floats(**third), (std::vector<float>{5, 6, 7, 8}));
  EXPECT_EQ(Floats(**second), (std::vector<float>{5, 6, 7, 8}));
}

// A tensor holding {1, 2, 3, 4} and one completed read of it that JS has not copied yet. Its steps run on
// the executor (inline_step_ms 0): the write below that waits for a copy in progress would, inline, wait
// on the thread that holds the copy, which JS never does (it copies synchronously once it has claimed).
struct UncopiedRead {
  std::shared_ptr<Executor> executor = std::make_shared<Executor>(2, 0.0);
  std::shared_ptr<Context> context = Context::Create(executor);
  std::shared_ptr<Tensor> tensor;
  std::shared_ptr<ReadRequest> read;
  void Start() {
    auto t = context->CreateTensor(Float4());
    ASSERT_TRUE(t.ok());
    tensor = *t;
    ASSERT_TRUE(context->WriteTensor(tensor, Bytes({1, 2, 3, 4})).ok());
    auto r = context->ReadTensor(tensor);
    ASSERT_TRUE(r.ok());
    read = *r;
    executor->Flush();
  }
};

// While JS copies (between BeginCopy and EndCopy) a write to the tensor waits; it never tears the copy.
TEST(ContextTest, AWriteWaitsForTheCopyInProgress) {
  UncopiedRead u;
  ASSERT_NO_FATAL_FAILURE(u.Start());
  const float* claimed = reinterpret_cast<const float*>(u.read->BeginCopy());
  ASSERT_NE(claimed, nullptr);
  ASSERT_TRUE(u.context->WriteTensor(u.tensor, Bytes({9, 9, 9, 9})).ok());
  auto after = u.context->ReadTensor(u.tensor);
  ASSERT_TRUE(after.ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ((std::vector<float>(claimed, claimed + 4)), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ((*after)->completion.state(), Completion::kPending);
  u.read->EndCopy();
  u.executor->Flush();
  EXPECT_EQ(Floats(**after), (std::vector<float>{9, 9, 9, 9}));
}

// When the bytes cannot be set aside (out of memory), that read fails and the write goes on.
TEST(ContextTest, AReadWhoseBytesCannotBeSetAsideFailsAlone) {
  UncopiedRead u;
  ASSERT_NO_FATAL_FAILURE(u.Start());
  auto staged = Bytes({5, 6, 7, 8});
  SetAllocationLimitForTesting(8);
  ASSERT_TRUE(u.context->WriteTensor(u.tensor, staged).ok());
  u.executor->Flush();
  SetAllocationLimitForTesting(0);
  EXPECT_EQ(u.read->BeginCopy(), nullptr);
  u.read->EndCopy();
  EXPECT_FALSE(u.context->lost());
  auto after = u.context->ReadTensor(u.tensor);
  ASSERT_TRUE(after.ok());
  u.executor->Flush();
  EXPECT_EQ(Floats(**after), (std::vector<float>{5, 6, 7, 8}));
}

TEST(ContextTest, AFailingStepLosesOnlyItsContext) {
  auto executor = MakeExecutor();
  auto doomed = Context::Create(executor);
  auto other = Context::Create(executor);
  auto t = doomed->CreateTensor(Float4());
  auto u = other->CreateTensor(Float4());
  ASSERT_TRUE(t.ok() && u.ok());
  std::atomic<bool> later_ran{false};
  doomed->Enqueue({[](ThreadPool*) { return UnknownError("injected"); }, nullptr});
  doomed->Enqueue({[&](ThreadPool*) {
                     later_ran = true;
                     return Status::Ok();
                   },
                   nullptr});
  auto pending = doomed->ReadTensor(*t);
  ASSERT_TRUE(other->WriteTensor(*u, Bytes({4, 3, 2, 1})).ok());
  auto read = other->ReadTensor(*u);
  executor->Flush();
  EXPECT_TRUE(doomed->lost());
  EXPECT_EQ(doomed->lost_signal().state(), Completion::kDone);
  EXPECT_NE(doomed->lost_message().find("injected"), std::string::npos);
  EXPECT_FALSE(later_ran.load());
  if (pending.ok()) EXPECT_EQ((*pending)->completion.state(), Completion::kFailed);
  EXPECT_TRUE((*t)->destroyed());
  EXPECT_EQ(doomed->live_objects_for_testing(), 0u);
  EXPECT_EQ(doomed->CreateTensor(Float4()).status().code(), StatusCode::kInvalidState);
  EXPECT_FALSE(other->lost());
  ASSERT_EQ((*read)->completion.state(), Completion::kDone);
  EXPECT_EQ(Floats(**read), (std::vector<float>{4, 3, 2, 1}));
}

TEST(ContextTest, InjectedFaultFailsTheNextStepOnly) {
  auto executor = MakeExecutor();
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  context->FailNextStepForTesting("disk on fire");
  auto read = context->ReadTensor(*t);
  ASSERT_TRUE(read.ok());
  executor->Flush();
  EXPECT_EQ((*read)->completion.state(), Completion::kFailed);
  EXPECT_TRUE(context->lost());
  EXPECT_NE(context->lost_message().find("disk on fire"), std::string::npos);
}

TEST(ContextTest, DestroyAbandonsQueuedWorkAndFreesTheContextsObjects) {
  auto executor = MakeExecutor();
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  std::weak_ptr<Tensor> weak = *t;
  std::atomic<bool> release{false};
  HoldTimeline(*context, release);
  auto read = context->ReadTensor(*t);
  ASSERT_TRUE(read.ok());
  t = Status();  // drop the test's own reference: the context and the queued read hold it now
  context->Destroy();
  EXPECT_EQ((*read)->completion.state(), Completion::kFailed);
  release = true;
  executor->Flush();
  EXPECT_TRUE(weak.expired());
  EXPECT_EQ(context->lost_signal().state(), Completion::kDone);
}

TEST(ContextTest, AllocationLimitTurnsOutOfMemoryIntoAStatus) {
  auto context = Context::Create(MakeExecutor());
  SetAllocationLimitForTesting(1024);
  auto big = context->CreateTensor({DataType::kFloat32, {1024}, true, true, false});
  auto small = context->CreateTensor(Float4());
  SetAllocationLimitForTesting(0);
  EXPECT_EQ(big.status().code(), StatusCode::kUnknownError);
  EXPECT_TRUE(small.ok());
  EXPECT_FALSE(context->lost());
}

#if WEBNN_THREADS
TEST(ContextTest, ALongStepOfOneContextDoesNotHoldUpAnother) {
  auto executor = MakeExecutor();
  auto a = Context::Create(executor);
  auto b = Context::Create(executor);
  std::atomic<bool> release{false};
  std::atomic<int> b_done{0};
  a->Enqueue({[&](ThreadPool*) {
                while (!release.load()) {}
                return Status::Ok();
              },
              nullptr});
  for (int i = 0; i < 3; ++i) {
    b->Enqueue({[&](ThreadPool* pool) {
                  // The pool is free (a's step does not use it) or a single-threaded stand-in: either works.
                  std::atomic<int> hits{0};
                  pool->Parallelize1DTile1D(64, 8, [&](size_t, size_t count) { hits += static_cast<int>(count); });
                  EXPECT_EQ(hits.load(), 64);
                  ++b_done;
                  return Status::Ok();
                },
                nullptr});
  }
  while (b_done.load() < 3) {}  // would hang if b waited for a's step
  release = true;
  executor->Flush();
  EXPECT_EQ(b_done.load(), 3);
}

TEST(ContextTest, EachContextsStepsStayInOrderWithTwoExecutors) {
  auto executor = MakeExecutor();
  std::vector<std::shared_ptr<Context>> contexts;
  for (int c = 0; c < 4; ++c) contexts.push_back(Context::Create(executor));
  std::mutex m;
  std::vector<std::vector<int>> order(4);
  for (int i = 0; i < 200; ++i) {
    for (int c = 0; c < 4; ++c) {
      contexts[c]->Enqueue({[&, c, i](ThreadPool*) {
                              std::lock_guard<std::mutex> lock(m);
                              order[c].push_back(i);
                              return Status::Ok();
                            },
                            nullptr});
    }
  }
  executor->Flush();
  for (int c = 0; c < 4; ++c) {
    ASSERT_EQ(order[c].size(), 200u);
    for (int i = 0; i < 200; ++i) EXPECT_EQ(order[c][i], i);
  }
}
#endif

// Inline steps (Executor::MayRunInline): a cheap step that finds its timeline idle runs on the caller, at
// once; behind queued or running work it waits its turn; inline_step_ms 0 keeps every step off the caller.
TEST(ContextTest, ACheapStepOnAnIdleTimelineRunsOnTheCaller) {
  auto executor = std::make_shared<Executor>(1, 2.0);
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(context->WriteTensor(*t, Bytes({1, 2, 3, 4})).ok());
  auto read = context->ReadTensor(*t);
  ASSERT_TRUE(read.ok());
  ASSERT_EQ((*read)->completion.state(), Completion::kDone);  // no Flush: both ran before returning
  EXPECT_EQ(Floats(**read), (std::vector<float>{1, 2, 3, 4}));
  std::thread::id ran_on;
  context->RunOrEnqueue({[&](ThreadPool* pool) {
                           ran_on = std::this_thread::get_id();
                           EXPECT_EQ(pool->num_threads(), 1u);
                           return Status::Ok();
                         },
                         nullptr},
                        1.0);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  // Unmeasured (NaN) or too costly: the executor runs it.
  for (double cost : {__builtin_nan(""), 2.5}) {
    ran_on = ThreadThatRan(*context, *executor, cost);
#if WEBNN_THREADS
    EXPECT_NE(ran_on, std::this_thread::get_id()) << cost;
#endif
  }
}

#if WEBNN_THREADS
TEST(ContextTest, ACheapStepBehindQueuedWorkWaitsItsTurn) {
  auto executor = std::make_shared<Executor>(2, 2.0);
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  std::atomic<bool> release{false};
  HoldTimeline(*context, release);
  ASSERT_TRUE(context->WriteTensor(*t, Bytes({5, 6, 7, 8})).ok());
  auto read = context->ReadTensor(*t);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ((*read)->completion.state(), Completion::kPending);
  release = true;
  executor->Flush();
  ASSERT_EQ((*read)->completion.state(), Completion::kDone);
  EXPECT_EQ(Floats(**read), (std::vector<float>{5, 6, 7, 8}));
}

TEST(ContextTest, InlineStepMsZeroKeepsEveryStepOffTheCaller) {
  auto executor = std::make_shared<Executor>(2, 0.0);
  auto context = Context::Create(executor);
  for (int i = 0; i < 20; ++i) EXPECT_NE(ThreadThatRan(*context, *executor, 0.0), std::this_thread::get_id());
}

// With workers in the pool the bound is a tenth: 1 ms of single-threaded work would run on the pool.
TEST(ContextTest, WithWorkersOnlyTheSmallestStepsRunInline) {
  auto executor = std::make_shared<Executor>(2, 2.0);
  auto context = Context::Create(executor);
  const std::thread::id caller = std::this_thread::get_id();
  for (double cost : {0.1, 1.0}) EXPECT_EQ(ThreadThatRan(*context, *executor, cost) == caller, cost < 0.2) << cost;
}

// A loop of cheap steps that never yields: the first run inline until the caller's debt passes
// kInlineDebtMs, the rest queue behind them, all in order.
TEST(ContextTest, InlineDebtSendsALongRunOfStepsToTheExecutor) {
  auto executor = std::make_shared<Executor>(1, 2.0);
  auto context = Context::Create(executor);
  std::mutex m;
  std::vector<int> order;
  int on_caller = 0;
  const std::thread::id caller = std::this_thread::get_id();
  for (int i = 0; i < 60; ++i) {
    context->RunOrEnqueue({[&, i](ThreadPool*) {
                             const auto end = std::chrono::steady_clock::now() + std::chrono::microseconds(500);
                             while (std::chrono::steady_clock::now() < end) {}
                             std::lock_guard<std::mutex> lock(m);
                             if (std::this_thread::get_id() == caller) ++on_caller;
                             order.push_back(i);
                             return Status::Ok();
                           },
                           nullptr},
                          0.5);
  }
  executor->Flush();
  // Each inline step adds 0.5 ms of debt and pays 0.25 back: about 17 run inline on an idle host. The debt is
  // paid back over wall time, so where the caller is preempted more run inline (20-32 measured on a loaded
  // host); without the debt all 60 would.
  EXPECT_GE(on_caller, 1);
  EXPECT_LE(on_caller, 40);
  ASSERT_EQ(order.size(), 60u);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(order[i], i);
}

// The same loop, where the caller lets its event loop turn whenever the debt is past half of kInlineDebtMs
// (as MLContext.readTensor does): every step runs inline.
TEST(ContextTest, TheEventLoopsTurnPaysTheInlineDebtOff) {
  auto executor = std::make_shared<Executor>(1, 2.0);
  auto context = Context::Create(executor);
  int on_caller = 0, turns = 0;
  const std::thread::id caller = std::this_thread::get_id();
  for (int i = 0; i < 60; ++i) {
    context->RunOrEnqueue({[&](ThreadPool*) {
                             const auto end = std::chrono::steady_clock::now() + std::chrono::microseconds(500);
                             while (std::chrono::steady_clock::now() < end) {}
                             if (std::this_thread::get_id() == caller) ++on_caller;
                             return Status::Ok();
                           },
                           nullptr},
                          0.5);
    if (executor->EventLoopTurnDue()) {
      executor->EventLoopTurned();
      ++turns;
      EXPECT_EQ(executor->InlineDebtMs(), 0.0);
    }
  }
  executor->Flush();
  EXPECT_EQ(on_caller, 60);
  // 0.25 ms of debt a step: a turn every 8 or so (fewer where the caller is preempted and wall time pays more).
  EXPECT_GE(turns, 1);
  EXPECT_LE(turns, 15);
}
#endif

TEST(ContextTest, AFailingInlineStepLosesTheContextAtOnce) {
  auto executor = std::make_shared<Executor>(2, 2.0);
  auto context = Context::Create(executor);
  auto t = context->CreateTensor(Float4());
  ASSERT_TRUE(t.ok());
  context->FailNextStepForTesting("inline fault");
  auto read = context->ReadTensor(*t);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ((*read)->completion.state(), Completion::kFailed);
  EXPECT_TRUE(context->lost());
  EXPECT_NE(context->lost_message().find("inline fault"), std::string::npos);
  EXPECT_EQ(context->ReadTensor(*t).status().code(), StatusCode::kInvalidState);
}

}  // namespace
}  // namespace webnn::runtime
