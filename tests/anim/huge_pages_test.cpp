// Big blocks on huge-page boundaries (anim/huge_pages.hpp): what the loaders' float tables and the
// bytes of big files are written into.
#include "anim/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "anim/frame_values.hpp"

namespace bvhscope {
namespace huge_pages_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

std::uintptr_t address(const void* block) { return reinterpret_cast<std::uintptr_t>(block); }

TEST(HugePages, ABlockStartsOnAHugePageAndHoldsEveryByteAskedFor) {
  const std::size_t bytes = (std::size_t{5} << 20) + 3;  // not whole huge pages
  auto* block = static_cast<unsigned char*>(map_huge_block(bytes));
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(address(block) % kHugePage, 0u);
  EXPECT_EQ(block[0], 0u);  // fresh pages are zero
  EXPECT_EQ(block[bytes - 1], 0u);
  std::memset(block, 0xAB, bytes);
  EXPECT_EQ(block[bytes - 1], 0xABu);
  unmap_huge_block(block, bytes);
  unmap_huge_block(nullptr, bytes);  // nothing to do
}

TEST(HugePages, NothingIsMappedForNoBytesOrMoreThanMemoryAddresses) {
  EXPECT_EQ(map_huge_block(0), nullptr);
  EXPECT_EQ(map_huge_block(SIZE_MAX), nullptr);
  EXPECT_THROW((void)allocate_float_table(SIZE_MAX / 2), std::bad_alloc);
}

TEST(HugePages, ABigFloatTableIsOnHugePagesAndASmallOneIsNot) {
  const std::size_t big = kHugePageBlockFrom / sizeof(float);
  const std::shared_ptr<float[]> table = allocate_float_table(big);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(address(table.get()) % kHugePage, 0u);
  table[big - 1] = 2.5f;
  EXPECT_EQ(table[big - 1], 2.5f);
  // Small tables come from operator new: one huge page each would waste memory on every small clip.
  std::vector<std::shared_ptr<float[]>> small;
  bool all_on_huge_pages = true;
  for (int i = 0; i < 4; ++i) {
    small.push_back(allocate_float_table(big - 1024));
    all_on_huge_pages = all_on_huge_pages && address(small.back().get()) % kHugePage == 0;
  }
  EXPECT_FALSE(all_on_huge_pages);
}

TEST(HugePages, FrameValuesKeepTheirSemanticsOnAHugeTable) {
  const std::size_t count = (std::size_t{3} << 20) + 7;  // 12 MB of floats
  FrameValues values(count);
  EXPECT_EQ(address(values.data()) % kHugePage, 0u);
  values[0] = 1.0f;
  values[count - 1] = 3.0f;
  FrameValues shown = values.share(count);
  EXPECT_EQ(shown.data(), values.data());
  EXPECT_EQ(shown[count - 1], 3.0f);
  values = FrameValues();  // the shared handle keeps the block
  EXPECT_EQ(shown[0], 1.0f);
  const FrameValues copy = shown;  // a deep copy, on its own block
  EXPECT_NE(copy.data(), shown.data());
  EXPECT_EQ(copy[count - 1], 3.0f);
}

}  // namespace
}  // namespace huge_pages_test
}  // namespace bvhscope
