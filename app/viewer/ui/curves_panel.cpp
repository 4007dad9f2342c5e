#include "viewer/ui/curves_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/baked_positions.hpp"
#include "model/clip_colours.hpp"
#include "viewer/ui/icons.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/plot_area.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImU32 kSpeedColour = IM_COL32(77, 199, 255, 255);

// One joint's curves: its channels in file order, then its world speed (when the clip's positions
// are baked).
void rebuild(const ClipSlot& slot, int joint, SeriesCurves& series) {
  const Clip& clip = slot.clip();
  const Skeleton& skeleton = clip.skeleton;
  series.key = CurveSeriesKey{slot.id, joint};
  series.mode = static_cast<int>(slot.prepared.decision.mode);
  series.frames = clip.motion.frame_count;
  series.curves.clear();
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
    series.curves.push_back(std::move(curve));
  }
  const BakedPositions& baked = slot.prepared.measures.baked;
  series.has_speed = baked.frame_count > 1;
  if (series.has_speed) {
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
    series.curves.push_back(std::move(curve));
  }
}

// The series the strip plots this frame, each rebuilt only when its joint, its clip's mode or its
// frames changed (while a clip loads its frame count grows every frame: the series follows in
// steps of a quarter, so that building it costs a few passes over the rows in all, not one per
// frame); then their colours, names and legend labels.
void update_series(const ViewerState& state, CurvesCache& cache) {
  curve_series_clips(state.clips, cache.clips_scratch);
  const ClipSlot* active = state.active_slot();
  curve_series(cache.clips_scratch, active != nullptr ? active->id : 0, state.curve_pins,
               state.inspection.curves_every_clip, cache.keys_scratch);
  const std::vector<CurveSeriesKey>& keys = cache.keys_scratch;
  // A new first series (another joint selected) starts the plots' own zoom afresh, as a new joint did.
  if (cache.series.empty() || keys.empty() || !(cache.series.front().key == keys.front())) {
    for (CurvePlotState& plot : cache.plots) plot.value.reset();
  }
  if (cache.series.size() != keys.size()) {
    std::fill(std::begin(cache.toggles.hidden_series), std::end(cache.toggles.hidden_series), false);
  }
  cache.series.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const ClipSlot* slot = state.clips.with_id(keys[i].clip_id);
    SeriesCurves& series = cache.series[i];
    const std::size_t frames = slot->clip().motion.frame_count;
    const bool grown = slot->loading ? frames >= series.frames + series.frames / 4 + 1 : frames != series.frames;
    if (!(series.key == keys[i]) || series.mode != static_cast<int>(slot->prepared.decision.mode) || grown) {
      if (!(series.key == keys[i])) cache.toggles.hidden_series[i] = false;
      rebuild(*slot, keys[i].joint, series);
      ++cache.revision;
    }
  }
  const CurveColouring colouring = curve_colouring(keys, cache.clips_scratch);
  // Names change with the series or their colouring only: not rebuilt (nor allocated) every frame.
  const bool rename =
      cache.named_revision != cache.revision || cache.colouring != colouring || cache.named_count != keys.size();
  cache.colouring = colouring;
  cache.named_revision = cache.revision;
  cache.named_count = keys.size();
  const bool several = keys.size() > 1;
  bool one_clip = true;
  for (const CurveSeriesKey& key : keys) one_clip = one_clip && key.clip_id == keys.front().clip_id;
  for (std::size_t i = 0; i < cache.series.size(); ++i) {
    SeriesCurves& series = cache.series[i];
    const ClipSlot& slot = *state.clips.with_id(series.key.clip_id);
    series.colour = colouring == CurveColouring::ClipColours ? to_u32(clip_color(slot.color_index).line)
                                                             : to_u32(clip_color(static_cast<int>(i)).line);
    if (rename) {
      // The legend names what tells the series apart: the clip for one joint over clips, the joint
      // in one clip, both otherwise.
      const std::string& joint = slot.labels[static_cast<std::size_t>(series.key.joint)];
      series.label = colouring == CurveColouring::ClipColours ? slot.file_name
                     : one_clip                               ? joint
                                                              : joint + " (" + slot.file_name + ")";
    }
    for (PlotCurve& curve : series.curves) {
      const bool is_speed = curve.toggle == kSpeedToggle;
      const auto kind = static_cast<ChannelKind>(curve.toggle);
      curve.series = static_cast<int>(i);
      curve.slot = &slot;
      curve.colour = several ? series.colour : is_speed ? kSpeedColour : kAxisColors[channel_axis(kind)];
      curve.pattern = several && !is_speed ? static_cast<LinePattern>(channel_axis(kind)) : LinePattern::Solid;
      if (rename) {
        const std::string channel =
            is_speed ? std::string(several ? "speed" : "world") : std::string(channel_name(kind));
        curve.name = several ? series.label + ' ' + channel : channel;
      }
    }
  }
}

