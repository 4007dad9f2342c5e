#include "viewer/ui/timeline_panel.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "viewer/ui/icons.hpp"
#include "viewer/ui/panel_style.hpp"
#include "viewer/ui/readout_fit.hpp"
#include "viewer/ui/ruler_ticks.hpp"

namespace bvhscope::viewer {
namespace {

constexpr std::array<double, 7> kSpeedPresets = {0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 4.0};
constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

float track_height() { return ImGui::GetFrameHeight() * 1.9f; }
float lane_height() { return ImGui::GetFontSize() * 1.3f; }
constexpr std::size_t kLanesShown = 5;  // more scroll

// Lanes are drawn when several clips share the clock.
std::size_t lanes_shown(const ViewerState& state) {
  return state.clips.size() > 1 ? std::min(state.clips.size(), kLanesShown) : 0;
}

ImU32 colour_u32(const glm::vec3& colour, int alpha) {
  const auto byte = [](float c) { return static_cast<int>(std::clamp(c, 0.0f, 1.0f) * 255.0f + 0.5f); };
  return IM_COL32(byte(colour.x), byte(colour.y), byte(colour.z), alpha);
}

// One numbering everywhere: the active clip's own frames. The clock position of its frame 0 (its
// time offset on the shared clock), and the clock position in its frames (negative before it
// starts, past its last frame after it ends: it holds its first or last frame then).
double active_origin(const ViewerState& state) {
  const ClipSlot* slot = state.active_slot();
  return slot != nullptr ? state.clips.clock_position_for(*slot, 0.0) : 0.0;
}
long active_frame(const ViewerState& state) {
  return static_cast<long>(std::floor(state.clock().position() - active_origin(state) + 1e-6));
}

// The track's horizontal mapping through the timeline's view, shared by the ruler and the lanes:
// clock frame `first` at x0, the view's last frame at x1.
struct TrackScale {
  float x0 = 0.0f;
  float x1 = 0.0f;
  double first = 0.0;
  double pixels_per_frame = 1.0;
  [[nodiscard]] float x_of(double frame) const { return x0 + static_cast<float>((frame - first) * pixels_per_frame); }
  [[nodiscard]] double frame_at(float x) const { return first + static_cast<double>(x - x0) / pixels_per_frame; }
  // x_of kept a little outside [lo, hi], for drawing (clip rectangles cut the rest).
  [[nodiscard]] float x_within(double frame, float lo, float hi) const {
    return std::clamp(x_of(frame), lo - 8.0f, hi + 8.0f);
  }
};

TrackScale track_scale(const ViewerState& state, float x0, float x1) {
  const TimelineView& view = state.timeline_view;
  return {x0, x1, view.first(), static_cast<double>(x1 - x0) / view.span()};
}

void draw_transport(const ViewerState& state, Actions& actions, Rect& speed_field) {
  const PlaybackClock& clock = state.clock();
  // A narrow window leaves out the Speed and Sampling labels (their tooltips say what they are) and
  // closes the gaps, so the frame field keeps its room.
  const bool compact = ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 82.0f;
  // Narrower still (a small window): shorter fields, the end choice without its label.
  const bool tight = ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 64.0f;
  const bool tightest = ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 52.0f;  // no Presets button
  const float gap = compact ? 10.0f : 16.0f;
  if (icon_button("##first", Icon::First, "First frame (Home)")) actions.jump_first = true;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##back", Icon::StepBack, "Previous frame (Left)")) actions.step = -1;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##play", clock.playing() ? Icon::Pause : Icon::Play,
                  clock.playing() ? "Pause (Space)" : "Play (Space)")) {
    actions.toggle_play = true;
  }
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##forward", Icon::StepForward, "Next frame (Right)")) actions.step = 1;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##last", Icon::Last, "Last frame (End)")) actions.jump_last = true;

  ImGui::SameLine(0.0f, gap);
  bool loop = clock.looping();
  if (ImGui::Checkbox("Loop", &loop)) actions.loop = loop;

