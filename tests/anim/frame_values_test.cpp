// FrameValues: std::vector<float>'s value semantics, plus handles sharing one storage that a writer
// fills in place while a reader shows what is published.
#include "anim/frame_values.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "test_pace.hpp"

namespace bvhscope {
namespace {

TEST(FrameValues, StartsEmptyWithoutStorage) {
  const FrameValues values;
  EXPECT_TRUE(values.empty());
  EXPECT_EQ(values.size(), 0u);
  EXPECT_EQ(values.capacity(), 0u);
  EXPECT_EQ(values.data(), nullptr);
  EXPECT_EQ(values.begin(), values.end());
}

TEST(FrameValues, HasTheVectorApiTheCodeUses) {
  FrameValues values{1.0f, 2.0f, 3.0f};
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0], 1.0f);
  EXPECT_EQ(values.front(), 1.0f);
  EXPECT_EQ(values.back(), 3.0f);
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()), (std::vector<float>{1.0f, 2.0f, 3.0f}));

  values.push_back(4.0f);
  EXPECT_EQ(values, (FrameValues{1.0f, 2.0f, 3.0f, 4.0f}));
  EXPECT_GE(values.capacity(), 4u);

  const std::vector<float> more{5.0f, 6.0f};
  const auto inserted = values.insert(values.end(), more.begin(), more.end());
  EXPECT_EQ(inserted, values.begin() + 4);
  EXPECT_EQ(values, (FrameValues{1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}));

  values.resize(8, 7.0f);
  EXPECT_EQ(values, (FrameValues{1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 7.0f}));
  values.resize(2);
  EXPECT_EQ(values, (FrameValues{1.0f, 2.0f}));
  EXPECT_NE(values, (FrameValues{1.0f, 2.5f}));
  EXPECT_NE(values, (FrameValues{1.0f}));

  const std::size_t capacity = values.capacity();
  values.clear();
  EXPECT_TRUE(values.empty());
  EXPECT_EQ(values.capacity(), capacity) << "clear keeps the storage, as std::vector does";

  values.reserve(100);
  EXPECT_EQ(values.capacity(), 100u);
  values.reserve(10);
  EXPECT_EQ(values.capacity(), 100u) << "reserve never shrinks";

  values.assign({9.0f, 8.0f});
  EXPECT_EQ(values, (FrameValues{9.0f, 8.0f}));
  values.assign(3, 0.5f);
  EXPECT_EQ(values, (FrameValues{0.5f, 0.5f, 0.5f}));
  values.assign(more.begin(), more.end());
  EXPECT_EQ(values, (FrameValues{5.0f, 6.0f}));
  values = {1.5f};
  EXPECT_EQ(values, (FrameValues{1.5f}));
  EXPECT_EQ(FrameValues(2, 3.0f), (FrameValues{3.0f, 3.0f}));
  EXPECT_EQ(FrameValues(5).size(), 5u);
}

TEST(FrameValues, GrowsGeometrically) {
  FrameValues values;
  std::size_t reallocations = 0;
  const float* storage = values.data();
  for (int i = 0; i < 100000; ++i) {
    values.push_back(static_cast<float>(i));
    if (values.data() != storage) {
      ++reallocations;
      storage = values.data();
    }
  }
  EXPECT_LE(reallocations, 20u);
  for (int i = 0; i < 100000; ++i) ASSERT_EQ(values[static_cast<std::size_t>(i)], static_cast<float>(i));
}

TEST(FrameValues, InsertsItsOwnElementsWhenItGrows) {
  FrameValues values{1.0f, 2.0f, 3.0f};
  ASSERT_EQ(values.capacity(), 3u);
  values.insert(values.end(), values.begin(), values.end());  // reallocates: the range is the old storage
  EXPECT_EQ(values, (FrameValues{1.0f, 2.0f, 3.0f, 1.0f, 2.0f, 3.0f}));
}

