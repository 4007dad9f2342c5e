// The timeline ruler's layout: label steps sized to the widest frame number shown, and labels that
// never meet (the last one turned left of its tick at the track's end, or left out).
#include "viewer/ui/ruler_ticks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bvhscope::viewer {
namespace {

// 7 pixels a character, as a monospaced font would measure.
float seven_per_char(std::string_view text) { return 7.0f * static_cast<float>(text.size()); }

TEST(RulerTicks, NiceStepsAtLeastTheAskedWidth) {
  EXPECT_EQ(tick_step(1.0, 56.0f), 100);
  EXPECT_EQ(tick_step(1.0, 100.0f), 100);
  EXPECT_EQ(tick_step(1.0, 101.0f), 200);
  EXPECT_EQ(tick_step(10.0, 56.0f), 10);
  EXPECT_EQ(tick_step(0.01, 56.0f), 10000);
  EXPECT_EQ(tick_step(0.01, 201.0f), 50000);
}

TEST(RulerTicks, StepsMakeRoomForTheWidestNumberShown) {
  // A million frames over 1200 pixels: "1000000" is 49 pixels, so labels 78.4 apart, 100 000
  // frames (120 pixels); five digits' room (56 pixels) would have labelled every 50 000 (60 pixels,
  // less than a 7-digit label and its gap).
  const RulerSteps wide = ruler_steps(0, 1000000, 1200.0 / 1000000.0, seven_per_char);
  EXPECT_EQ(wide.major, 100000);
  EXPECT_EQ(wide.minor, 20000);
  // Short numbers still get five digits' room: 500 frames over 1000 pixels, 56 pixels: every 50.
  const RulerSteps short_clip = ruler_steps(0, 500, 2.0, seven_per_char);
  EXPECT_EQ(short_clip.major, 50);
  EXPECT_EQ(short_clip.minor, 10);
  // A negative start (a clip offset before the timeline's start) counts its minus sign.
  EXPECT_EQ(ruler_steps(-1000000, 10, 1200.0 / 1000010.0, seven_per_char).major, 100000);
}

TEST(RulerTicks, LabelsNeverMeetAndTheLastTurnsLeftOrIsLeftOut) {
  // 133 184 frames over 1200 pixels (the 100 MB CMU-like file): labels every 10 000 frames, 90
  // pixels apart, 6 digits (42 pixels) wide. 130000's tick is 29 pixels from the end: turned left,
  // it would start where 120000 ends, so it is left out.
  const float track_end = 1200.0f;
  const double pixels_per_frame = 1200.0 / 133184.0;
  const RulerSteps steps = ruler_steps(0, 133184, pixels_per_frame, seven_per_char);
  ASSERT_EQ(steps.major, 10000);
  RulerLabels labels(track_end);
  std::vector<long> shown;
  float previous_end = -1e9f;
  for (long f = 0; f <= 133184; f += steps.major) {
    const float x = static_cast<float>(static_cast<double>(f) * pixels_per_frame);
    const float width = seven_per_char(std::to_string(f));
    const std::optional<float> left = labels.place(x, width);
    if (!left) continue;
    shown.push_back(f);
    EXPECT_GE(*left, previous_end + 6.0f) << f;
    EXPECT_LE(*left + width, track_end) << f;
    previous_end = *left + width;
  }
  EXPECT_EQ(shown, (std::vector<long>{0, 10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000, 90000, 100000, 110000,
                                      120000}));

  // With room before it, a label at the end turns left of its tick.
  RulerLabels roomy(1000.0f);
  EXPECT_EQ(roomy.place(100.0f, 40.0f), 103.0f);
  EXPECT_EQ(roomy.place(990.0f, 40.0f), 947.0f);
  // And one that would meet the label before is left out, leaving the next one its room.
  RulerLabels tight(1000.0f);
  EXPECT_EQ(tight.place(0.0f, 40.0f), 3.0f);
  EXPECT_EQ(tight.place(45.0f, 40.0f), std::nullopt);
  EXPECT_EQ(tight.place(90.0f, 40.0f), 93.0f);
}

}  // namespace
}  // namespace bvhscope::viewer
