// convert --skeleton-names: the renames that give SMPL-family joints SMPL's, the CMU database's or
// Mixamo's names, fingers of SMPL-H included, End Sites and unknown joints left alone, and the
// refusal of a skeleton outside the family.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "anim/skeleton_names.hpp"

namespace bvhscope {
namespace {

// A chain of joints named `names` (each the previous one's child); `end_site` marks the last as one.
Skeleton named_chain(const std::vector<std::string>& names, bool end_site) {
  Skeleton skeleton;
  for (std::size_t j = 0; j < names.size(); ++j) {
    skeleton.names.push_back(names[j]);
    skeleton.parents.push_back(j == 0 ? kNoParent : static_cast<int>(j) - 1);
    skeleton.offsets.emplace_back(0.0f);
    skeleton.first_channels.push_back(0);
    skeleton.channel_counts.push_back(0);
    skeleton.end_sites.push_back(end_site && j + 1 == names.size() ? 1 : 0);
    skeleton.source_lines.push_back(0);
  }
  skeleton.roots.push_back(0);
  return skeleton;
}

using Renames = std::vector<std::pair<std::string, std::string>>;

TEST(SkeletonNames, EachConventionNamesTheBodyAndTheFingers) {
  const Skeleton smplh = named_chain(
      {"pelvis", "spine1", "spine3", "left_wrist", "left_index1", "right_thumb3", "tail", "right_thumb3End"}, true);
  const auto smpl = skeleton_naming_renames(smplh, SkeletonNaming::Smpl, "a.npy");
  ASSERT_TRUE(smpl.ok());
  EXPECT_EQ(smpl.value(), (Renames{{"pelvis", "Pelvis"},
                                   {"spine1", "Spine1"},
                                   {"spine3", "Spine3"},
                                   {"left_wrist", "L_Wrist"},
                                   {"left_index1", "L_Index1"},
                                   {"right_thumb3", "R_Thumb3"}}));
  const auto cmu = skeleton_naming_renames(smplh, SkeletonNaming::Cmu, "a.npy");
  ASSERT_TRUE(cmu.ok());
  EXPECT_EQ(cmu.value(), (Renames{{"pelvis", "Hips"},
                                  {"spine1", "LowerBack"},
                                  {"spine3", "Spine1"},
                                  {"left_wrist", "LeftHand"},
                                  {"left_index1", "LeftHandIndex1"},
                                  {"right_thumb3", "RightHandThumb3"}}));
  const auto mixamo = skeleton_naming_renames(smplh, SkeletonNaming::Mixamo, "a.npy");
  ASSERT_TRUE(mixamo.ok());
  EXPECT_EQ(mixamo.value(), (Renames{{"pelvis", "Hips"},
                                     {"spine1", "Spine"},
                                     {"spine3", "Spine2"},
                                     {"left_wrist", "LeftHand"},
                                     {"left_index1", "LeftHandIndex1"},
                                     {"right_thumb3", "RightHandThumb3"}}));
}

TEST(SkeletonNames, ConventionsAreNamedInAnyCaseAndOtherSkeletonsRefused) {
  EXPECT_EQ(parse_skeleton_naming("Mixamo"), SkeletonNaming::Mixamo);
  EXPECT_EQ(parse_skeleton_naming("CMU"), SkeletonNaming::Cmu);
  EXPECT_EQ(parse_skeleton_naming("smpl"), SkeletonNaming::Smpl);
  EXPECT_EQ(parse_skeleton_naming("smplx"), std::nullopt);
  const auto refused =
      skeleton_naming_renames(named_chain({"Hips", "Spine", "Head"}, false), SkeletonNaming::Mixamo, "walk.bvh");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(format_diagnostic(refused.error(), Severity::Error),
            "walk.bvh: error: --skeleton-names: the joints are not the SMPL family's (pelvis, left_hip, spine1... "
            "as HumanML3D, SMPL and SMPL-H arrays name them); found 'Hips', 'Spine', 'Head'");
}

}  // namespace
}  // namespace bvhscope