  ImGui::SameLine(0.0f, gap);
  if (!compact) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Speed");
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * (tightest ? 4.0f : compact ? 5.0f : 7.0f));
  float speed = static_cast<float>(clock.speed());
  if (ImGui::DragFloat("##speed", &speed, 0.01f, 0.1f, 4.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp))
    actions.speed = speed;
  speed_field = last_item_rect();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Speed: drag, or double-click to type (0.1x to 4x); right-click for presets");
  ImGui::OpenPopupOnItemClick("speed_presets");
  if (!tightest) {
    ImGui::SameLine(0.0f, 4.0f);
    if (ImGui::Button("Presets")) ImGui::OpenPopup("speed_presets");
  }
  if (ImGui::BeginPopup("speed_presets")) {
    char label[16];
    for (const double preset : kSpeedPresets) {
      std::snprintf(label, sizeof(label), "%gx", preset);
      if (ImGui::MenuItem(label, nullptr, std::abs(clock.speed() - preset) < 1e-9)) actions.speed = preset;
    }
    ImGui::EndPopup();
  }

  ImGui::SameLine(0.0f, gap);
  if (!compact) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Sampling");
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * (tightest ? 5.5f : tight ? 6.5f : 8.5f));
  int sampling = state.interpolate ? 1 : 0;
  if (ImGui::Combo("##sampling", &sampling, "Nearest frame\0Interpolated\0")) actions.interpolate = sampling == 1;
  if (compact && ImGui::IsItemHovered()) ImGui::SetTooltip("Sampling between the clip's frames");

  ImGui::SameLine(0.0f, gap);
  if (!tight) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("At end");
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.8f);
  int clip_end = static_cast<int>(state.clip_end);
  if (ImGui::Combo("##clip_end", &clip_end, "Hold\0Loop\0Hide\0")) actions.clip_end = static_cast<ClipEnd>(clip_end);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "At end: what a clip shorter than the timeline shows outside its frames:\n"
        "Hold: its first frame before it starts, its last after it ends\n"
        "Loop: plays again from its first frame after it ends\n"
        "Hide: nothing before it starts or after it ends");
  }

  // Right-aligned: the frame field (the active clip's own frame), then time and rate (only
  // "/ last" when the window is narrow). Outside its frames the clip holds one: said in the text.
  const ClipSlot* active = state.active_slot();
  const std::size_t frames = active != nullptr ? active->clip().motion.frame_count : clock.frame_count();
  const long last_frame = frames > 0 ? static_cast<long>(frames) - 1 : 0;
  const long shown = active_frame(state);
  const std::size_t shared_frames = clock.frame_count();
  const double shared_last = shared_frames > 0 ? static_cast<double>(shared_frames - 1) : 0.0;
  // Outside its frames the clip holds one, plays one again (loops) or is hidden.
  char holds[32] = "";
  if (active != nullptr && (shown > last_frame || shown < 0)) {
    if (!active->shown) {
      std::snprintf(holds, sizeof(holds), " (hidden)");
    } else if (shown > last_frame && state.clip_end == ClipEnd::Loop && !active->loading) {
      std::snprintf(holds, sizeof(holds), " (loops: %zu)", active->frame());
    } else {
      std::snprintf(holds, sizeof(holds), " (holds %ld)", shown < 0 ? 0L : last_frame);
    }
  }
  char info[128];
  std::snprintf(info, sizeof(info), "/ %ld%s    %7.3f s / %.3f s    %.4g fps", last_frame, holds, clock.time_seconds(),
                shared_last * clock.frame_time(),
                active != nullptr ? 1.0 / active->clip().motion.frame_time : 1.0 / clock.frame_time());
  const float field_width = ImGui::GetFontSize() * 4.5f;
  float label_width = ImGui::CalcTextSize("Frame").x + ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine();
  const float after_controls = ImGui::GetCursorPosX() + gap;
  const auto start_for = [&](const char* text) {
    return right - ImGui::CalcTextSize(text).x - field_width - label_width - 2.0f * ImGui::GetStyle().ItemSpacing.x;
  };
  float start = start_for(info);
  const bool short_form = start < after_controls;
  if (short_form) {
    std::snprintf(info, sizeof(info), "/ %ld%s", last_frame, holds);
    start = start_for(info);
  }
  const bool frame_label = start >= after_controls;  // else the field alone (its tooltip says what it is)
  if (!frame_label) {
    label_width = 0.0f;
    start = start_for(info);
  }
  ImGui::SameLine(std::max(start, ImGui::GetCursorPosX() + gap));
  if (frame_label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Frame");
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(field_width);
  int frame = static_cast<int>(shown);
  if (ImGui::InputInt("##frame", &frame, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) {
    actions.seek = static_cast<double>(std::clamp<long>(frame, 0, last_frame)) + active_origin(state);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The active clip's frame: type one and press Enter");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  const float readout_right = ImGui::GetWindowPos().x + right;
  ImGui::TextUnformatted(info);
  // Measured against the window's edge: the state report says whether any readout was cut.
  tally_readout(ImGui::GetItemRectSize().x, readout_right - ImGui::GetItemRectMin().x, false);
  if (ImGui::IsItemHovered() && short_form) {
    ImGui::SetTooltip("%.3f s / %.3f s    %.4g fps", clock.time_seconds(), shared_last * clock.frame_time(),
                      active != nullptr ? 1.0 / active->clip().motion.frame_time : 1.0 / clock.frame_time());
  }
}

// A frame under the mouse the scrub can go to: whole, inside the view (so a scrub never pages
// it), and loaded.
double scrub_position(const TimelineView& view, const TrackScale& scale, float mouse_x, double last_loaded) {
  const double lowest = std::ceil(view.first() - 1e-9);
  const double highest = std::max(std::floor(view.last() + 1e-9), lowest);
  return std::min(std::clamp(std::round(scale.frame_at(mouse_x)), lowest, highest), last_loaded);
}

TrackScale draw_track(const ViewerState& state, Actions& actions) {
  const PlaybackClock& clock = state.clock();
  const TimelineView& view = state.timeline_view;
  const ImVec2 size(ImGui::GetContentRegionAvail().x, track_height());
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##timeline", size);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const std::size_t frames = clock.frame_count();
  // While a clip loads the track is as long as it will be, and fills as its frames arrive (the
  // view's extent is that length).
  const std::size_t span = std::max(frames, state.clips.timeline_expected_frames());
  const double last_loaded = frames > 1 ? static_cast<double>(frames - 1) : 0.0;
  const float pad = ImGui::GetFontSize() * 0.6f;
  const TrackScale scale = track_scale(state, min.x + pad, max.x - pad);
  const float x0 = scale.x0;
  const float x1 = scale.x1;
  const double pixels_per_frame = scale.pixels_per_frame;

  if (frames > 0) {
    const float mouse_x = ImGui::GetIO().MousePos.x;
    if (ImGui::IsItemActivated()) {
      actions.scrub_begin = true;
      actions.scrub = scrub_position(view, scale, mouse_x, last_loaded);
    } else if (ImGui::IsItemActive()) {
      actions.scrub = scrub_position(view, scale, mouse_x, last_loaded);
    }
    if (ImGui::IsItemDeactivated()) actions.scrub_end = true;
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && view.zoomed()) {
      TimelineView fitted = actions.timeline_view.value_or(view);
      fitted.fit();
      actions.timeline_view = fitted;
    }
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
      ImGui::SetTooltip(view.zoomed() ? "Frame %.0f  (drag to scrub; wheel: zoom; Shift+wheel or right-drag: pan;\n"
                                        "double-click: show the whole timeline)"
                                      : "Frame %.0f  (drag to scrub; wheel: zoom)",
                        scrub_position(view, scale, mouse_x, last_loaded));
    }
  }

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, max, IM_COL32(24, 26, 29, 255), 3.0f);
  if (frames == 0) return scale;
  draw->PushClipRect(min, max, true);
  const float playhead = scale.x_of(clock.position());
  const bool playhead_in_view = playhead >= x0 - 1.0f && playhead <= x1 + 1.0f;
  if (playhead > min.x) {
    draw->AddRectFilled(ImVec2(min.x, min.y), ImVec2(std::min(playhead, max.x), max.y), IM_COL32(232, 150, 52, 28),
                        3.0f);
  }
  if (span > frames) {  // not loaded yet: hatched, with how far the load is
    const float loaded_x = scale.x_within(last_loaded, min.x, max.x);
    if (loaded_x < max.x) {
      draw->PushClipRect(ImVec2(loaded_x, min.y), max, true);
      draw->AddRectFilled(ImVec2(loaded_x, min.y), max, IM_COL32(14, 15, 17, 255), 3.0f);
      const float stripe = ImGui::GetFontSize() * 0.7f;
      for (float x = std::max(loaded_x, min.x) - size.y; x < max.x; x += stripe) {
        draw->AddLine(ImVec2(x, max.y), ImVec2(x + size.y, min.y), IM_COL32(40, 43, 48, 255), 1.0f);
      }
      draw->PopClipRect();
      draw->AddLine(ImVec2(loaded_x, min.y), ImVec2(loaded_x, max.y), IM_COL32(77, 199, 255, 200), 2.0f);
    }
    char loaded[48];
    std::snprintf(loaded, sizeof(loaded), "loading %.0f%%",
                  100.0 * static_cast<double>(frames) / static_cast<double>(span));
    const ImVec2 text_size = ImGui::CalcTextSize(loaded);
    if (max.x - std::max(loaded_x, min.x) > text_size.x + 12.0f) {
      draw->AddText(ImVec2(max.x - text_size.x - 6.0f, min.y + (size.y - text_size.y) * 0.5f),
                    IM_COL32(120, 126, 136, 255), loaded);
    }
  }

  // The loop range (I / O): outside it dimmed, its ends marked with brackets.
  if (clock.has_range()) {
    const float in_x = scale.x_within(clock.range_start(), min.x, max.x);
    const float out_x = scale.x_within(clock.range_end(), min.x, max.x);
    const ImU32 shade = IM_COL32(8, 9, 10, 150);
    if (in_x > min.x) draw->AddRectFilled(min, ImVec2(in_x, max.y), shade, 3.0f, ImDrawFlags_RoundCornersLeft);
    if (out_x < max.x) draw->AddRectFilled(ImVec2(out_x, min.y), max, shade, 3.0f, ImDrawFlags_RoundCornersRight);
    const ImU32 bracket = IM_COL32(120, 200, 255, 230);
    const float arm = ImGui::GetFontSize() * 0.35f;
    draw->AddLine(ImVec2(in_x, min.y), ImVec2(in_x, max.y), bracket, 2.0f);
    draw->AddLine(ImVec2(in_x, min.y + 1.0f), ImVec2(in_x + arm, min.y + 1.0f), bracket, 2.0f);
    draw->AddLine(ImVec2(in_x, max.y - 1.0f), ImVec2(in_x + arm, max.y - 1.0f), bracket, 2.0f);
    draw->AddLine(ImVec2(out_x, min.y), ImVec2(out_x, max.y), bracket, 2.0f);
    draw->AddLine(ImVec2(out_x, min.y + 1.0f), ImVec2(out_x - arm, min.y + 1.0f), bracket, 2.0f);
    draw->AddLine(ImVec2(out_x, max.y - 1.0f), ImVec2(out_x - arm, max.y - 1.0f), bracket, 2.0f);
  }

  // Zoomed: a thin overview along the top, the whole timeline with the part in view lit and the
  // playhead marked; the labels move down under it.
  float label_y = min.y + 2.0f;
  if (view.zoomed()) {
    const float bar_y0 = min.y + 2.0f;
    const float bar_y1 = bar_y0 + 3.0f;
    const auto overview_x = [&](double frame) { return x0 + static_cast<float>(frame / view.extent()) * (x1 - x0); };
    draw->AddRectFilled(ImVec2(x0, bar_y0), ImVec2(x1, bar_y1), IM_COL32(58, 62, 70, 255), 1.5f);
    const float lit0 = overview_x(view.first());
    const float lit1 = std::max(overview_x(view.last()), lit0 + 3.0f);
    draw->AddRectFilled(ImVec2(lit0, bar_y0 - 1.0f), ImVec2(lit1, bar_y1 + 1.0f), IM_COL32(150, 160, 178, 255), 1.5f);
    const float mark = overview_x(std::clamp(clock.position(), 0.0, view.extent()));
    draw->AddLine(ImVec2(mark, bar_y0 - 1.0f), ImVec2(mark, bar_y1 + 1.0f), IM_COL32(240, 160, 60, 255), 2.0f);
    label_y = bar_y1 + 2.0f;
  }

  // Ticks: minor every step, labelled major every 5 or 10 steps, sized to the width and to the
  // widest number shown.
  char label[24];
  const double origin = active_origin(state);
  const double shown_first = std::max(view.first(), 0.0);
  const double shown_last = view.last();
  const auto text_width = [](std::string_view text) {
    return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
  };
  const RulerSteps steps = ruler_steps(static_cast<long>(std::floor(shown_first - origin)),
                                       static_cast<long>(std::ceil(shown_last - origin)), pixels_per_frame, text_width);
  const long major = steps.major;
  const long minor = steps.minor;
  const ImU32 tick_color = IM_COL32(90, 95, 104, 255);
  const ImU32 label_color = IM_COL32(150, 155, 164, 255);
  RulerLabels labels(max.x);
  const long first_tick =
      static_cast<long>(std::ceil((shown_first - origin) / static_cast<double>(minor) - 1e-9)) * minor;
  for (long f = first_tick; static_cast<double>(f) + origin <= shown_last + 1e-9; f += minor) {
    const float x = scale.x_of(static_cast<double>(f) + origin);
    const bool is_major = f % major == 0;
    draw->AddLine(ImVec2(x, max.y - (is_major ? size.y * 0.42f : size.y * 0.2f)), ImVec2(x, max.y), tick_color, 1.0f);
    if (is_major) {
      std::snprintf(label, sizeof(label), "%ld", f);
      if (const std::optional<float> left = labels.place(x, ImGui::CalcTextSize(label).x)) {
        draw->AddText(ImVec2(*left, label_y), label_color, label);
      }
    }
  }
  // The playhead: a line and a head with the frame number; out of view, an arrow at the edge it is
  // beyond.
  const ImU32 accent = IM_COL32(240, 160, 60, 255);
  std::snprintf(label, sizeof(label), "%ld", active_frame(state));
  const ImVec2 text = ImGui::CalcTextSize(label);
  const float head_y = max.y - text.y - 4.0f;
  if (playhead_in_view) {
    draw->AddLine(ImVec2(playhead, min.y), ImVec2(playhead, max.y), accent, 2.0f);
    const float head_x = std::clamp(playhead - text.x * 0.5f - 4.0f, min.x, max.x - text.x - 8.0f);
    draw->AddRectFilled(ImVec2(head_x, head_y), ImVec2(head_x + text.x + 8.0f, head_y + text.y + 2.0f), accent, 3.0f);
    draw->AddText(ImVec2(head_x + 4.0f, head_y + 1.0f), IM_COL32(20, 20, 20, 255), label);
  } else {
    const bool right = playhead > x1;
    const float tip = right ? max.x - 2.0f : min.x + 2.0f;
    const float back = right ? tip - pad * 0.9f : tip + pad * 0.9f;
    const float mid = head_y + (text.y + 2.0f) * 0.5f;
    const float half = (text.y + 2.0f) * 0.5f;
    draw->AddTriangleFilled(ImVec2(tip, mid), ImVec2(back, mid - half), ImVec2(back, mid + half), accent);
    const float head_x = right ? back - text.x - 10.0f : back + 2.0f;
    draw->AddRectFilled(ImVec2(head_x, head_y), ImVec2(head_x + text.x + 8.0f, head_y + text.y + 2.0f),
                        IM_COL32(60, 44, 24, 230), 3.0f);
    draw->AddText(ImVec2(head_x + 4.0f, head_y + 1.0f), accent, label);
  }
  draw->PopClipRect();
  return scale;
}

