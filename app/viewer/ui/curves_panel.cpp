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

void rebuild(const ClipSlot& slot, int joint, std::size_t columns, CurvesCache& cache) {
  const Clip& clip = slot.clip();
  const Skeleton& skeleton = clip.skeleton;
  cache.clip_id = slot.id;
  cache.joint = joint;
  cache.mode = static_cast<int>(slot.prepared.decision.mode);
  cache.columns = columns;
  cache.frames = clip.motion.frame_count;
  cache.channels.clear();
  cache.envelopes.clear();
  const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
  for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
    cache.channels.push_back(c);
    cache.envelopes.push_back(channel_envelope(clip.motion, c, columns));
  }
  const BakedPositions& baked = slot.prepared.measures.baked;
  cache.has_speed = baked.frame_count > 1;
  if (cache.has_speed) {
    std::vector<float> speed = joint_speed(baked, joint, clip.motion.frame_time);
    const auto metres = static_cast<float>(metres_per_unit(slot));
    for (float& v : speed) v *= metres;
    cache.speed = series_envelope(speed, columns);
    cache.speed.frames_per_bucket *= baked.frame_step;  // buckets count clip frames, as the other curves do
  }
}

// One plot: background, zero line, range labels, the curves, the playhead; dragging scrubs.
void plot(const char* id, const char* title, const ImVec2& size, const ViewerState& state, const ClipSlot& slot,
          std::span<const CurveEnvelope* const> curves, std::span<const ImU32> colours,
          std::span<const char* const> names, const char* unit, CurvesCache& cache, Actions& actions) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  const float font = ImGui::GetFontSize();
  PlotArea area;
  area.min = ImVec2(origin.x + font * 3.6f, origin.y + font * 1.4f);
  area.max = ImVec2(origin.x + size.x - 6.0f, origin.y + size.y - 4.0f);
  area.frames = std::max<std::size_t>(cache.frames, 1);  // the frames the envelopes were built over
  float low = 0.0f;
  float high = 0.0f;
  for (std::size_t i = 0; i < curves.size(); ++i) {
    low = i == 0 ? curves[i]->lowest : std::min(low, curves[i]->lowest);
    high = i == 0 ? curves[i]->highest : std::max(high, curves[i]->highest);
  }
  fit_range(area, low, high);

  draw->AddRectFilled(area.min, area.max, kPlotBackground, 3.0f);
  for (int g = 1; g < 4; ++g) {
    const float y = area.min.y + (area.max.y - area.min.y) * static_cast<float>(g) / 4.0f;
    draw->AddLine(ImVec2(area.min.x, y), ImVec2(area.max.x, y), kPlotGridLine);
  }
  if (area.low < 0.0f && area.high > 0.0f) {
    draw->AddLine(ImVec2(area.min.x, area.y_of(0.0f)), ImVec2(area.max.x, area.y_of(0.0f)), kPlotZeroLine);
  }
  char text[48];
  std::snprintf(text, sizeof(text), "%.4g", static_cast<double>(high));
  draw->AddText(ImVec2(origin.x, area.y_of(high) - font * 0.5f), kPlotLabel, text);
  std::snprintf(text, sizeof(text), "%.4g", static_cast<double>(low));
  draw->AddText(ImVec2(origin.x, area.y_of(low) - font * 0.5f), kPlotLabel, text);

  // Title and legend above the plot.
  draw->AddText(ImVec2(origin.x, origin.y), ImGui::GetColorU32(ImGuiCol_Text), title);
  float legend_x = area.min.x + ImGui::CalcTextSize(title).x - (area.min.x - origin.x) + font;
  legend_x = std::max(legend_x, area.min.x);
  for (std::size_t i = 0; i < names.size(); ++i) {
    draw->AddRectFilled(ImVec2(legend_x, origin.y + font * 0.35f),
                        ImVec2(legend_x + font * 0.6f, origin.y + font * 0.95f), colours[i], 2.0f);
    draw->AddText(ImVec2(legend_x + font * 0.8f, origin.y), kPlotLabel, names[i]);
    legend_x += font * 0.8f + ImGui::CalcTextSize(names[i]).x + font * 0.8f;
  }
  if (unit[0] != '\0') {
    const float w = ImGui::CalcTextSize(unit).x;
    draw->AddText(ImVec2(area.max.x - w, origin.y), kPlotLabel, unit);
  }

  draw->PushClipRect(area.min, area.max, true);
  for (std::size_t i = 0; i < curves.size(); ++i) draw_envelope(draw, area, *curves[i], colours[i], cache.points);
  const float playhead = area.x_of(slot.frame_position);
  draw->AddLine(ImVec2(playhead, area.min.y), ImVec2(playhead, area.max.y), kAccent, 1.5f);
  draw->PopClipRect();

  // Dragging scrubs the shared clock to the hovered frame of this clip.
  const double frame = area.frame_at(ImGui::GetIO().MousePos.x);
  if (ImGui::IsItemActivated()) {
    actions.scrub_begin = true;
    actions.scrub = state.clips.clock_position_for(slot, frame);
  } else if (ImGui::IsItemActive()) {
    actions.scrub = state.clips.clock_position_for(slot, frame);
  }
  if (ImGui::IsItemDeactivated()) actions.scrub_end = true;
  if (hovered && !ImGui::IsItemActive()) {
    const float x = area.x_of(frame);
    draw->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y), IM_COL32(200, 205, 215, 90));
    ImGui::SetTooltip("Frame %.0f  (drag to scrub)", frame);
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
  if (!ImGui::Begin("Curves", nullptr, kFixedPanelFlags | ImGuiWindowFlags_NoScrollbar)) {
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
  const auto columns = static_cast<std::size_t>(std::max(plot_width, 16.0f));
  // While the clip loads its frame count grows every frame: the envelopes follow in steps of a
  // quarter, so building them costs a few passes over the rows in all, not one per frame.
  const std::size_t frames = slot->clip().motion.frame_count;
  const bool grown = slot->loading ? frames >= cache.frames + cache.frames / 4 + 1 : frames != cache.frames;
  if (cache.clip_id != slot->id || cache.joint != joint || cache.columns != columns ||
      cache.mode != static_cast<int>(slot->prepared.decision.mode) || grown) {
    rebuild(*slot, joint, columns, cache);
  }

  const CurveEnvelope* curves[3] = {};
  ImU32 colours[3] = {};
  const char* names[3] = {};
  const ImVec2 size(plot_width, height);
  bool first_plot = true;
  if (errors) {
    draw_error_plot(size, state, cache.errors, actions);
    first_plot = false;
  }
  char title[160];
  for (const bool rotation : {false, true}) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < cache.channels.size() && n < 3; ++i) {
      const ChannelKind kind = skeleton.channel_kinds[static_cast<std::size_t>(cache.channels[i])];
      if (is_rotation(kind) != rotation) continue;
      curves[n] = &cache.envelopes[i];
      colours[n] = kAxisColors[channel_axis(kind)];
      names[n] = channel_name(kind).data();
      ++n;
    }
    if (n == 0) continue;
    if (!first_plot) ImGui::SameLine(0.0f, spacing);
    first_plot = false;
    std::snprintf(title, sizeof(title), "%s  %s", slot->labels[j].c_str(), rotation ? "rotation" : "position");
    plot(rotation ? "##rotation" : "##position", title, size, state, *slot, std::span(curves, n), std::span(colours, n),
         std::span(names, n), rotation ? "degrees" : unit_name(state), cache, actions);
  }
  if (speed && cache.has_speed) {
    if (!first_plot) ImGui::SameLine(0.0f, spacing);
    const CurveEnvelope* speed_curve[1] = {&cache.speed};
    const ImU32 speed_colour[1] = {kSpeedColour};
    const char* speed_name[1] = {"world"};
    std::snprintf(title, sizeof(title), "%s  speed", slot->labels[j].c_str());
    plot("##speed", title, size, state, *slot, speed_curve, speed_colour, speed_name, "m/s", cache, actions);
  }
  ImGui::End();
}

}  // namespace bvhscope::viewer
