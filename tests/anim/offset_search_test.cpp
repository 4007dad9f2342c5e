// compare --offset auto (find_time_offset): a clip against a copy cut 37 frames later is found at
// -37 exactly; a copy sampled 2.5 frames later between its frames is found within a twentieth of
// a frame; a long clip (thinned for the coarse pass) still lands on the whole frame; offsets that
// would overlap less than half of the shorter clip are never chosen.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/convert_timing.hpp"
#include "anim/offset_search.hpp"
#include "bvh_builder.hpp"

namespace bvhscope {
namespace {

// Hips walking along X and swaying, a Chest turning: every value a smooth function of the time
// `t` in frames, sampled at frames start, start + 1, ...
Clip swaying(int frames, double start) {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                               .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
                               .end_site("Chest", {0, 5, 0})
                               .frame_time(1.0 / 30.0)
                               .frames(frames,
                                       [start](int f) {
                                         const double t = f + start;
                                         return std::vector<double>{0.5 * t,
                                                                    2.0 * std::sin(t / 7.0),
                                                                    0,
                                                                    20.0 * std::sin(t / 11.0),
                                                                    0,
                                                                    0,
                                                                    35.0 * std::sin(t / 5.0),
                                                                    15.0 * std::cos(t / 9.0),
                                                                    0};
                                       })
                               .text();
  Result<Clip> clip = parse_bvh(text, "sway.bvh");
  EXPECT_TRUE(clip) << clip.error().message;
  return std::move(clip).value();
}

TEST(OffsetSearch, ACopyCutLaterIsFoundAtItsWholeFrame) {
  const Clip reference = swaying(200, 0.0);
  Result<Clip> cut = trim_frames(reference, 37, 199);
  ASSERT_TRUE(cut);
  const Result<OffsetSearch> found = find_time_offset(reference, cut.value(), CompareOptions{});
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found.value().offset, -37.0);
  EXPECT_EQ(found.value().mpjpe, 0.0);
  // The other way round: the cut clip against the whole one, 37 frames ahead.
  const Result<OffsetSearch> back = find_time_offset(cut.value(), reference, CompareOptions{});
  ASSERT_TRUE(back);
  EXPECT_EQ(back.value().offset, 37.0);
}

TEST(OffsetSearch, AnOffsetBetweenFramesIsFoundToAFractionOfAFrame) {
  const Clip reference = swaying(150, 0.0);
  const Clip later = swaying(150, 2.5);  // its frame j is the reference's time j + 2.5
  const Result<OffsetSearch> found = find_time_offset(reference, later, CompareOptions{});
  ASSERT_TRUE(found);
  EXPECT_NEAR(found.value().offset, -2.5, 0.05);
  EXPECT_LT(found.value().mpjpe, 0.05);
}

TEST(OffsetSearch, ALongClipIsSearchedCoarselyThenExactly) {
  const Clip reference = swaying(3000, 0.0);  // thinned 10 to 1 for the coarse pass
  Result<Clip> cut = trim_frames(reference, 1234, 2999);
  ASSERT_TRUE(cut);
  const Result<OffsetSearch> found = find_time_offset(reference, cut.value(), CompareOptions{});
  ASSERT_TRUE(found);
  EXPECT_EQ(found.value().offset, -1234.0);
  EXPECT_EQ(found.value().mpjpe, 0.0);
  EXPECT_LT(found.value().evaluations, 700u);  // not every one of the ~4500 offsets at full length
}

TEST(OffsetSearch, OffsetsOverlappingLessThanHalfTheShorterClipAreNotSearched) {
  const Clip reference = swaying(100, 0.0);
  const Result<OffsetSearch> found = find_time_offset(reference, reference, CompareOptions{});
  ASSERT_TRUE(found);
  EXPECT_EQ(found.value().offset, 0.0);
  // 99 frames long each: overlaps of at least 49.5 frames, offsets -49 to 49.
  EXPECT_EQ(found.value().earliest, -49.0);
  EXPECT_EQ(found.value().latest, 49.0);
}

}  // namespace
}  // namespace bvhscope
