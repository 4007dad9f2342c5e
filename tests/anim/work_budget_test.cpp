// The work budget's numbers and its message (engine/anim/work_budget).
#include "anim/work_budget.hpp"

#include <gtest/gtest.h>

namespace bvhscope {
namespace {

TEST(WorkBudgetNumbers, TheLargerOfSixteenMiAndFourPerByte) {
  EXPECT_EQ(work_budget(0), std::uint64_t{16} << 20);
  EXPECT_EQ(work_budget(std::uint64_t{4} << 20), std::uint64_t{16} << 20);
  EXPECT_EQ(work_budget(100000000), 400000000u);
  EXPECT_EQ(over_work_budget({16, std::uint64_t{1} << 20}, 0), std::nullopt);  // exactly 16 Mi
  EXPECT_EQ(over_work_budget({17, std::uint64_t{1} << 20}, 0),
            "17 joints x 1,048,576 frames is 1.8e7 positions, over the budget of 16,777,216 for 0 bytes of input "
            "(the larger of 16 Mi and 4 per byte)");
  // A real benchmark file: 80,000 frames x 22 joints in 100 MB.
  EXPECT_EQ(over_work_budget({22, 80000}, 100000000), std::nullopt);
  EXPECT_EQ(over_work_budget({1, 50000000}, 10000000)->substr(0, 52),
            "1 joint x 50,000,000 frames is 5.0e7 positions, over");
  // Products past 64 bits saturate.
  EXPECT_EQ(over_work_budget({std::uint64_t{1} << 40, std::uint64_t{1} << 40}, 0)->substr(0, 81),
            "1,099,511,627,776 joints x 1,099,511,627,776 frames is more than 1.8e19 positions");
}

}  // namespace
}  // namespace bvhscope
