// The loading overlay's moving readouts (frames, seconds, the bar) shown afresh when the seconds it
// prints change (ten times a second) while a file streams in, so that the overlay over the view is
// not drawn again every frame; anything else about the load shows at once.
#include <gtest/gtest.h>

#include <string>

#include "viewer/load_status.hpp"

namespace bvhscope::viewer {
namespace {

LoadStatus streaming(const std::string* path, double seconds, std::size_t frames) {
  LoadStatus load;
  load.busy = true;
  load.phase = LoadPhase::Parsing;
  load.path = path;
  load.seconds = seconds;
  load.fraction = static_cast<double>(frames) / 1000.0;
  load.frames = frames;
  load.expected_frames = 1000;
  load.file_count = 1;
  load.file_number = 1;
  return load;
}

TEST(LoadReadout, MovingReadoutsAreShownAfreshWhenTheTenthsOfASecondChange) {
  const std::string path = "/data/big.bvh";
  LoadStatus shown;
  std::string shown_path;
  EXPECT_EQ(steady_load_status(streaming(&path, 0.21, 100), shown, shown_path).frames, 100u);  // a new load: at once
  // Frames later within the same tenth ("0.2 s"): as shown.
  LoadStatus held = steady_load_status(streaming(&path, 0.23, 150), shown, shown_path);
  EXPECT_EQ(held.frames, 100u);
  EXPECT_EQ(held.seconds, 0.21);
  EXPECT_EQ(held.fraction, 0.1);
  EXPECT_EQ(held.path, &path);
  EXPECT_EQ(steady_load_status(streaming(&path, 0.249, 190), shown, shown_path).frames, 100u);
  // "0.3 s": afresh, and held from there until "0.4 s".
  EXPECT_EQ(steady_load_status(streaming(&path, 0.26, 200), shown, shown_path).frames, 200u);
  EXPECT_EQ(steady_load_status(streaming(&path, 0.34, 250), shown, shown_path).frames, 200u);
  EXPECT_EQ(steady_load_status(streaming(&path, 0.36, 300), shown, shown_path).frames, 300u);
}

TEST(LoadReadout, AnotherFilePhaseOrQueueOrAnAnimatedBarShowsAtOnce) {
  const std::string path = "/data/big.bvh";
  std::string next_path = "/data/big.bvh";
  LoadStatus shown;
  std::string shown_path;
  steady_load_status(streaming(&path, 0.20, 100), shown, shown_path);

  LoadStatus measuring = streaming(&path, 0.21, 1000);
  measuring.phase = LoadPhase::Measuring;
  EXPECT_EQ(steady_load_status(measuring, shown, shown_path).frames, 1000u);

  LoadStatus queued = streaming(&path, 0.22, 1000);
  queued.phase = LoadPhase::Measuring;
  queued.waiting = 1;
  EXPECT_EQ(steady_load_status(queued, shown, shown_path).seconds, 0.22);

  // The same string object naming the next file (the viewer keeps one): the name is compared.
  next_path = "/data/other.bvh";
  LoadStatus other = streaming(&next_path, 0.23, 10);
  other.phase = LoadPhase::Measuring;
  other.waiting = 1;
  EXPECT_EQ(steady_load_status(other, shown, shown_path).frames, 10u);

  // Nothing known of its length yet: the bar moves on its own every frame.
  LoadStatus unknown = streaming(&next_path, 0.24, 0);
  unknown.phase = LoadPhase::Measuring;
  unknown.waiting = 1;
  unknown.fraction = 0.0;
  EXPECT_EQ(steady_load_status(unknown, shown, shown_path).seconds, 0.24);
  unknown.seconds = 0.245;  // the same tenth: shown all the same, the bar moves
  EXPECT_EQ(steady_load_status(unknown, shown, shown_path).seconds, 0.245);

  // A load that ended and a new one: at once.
  LoadStatus idle;
  steady_load_status(idle, shown, shown_path);
  EXPECT_EQ(steady_load_status(streaming(&path, 0.01, 5), shown, shown_path).frames, 5u);
}

}  // namespace
}  // namespace bvhscope::viewer
