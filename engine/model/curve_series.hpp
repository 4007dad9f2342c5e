// Which joints the curves strip plots (issue 34, item 11): the active clip's selected joint, the
// joints pinned to the strip, and, with "every clip", the same joint (by name) in every other
// visible clip that has it; and how their curves are told apart (by channel axis for one series,
// by clip colour or by a palette for several). GL-free.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace bvhscope {

// One joint of one clip: a series of the strip, and what a pin keeps.
struct CurveSeriesKey {
  int clip_id = 0;
  int joint = -1;
  bool operator==(const CurveSeriesKey&) const = default;
};

// What the choice needs of each clip of the set, in the clip list's order.
struct CurveSeriesClip {
  int clip_id = 0;
  bool visible = true;
  std::span<const std::string> joint_names;
  int selected = -1;  // its selected joint (-1: none)
};

// At most this many series are plotted (the rest are left out, in the order below).
inline constexpr std::size_t kMaxCurveSeries = 8;

// The series in the strip's order: the active clip's selected joint (when there is one), then each
// pin whose clip and joint still exist (in pinning order), each once; with `every_clip`, after each
// of those the joint of the same name (exact, else ignoring case) in every other visible clip, in
// list order. At most kMaxCurveSeries. Into `series` (emptied first; its storage is reused, so that a
// frame that asks again allocates nothing).
void curve_series(std::span<const CurveSeriesClip> clips, int active_clip_id, std::span<const CurveSeriesKey> pins,
                  bool every_clip, std::vector<CurveSeriesKey>& series);

// Pins `key` when it is not pinned, else unpins it; true when it is pinned afterwards. A pin past
// kMaxCurveSeries - 1 pins replaces the oldest.
bool toggle_curve_pin(std::vector<CurveSeriesKey>& pins, const CurveSeriesKey& key);

// Drops the pins of clips no longer in the set (`clip_ids`) or of joints past their skeleton.
void drop_stale_curve_pins(std::vector<CurveSeriesKey>& pins, std::span<const CurveSeriesClip> clips);

// How several series' curves are told apart: one series by its channels' axis colours; only one
// joint over several clips by each clip's own colour (as in the view and the clip list); any other
// mix by a palette in series order.
enum class CurveColouring { Axes, ClipColours, Palette };
CurveColouring curve_colouring(std::span<const CurveSeriesKey> series, std::span<const CurveSeriesClip> clips);

}  // namespace bvhscope
