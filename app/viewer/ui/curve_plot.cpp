#include "viewer/ui/curve_plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <span>

#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/plot_area.hpp"

namespace bvhscope::viewer {
namespace {

constexpr ImU32 kHairline = IM_COL32(200, 205, 215, 110);
constexpr ImU32 kHiddenLegend = IM_COL32(95, 100, 108, 255);
constexpr ImU32 kOffScale = IM_COL32(240, 190, 80, 255);

// The clip frame the shared clock's position `clock` shows, and back (clock_position_for is linear).
struct ClockToClip {
  double origin = 0.0;  // the clock position of clip frame 0
  double per_frame = 1.0;
  [[nodiscard]] double clip_of(double clock) const { return (clock - origin) / per_frame; }
  [[nodiscard]] double clock_of(double clip) const { return origin + clip * per_frame; }
};

ClockToClip clock_to_clip(const ViewerState& state, const ClipSlot& slot) {
  ClockToClip map;
  map.origin = state.clips.clock_position_for(slot, 0.0);
  const double step = state.clips.clock_position_for(slot, 1.0) - map.origin;
  map.per_frame = step > 0.0 && std::isfinite(step) ? step : 1.0;
  return map;
}

// `text` cut to `width` pixels with ".." when it is wider.
void draw_cut_label(ImDrawList* draw, ImVec2 at, ImU32 colour, std::string_view text, float width) {
  if (ImGui::CalcTextSize(text.data(), text.data() + text.size()).x <= width + 0.5f) {
    draw->AddText(at, colour, text.data(), text.data() + text.size());
    return;
  }
  const float dots = ImGui::CalcTextSize("..").x;
  if (dots > width) return;
  char cut[256];  // no allocation per frame
  std::size_t n = std::min(text.size(), sizeof(cut) - 3);
  while (n > 0 && ImGui::CalcTextSize(text.data(), text.data() + n).x + dots > width) --n;
  std::memcpy(cut, text.data(), n);
  std::memcpy(cut + n, "..", 3);
  draw->AddText(at, colour, cut);
}

// A line through `points` in `pattern` (dashes and dots measured along the line).
void draw_patterned_line(ImDrawList* draw, std::span<const ImVec2> points, ImU32 colour, float thickness,
                         LinePattern pattern) {
  if (points.size() < 2) return;
  if (pattern == LinePattern::Solid) {
    draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_None, thickness);
    return;
  }
  const float on = pattern == LinePattern::Dashed ? 7.0f : 2.0f;
  const float period = pattern == LinePattern::Dashed ? 11.0f : 5.0f;
  float along = 0.0f;  // where the segment's start is in the pattern's period
  for (std::size_t i = 1; i < points.size(); ++i) {
    const ImVec2 a = points[i - 1];
    const ImVec2 b = points[i];
    const float length = std::hypot(b.x - a.x, b.y - a.y);
    float t = 0.0f;  // along this segment
    while (t < length) {
      const float phase = std::fmod(along + t, period);
      const float left = phase < on ? on - phase : period - phase;  // to the end of this dash or gap
      const float step = std::min(left, length - t);
      if (phase < on && step > 0.0f) {
        const float u0 = t / length;
        const float u1 = (t + step) / length;
        draw->AddLine(ImVec2(a.x + (b.x - a.x) * u0, a.y + (b.y - a.y) * u0),
                      ImVec2(a.x + (b.x - a.x) * u1, a.y + (b.y - a.y) * u1), colour, thickness);
      }
      t += std::max(step, 1e-3f);
    }
    along = std::fmod(along + length, period);
  }
}

// The width a legend of `entries` takes in one row.
float legend_row_width(std::span<const LegendEntry> entries) {
  const float font = ImGui::GetFontSize();
  float width = 0.0f;
  for (const LegendEntry& entry : entries) {
    const float sample = entry.pattern_sample ? font * 0.6f : 0.0f;  // a line is wider than a swatch
    width += font * 0.8f + ImGui::CalcTextSize(entry.text.data(), entry.text.data() + entry.text.size()).x + sample +
             font * 0.6f;
  }
  return entries.empty() ? 0.0f : width - font * 0.6f;
}

// The legend (entries toggle their curves) at full width when there is room, the title in what
// is left (cut, with its full text on hover).
void draw_title_row(const ImVec2& origin, float width, const CurvePlotInput& input, std::span<LegendEntry> legend,
                    CurvePlotState& plot) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const float full_title = ImGui::CalcTextSize(input.title).x;
  const float legend_width = legend_row_width(legend);
  const float title_width =
      std::min(full_title, std::max(width - legend_width - font * 1.5f, std::min(full_title, font * 3.0f)));
  draw_cut_label(draw, origin, ImGui::GetColorU32(ImGuiCol_Text), std::string_view(input.title), title_width);
  if (full_title > title_width + 0.5f &&
      ImGui::IsMouseHoveringRect(origin, ImVec2(origin.x + title_width, origin.y + font)))
    ImGui::SetTooltip("%s", input.title);
  draw_legend(origin.x + title_width + font, origin.x + width - font * 0.5f, origin.y, input.id, legend,
              plot.legend_slots, plot.legend);
}

