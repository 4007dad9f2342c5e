#include "viewer/ui/curves_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/baked_positions.hpp"
#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImU32 kPlotBackground = IM_COL32(24, 26, 29, 255);
constexpr ImU32 kGridLine = IM_COL32(52, 56, 62, 255);
constexpr ImU32 kZeroLine = IM_COL32(80, 85, 94, 255);
constexpr ImU32 kLabel = IM_COL32(150, 155, 164, 255);
constexpr ImU32 kSpeedColour = IM_COL32(77, 199, 255, 255);

ImU32 with_alpha(ImU32 colour, int alpha) { return (colour & 0x00FFFFFFu) | (static_cast<ImU32>(alpha) << 24); }

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

struct PlotArea {
  ImVec2 min;
  ImVec2 max;
  float low = 0.0f;
  float high = 1.0f;
  std::size_t frames = 1;
  [[nodiscard]] float x_of(double frame) const {
    const double last = frames > 1 ? static_cast<double>(frames - 1) : 1.0;
    return min.x + static_cast<float>(frame / last) * (max.x - min.x);
  }
  [[nodiscard]] float y_of(float value) const {
    const float t = high > low ? (value - low) / (high - low) : 0.5f;
    return max.y - t * (max.y - min.y);
  }
  [[nodiscard]] double frame_at(float x) const {
    const double last = frames > 1 ? static_cast<double>(frames - 1) : 0.0;
    return std::round(std::clamp(static_cast<double>((x - min.x) / (max.x - min.x)), 0.0, 1.0) * last);
  }
};

// Range with a margin, never empty.
void fit_range(PlotArea& area, float low, float high) {
  if (!(high > low)) {
    low -= 1.0f;
    high += 1.0f;
  }
  const float margin = (high - low) * 0.08f;
  area.low = low - margin;
  area.high = high + margin;
}

void draw_envelope(ImDrawList* draw, const PlotArea& area, const CurveEnvelope& envelope, ImU32 colour,
                   std::vector<ImVec2>& points) {
  const std::size_t buckets = envelope.low.size();
  if (buckets == 0) return;
  const double per = static_cast<double>(envelope.frames_per_bucket);
  points.clear();
  for (std::size_t b = 0; b < buckets; ++b) {
    const double frame =
        std::min(static_cast<double>(b) * per + (per - 1.0) * 0.5, static_cast<double>(area.frames - 1));
    const float x = area.x_of(frame);
    const float y_low = area.y_of(envelope.low[b]);
    const float y_high = area.y_of(envelope.high[b]);
    if (y_low - y_high > 1.0f) draw->AddLine(ImVec2(x, y_high), ImVec2(x, y_low), with_alpha(colour, 110), 1.0f);
    points.emplace_back(x, (y_low + y_high) * 0.5f);
  }
  draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_None, 1.5f);
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
    draw->AddLine(ImVec2(area.min.x, y), ImVec2(area.max.x, y), kGridLine);
  }
  if (area.low < 0.0f && area.high > 0.0f) {
    draw->AddLine(ImVec2(area.min.x, area.y_of(0.0f)), ImVec2(area.max.x, area.y_of(0.0f)), kZeroLine);
  }
  char text[48];
  std::snprintf(text, sizeof(text), "%.4g", static_cast<double>(high));
  draw->AddText(ImVec2(origin.x, area.y_of(high) - font * 0.5f), kLabel, text);
  std::snprintf(text, sizeof(text), "%.4g", static_cast<double>(low));
  draw->AddText(ImVec2(origin.x, area.y_of(low) - font * 0.5f), kLabel, text);

  // Title and legend above the plot.
  draw->AddText(ImVec2(origin.x, origin.y), ImGui::GetColorU32(ImGuiCol_Text), title);
  float legend_x = area.min.x + ImGui::CalcTextSize(title).x - (area.min.x - origin.x) + font;
  legend_x = std::max(legend_x, area.min.x);
  for (std::size_t i = 0; i < names.size(); ++i) {
    draw->AddRectFilled(ImVec2(legend_x, origin.y + font * 0.35f),
                        ImVec2(legend_x + font * 0.6f, origin.y + font * 0.95f), colours[i], 2.0f);
    draw->AddText(ImVec2(legend_x + font * 0.8f, origin.y), kLabel, names[i]);
    legend_x += font * 0.8f + ImGui::CalcTextSize(names[i]).x + font * 0.8f;
  }
  if (unit[0] != '\0') {
    const float w = ImGui::CalcTextSize(unit).x;
    draw->AddText(ImVec2(area.max.x - w, origin.y), kLabel, unit);
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
  if (!state.inspection.curves || state.selected_joint() < 0) return 0.0f;
  return ImGui::GetFontSize() * 10.5f;
}

void draw_curves_panel(const Rect& rect, const ViewerState& state, CurvesCache& cache, Actions& actions) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr || slot->selected < 0 || rect.height <= 0.0f) return;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height));
  if (!ImGui::Begin("Curves", nullptr, kFixedPanelFlags | ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetContentRegionAvail().y;
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
  const int plots = (positions > 0 ? 1 : 0) + (rotations > 0 ? 1 : 0) + (speed ? 1 : 0);
  if (plots == 0) {
    ImGui::TextDisabled("%s has no channels (End Site): nothing to plot. Its world speed is off.",
                        slot->labels[j].c_str());
    ImGui::End();
    return;
  }
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
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
