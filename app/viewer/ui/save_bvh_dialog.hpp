// File > Save as BVH: the dialog choosing the output path and the convert options that make sense
// in a UI (`bvhscope convert`'s range, fps, rotation order, channels, units, up, mirror, strip
// prefix, in place, ground, unwrap, precision). It stays open while the save runs (Saving...,
// Cancel), then names what was written with a button opening it beside the original.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "anim/bvh_writer.hpp"
#include "anim/convert.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

enum class SaveBvhStatus : std::uint8_t { Editing, Saving, Saved };

struct SaveBvhDialog {
  bool requested = false;     // set to show the dialog on the next frame
  bool open = false;          // shown this frame (for the state report)
  Rect box;                   // where it was drawn this frame (window pixels; empty when closed)
  bool browse_shown = false;  // Browse... beside the path (zenity installed)
  bool can_browse = false;    // no native dialog open now
  std::array<char, 4096> path{};
  std::string original;      // the active clip's file ("" for the bundled sample)
  int original_clip_id = 0;  // that clip: a copy opened beside it is compared with it
  int first = 0;             // frames of the active clip
  int last = 0;
  int frame_count = 0;
  double clip_fps = 0.0;
  bool change_fps = false;
  float fps = 30.0f;
  int rotation_order = 0;  // 0 keep, then kRotationOrders
  bool three_channels = false;
  int units = 0;  // 0 keep, then m, cm, mm, in, ft
  int up = 0;     // 0 keep, 1 +Y, 2 +Z
  bool mirror = false;
  bool strip = false;
  std::array<char, 256> prefix{};
  bool in_place = false;
  bool ground = false;
  bool unwrap = false;
  bool fixed_precision = false;
  int precision = 6;
  bool replace_original = false;
  ConvertOptions preset;  // what the opener gave (options without a control here are kept)
  // From the viewer each frame.
  SaveBvhStatus status = SaveBvhStatus::Editing;
  std::string outcome;  // the last save's result: what was written, or why nothing was
  bool outcome_error = false;
  std::string saved_path;  // the file written (Saved)
  // Where two checkboxes were drawn (x, y, width, height; zero when not shown), for the state
  // report: the app tests click them.
  std::array<float, 4> unwrap_box{};
  std::array<float, 4> replace_box{};
  std::array<float, 4> browse_box{};  // the Browse... button (empty without zenity)
  std::array<float, 4> beside_box{};  // Open It Beside the Original (empty when not drawn)
};

// The dialog's controls set from `preset` (and `prefix_guess` when the preset strips nothing).
void preset_save_bvh_dialog(SaveBvhDialog& dialog, const ConvertOptions& preset, const std::string& prefix_guess);
// The choice as Actions::save_bvh (position_mode and from_up are left for the viewer to fill).
Actions::SaveBvh chosen_save_bvh(const SaveBvhDialog& dialog);
// The choice as `bvhscope convert` arguments ("--frames 10:29 --unwrap"), for the state report.
std::string convert_arguments(const Actions::SaveBvh& save);

void draw_save_bvh_dialog(SaveBvhDialog& dialog, Actions& actions);

}  // namespace bvhscope::viewer
