#include "viewer/ui/error_plot.hpp"

#include <algorithm>
#include <cstdio>

#include "model/clip_colours.hpp"
#include "viewer/ui/curve_plot.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/plot_area.hpp"

namespace bvhscope::viewer {
namespace {

// Centimetres per reference unit; 1 when the reference's unit is unknown (the plot is in its units).
double plotted_per_unit(const ClipComparison& compared) {
  return compared.metres_per_unit > 0.0 ? compared.metres_per_unit * 100.0 : 1.0;
}

// The compared clip and pair whose joint error is drawn: the active clip's selected joint, or with
// the reference active, its selected joint against the first compared clip.
std::pair<const ClipComparison*, int> selected_pair(const ViewerState& state) {
  const ClipSlot* active = state.active_slot();
  if (active == nullptr || active->selected < 0) return {nullptr, -1};
  const auto joint = static_cast<std::size_t>(active->selected);
  const bool is_reference = active->id == state.comparison.settings().reference_id;
  for (const ClipComparison& compared : state.comparison.clips()) {
    if (!compared.result || (!is_reference && compared.clip_id != active->id)) continue;
    const std::vector<int>& pair_of = is_reference ? compared.pair_of_reference_joint : compared.pair_of_joint;
    if (joint < pair_of.size() && pair_of[joint] >= 0) return {&compared, pair_of[joint]};
    return {nullptr, -1};
  }
  return {nullptr, -1};
}

void rebuild(const ViewerState& state, std::size_t columns, const ClipComparison* joint_clip, int joint_pair,
             ErrorPlotCache& cache) {
  cache.curves.clear();
  cache.columns = columns;
  for (const ClipComparison& compared : state.comparison.clips()) {
    const ClipSlot* slot = state.clips.with_id(compared.clip_id);
    if (!compared.result || slot == nullptr) continue;
    const auto scale = static_cast<float>(plotted_per_unit(compared));
    cache.scratch.assign(compared.result->per_frame_mean.begin(), compared.result->per_frame_mean.end());
    for (float& v : cache.scratch) v *= scale;
    cache.curves.push_back({compared.clip_id, compared.serial, compared.result->first_frame,
                            series_envelope(cache.scratch, columns), to_u32(clip_color(slot->color_index).line)});
  }
  cache.joint_clip = joint_clip != nullptr ? joint_clip->clip_id : 0;
  cache.joint_pair = joint_pair;
  cache.joint_serial = joint_clip != nullptr ? joint_clip->serial : 0;
  cache.joint_first_frame = joint_clip != nullptr ? joint_clip->result->first_frame : 0;
  cache.joint = {};
  if (joint_clip != nullptr) {
    const CompareResult& result = *joint_clip->result;
    const std::size_t pairs = result.matching.pairs.size();
    const auto scale = static_cast<float>(plotted_per_unit(*joint_clip));
    cache.scratch.resize(result.frames_compared);
    for (std::size_t f = 0; f < result.frames_compared; ++f)
      cache.scratch[f] = static_cast<float>(result.errors[f * pairs + static_cast<std::size_t>(joint_pair)]) * scale;
    cache.joint = series_envelope(cache.scratch, columns);
  }
}

bool stale(const ViewerState& state, std::size_t columns, const ClipComparison* joint_clip, int joint_pair,
           const ErrorPlotCache& cache) {
  if (cache.columns != columns || cache.joint_pair != joint_pair ||
      cache.joint_serial != (joint_clip != nullptr ? joint_clip->serial : 0))
    return true;
  std::size_t n = 0;
  for (const ClipComparison& compared : state.comparison.clips()) {
    if (!compared.result) continue;
    if (n >= cache.curves.size() || cache.curves[n].clip_id != compared.clip_id ||
        cache.curves[n].serial != compared.serial)
      return true;
    ++n;
  }
  return n != cache.curves.size();
}

}  // namespace

bool error_plot_wanted(const ViewerState& state) {
  for (const ClipComparison& compared : state.comparison.clips())
    if (compared.result) return true;
  return false;
}

void draw_error_plot(const ImVec2& size, const ViewerState& state, ErrorPlotCache& cache, Actions& actions) {
  const ClipSlot* reference = state.clips.with_id(state.comparison.settings().reference_id);
  if (reference == nullptr) return;
  const float font = ImGui::GetFontSize();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImGui::BeginGroup();  // one item to the plots beside it, whatever is placed inside
  PlotArea area;
  area.min = ImVec2(origin.x + font * 3.6f, origin.y + font * 1.4f);
  area.max = ImVec2(origin.x + size.x - 6.0f, origin.y + size.y - 4.0f);
  // The timeline's view (its zoom and pan), in reference frames, as the curves beside it.
  const auto [view_first, view_last] =
      visible_clip_frames(state, *reference, actions.timeline_view.value_or(state.timeline_view));
  area.set_frames(view_first, view_last, reference->clip().motion.frame_count);
  const auto columns = static_cast<std::size_t>(std::max(area.max.x - area.min.x, 16.0f));
  const auto [joint_clip, joint_pair] = selected_pair(state);
  if (stale(state, columns, joint_clip, joint_pair, cache)) rebuild(state, columns, joint_clip, joint_pair, cache);

  // Title row: what is plotted, the worst-frame button, the unit.
  char title[200];
  std::snprintf(title, sizeof(title), "Error vs %s  (mean over joints)", reference->file_name.c_str());
  const ClipComparison* worst = nullptr;
  for (const ClipComparison& compared : state.comparison.clips()) {
    if (!compared.result) continue;
    const ClipSlot* active = state.active_slot();
    if (active != nullptr && active->id == compared.clip_id) {
      worst = &compared;
      break;
    }
    if (worst == nullptr || compared.result->max_error > worst->result->max_error) worst = &compared;
  }
  const char* unit = worst != nullptr && worst->metres_per_unit <= 0.0 ? "units" : "cm";
  const float unit_width = ImGui::CalcTextSize(unit).x;
  const char* button = "Worst frame";
  const float button_width = ImGui::CalcTextSize(button).x + ImGui::GetStyle().FramePadding.x * 2.0f;
  // The title is cut before the button (its full text in the tooltip of the plot).
  const ImVec4 title_clip(origin.x, origin.y, area.max.x - unit_width - font * 1.5f - button_width,
                          origin.y + font * 1.4f);
  draw->AddText(ImGui::GetFont(), font, origin, ImGui::GetColorU32(ImGuiCol_Text), title, nullptr, 0.0f, &title_clip);
  ImGui::SetCursorScreenPos(ImVec2(area.max.x - unit_width - font - button_width, origin.y - 2.0f));
  if (worst != nullptr && ImGui::SmallButton(button)) {
    actions.seek_reference_frame = static_cast<double>(worst->result->worst_frame);
    actions.reveal_clip = worst->clip_id;  // its figure eased out from under the legend and the strip
  }
  if (worst != nullptr && ImGui::IsItemHovered()) {
    const ClipSlot* slot = state.clips.with_id(worst->clip_id);
    ImGui::SetTooltip("Go to reference frame %zu: the largest error of %s", worst->result->worst_frame,
                      slot != nullptr ? slot->file_name.c_str() : "?");
  }
  draw->AddText(ImVec2(area.max.x - unit_width, origin.y), kPlotLabel, unit);

  // The plot: clicking or dragging scrubs to the reference frame under the mouse.
  ImGui::SetCursorScreenPos(ImVec2(origin.x, area.min.y));
  ImGui::InvisibleButton("##error_plot", ImVec2(size.x, std::max(area.max.y - area.min.y, 1.0f)));
  const bool hovered = ImGui::IsItemHovered();
  float high = 0.0f;
  for (const ErrorPlotCache::Curve& curve : cache.curves) high = std::max(high, curve.envelope.highest);
  high = std::max(high, cache.joint.highest);
  fit_range(area, 0.0f, high, true);
  draw->AddRectFilled(area.min, area.max, kPlotBackground, 3.0f);
  for (int g = 1; g < 4; ++g) {
    const float y = area.min.y + (area.max.y - area.min.y) * static_cast<float>(g) / 4.0f;
    draw->AddLine(ImVec2(area.min.x, y), ImVec2(area.max.x, y), kPlotGridLine);
  }
  char text[48];
  std::snprintf(text, sizeof(text), "%.3g", static_cast<double>(high));
  draw->AddText(ImVec2(origin.x, area.y_of(high) - font * 0.5f), kPlotLabel, text);
  draw->AddText(ImVec2(origin.x, area.y_of(0.0f) - font * 0.9f), kPlotLabel, "0");
  draw->PushClipRect(area.min, area.max, true);
  for (const ErrorPlotCache::Curve& curve : cache.curves)
    draw_envelope(draw, area, curve.envelope, curve.colour, cache.points, curve.first_frame);
  if (cache.joint_serial != 0)
    draw_envelope(draw, area, cache.joint, kSelectionBlue, cache.points, cache.joint_first_frame);
  const float playhead = area.x_of(reference->frame_position);
  draw->AddLine(ImVec2(playhead, area.min.y), ImVec2(playhead, area.max.y), kAccent, 1.5f);
  draw->PopClipRect();

  const double frame = area.frame_at(ImGui::GetIO().MousePos.x);
  if (ImGui::IsItemActivated()) {
    actions.scrub_begin = true;
    actions.scrub = state.clips.clock_position_for(*reference, frame);
  } else if (ImGui::IsItemActive()) {
    actions.scrub = state.clips.clock_position_for(*reference, frame);
  }
  if (ImGui::IsItemDeactivated()) actions.scrub_end = true;
  if (hovered && !ImGui::IsItemActive()) {
    const float x = area.x_of(frame);
    draw->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y), IM_COL32(200, 205, 215, 90));
    ImGui::BeginTooltip();
    ImGui::Text("Reference frame %.0f", frame);
    const auto whole = static_cast<std::size_t>(frame);
    for (const ClipComparison& compared : state.comparison.clips()) {
      const ClipSlot* slot = state.clips.with_id(compared.clip_id);
      if (!compared.result || slot == nullptr) continue;
      const std::optional<double> mean = compared.mean_at(whole);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(to_u32(clip_color(slot->color_index).line)), "%s",
                         slot->file_name.c_str());
      ImGui::SameLine();
      if (mean) {
        ImGui::Text("%.3g %s", *mean * plotted_per_unit(compared), unit);
      } else {
        ImGui::TextDisabled("not compared");
      }
      if (&compared == joint_clip) {
        const std::optional<double> joint = compared.error_at(whole, static_cast<std::size_t>(joint_pair));
        const ClipSlot* active = state.active_slot();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kSelectionBlue), "  %s",
                           active != nullptr ? active->labels[static_cast<std::size_t>(active->selected)].c_str() : "");
        ImGui::SameLine();
        if (joint) ImGui::Text("%.3g %s", *joint * plotted_per_unit(compared), unit);
      }
    }
    ImGui::TextDisabled("click or drag to scrub");
    ImGui::EndTooltip();
  }
  ImGui::EndGroup();
}

}  // namespace bvhscope::viewer
