// The frame queue filled in place: buffers handed out in turn, each holding what was last filled
// into its slot, and the consumer getting every frame in order. No ffmpeg.
#include <gtest/gtest.h>

#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "video/frame_queue.hpp"

namespace bvhscope::video {
namespace {

TEST(FrameQueue, FilledBuffersComeInTurnHoldingTheirSlotsLastFrame) {
  constexpr std::size_t kBytes = 8;
  std::vector<std::vector<std::uint8_t>> consumed;
  FrameQueue queue(kBytes, 3, [&](const std::uint8_t* frame, std::size_t index, std::string&) {
    EXPECT_EQ(index, consumed.size());
    consumed.emplace_back(frame, frame + kBytes);
    return true;
  });
  std::vector<std::size_t> slots;
  std::vector<std::vector<std::uint8_t>> found;  // what each buffer held when handed out
  std::string error;
  for (std::uint8_t k = 0; k < 7; ++k) {
    ASSERT_TRUE(queue.push_filled(
        [&](std::uint8_t* buffer, std::size_t slot) {
          slots.push_back(slot);
          found.emplace_back(buffer, buffer + kBytes);
          for (std::size_t i = 0; i < kBytes; ++i) buffer[i] = static_cast<std::uint8_t>(k * 10 + i);
        },
        error))
        << error;
  }
  ASSERT_TRUE(queue.finish(error)) << error;
  EXPECT_EQ(slots, (std::vector<std::size_t>{0, 1, 2, 0, 1, 2, 0}));
  ASSERT_EQ(found.size(), 7u);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(found[k], std::vector<std::uint8_t>(kBytes, 0)) << k;
  for (std::size_t k = 3; k < 7; ++k) {  // frame k - 3 went through the same slot
    for (std::size_t i = 0; i < kBytes; ++i) EXPECT_EQ(found[k][i], (k - 3) * 10 + i) << k << " byte " << i;
  }
  ASSERT_EQ(consumed.size(), 7u);
  for (std::size_t k = 0; k < 7; ++k) {
    for (std::size_t i = 0; i < kBytes; ++i) EXPECT_EQ(consumed[k][i], k * 10 + i) << k << " byte " << i;
  }
}

TEST(FrameQueue, PushCopiesTheFrameIntoTheSameBuffers) {
  constexpr std::size_t kBytes = 4;
  std::vector<std::vector<std::uint8_t>> consumed;
  FrameQueue queue(kBytes, 2, [&](const std::uint8_t* frame, std::size_t, std::string&) {
    consumed.emplace_back(frame, frame + kBytes);
    return true;
  });
  std::string error;
  const std::vector<std::uint8_t> a = {1, 2, 3, 4};
  const std::vector<std::uint8_t> b = {5, 6, 7, 8};
  ASSERT_TRUE(queue.push(a.data(), error)) << error;
  ASSERT_TRUE(queue.push(b.data(), error)) << error;
  std::vector<std::uint8_t> held;
  ASSERT_TRUE(queue.push_filled(
      [&](std::uint8_t* buffer, std::size_t slot) {
        EXPECT_EQ(slot, 0u);
        held.assign(buffer, buffer + kBytes);
      },
      error))
      << error;
  ASSERT_TRUE(queue.finish(error)) << error;
  EXPECT_EQ(held, a);
  ASSERT_EQ(consumed.size(), 3u);
  EXPECT_EQ(consumed[0], a);
  EXPECT_EQ(consumed[1], b);
  EXPECT_EQ(consumed[2], a);  // the filler left slot 0's bytes as they were
}

// An encoder that runs out of memory on the queue's thread (a PNG's buffer) does not end the
// process (std::terminate, exit 134): the next push or finish on the producer's thread throws it,
// where the command turns it into exit status 3.
TEST(FrameQueue, OutOfMemoryInTheConsumerIsThrownOnTheProducersThread) {
  constexpr std::size_t kBytes = 8;
  const std::vector<std::uint8_t> frame(kBytes, 7);
  for (const bool through_finish : {false, true}) {
    FrameQueue queue(kBytes, 2, [](const std::uint8_t*, std::size_t index, std::string&) -> bool {
      if (index == 1) throw std::bad_alloc();
      return true;
    });
    std::string error;
    EXPECT_TRUE(queue.push(frame.data(), error)) << error;
    EXPECT_TRUE(queue.push(frame.data(), error)) << error;
    if (through_finish) {
      EXPECT_THROW(queue.finish(error), std::bad_alloc);
    } else {
      EXPECT_THROW(
          {
            for (int i = 0; i < 100; ++i) {
              if (!queue.push(frame.data(), error)) break;
            }
          },
          std::bad_alloc);
    }
  }
}

}  // namespace
}  // namespace bvhscope::video