// Where a curve's own frames fall on the plot's: plot frame = origin + own frame x scale.
struct FramePlacing {
  double origin = 0.0;
  double scale = 1.0;
  [[nodiscard]] double own(double plot_frame) const { return (plot_frame - origin) / scale; }
  [[nodiscard]] double plot(double own_frame) const { return origin + own_frame * scale; }
};

FramePlacing placing_of(const ViewerState& state, const ClipSlot& plot_slot, const PlotCurve& curve) {
  if (curve.slot == nullptr || curve.slot == &plot_slot) return {};
  const ClockToClip plot = clock_to_clip(state, plot_slot);
  const ClockToClip own = clock_to_clip(state, *curve.slot);
  return FramePlacing{(own.origin - plot.origin) / plot.per_frame, own.per_frame / plot.per_frame};
}

// The curve through its columns: each column's min..max as a faint band and the mean as a line;
// zoomed in to fewer frames than columns, a line through the frames themselves. `first`..`last`
// are the plot's frames; the curve's own are placed by `placing`.
void draw_curve(ImDrawList* draw, const PlotArea& area, const PlotCurve& curve, const FramePlacing& placing,
                double first, double last, std::vector<ImVec2>& points) {
  const std::size_t columns = curve.columns.count.size();
  const double own_first = placing.own(first);
  const double own_last = placing.own(last);
  const double frames_per_column = (own_last - own_first) / static_cast<double>(std::max<std::size_t>(columns, 1));
  points.clear();
  if (frames_per_column <= 1.0) {
    const std::vector<float>& values = curve.pyramid.values();
    if (values.empty()) return;
    const double end = static_cast<double>(values.size() - 1);
    const auto a = static_cast<std::size_t>(std::clamp(std::floor(own_first), 0.0, end));
    const auto b = static_cast<std::size_t>(std::clamp(std::ceil(own_last), 0.0, end));
    for (std::size_t f = a; f <= b; ++f)
      points.emplace_back(area.x_of(placing.plot(static_cast<double>(f))), area.y_of(values[f]));
    draw_patterned_line(draw, points, curve.colour, 1.5f, curve.pattern);
    return;
  }
  const ImU32 band = with_alpha(curve.colour, curve.pattern == LinePattern::Solid ? 90 : 45);
  const float column_width = (area.max.x - area.min.x) / static_cast<float>(columns);
  const auto flush = [&] {
    draw_patterned_line(draw, points, curve.colour, 1.5f, curve.pattern);
    points.clear();
  };
  for (std::size_t c = 0; c < columns; ++c) {
    if (curve.columns.count[c] == 0) {
      flush();
      continue;
    }
    const float x = area.min.x + (static_cast<float>(c) + 0.5f) * column_width;
    const float top = area.y_of(curve.columns.high[c]);
    const float bottom = area.y_of(curve.columns.low[c]);
    if (bottom - top >= 1.0f)
      draw->AddRectFilled(ImVec2(x - column_width * 0.5f, top), ImVec2(x + column_width * 0.5f, bottom), band);
    points.emplace_back(x, area.y_of(curve.columns.mean[c]));
  }
  flush();
}

