// Weak guesses (issue 34, item 12): an up axis or a position mode the motion could not decide is
// one, with a short badge and the reason; a certain decision or the user's choice is none.
#include "model/weak_guess.hpp"

#include <gtest/gtest.h>

#include <string>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"

namespace bvhscope {
namespace {

// Hips -> Head: too few joints to tell which way is up (+y assumed). The root's OFFSET is
// `offset_y` up and its Yposition channel reads `y` in every frame.
PreparedClip two_joints(double offset_y, double y, PositionModeRequest mode = PositionModeRequest::Auto,
                        UpAxisRequest up = {}) {
  const std::string text =
      test::BvhBuilder()
          .root("Hips", {0, offset_y, 0}, test::kPositionsZXY)
          .joint("Head", "Hips", {0, 50, 0}, test::kRotationsZXY)
          .end_site("Head", {0, 10, 0})
          .frame_time(0.04)
          .frames(20, [&](int f) { return std::vector<double>{static_cast<double>(f), y, 0, 0, 0, 0, 0, 0, 0}; })
          .text();
  Result<Clip> clip = parse_bvh(text, "two.bvh");
  EXPECT_TRUE(clip.ok());
  return prepare_clip(std::move(clip).value(), mode, up);
}

TEST(WeakGuess, AnAssumedUpAxisIsOneWithItsReason) {
  const WeakGuess guess = weak_guess_of(two_joints(0, 90));  // a zero OFFSET: add and replace agree
  EXPECT_TRUE(guess.up_axis);
  EXPECT_FALSE(guess.position_mode);
  EXPECT_EQ(guess.badge, "+y up?");
  EXPECT_EQ(guess.reason, "Up axis, a guess: too few joints to tell a figure's up: +y assumed");
}

TEST(WeakGuess, PositionsNearNeitherTheirOffsetNorZeroLeaveAddAssumed) {
  // OFFSET 90 up, the channel at 45: neither near 90 nor near 0.
  const WeakGuess guess = weak_guess_of(two_joints(90, 45));
  EXPECT_TRUE(guess.position_mode);
  EXPECT_EQ(guess.badge, "+y up? add?");
  EXPECT_EQ(guess.reason,
            "Up axis, a guess: too few joints to tell a figure's up: +y assumed\n"
            "Position channels, a guess: no position channel stays near its OFFSET or near zero over the motion: "
            "the Biovision rule (add)");
  // Channels near their OFFSET decide it: replace, certain.
  EXPECT_FALSE(weak_guess_of(two_joints(90, 91)).position_mode);
}

TEST(WeakGuess, TheUsersChoiceIsNoGuess) {
  const WeakGuess chosen = weak_guess_of(two_joints(90, 45, PositionModeRequest::Add, UpAxisRequest{UpAxis::PosY}));
  EXPECT_FALSE(chosen.any());
  EXPECT_EQ(chosen.badge, "");
  EXPECT_EQ(chosen.reason, "");
}

}  // namespace
}  // namespace bvhscope
