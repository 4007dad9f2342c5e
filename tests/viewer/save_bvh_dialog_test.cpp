// The Save as BVH dialog's entry point for presets (a lint finding's Fix): every option a preset
// ticks comes back in the dialog's choice, as `bvhscope convert` arguments too; a namespace
// prefix guess is offered without being ticked.
#include <gtest/gtest.h>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "model/clip_slot.hpp"
#include "viewer/ui/save_bvh_dialog.hpp"

namespace bvhscope::viewer {
namespace {

SaveBvhDialog dialog_of(int frames) {
  SaveBvhDialog dialog;
  dialog.frame_count = frames;
  dialog.last = frames - 1;
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", "/tmp/out.bvh");
  return dialog;
}

TEST(SaveBvhDialog, APresetComesBackAsTheChoice) {
  SaveBvhDialog dialog = dialog_of(100);
  ConvertOptions preset;
  preset.first_frame = 5;
  preset.last_frame = 40;
  preset.fps = 30.0;
  preset.rotation_order = parse_rotation_order("ZXY");
  preset.three_channels = true;
  preset.lengths = LengthConversion{0.01, std::nullopt, 1.0};
  preset.up = UpAxis::PosY;
  preset.strip_prefix = "mixamorig:";
  preset.ground = true;
  preset.unwrap = true;
  preset.renames = {{"Hips", "pelvis"}};
  preset_save_bvh_dialog(dialog, preset, "ignored:");
  const Actions::SaveBvh save = chosen_save_bvh(dialog);
  EXPECT_EQ(save.path, "/tmp/out.bvh");
  EXPECT_EQ(convert_arguments(save),
            "--frames 5:40 --fps 30 --rotation-order ZXY --channels 3 --units cm --up +y --strip-prefix mixamorig: "
            "--ground --unwrap");
  EXPECT_EQ(save.options.renames, preset.renames);  // no control for them: kept as given
  ASSERT_TRUE(save.options.lengths);
  EXPECT_EQ(save.options.lengths->target_metres_per_unit, 0.01);
  EXPECT_FALSE(save.options.lengths->from_metres_per_unit);  // the viewer fills the clip's unit
  EXPECT_FALSE(save.replace_original);
}

TEST(SaveBvhDialog, AnEmptyPresetTicksNothingAndOffersThePrefixGuess) {
  SaveBvhDialog dialog = dialog_of(10);
  dialog.unwrap = true;  // left from an earlier opening
  preset_save_bvh_dialog(dialog, ConvertOptions{}, "mixamorig:");
  EXPECT_STREQ(dialog.prefix.data(), "mixamorig:");
  EXPECT_FALSE(dialog.strip);
  EXPECT_EQ(convert_arguments(chosen_save_bvh(dialog)), "");  // every frame: no --frames
  dialog.last = 8;
  EXPECT_EQ(convert_arguments(chosen_save_bvh(dialog)), "--frames 0:8");
}

// The unit Save as BVH converts lengths from is the one the view uses, but never an unknown guess
// (two joints: no human size): the save is refused then, saying why and where to choose the unit.
TEST(SaveBvhDialog, UnitsAreConvertedFromAKnownUnitOnly) {
  Result<Clip> parsed = parse_bvh(test::BvhBuilder()
                                      .root("Base", {0, 0, 0}, "Xposition Yposition Zposition")
                                      .joint("Top", "Base", {0, 1.2, 0}, test::kRotationsZXY)
                                      .end_site("Top", {0, 0.6, 0})
                                      .frame_time(0.1)
                                      .frame({0, 0, 0, 0, 0, 0})
                                      .text(),
                                  "pole.bvh");
  ASSERT_TRUE(parsed.ok());
  ClipSlot slot = make_clip_slot(prepare_clip(std::move(parsed).value(), PositionModeRequest::Auto), false);
  ASSERT_EQ(slot.prepared.measures.figure.units.unit, "unknown");
  std::string refusal;
  EXPECT_EQ(known_metres_per_unit(slot, refusal), std::nullopt);
  EXPECT_EQ(refusal,
            "The clip's length unit is unknown (too few joints (2) for a human size to compare with): choose it "
            "under Units in the Clip tab to convert lengths");
  slot.units_choice = 0;  // metres, chosen in the Clip tab
  EXPECT_EQ(known_metres_per_unit(slot, refusal), 1.0);
}

}  // namespace
}  // namespace bvhscope::viewer