// Small marks at the top and bottom edges over columns whose values leave the range.
void draw_off_scale_marks(ImDrawList* draw, const PlotArea& area, const PlotCurve& curve) {
  const std::size_t columns = curve.columns.count.size();
  const float column_width = (area.max.x - area.min.x) / static_cast<float>(std::max<std::size_t>(columns, 1));
  for (std::size_t c = 0; c < columns; ++c) {
    if (curve.columns.count[c] == 0) continue;
    const float x = area.min.x + (static_cast<float>(c) + 0.5f) * column_width;
    if (curve.columns.high[c] > area.high)
      draw->AddTriangleFilled(ImVec2(x, area.min.y), ImVec2(x - 4.0f, area.min.y + 6.0f),
                              ImVec2(x + 4.0f, area.min.y + 6.0f), kOffScale);
    if (curve.columns.low[c] < area.low)
      draw->AddTriangleFilled(ImVec2(x, area.max.y), ImVec2(x - 4.0f, area.max.y - 6.0f),
                              ImVec2(x + 4.0f, area.max.y - 6.0f), kOffScale);
  }
}

}  // namespace

std::pair<double, double> visible_clip_frames(const ViewerState& state, const ClipSlot& slot,
                                              const TimelineView& view) {
  const ClockToClip map = clock_to_clip(state, slot);
  return {map.clip_of(view.first()), map.clip_of(view.last())};
}

void draw_legend(float left, float right, float y, const char* id, std::span<LegendEntry> entries,
                 std::vector<LegendSlot>& slots, std::vector<std::pair<std::string, Rect>>& drawn) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const float swatch = font * 0.8f;
  const float gap = font * 0.6f;
  float widths[kMaxLegendEntries] = {};
  const std::size_t count = std::min(entries.size(), kMaxLegendEntries);
  for (std::size_t i = 0; i < count; ++i) {
    const float sample = entries[i].pattern_sample ? font * 0.6f : 0.0f;  // a line is wider than a swatch
    widths[i] = ImGui::CalcTextSize(entries[i].text.data(), entries[i].text.data() + entries[i].text.size()).x + sample;
  }
  layout_legend(std::span<const float>(widths, count), left, right, swatch, gap, font, slots);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const LegendSlot& slot = slots[i];
    if (!slot.shown) continue;
    const LegendEntry& entry = entries[i];
    bool& hidden = *entry.hidden;
    const ImVec2 min(slot.x, y);
    const ImVec2 max(slot.x + swatch + slot.text_width, y + font * 1.2f);
    drawn.emplace_back(std::string(entry.name), Rect{min.x, min.y, max.x - min.x, max.y - min.y});
    ImGui::SetCursorScreenPos(min);
    ImGui::PushID(id);
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::InvisibleButton("##legend", ImVec2(max.x - min.x, max.y - min.y))) {
      hidden = !hidden;
      if (entry.hidden_too != nullptr) *entry.hidden_too = hidden;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%.*s: click to %s", static_cast<int>(entry.name.size()), entry.name.data(),
                        hidden ? "show" : "hide");
    ImGui::PopID();
    ImGui::PopID();
    float text_x = slot.x + swatch;
    float text_width = slot.text_width;
    if (entry.pattern_sample) {
      // The channel's line pattern, as its curves are drawn in every series.
      const float line_y = y + font * 0.65f;
      const std::array<ImVec2, 2> sample = {ImVec2(slot.x, line_y), ImVec2(slot.x + swatch + font * 0.4f, line_y)};
      draw_patterned_line(draw, sample, hidden ? kHiddenLegend : kPlotLabel, 2.0f, entry.pattern);
      text_x += font * 0.6f;
      text_width = std::max(text_width - font * 0.6f, 0.0f);
    } else {
      const ImVec2 box_min(slot.x, y + font * 0.35f);
      const ImVec2 box_max(slot.x + font * 0.6f, y + font * 0.95f);
      if (hidden) {
        draw->AddRect(box_min, box_max, kHiddenLegend, 2.0f);
      } else {
        draw->AddRectFilled(box_min, box_max, entry.colour, 2.0f);
      }
    }
    draw_cut_label(draw, ImVec2(text_x, y), hidden ? kHiddenLegend : kPlotLabel, entry.text, text_width);
  }
}