TEST(FrameValues, ACopyIsDeepAndIndependent) {
  FrameValues original{1.0f, 2.0f, 3.0f};
  FrameValues copy = original;
  EXPECT_EQ(copy, original);
  EXPECT_NE(copy.data(), original.data());
  copy[0] = 10.0f;
  original[1] = 20.0f;
  EXPECT_EQ(original, (FrameValues{1.0f, 20.0f, 3.0f}));
  EXPECT_EQ(copy, (FrameValues{10.0f, 2.0f, 3.0f}));

  FrameValues assigned{7.0f};
  assigned = original;
  EXPECT_EQ(assigned, original);
  EXPECT_NE(assigned.data(), original.data());
  assigned[2] = 30.0f;
  EXPECT_EQ(original[2], 3.0f);
}

TEST(FrameValues, ACopyOfASharedHandleHoldsOnlyWhatItShows) {
  FrameValues table(1000, 1.0f);
  const FrameValues shown = table.share(3);
  const FrameValues copy = shown;
  EXPECT_EQ(copy, (FrameValues{1.0f, 1.0f, 1.0f}));
  EXPECT_EQ(copy.capacity(), 3u);
  EXPECT_NE(copy.data(), table.data());
  table[0] = 5.0f;
  EXPECT_EQ(copy[0], 1.0f);
  EXPECT_EQ(shown[0], 5.0f);
}

TEST(FrameValues, AssignmentNeverWritesIntoSharedStorage) {
  FrameValues table{1.0f, 2.0f, 3.0f};
  FrameValues handle = table.share(3);
  handle = FrameValues{9.0f, 9.0f};
  EXPECT_EQ(table, (FrameValues{1.0f, 2.0f, 3.0f}));
  handle = table.share(3);
  handle.assign({8.0f});
  EXPECT_EQ(table, (FrameValues{1.0f, 2.0f, 3.0f}));
  handle = table.share(3);
  const FrameValues other{4.0f, 5.0f, 6.0f};
  handle = other;
  EXPECT_EQ(table, (FrameValues{1.0f, 2.0f, 3.0f}));
}