// One lane per clip: a bar over the frames it plays (after its time offset), then what it shows
// outside them (ClipEnd): a thin line where it holds its first or last frame, faint repeats of the
// bar where it loops, nothing where it is hidden; its name; the active clip's lane outlined.
// Dragging a bar moves the clip in time by whole frames of the shared clock; a click makes the
// clip active. Everything maps through the timeline's view.
void draw_lanes(const ViewerState& state, const TrackScale& scale, Actions& actions, std::vector<Rect>& lanes) {
  const float height = lane_height();
  const std::size_t shown = lanes_shown(state);
  const float area_width = ImGui::GetContentRegionAvail().x;
  const bool scrolls = state.clips.size() > shown;
  // The wheel zooms the timeline, so it does not scroll the lanes (their scroll bar does).
  ImGui::BeginChild(
      "##lanes", ImVec2(area_width, static_cast<float>(shown) * height), false,
      ImGuiWindowFlags_NoScrollWithMouse | (scrolls ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoScrollbar));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const double frame_time = state.clock().frame_time();
  const double track_end = state.timeline_view.extent();
  const float end_x = std::min(scale.x1, scale.x_of(track_end));
  const float start_x = std::max(scale.x0, scale.x_of(0.0));
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImVec2 window_min = ImGui::GetWindowPos();
  // Bars are cut at the track's ends (a zoomed view shows part of them).
  const ImVec2 clip_min(scale.x0 - 1.5f, window_min.y);
  const ImVec2 clip_max(scale.x1 + 1.5f, window_min.y + ImGui::GetWindowHeight());
  for (std::size_t i = 0; i < state.clips.size(); ++i) {
    const ClipSlot& slot = state.clips[i];
    const ImVec2 row = ImGui::GetCursorScreenPos();
    const Motion& motion = slot.clip().motion;
    const double start = (slot.time_offset - state.clips.timeline_start()) / frame_time;
    const std::size_t frames = std::max(slot.loading ? slot.expected_frames : motion.frame_count, motion.frame_count);
    const double length = frames > 1 ? static_cast<double>(frames - 1) * motion.frame_time / frame_time : 0.0;
    const float bar_x0 = scale.x_of(start);
    const float bar_x1 = std::max(scale.x_of(start + length), bar_x0 + 3.0f);
    const float y0 = row.y + 2.0f;
    const float y1 = row.y + height - 2.0f;
    const bool active = static_cast<int>(i) == state.active();
    const ClipColor colour = clip_color(slot.color_index);
    const int alpha = slot.visible ? 255 : 110;
    const bool in_sight = y1 > window_min.y && y0 < window_min.y + ImGui::GetWindowHeight();
    lanes[i] = in_sight ? Rect{bar_x0, y0, bar_x1 - bar_x0, y1 - y0} : Rect{bar_x0, y0, bar_x1 - bar_x0, 0.0f};
    // The part of the bar in view (what the mouse can take hold of).
    const float seen_x0 = std::clamp(bar_x0, scale.x0, scale.x1);
    const float seen_x1 = std::clamp(bar_x1, scale.x0, scale.x1);

    ImGui::PushID(static_cast<int>(i));
    const ImGuiID held_id = ImGui::GetID("##held");
    // A bar out of view has no button, unless it is being dragged (it stays held off screen).
    if (seen_x1 - seen_x0 >= 1.0f || storage->GetBool(held_id)) {
      ImGui::SetCursorScreenPos(ImVec2(std::min(seen_x0, scale.x1 - 1.0f), row.y));
      ImGui::InvisibleButton("##lane", ImVec2(std::max(seen_x1 - seen_x0, 1.0f), height));
      const ImGuiID drag_id = ImGui::GetID("##drag_start");
      const ImGuiID moved_id = ImGui::GetID("##moved");
      if (ImGui::IsItemActivated()) {
        storage->SetFloat(drag_id, ImGui::GetIO().MousePos.x);
        storage->SetBool(moved_id, false);
        storage->SetBool(held_id, true);
      }
      // Also on release: a quick drag may end in the frame that brings its last move.
      if (ImGui::IsItemActive() || ImGui::IsItemDeactivated()) {
        const float dx = ImGui::GetIO().MousePos.x - storage->GetFloat(drag_id, ImGui::GetIO().MousePos.x);
        const double moved = std::round(static_cast<double>(dx) / scale.pixels_per_frame);
        if (moved != 0.0) {
          actions.clip_time_offset = std::make_pair(static_cast<int>(i), slot.time_offset + moved * frame_time);
          storage->SetFloat(drag_id, storage->GetFloat(drag_id) + static_cast<float>(moved * scale.pixels_per_frame));
          storage->SetBool(moved_id, true);
        }
      }
      if (ImGui::IsItemDeactivated()) {
        storage->SetBool(held_id, false);
        if (!storage->GetBool(moved_id) && !active) actions.activate_clip = static_cast<int>(i);
      }
      if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
        ImGui::SetTooltip(
            "%s: %zu frames at %.4g fps, starts at %.3f s\nDrag to move it in time; click to make it active",
            slot.file_name.c_str(), frames, 1.0 / motion.frame_time, slot.time_offset);
      }
    }
    ImGui::PopID();

    draw->PushClipRect(clip_min, clip_max, true);
    // Outside its frames: holds (a thin line), loops (faint repeats) or nothing (hidden). A clip
    // still loading holds (its end is not known yet).
    const ClipEnd end = slot.loading ? ClipEnd::Hold : state.clip_end;
    const float mid = (y0 + y1) * 0.5f;
    const ImU32 hold = colour_u32(colour.line, alpha / 3);
    if (end != ClipEnd::Hide && bar_x0 > start_x) {
      draw->AddLine(ImVec2(start_x, mid), ImVec2(std::min(bar_x0, end_x), mid), hold, 2.0f);
    }
    if (end == ClipEnd::Hold && bar_x1 < end_x) {
      draw->AddLine(ImVec2(std::max(bar_x1, start_x), mid), ImVec2(end_x, mid), hold, 2.0f);
    }
    if (end == ClipEnd::Loop && motion.frame_count > 0 && bar_x1 < end_x) {
      // It plays again every frame count × its frame time: each repeat as long as the bar.
      const double period = static_cast<double>(motion.frame_count) * motion.frame_time / frame_time;
      const double period_pixels = period * scale.pixels_per_frame;
      const ImU32 repeat_fill = colour_u32(colour.line, alpha / 5);
      const ImU32 repeat_edge = colour_u32(colour.line, alpha / 2);
      if (period_pixels < 4.0) {  // too dense to tell apart: one faint band
        draw->AddRectFilled(ImVec2(std::max(bar_x1, start_x), y0 + 2.0f), ImVec2(end_x, y1 - 2.0f), repeat_fill);
      } else {
        const double view_first = scale.frame_at(scale.x0);
        double k = std::max(1.0, std::floor((view_first - start) / period));
        for (int guard = 0; guard < 4096; ++guard, k += 1.0) {
          const double repeat = start + k * period;
          const float rx0 = scale.x_of(repeat);
          if (rx0 > end_x) break;
          const float rx1 = std::min(std::max(scale.x_of(repeat + length), rx0 + 3.0f), end_x);
          draw->AddRectFilled(ImVec2(std::max(rx0, scale.x0 - 8.0f), y0 + 1.0f),
                              ImVec2(std::min(rx1, scale.x1 + 8.0f), y1 - 1.0f), repeat_fill, 3.0f);
          draw->AddLine(ImVec2(rx0, y0 + 1.0f), ImVec2(rx0, y1 - 1.0f), repeat_edge, 1.5f);
        }
      }
    }
    const float draw_x0 = std::max(bar_x0, scale.x0 - 8.0f);
    const float draw_x1 = std::min(bar_x1, scale.x1 + 8.0f);
    if (draw_x1 > draw_x0) {
      draw->AddRectFilled(ImVec2(draw_x0, y0), ImVec2(draw_x1, y1),
                          colour_u32(colour.line, active ? alpha * 3 / 4 : alpha / 2), 3.0f);
      if (active) draw->AddRect(ImVec2(draw_x0, y0), ImVec2(draw_x1, y1), colour_u32(colour.line, 255), 3.0f, 0, 1.5f);
    }
    draw->PopClipRect();
    // The name inside its bar (the part in view), or just after it when that is too short to hold
    // it, or at the lane's start when the bar is out of view.
    const float text_y = row.y + (height - ImGui::GetFontSize()) * 0.5f;
    const float name_width = ImGui::CalcTextSize(slot.file_name.c_str()).x;
    const bool inside = seen_x1 - seen_x0 >= name_width + 10.0f;
    const bool after_fits = bar_x1 + 5.0f + name_width <= scale.x1 && bar_x1 >= scale.x0;
    const float text_x = inside ? seen_x0 + 5.0f : after_fits ? bar_x1 + 5.0f : scale.x0 + 5.0f;
    draw->PushClipRect(ImVec2(inside ? seen_x0 : std::max(text_x - 5.0f, scale.x0), row.y),
                       ImVec2(inside ? seen_x1 - 2.0f : scale.x1, row.y + height), true);
    if (!inside) {  // over the hold line: a backdrop keeps it readable
      draw->AddRectFilled(ImVec2(text_x - 3.0f, y0), ImVec2(text_x + name_width + 3.0f, y1), IM_COL32(30, 32, 36, 230),
                          3.0f);
    }
    draw->AddText(ImVec2(text_x, text_y),
                  inside ? IM_COL32(16, 17, 19, active ? 255 : 220) : colour_u32(colour.line, alpha),
                  slot.file_name.c_str());
    draw->PopClipRect();
    ImGui::SetCursorScreenPos(ImVec2(row.x, row.y + height));
    // A newly active clip's lane scrolls into view.
    if (active && scrolls && storage->GetInt(ImGui::GetID("##shown_active"), -1) != slot.id) {
      storage->SetInt(ImGui::GetID("##shown_active"), slot.id);
      ImGui::SetScrollFromPosY(row.y - ImGui::GetWindowPos().y, 0.5f);
    }
  }
  // The playhead runs through the lanes too (when in view).
  const float playhead = scale.x_of(state.clock().position());
  if (playhead >= scale.x0 - 1.0f && playhead <= scale.x1 + 1.0f) {
    const ImVec2 top = ImGui::GetWindowPos();
    draw->AddLine(ImVec2(playhead, top.y), ImVec2(playhead, top.y + ImGui::GetWindowHeight()),
                  IM_COL32(240, 160, 60, 200), 1.5f);
  }
  ImGui::Dummy(ImVec2(0.0f, 0.0f));
  ImGui::EndChild();
}

