// Each clip's look from the model (render/clip_look), without GL: the first clip in the palette,
// the others in their own colours, a hidden clip not shown, the active clip's selected joint and
// the hovered joint, full opacity and no error colours without a comparison, a filmstrip pose's
// opacity kept.
#include <gtest/gtest.h>

#include "anim/file_loader.hpp"
#include "model/clip_colours.hpp"
#include "model/clip_set.hpp"
#include "model/comparison.hpp"
#include "render/clip_look.hpp"
#include "test_support.hpp"

namespace bvhscope::render {
namespace {

PreparedClip sample_clip() {
  Result<Clip> loaded = load_bvh_file((test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string());
  EXPECT_TRUE(loaded.ok());
  return prepare_clip(std::move(loaded).value(), PositionModeRequest{});
}

class ClipLookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clips_.add_ready(sample_clip(), false);
    clips_.add_ready(sample_clip(), false);
    ASSERT_EQ(clips_.size(), 2u);
    clips_.select(1, 2);
  }
  ClipSet clips_;
  Comparison comparison_;
};

TEST_F(ClipLookTest, TheFirstClipUsesThePaletteTheSecondItsOwnColours) {
  gfx::ClipLook first;
  gfx::ClipLook second;
  set_clip_look(clips_[0], clips_, comparison_, false, -1, first);
  set_clip_look(clips_[1], clips_, comparison_, true, 4, second);
  EXPECT_TRUE(first.use_palette);
  EXPECT_FALSE(second.use_palette);
  EXPECT_EQ(clips_[1].color_index, 1);
  EXPECT_EQ(second.line_color, clip_color(1).line);
  EXPECT_EQ(second.solid_color, clip_color(1).solid);
  EXPECT_TRUE(first.visible);
  EXPECT_TRUE(second.visible);
  EXPECT_EQ(first.selected, -1);  // not the active clip
  EXPECT_EQ(second.selected, 2);
  EXPECT_EQ(first.hovered, -1);
  EXPECT_EQ(second.hovered, 4);
  EXPECT_EQ(first.opacity, 1.0f);
  EXPECT_TRUE(second.joint_colors.empty());
  EXPECT_EQ(ghost_comparison(comparison_, clips_[1]), nullptr);
}

TEST_F(ClipLookTest, AHiddenClipIsNotShownAndAFaintPoseKeepsItsOpacity) {
  clips_.set_visible(0, false);
  clips_[1].opacity = 0.3f;
  gfx::ClipLook first;
  gfx::ClipLook second;
  first.joint_colors.assign(3, glm::vec3(1.0f));  // left from an earlier comparison: cleared
  set_clip_look(clips_[0], clips_, comparison_, false, -1, first);
  set_clip_look(clips_[1], clips_, comparison_, true, -1, second);
  EXPECT_FALSE(first.visible);
  EXPECT_TRUE(first.joint_colors.empty());
  EXPECT_EQ(second.opacity, 0.3f);
}

}  // namespace
}  // namespace bvhscope::render
