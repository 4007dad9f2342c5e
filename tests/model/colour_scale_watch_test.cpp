// The comparison's colour scale watched for a clip that joins and moves its top (issue 34, item 9).
#include "model/colour_scale_watch.hpp"

#include <gtest/gtest.h>

namespace bvhscope {
namespace {

TEST(ColourScaleWatch, AJoiningClipThatMovesTheTopIsAChangeResultsArrivingOneByOneAreNot) {
  ColourScaleWatch watch;
  // Two clips compared together: their results arrive one after the other.
  EXPECT_FALSE(watch.update({1, 0.01, {2}, false}).has_value());
  EXPECT_FALSE(watch.update({1, 0.03, {2, 3}, true}).has_value());  // the first complete view
  EXPECT_FALSE(watch.update({1, 0.03, {2, 3}, true}).has_value());  // nothing moved
  // A dropped clip joins with larger errors: while it computes, nothing; then the change.
  EXPECT_FALSE(watch.update({1, 0.03, {2, 3}, false}).has_value());
  const std::optional<ColourScaleChange> change = watch.update({1, 0.2, {2, 3, 4}, true});
  ASSERT_TRUE(change.has_value());
  EXPECT_EQ(change->joined, std::vector<int>{4});
  EXPECT_DOUBLE_EQ(change->from_metres, 0.03);
  EXPECT_DOUBLE_EQ(change->to_metres, 0.2);
  // A clip joining under the top: no change. A clip removed (the top falls, none joined): none.
  EXPECT_FALSE(watch.update({1, 0.2, {2, 3, 4, 5}, true}).has_value());
  EXPECT_FALSE(watch.update({1, 0.03, {2, 3}, true}).has_value());
  // Another reference is another comparison.
  EXPECT_FALSE(watch.update({7, 0.5, {2, 3, 9}, true}).has_value());
}

}  // namespace
}  // namespace bvhscope
