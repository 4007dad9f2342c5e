#include "viewer/ui/curves_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/baked_positions.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/plot_area.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImU32 kSpeedColour = IM_COL32(77, 199, 255, 255);

void rebuild(const ClipSlot& slot, int joint, CurvesCache& cache) {
  const Clip& clip = slot.clip();
  const Skeleton& skeleton = clip.skeleton;
  const bool same_joint = cache.clip_id == slot.id && cache.joint == joint;
  cache.clip_id = slot.id;
  cache.joint = joint;
  cache.mode = static_cast<int>(slot.prepared.decision.mode);
  cache.frames = clip.motion.frame_count;
  cache.curves.clear();
  if (!same_joint) {
    for (CurvePlotState& plot : cache.plots) plot = CurvePlotState{};
  }
  const std::size_t frames = clip.motion.frame_count;
  const auto stride = static_cast<std::size_t>(clip.motion.channel_count);
  const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
  for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[static_cast<std::size_t>(c)];
    std::vector<float> values(frames);
    for (std::size_t f = 0; f < frames; ++f) values[f] = clip.motion.values[f * stride + static_cast<std::size_t>(c)];
    PlotCurve curve;
    curve.name = std::string(channel_name(kind));
    curve.legend = curve.name.substr(0, 1);
    curve.toggle = static_cast<int>(kind);
    curve.colour = kAxisColors[channel_axis(kind)];
    curve.pyramid = CurvePyramid(std::move(values));
    cache.curves.push_back(std::move(curve));
  }
  const BakedPositions& baked = slot.prepared.measures.baked;
  cache.has_speed = baked.frame_count > 1;
  if (cache.has_speed) {
    const std::vector<float> speed = joint_speed(baked, joint, clip.motion.frame_time);
    const auto metres = static_cast<float>(metres_per_unit(slot));
    // One value per clip frame (the baked positions may keep every n-th frame only).
    const std::size_t step = std::max<std::size_t>(baked.frame_step, 1);
    std::vector<float> values(std::min(frames, speed.size() * step));
    for (std::size_t f = 0; f < values.size(); ++f) values[f] = speed[f / step] * metres;
    PlotCurve curve;
    curve.name = "world";
    curve.legend = curve.name;
    curve.toggle = kSpeedToggle;
    curve.colour = kSpeedColour;
    curve.pyramid = CurvePyramid(std::move(values));
    cache.curves.push_back(std::move(curve));
  }
}

}  // namespace

float curves_panel_height(const ViewerState& state) {
  if (!state.inspection.curves || (state.selected_joint() < 0 && !error_plot_wanted(state))) return 0.0f;
  return ImGui::GetFontSize() * 10.5f;
}

void draw_curves_panel(const Rect& rect, const ViewerState& state, CurvesCache& cache, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  const bool errors = error_plot_wanted(state);
  if (slot == nullptr || (slot->selected < 0 && !errors) || rect.height <= 0.0f) return;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height));
  if (!ImGui::Begin("Curves", nullptr,
                    kFixedPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::End();
    return;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetContentRegionAvail().y;
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
  if (slot->selected < 0) {  // the comparison only
    draw_error_plot(ImVec2(width, height), state, cache.errors, actions);
    ImGui::End();
    return;
  }
  const int joint = slot->selected;
  const Skeleton& skeleton = slot->clip().skeleton;
  const auto j = static_cast<std::size_t>(joint);
  const int first = skeleton.first_channels[j];
  const int count = skeleton.channel_counts[j];
  int positions = 0;
  for (int c = first; c < first + count; ++c)
    positions += is_position(skeleton.channel_kinds[static_cast<std::size_t>(c)]) ? 1 : 0;
  const int rotations = count - positions;
  const bool speed = state.inspection.speed_curve && slot->prepared.measures.baked.frame_count > 1;
  const int plots = (errors ? 1 : 0) + (positions > 0 ? 1 : 0) + (rotations > 0 ? 1 : 0) + (speed ? 1 : 0);
  if (plots == (errors ? 1 : 0)) {
    if (errors) {
      draw_error_plot(ImVec2(width, height), state, cache.errors, actions);
    } else {
      ImGui::TextDisabled("%s has no channels (End Site): nothing to plot. Its world speed is off.",
                          slot->labels[j].c_str());
    }
    ImGui::End();
    return;
  }
  const float plot_width = (width - spacing * static_cast<float>(plots - 1)) / static_cast<float>(plots);
  // While the clip loads its frame count grows every frame: the series follow in steps of a
  // quarter, so building them costs a few passes over the rows in all, not one per frame.
  const std::size_t frames = slot->clip().motion.frame_count;
  const bool grown = slot->loading ? frames >= cache.frames + cache.frames / 4 + 1 : frames != cache.frames;
  if (cache.clip_id != slot->id || cache.joint != joint ||
      cache.mode != static_cast<int>(slot->prepared.decision.mode) || grown) {
    rebuild(*slot, joint, cache);
  }

  const ImVec2 size(plot_width, height);
  bool first_plot = true;
  bool named = false;  // the joint's name given in a title
  if (errors) {
    draw_error_plot(size, state, cache.errors, actions);
    first_plot = false;
  }
  char title[160];
  for (bool& drawn : cache.drawn) drawn = false;
  for (const int which : {0, 1, 2}) {
    CurvePlotInput input;
    input.id = which == 0 ? "##position" : which == 1 ? "##rotation" : "##speed";
    input.slot = slot;
    PlotCurve* list[kMaxPlotCurves] = {};
    std::size_t listed = 0;
    for (PlotCurve& curve : cache.curves) {
      const bool is_speed = curve.toggle == kSpeedToggle;
      const bool wanted =
          which == 2 ? is_speed : !is_speed && is_rotation(static_cast<ChannelKind>(curve.toggle)) == (which == 1);
      if (wanted && listed < kMaxPlotCurves) list[listed++] = &curve;
    }
    input.curves = std::span<PlotCurve* const>(list, listed);
    if (listed == 0 || (which == 2 && !speed)) continue;
    if (!first_plot) ImGui::SameLine(0.0f, spacing);
    // The joint's name in the first plot's title only: the strip has room for the legends.
    if (!named) {
      named = true;
      std::snprintf(title, sizeof(title), "%s  %s", slot->labels[j].c_str(), kCurvePlotNames[which]);
    } else {
      std::snprintf(title, sizeof(title), "%s", kCurvePlotNames[which]);
    }
    first_plot = false;
    input.title = title;
    input.unit = which == 0 ? unit_name(state) : which == 1 ? "degrees" : "m/s";
    input.from_zero = which == 2;
    draw_curve_plot(size, input, state, cache.toggles, cache.plots[which], cache.points, actions);
    cache.drawn[which] = true;
  }
  ImGui::End();
}

}  // namespace bvhscope::viewer