void draw_curve_plot(const ImVec2& size, const CurvePlotInput& input, const ViewerState& state, CurveToggles& toggles,
                     CurvePlotState& plot, std::vector<ImVec2>& points, Actions& actions) {
  const ClipSlot& slot = *input.slot;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float font = ImGui::GetFontSize();
  ImGui::BeginGroup();
  plot.legend.clear();
  // The legend: the plot's own entries, or one per curve toggling its channel.
  LegendEntry own_legend[kMaxPlotCurves];
  std::span<LegendEntry> legend = input.legend;
  if (!input.legend_given) {
    std::size_t n = 0;
    for (PlotCurve* curve : input.curves) {
      if (n == kMaxPlotCurves) break;
      own_legend[n++] = LegendEntry{curve->legend,      curve->name, curve->colour,
                                    LinePattern::Solid, false,       &toggles.hidden[curve->toggle]};
    }
    legend = std::span<LegendEntry>(own_legend, n);
  }
  draw_title_row(origin, size.x, input, legend, plot);

  PlotArea area;
  area.min = ImVec2(origin.x + font * 4.0f, origin.y + font * 1.4f);
  area.max = ImVec2(origin.x + size.x - 6.0f, origin.y + size.y - 4.0f);
  ImGui::SetCursorScreenPos(ImVec2(origin.x, area.min.y));
  ImGui::InvisibleButton(input.id, ImVec2(size.x, std::max(area.max.y - area.min.y, 1.0f)));
  const bool hovered = ImGui::IsItemHovered();

  // The x axis: the timeline's view (clock frames) in this clip's frames.
  const ClockToClip map = clock_to_clip(state, slot);
  const TimelineView& view = actions.timeline_view.value_or(state.timeline_view);
  const double first = map.clip_of(view.first());
  const double last = map.clip_of(view.last());
  area.set_frames(first, last, slot.clip().motion.frame_count);

  PlotCurve* shown_curves[kMaxPlotCurves] = {};
  FramePlacing placings[kMaxPlotCurves];
  std::size_t shown_count = 0;
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < input.curves.size() && i < kMaxPlotCurves; ++i) {
    const PlotCurve& curve = *input.curves[i];
    if (toggles.hidden[curve.toggle]) continue;
    if (curve.series >= 0 && static_cast<std::size_t>(curve.series) < kMaxCurveSeries &&
        toggles.hidden_series[curve.series])
      continue;
    placings[shown_count] = placing_of(state, slot, curve);
    shown_curves[shown_count++] = input.curves[i];
    mask |= std::uint64_t{1} << i;
  }
  const std::span<PlotCurve* const> shown(shown_curves, shown_count);
  const auto columns = static_cast<std::size_t>(std::max(area.max.x - area.min.x, 1.0f));
  const std::size_t frames = input.curves.empty() ? 0 : input.curves.front()->pyramid.size();
  if (plot.first != first || plot.last != last || plot.columns != columns || plot.shown_mask != mask ||
      plot.frames != frames || plot.revision != input.revision) {
    plot.first = first;
    plot.last = last;
    plot.columns = columns;
    plot.shown_mask = mask;
    plot.frames = frames;
    plot.revision = input.revision;
    // Each curve over the frames of its own clip the view shows (the same clock time), so that its
    // columns line up with every other curve's.
    std::vector<std::span<const float>> series;
    for (std::size_t i = 0; i < shown.size(); ++i) {
      PlotCurve* curve = shown[i];
      const double own_first = placings[i].own(first);
      const double own_last = placings[i].own(last);
      curve->pyramid.columns(own_first, own_last, columns, curve->columns);
      const std::vector<float>& values = curve->pyramid.values();
      if (values.empty()) continue;
      const double end = static_cast<double>(values.size() - 1);
      const auto a = static_cast<std::size_t>(std::clamp(std::ceil(own_first), 0.0, end));
      const auto b = static_cast<std::size_t>(std::clamp(std::floor(own_last), 0.0, end));
      if (a <= b && own_last >= 0.0 && own_first <= end)
        series.emplace_back(std::span<const float>(values).subspan(a, b - a + 1));
    }
    plot.automatic = robust_range(series, 0, std::numeric_limits<std::size_t>::max() / 2);
  }
  // The automatic range with a margin; the user's zoom as it is.
  PlotArea automatic = area;
  fit_range(automatic, static_cast<float>(plot.automatic.range.low), static_cast<float>(plot.automatic.range.high),
            input.from_zero && plot.automatic.range.low >= 0.0);
  const ValueRange auto_range{static_cast<double>(automatic.low), static_cast<double>(automatic.high)};
  const ValueRange range = plot.value.shown(auto_range);
  area.low = static_cast<float>(range.low);
  area.high = static_cast<float>(range.high);
  plot.range = range;
  plot.area = Rect{area.min.x, area.min.y, area.max.x - area.min.x, area.max.y - area.min.y};

  // Wheel: time zoom about the frame under the mouse (the timeline's view); Shift+wheel: time pan;
  // Ctrl+wheel: value zoom about the value under the mouse; right or middle drag: pan both ways;
  // double-click: the automatic range and the whole timeline.
  const ImGuiIO& io = ImGui::GetIO();
  TimelineView next_view = view;
  bool view_changed = false;
  if (hovered && io.MouseWheel != 0.0f) {
    const auto notches = static_cast<double>(io.MouseWheel);
    if (io.KeyCtrl) {
      plot.value.zoom(std::pow(1.25, notches), static_cast<double>(area.value_at(io.MousePos.y)), auto_range);
    } else if (io.KeyShift) {
      next_view.pan(-notches * next_view.span() * 0.1);
      view_changed = true;
    } else {
      next_view.zoom(std::pow(1.25, notches), map.clock_of(area.fractional_frame_at(io.MousePos.x)));
      view_changed = true;
    }
  }
  if (hovered && io.MouseWheelH != 0.0f) {
    next_view.pan(-static_cast<double>(io.MouseWheelH) * next_view.span() * 0.1);
    view_changed = true;
  }
  for (const ImGuiMouseButton button : {ImGuiMouseButton_Right, ImGuiMouseButton_Middle}) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) && ImGui::IsMouseDragging(button, 0.0f)) {
      const ImVec2 delta = io.MouseDelta;
      if (delta.x != 0.0f) {
        next_view.pan(-static_cast<double>(delta.x) / static_cast<double>(area.max.x - area.min.x) * next_view.span());
        view_changed = true;
      }
      if (delta.y != 0.0f) {
        const double per_pixel = (range.high - range.low) / static_cast<double>(area.max.y - area.min.y);
        plot.value.pan(static_cast<double>(delta.y) * per_pixel, auto_range);
      }
    }
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    plot.value.reset();
    next_view.fit();
    view_changed = true;
  }
  if (view_changed) actions.timeline_view = next_view;

  draw->AddRectFilled(area.min, area.max, kPlotBackground, 3.0f);
  for (int g = 1; g < 4; ++g) {
    const float y = area.min.y + (area.max.y - area.min.y) * static_cast<float>(g) / 4.0f;
    draw->AddLine(ImVec2(area.min.x, y), ImVec2(area.max.x, y), kPlotGridLine);
  }
  if (area.low < 0.0f && area.high > 0.0f)
    draw->AddLine(ImVec2(area.min.x, area.y_of(0.0f)), ImVec2(area.max.x, area.y_of(0.0f)), kPlotZeroLine);
  char text[64];
  std::snprintf(text, sizeof(text), "%.4g", range.high);
  draw->AddText(ImVec2(origin.x, area.min.y), kPlotLabel, text);
  std::snprintf(text, sizeof(text), "%.4g", range.low);
  draw->AddText(ImVec2(origin.x, area.max.y - font), kPlotLabel, text);
  // The unit in the gutter between the range labels, smaller when it is wider than the gutter;
  // orange while the user's value zoom holds (double-click: automatic again).
  const float gutter = area.min.x - origin.x - 4.0f;
  const float unit_width = ImGui::CalcTextSize(input.unit).x;
  const float unit_size = unit_width > gutter ? std::max(font * gutter / unit_width, font * 0.6f) : font;
  const ImVec2 unit_at(origin.x, (area.min.y + area.max.y) * 0.5f - unit_size * 0.5f);
  const ImVec4 unit_clip(origin.x, area.min.y, origin.x + gutter, area.max.y);
  draw->AddText(ImGui::GetFont(), unit_size, unit_at, plot.value.manual() ? kAccent : kPlotLabel, input.unit, nullptr,
                0.0f, &unit_clip);
  if (ImGui::IsMouseHoveringRect(ImVec2(origin.x, area.min.y), ImVec2(origin.x + gutter, area.max.y)))
    ImGui::SetTooltip("%s%s", input.unit,
                      plot.value.manual() ? " (zoomed: double-click the plot for the automatic range)" : "");

  draw->PushClipRect(area.min, area.max, true);
  for (std::size_t i = 0; i < shown.size(); ++i) draw_curve(draw, area, *shown[i], placings[i], first, last, points);
  for (const PlotCurve* curve : shown) draw_off_scale_marks(draw, area, *curve);
  const float playhead = area.x_of(slot.frame_position);
  draw->AddLine(ImVec2(playhead, area.min.y), ImVec2(playhead, area.max.y), kAccent, 1.5f);
  if (!plot.value.manual() && plot.automatic.off_scale > 0) {
    std::snprintf(text, sizeof(text), "%zu frame%s off-scale", plot.automatic.off_scale,
                  plot.automatic.off_scale == 1 ? "" : "s");
    const float w = ImGui::CalcTextSize(text).x;
    draw->AddRectFilled(ImVec2(area.max.x - w - 8.0f, area.min.y + 2.0f),
                        ImVec2(area.max.x - 2.0f, area.min.y + font + 4.0f), with_alpha(kPlotBackground, 220), 3.0f);
    draw->AddText(ImVec2(area.max.x - w - 5.0f, area.min.y + 3.0f), kOffScale, text);
  }
  draw->PopClipRect();

  // Dragging scrubs the shared clock to the hovered frame of this clip.
  const double frame = area.frame_at(io.MousePos.x);
  if (ImGui::IsItemActivated()) {
    actions.scrub_begin = true;
    actions.scrub = state.clips.clock_position_for(slot, frame);
  } else if (ImGui::IsItemActive()) {
    actions.scrub = state.clips.clock_position_for(slot, frame);
  }
  if (ImGui::IsItemDeactivated()) actions.scrub_end = true;
  plot.hover.clear();
  if (hovered && !ImGui::IsItemActive() && frames > 0) {
    const float x = area.x_of(frame);
    draw->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y), kHairline);
    const auto whole = static_cast<std::size_t>(frame);
    ImGui::BeginTooltip();
    ImGui::Text("Frame %zu   %.3f s", whole, frame * slot.clip().motion.frame_time);
    plot.hover = "frame=" + std::to_string(whole);
    char value[64];
    float name_column = font * 6.0f;  // the values in a column after the longest name
    for (const PlotCurve* curve : shown)
      name_column = std::max(name_column, ImGui::CalcTextSize(curve->name.c_str()).x + font);
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const PlotCurve* curve = shown[i];
      // The curve's own frame at the hovered clock time (its clip may run at another rate or offset).
      const double own = std::round(placings[i].own(static_cast<double>(whole)));
      if (own < 0.0 || own >= static_cast<double>(curve->pyramid.size())) continue;
      const float v = curve->pyramid.values()[static_cast<std::size_t>(own)];
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(curve->colour), "%s", curve->name.c_str());
      ImGui::SameLine(name_column);
      ImGui::Text("%.4f %s", static_cast<double>(v), input.unit);
      std::snprintf(value, sizeof(value), "%.9g", static_cast<double>(v));
      plot.hover += ',' + curve->name + '=' + value;
    }
    ImGui::TextDisabled("drag: scrub   wheel: zoom time   Shift+wheel: pan");
    ImGui::TextDisabled("Ctrl+wheel: zoom values   right-drag: pan   double-click: reset");
    ImGui::EndTooltip();
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + size.y));
  ImGui::Dummy(ImVec2(size.x, 0.0f));
  ImGui::EndGroup();
}

}  // namespace bvhscope::viewer