TEST(FrameValues, AMoveStealsTheStorage) {
  FrameValues source{1.0f, 2.0f};
  const float* storage = source.data();
  FrameValues moved = std::move(source);
  EXPECT_EQ(moved.data(), storage);
  EXPECT_EQ(moved, (FrameValues{1.0f, 2.0f}));
  EXPECT_TRUE(source.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
  EXPECT_EQ(source.capacity(), 0u);
  FrameValues assigned;
  assigned = std::move(moved);
  EXPECT_EQ(assigned.data(), storage);
  EXPECT_TRUE(moved.empty());  // NOLINT(bugprone-use-after-move)
}

TEST(FrameValues, AShareSeesWritesInPlace) {
  FrameValues writer(8);
  const FrameValues reader = writer.share(0);
  EXPECT_EQ(reader.size(), 0u);
  EXPECT_EQ(reader.capacity(), 8u);
  EXPECT_EQ(reader.data(), writer.data());
  for (std::size_t i = 0; i < 8; ++i) writer[i] = static_cast<float>(i) * 1.5f;
  const FrameValues later = writer.share(8);
  EXPECT_EQ(later, (FrameValues{0.0f, 1.5f, 3.0f, 4.5f, 6.0f, 7.5f, 9.0f, 10.5f}));
  EXPECT_EQ(later.data(), writer.data());
}

TEST(FrameValues, ResizingASharedHandleWithinTheCapacityChangesOnlyItsSize) {
  FrameValues writer(6);
  FrameValues reader = writer.share(0);
  writer[0] = 1.0f;
  writer[1] = 2.0f;
  reader.resize(2);  // shows what the writer wrote, touching nothing
  EXPECT_EQ(reader, (FrameValues{1.0f, 2.0f}));
  EXPECT_EQ(reader.data(), writer.data());
  EXPECT_EQ(writer.size(), 6u);
  writer[2] = 3.0f;
  writer[3] = 4.0f;
  reader.resize(4);
  EXPECT_EQ(reader, (FrameValues{1.0f, 2.0f, 3.0f, 4.0f}));
  writer.resize(4);  // the writer trims: the reader keeps what it shows
  EXPECT_EQ(writer.capacity(), 6u);
  EXPECT_EQ(reader.size(), 4u);
  reader.resize(6);
  EXPECT_EQ(reader.size(), 6u);
  EXPECT_EQ(writer.size(), 4u);
  EXPECT_EQ(reader.data(), writer.data());
}

TEST(FrameValues, GrowingAHandleBeyondTheCapacityDetachesIt) {
  FrameValues writer{1.0f, 2.0f, 3.0f, 4.0f};
  FrameValues reader = writer.share(2);
  reader.resize(5);  // beyond the 4 of the shared storage: a block of its own, its 2 values copied
  EXPECT_NE(reader.data(), writer.data());
  EXPECT_GE(reader.capacity(), 5u);
  EXPECT_EQ(reader[0], 1.0f);
  EXPECT_EQ(reader[1], 2.0f);
  writer[0] = 100.0f;
  reader[1] = 200.0f;
  EXPECT_EQ(reader[0], 1.0f);
  EXPECT_EQ(writer, (FrameValues{100.0f, 2.0f, 3.0f, 4.0f}));

  FrameValues pushed = writer.share(4);
  pushed.push_back(5.0f);
  EXPECT_NE(pushed.data(), writer.data());
  EXPECT_EQ(pushed, (FrameValues{100.0f, 2.0f, 3.0f, 4.0f, 5.0f}));
  EXPECT_EQ(writer.size(), 4u);

  FrameValues reserved = writer.share(1);
  reserved.reserve(10);
  EXPECT_NE(reserved.data(), writer.data());
  EXPECT_EQ(reserved, (FrameValues{100.0f}));
  EXPECT_EQ(reserved.capacity(), 10u);
}

TEST(FrameValues, ShareCannotShowMoreThanTheStorage) {
  const FrameValues table{1.0f, 2.0f};
  EXPECT_THROW((void)table.share(3), std::out_of_range);
  EXPECT_EQ(FrameValues().share(0).data(), nullptr);
}

TEST(FrameValues, TheStorageOutlivesTheWriter) {
  auto writer = std::make_unique<FrameValues>(4);
  FrameValues reader = writer->share(0);
  for (std::size_t i = 0; i < 4; ++i) (*writer)[i] = static_cast<float>(i + 1);
  writer.reset();
  reader.resize(4);
  EXPECT_EQ(reader, (FrameValues{1.0f, 2.0f, 3.0f, 4.0f}));

  FrameValues filler{5.0f, 6.0f};
  FrameValues second = filler.share(0);
  FrameValues taken = std::move(filler);  // the writer's table moves on (a clip into its outcome)
  EXPECT_EQ(taken.data(), second.data());
  taken = FrameValues{};  // then goes
  second.resize(2);
  EXPECT_EQ(second, (FrameValues{5.0f, 6.0f}));
}

// The loader's use: a writer thread fills rows beyond what the reader shows and publishes how many
// are final (release); the reader grows its handle to that count (acquire) and reads them in place.
TEST(FrameValues, AReaderShowsRowsAWriterThreadPublishes) {
  constexpr std::size_t kRows = 20000;
  constexpr std::size_t kWidth = 7;
  std::optional<FrameValues> table(std::in_place, kRows * kWidth);
  FrameValues reader = table->share(0);
  std::atomic<std::size_t> ready{0};
  std::thread writer([&] {
    float* rows = table->data();
    for (std::size_t r = 0; r < kRows; ++r) {
      for (std::size_t c = 0; c < kWidth; ++c) rows[r * kWidth + c] = static_cast<float>(r * kWidth + c);
      if (r % 64 == 63 || r + 1 == kRows) ready.store(r + 1, std::memory_order_release);
    }
    table.reset();  // the writer's handle goes before the reader is done
  });
  std::size_t shown = 0;
  std::size_t wrong = 0;
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(120));
  while (shown < kRows && std::chrono::steady_clock::now() < deadline) {
    const std::size_t rows = ready.load(std::memory_order_acquire);
    if (rows == shown) {
      std::this_thread::yield();
      continue;
    }
    reader.resize(rows * kWidth);
    for (std::size_t i = shown * kWidth; i < rows * kWidth; ++i) wrong += reader[i] != static_cast<float>(i) ? 1 : 0;
    shown = rows;
  }
  writer.join();
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(shown, kRows);
  ASSERT_EQ(reader.size(), kRows * kWidth);
  EXPECT_EQ(reader.back(), static_cast<float>(kRows * kWidth - 1));
}

}  // namespace
}  // namespace bvhscope