// A small square toggle with a drawn glyph; true when clicked.
bool glyph_toggle(const char* id, bool on, float size, const char* tooltip, Rect& drawn,
                  void (*glyph)(ImDrawList*, ImVec2, float, ImU32)) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton(id, ImVec2(size, size));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 back = on        ? with_alpha(kAccent, 70)
                     : hovered ? ImGui::GetColorU32(ImGuiCol_ButtonHovered)
                               : ImGui::GetColorU32(ImGuiCol_FrameBg);
  draw->AddRectFilled(at, ImVec2(at.x + size, at.y + size), back, 3.0f);
  if (on) draw->AddRect(at, ImVec2(at.x + size, at.y + size), kAccent, 3.0f);
  glyph(draw, at, size, on ? kAccent : ImGui::GetColorU32(ImGuiCol_Text));
  if (hovered) ImGui::SetTooltip("%s", tooltip);
  drawn = Rect{at.x, at.y, size, size};
  return clicked;
}

// Three short lines in the first three clip colours: the same joint of every clip.
void clips_glyph(ImDrawList* draw, ImVec2 at, float size, ImU32 /*colour*/) {
  for (int i = 0; i < 3; ++i) {
    const float y = at.y + size * (0.3f + 0.2f * static_cast<float>(i));
    draw->AddLine(ImVec2(at.x + size * 0.22f, y), ImVec2(at.x + size * 0.78f, y), to_u32(clip_color(i).line), 2.0f);
  }
}

// The strip's own buttons, in a column at its left: pin the selected joint; every clip's.
void draw_series_buttons(const ViewerState& state, CurvesCache& cache, Actions& actions) {
  const float size = ImGui::GetFrameHeight();
  const ClipSlot* slot = state.active_slot();
  const int joint = slot != nullptr ? slot->selected : -1;
  const CurveSeriesKey selected{slot != nullptr ? slot->id : 0, joint};
  const bool pinned = std::find(state.curve_pins.begin(), state.curve_pins.end(), selected) != state.curve_pins.end();
  ImGui::BeginGroup();
  const char* pin_tip = joint < 0 ? "Pin the selected joint's curves to the strip (no joint selected)\n"
                                    "Right-click: unpin every joint"
                        : pinned  ? "Unpin this joint from the curves strip\nRight-click: unpin every joint"
                                  : "Pin this joint to the curves strip: its curves stay when you select "
                                    "another joint\nRight-click: unpin every joint";
  if (glyph_toggle("##pin", pinned, size, pin_tip, cache.pin_button, draw_pin) && joint >= 0)
    actions.toggle_curve_pin = selected;
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) actions.clear_curve_pins = true;
  cache.clips_button = Rect{};
  if (state.clips.size() > 1) {
    InspectionOptions options = state.inspection;
    if (glyph_toggle("##every_clip", options.curves_every_clip, size,
                     options.curves_every_clip ? "Curves of this clip's joints only"
                                               : "The same joint's curves in every clip that has it",
                     cache.clips_button, clips_glyph)) {
      options.curves_every_clip = !options.curves_every_clip;
      actions.inspection = options;
    }
  }
  ImGui::EndGroup();
}

}  // namespace

void curve_series_clips(const ClipSet& clips, std::vector<CurveSeriesClip>& out) {
  out.clear();
  for (const ClipSlot& slot : clips)
    out.push_back(CurveSeriesClip{slot.id, slot.visible, slot.clip().skeleton.names, slot.selected});
}

std::vector<CurveSeriesClip> curve_series_clips(const ClipSet& clips) {
  std::vector<CurveSeriesClip> out;
  curve_series_clips(clips, out);
  return out;
}

float curves_panel_height(const ViewerState& state) {
  if (!state.inspection.curves || (state.selected_joint() < 0 && state.curve_pins.empty() && !error_plot_wanted(state)))
    return 0.0f;
  return ImGui::GetFontSize() * 10.5f;
}