// The wheel over the ruler or the lanes zooms about the frame under the mouse (Shift+wheel, or a
// horizontal wheel, pans); a right or middle drag there pans. True while such a drag is under way.
bool zoom_and_pan(const ViewerState& state, const TrackScale& scale, const ImVec2& area_min, const ImVec2& area_max,
                  Actions& actions) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID button_id = ImGui::GetID("##pan_button");
  const ImGuiID last_x_id = ImGui::GetID("##pan_x");
  TimelineView view = actions.timeline_view.value_or(state.timeline_view);
  bool changed = false;
  const bool over = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && io.MousePos.x >= area_min.x &&
                    io.MousePos.x < area_max.x && io.MousePos.y >= area_min.y && io.MousePos.y < area_max.y;
  if (over && state.clock().frame_count() > 0) {
    const float pan_wheel = io.MouseWheelH + (io.KeyShift ? io.MouseWheel : 0.0f);
    const float zoom_wheel = io.KeyShift ? 0.0f : io.MouseWheel;
    if (zoom_wheel != 0.0f) {
      view.zoom(std::pow(1.25, static_cast<double>(zoom_wheel)), scale.frame_at(io.MousePos.x));
      changed = true;
    }
    if (pan_wheel != 0.0f) {
      view.pan(-static_cast<double>(pan_wheel) * view.span() * 0.1);
      changed = true;
    }
    for (const ImGuiMouseButton button : {ImGuiMouseButton_Right, ImGuiMouseButton_Middle}) {
      if (ImGui::IsMouseClicked(button)) {
        storage->SetInt(button_id, button);
        storage->SetFloat(last_x_id, io.MousePos.x);
      }
    }
  }
  const int button = storage->GetInt(button_id, -1);
  if (button >= 0) {
    // The move first: the release may come in the frame that brings the drag's last move.
    if (ImGui::IsMousePosValid() && io.MousePos.x != storage->GetFloat(last_x_id)) {
      view.pan(-static_cast<double>(io.MousePos.x - storage->GetFloat(last_x_id)) / scale.pixels_per_frame);
      storage->SetFloat(last_x_id, io.MousePos.x);
      changed = true;
    }
    if (!ImGui::IsMouseDown(button)) storage->SetInt(button_id, -1);
  }
  if (changed) actions.timeline_view = view;
  return storage->GetInt(button_id, -1) >= 0;
}

}  // namespace

