// compare --joints: the body leaves out End Sites, zero-length joints and fingers (CMU's finger
// base below the hand, Mixamo's LeftHandIndex1 whose name also says "Hand"); the hands are each
// hand and what hangs below it; a list names joints (every missing one in the error); parsing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/joint_set.hpp"
#include "bvh_builder.hpp"

namespace bvhscope {
namespace {

// Hips -> LHipJoint (zero length) -> LeftUpLeg -> End; Hips -> Spine -> LeftHand -> LeftFingerBase ->
// End, LeftHand -> LeftHandIndex1 -> End; Spine -> Spine_Middle (a spine, not a finger) -> Head -> End.
Skeleton hand_rig() {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 90, 0}, test::kPositionsZXY)
                               .joint("LHipJoint", "Hips", {0, 0, 0}, test::kRotationsZXY)
                               .joint("LeftUpLeg", "LHipJoint", {10, -40, 0}, test::kRotationsZXY)
                               .end_site("LeftUpLeg", {0, -40, 0})
                               .joint("Spine", "Hips", {0, 20, 0}, test::kRotationsZXY)
                               .joint("LeftHand", "Spine", {40, 10, 0}, test::kRotationsZXY)
                               .joint("LeftFingerBase", "LeftHand", {5, 0, 0}, test::kRotationsZXY)
                               .end_site("LeftFingerBase", {3, 0, 0})
                               .joint("LeftHandIndex1", "LeftHand", {5, 1, 0}, test::kRotationsZXY)
                               .end_site("LeftHandIndex1", {3, 0, 0})
                               .joint("Spine_Middle", "Spine", {0, 10, 0}, test::kRotationsZXY)
                               .joint("Head", "Spine_Middle", {0, 20, 0}, test::kRotationsZXY)
                               .end_site("Head", {0, 10, 0})
                               .frame_time(0.1)
                               .frames(1, [](int) { return std::vector<double>(30, 0.0); })
                               .text();
  Result<Clip> clip = parse_bvh(text, "rig.bvh");
  EXPECT_TRUE(clip) << clip.error().message;
  return clip.value().skeleton;
}

std::vector<std::string> joint_names_in(const Skeleton& skeleton, const std::vector<bool>& in) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < in.size(); ++j)
    if (in[j]) names.push_back(skeleton.names[j]);
  return names;
}

TEST(JointSet, TheBodyLeavesOutEndSitesZeroLengthJointsAndFingers) {
  const Skeleton skeleton = hand_rig();
  const Result<std::vector<bool>> body = joints_in_set(skeleton, *parse_joint_set("body"), "rig.bvh");
  ASSERT_TRUE(body);
  EXPECT_EQ(joint_names_in(skeleton, body.value()),
            (std::vector<std::string>{"Hips", "LeftUpLeg", "Spine", "LeftHand", "Spine_Middle", "Head"}));
  const Result<std::vector<bool>> all = joints_in_set(skeleton, *parse_joint_set("all"), "rig.bvh");
  ASSERT_TRUE(all);
  EXPECT_EQ(joint_names_in(skeleton, all.value()).size(), skeleton.names.size());
}

TEST(JointSet, TheHandsAreEachHandAndWhatHangsBelowIt) {
  const Skeleton skeleton = hand_rig();
  const Result<std::vector<bool>> hands = joints_in_set(skeleton, *parse_joint_set("hands"), "rig.bvh");
  ASSERT_TRUE(hands);
  EXPECT_EQ(joint_names_in(skeleton, hands.value()),
            (std::vector<std::string>{"LeftHand", "LeftFingerBase", "LeftFingerBaseEnd", "LeftHandIndex1",
                                      "LeftHandIndex1End"}));
  // A rig without a hand has none to take.
  Skeleton handless = skeleton;
  for (std::string& name : handless.names)
    if (name.find("Hand") != std::string::npos) name = "Joint" + std::to_string(name.size());
  const Result<std::vector<bool>> none = joints_in_set(handless, *parse_joint_set("hands"), "rig.bvh");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message, "no joint is named as a hand or a wrist: --joints hands has nothing to take");
}

TEST(JointSet, AListNamesJointsAndEveryMissingOneIsNamed) {
  const Skeleton skeleton = hand_rig();
  const std::optional<JointSet> listed = parse_joint_set("Head, LeftUpLeg");
  ASSERT_TRUE(listed);
  EXPECT_EQ(listed->text(), "Head,LeftUpLeg");
  const Result<std::vector<bool>> in = joints_in_set(skeleton, *listed, "rig.bvh");
  ASSERT_TRUE(in);
  EXPECT_EQ(joint_names_in(skeleton, in.value()), (std::vector<std::string>{"LeftUpLeg", "Head"}));
  const Result<std::vector<bool>> missing = joints_in_set(skeleton, *parse_joint_set("Head,Neck,Tail"), "rig.bvh");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().source, "rig.bvh");
  EXPECT_EQ(missing.error().message, "--joints names joints it does not have: 'Neck', 'Tail'");
  EXPECT_FALSE(parse_joint_set(""));
  EXPECT_FALSE(parse_joint_set("Head,,Hips"));
  EXPECT_FALSE(parse_joint_set("Head, "));
}

}  // namespace
}  // namespace bvhscope