void draw_curves_panel(const Rect& rect, const ViewerState& state, CurvesCache& cache, Actions& actions) {
  for (bool& drawn : cache.drawn) drawn = false;
  cache.pin_button = Rect{};
  cache.clips_button = Rect{};
  const ClipSlot* active = state.active_slot();
  const bool errors = error_plot_wanted(state);
  if (active == nullptr || rect.height <= 0.0f) return;
  update_series(state, cache);
  if (cache.series.empty() && !errors) return;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height));
  if (!ImGui::Begin("Curves", nullptr,
                    kFixedPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::End();
    return;
  }
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
  if (cache.series.empty()) {  // the comparison only
    draw_error_plot(ImGui::GetContentRegionAvail(), state, cache.errors, actions);
    ImGui::End();
    return;
  }
  draw_series_buttons(state, cache, actions);
  ImGui::SameLine(0.0f, spacing * 0.5f);
  const float width = ImGui::GetContentRegionAvail().x;
  float height = ImGui::GetContentRegionAvail().y;
  cache.legend.clear();
  const bool several = cache.series.size() > 1;
  if (several) {
    // One legend over the plots: each series (its colour; a click hides it), then each axis (its
    // line pattern; a click hides that axis's position and rotation channels).
    LegendEntry legend[kMaxCurveSeries + 3];
    std::size_t entries = 0;
    for (std::size_t i = 0; i < cache.series.size(); ++i) {
      legend[entries++] = LegendEntry{
          cache.series[i].label,          cache.series[i].label, cache.series[i].colour, LinePattern::Solid, false,
          &cache.toggles.hidden_series[i]};
    }
    static constexpr const char* kAxisNames[3] = {"X", "Y", "Z"};
    for (int axis = 0; axis < 3; ++axis) {
      const auto position = static_cast<int>(ChannelKind::Xposition) + axis;
      const auto rotation = static_cast<int>(ChannelKind::Xrotation) + axis;
      legend[entries++] = LegendEntry{kAxisNames[axis],
                                      kAxisNames[axis],
                                      kPlotLabel,
                                      static_cast<LinePattern>(axis),
                                      true,
                                      &cache.toggles.hidden[rotation],
                                      &cache.toggles.hidden[position]};
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    draw_legend(at.x, at.x + width, at.y, "##series_legend", std::span<LegendEntry>(legend, entries),
                cache.legend_slots, cache.legend);
    const float row = ImGui::GetFontSize() * 1.35f;
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + row));
    height -= row;
  }
  // The plots: the error (with a comparison), positions, rotations and speeds of every series.
  bool kinds[3] = {};
  for (const SeriesCurves& series : cache.series) {
    for (const PlotCurve& curve : series.curves) {
      const bool is_speed = curve.toggle == kSpeedToggle;
      kinds[is_speed ? 2 : is_rotation(static_cast<ChannelKind>(curve.toggle)) ? 1 : 0] = true;
    }
  }
  kinds[2] = kinds[2] && state.inspection.speed_curve;
  const int plots = (errors ? 1 : 0) + (kinds[0] ? 1 : 0) + (kinds[1] ? 1 : 0) + (kinds[2] ? 1 : 0);
  const ClipSlot& first_slot = *state.clips.with_id(cache.series.front().key.clip_id);
  const std::size_t first_joint = static_cast<std::size_t>(cache.series.front().key.joint);
  if (plots == (errors ? 1 : 0)) {
    if (errors) {
      draw_error_plot(ImVec2(width, height), state, cache.errors, actions);
    } else {
      ImGui::TextDisabled("%s has no channels (End Site): nothing to plot. Its world speed is off.",
                          first_slot.labels[first_joint].c_str());
    }
    ImGui::End();
    return;
  }
  const float plot_width = (width - spacing * static_cast<float>(plots - 1)) / static_cast<float>(plots);
  const ImVec2 size(plot_width, height);
  bool first_plot = true;
  bool named = false;  // the joint's name given in a title
  if (errors) {
    draw_error_plot(size, state, cache.errors, actions);
    first_plot = false;
  }
  char title[160];
  for (const int which : {0, 1, 2}) {
    if (!kinds[which]) continue;
    CurvePlotInput input;
    input.id = which == 0 ? "##position" : which == 1 ? "##rotation" : "##speed";
    input.slot = &first_slot;
    input.revision = cache.revision;
    PlotCurve* list[kMaxPlotCurves] = {};
    std::size_t listed = 0;
    for (SeriesCurves& series : cache.series) {
      for (PlotCurve& curve : series.curves) {
        const bool is_speed = curve.toggle == kSpeedToggle;
        const bool wanted =
            which == 2 ? is_speed : !is_speed && is_rotation(static_cast<ChannelKind>(curve.toggle)) == (which == 1);
        if (wanted && listed < kMaxPlotCurves) list[listed++] = &curve;
      }
    }
    input.curves = std::span<PlotCurve* const>(list, listed);
    input.legend_given = several;  // several series: the legend over the plots, none in their titles
    if (!first_plot) ImGui::SameLine(0.0f, spacing);
    // The joint's name in the first plot's title only (one joint over clips too): the strip has
    // room for the legends.
    if (!named) {
      named = true;
      if (!several || cache.colouring == CurveColouring::ClipColours) {
        std::snprintf(title, sizeof(title), "%s  %s", first_slot.labels[first_joint].c_str(), kCurvePlotNames[which]);
      } else {
        std::snprintf(title, sizeof(title), "%s", kCurvePlotNames[which]);
      }
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
