// What was just selected is eased out from under the curves strip and the legend (issue 34, item 4).
#include "model/view_reveal.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace bvhscope {
namespace {

// The view from y 20 down; the curves strip from y 400 down over its whole width, the legend
// over its bottom-left corner above the strip (x 0..200, y 340..400).
const std::vector<LabelBox> kCovers{{{0.0f, 400.0f}, {800.0f, 600.0f}}, {{0.0f, 340.0f}, {200.0f, 400.0f}}};

TEST(ViewReveal, APointUnderTheStripIsLiftedClearOfItByTheMargin) {
  const std::vector<glm::vec2> foot{{500.0f, 450.0f}};
  EXPECT_FLOAT_EQ(lift_clear_of(foot, kCovers, 20.0f, 10.0f), 60.0f);  // to y 390
  const std::vector<glm::vec2> clear{{500.0f, 380.0f}};
  EXPECT_FLOAT_EQ(lift_clear_of(clear, kCovers, 20.0f, 10.0f), 0.0f);
  const std::vector<glm::vec2> just_above{{500.0f, 395.0f}};  // above the strip, within the margin
  EXPECT_FLOAT_EQ(lift_clear_of(just_above, kCovers, 20.0f, 10.0f), 0.0f);
  const std::vector<glm::vec2> on_its_edge{{500.0f, 400.0f}};
  EXPECT_FLOAT_EQ(lift_clear_of(on_its_edge, kCovers, 20.0f, 10.0f), 10.0f);
}

TEST(ViewReveal, UnderTheLegendAFigureIsLiftedAboveItAndNeverOutOfTheTop) {
  // Legs under the legend, the head well above: clear of the legend's top (340) by 10.
  const std::vector<glm::vec2> figure{{100.0f, 150.0f}, {100.0f, 360.0f}, {120.0f, 380.0f}};
  EXPECT_FLOAT_EQ(lift_clear_of(figure, kCovers, 20.0f, 10.0f), 50.0f);
  // A figure as tall as the view: lifted only until its head reaches the top (+ margin).
  const std::vector<glm::vec2> tall{{500.0f, 60.0f}, {500.0f, 500.0f}};
  EXPECT_FLOAT_EQ(lift_clear_of(tall, kCovers, 20.0f, 10.0f), 30.0f);
  EXPECT_FLOAT_EQ(lift_clear_of({}, kCovers, 20.0f, 10.0f), 0.0f);
}

TEST(ViewReveal, TheGlideEasesFromTheStartToTheEndAndStops) {
  CameraGlide glide;
  glide.begin({0.0f, 0.0f, 0.0f}, {0.0f, -2.0f, 0.0f}, 10.0, 0.4);
  EXPECT_TRUE(glide.active);
  EXPECT_FLOAT_EQ(glide.at(10.0).y, 0.0f);
  EXPECT_FLOAT_EQ(glide.at(10.1).y, -2.0f * 0.15625f);  // a quarter of the way: 3/16 - 2/64
  EXPECT_FLOAT_EQ(glide.at(10.2).y, -1.0f);             // halfway: half the way
  EXPECT_TRUE(glide.active);
  EXPECT_FLOAT_EQ(glide.at(10.5).y, -2.0f);
  EXPECT_FALSE(glide.active);
}

}  // namespace
}  // namespace bvhscope
