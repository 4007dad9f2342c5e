// Costs bounded by the bytes present, in the real viewer: a small file declaring a million frames
// of channel-less joints opens, plays and seeks with memory far below what frames × joints would
// take (the viewer's peak RSS, VmHWM, against the budget in the README).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app_test_fixture.hpp"
#include "io/address_sanitizer.hpp"

namespace bvhscope::test {
namespace {

#if defined(BVHSCOPE_ADDRESS_SANITIZER)
constexpr long kSanitizerFactor = 3;
#else
constexpr long kSanitizerFactor = 1;
#endif

class BoundedCostsAppTest : public ViewerAppTest {};

TEST_F(BoundedCostsAppTest, AMillionFramesOfChannelLessJointsOpenInBoundedMemory) {
  TempDir dir;
  std::string text = "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n";
  for (int i = 0; i < 300; ++i) {
    text += "\tJOINT J" + std::to_string(i) + "\n\t{\n\t\tOFFSET " + std::to_string(i % 17) + " " +
            std::to_string(1 + i % 5) + " 0\n\t}\n";
  }
  text += "}\nMOTION\nFrames: 1000000\nFrame Time: 0.0333333\n";
  const auto path = dir.write("empty-frames.bvh", text);

  ViewerProcess app({path.string()});
  const State loaded = wait_loaded(app, path.string());
  EXPECT_EQ(loaded.at("frames"), "1000000");
  const unsigned long window = window_of(app);
  ASSERT_NE(window, 0ul);
  // Paused, End seeks to the last frame: the timeline works at its full length.
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key End");
  app.wait_for([](const State& s) { return s.at("frame") == "999999"; }, "the last frame");
  // 300 joints × 1 000 000 frames of positions would be 3.6 GB; a motion without values is baked
  // within 4 Mi positions (48 MiB, README "Costs follow the bytes present").
  EXPECT_LT(peak_rss_kib(app.pid()), 500L * 1024 * kSanitizerFactor);
  EXPECT_EQ(app.quit_with_keys(), 0);
}

}  // namespace
}  // namespace bvhscope::test