float timeline_panel_height(const ViewerState& state) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::size_t lanes = lanes_shown(state);
  const float lanes_height = lanes > 0 ? style.ItemSpacing.y + static_cast<float>(lanes) * lane_height() : 0.0f;
  return style.WindowPadding.y * 2.0f + ImGui::GetFrameHeight() + style.ItemSpacing.y + track_height() + 2.0f +
         lanes_height;
}

void draw_timeline_panel(const Rect& area, const ViewerState& state, Actions& actions, TimelineDrawn& drawn) {
  std::vector<Rect>& lanes = drawn.lanes;
  lanes.assign(lanes_shown(state) > 0 ? state.clips.size() : 0, Rect{});
  drawn.panning = false;
  drawn.speed_field = {};
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  if (ImGui::Begin("Timeline", nullptr, kPanelFlags)) {
    ImGui::BeginDisabled(!state.has_clip());
    draw_transport(state, actions, drawn.speed_field);
    const ImVec2 area_min = ImGui::GetCursorScreenPos();
    const float area_width = ImGui::GetContentRegionAvail().x;
    const TrackScale scale = draw_track(state, actions);
    if (lanes_shown(state) > 0) draw_lanes(state, scale, actions, lanes);
    const ImVec2 area_max(area_min.x + area_width, ImGui::GetCursorScreenPos().y);
    drawn.panning = zoom_and_pan(state, scale, area_min, area_max, actions);
    ImGui::EndDisabled();
  }
  ImGui::End();
}

}  // namespace bvhscope::viewer
