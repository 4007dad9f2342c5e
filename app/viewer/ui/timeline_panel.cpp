#include "viewer/ui/timeline_panel.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "viewer/ui/icons.hpp"

namespace bvhscope::viewer {
namespace {

constexpr std::array<double, 7> kSpeedPresets = {0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 4.0};
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

float track_height() { return ImGui::GetFrameHeight() * 1.9f; }

// A "nice" tick step (1, 2, 5 × 10^n frames) so labels stay at least `min_pixels` apart.
long tick_step(double pixels_per_frame, float min_pixels) {
  long step = 1;
  for (int guard = 0; guard < 12; ++guard) {
    for (const long factor : {1L, 2L, 5L}) {
      if (static_cast<double>(step * factor) * pixels_per_frame >= static_cast<double>(min_pixels)) return step * factor;
    }
    step *= 10;
  }
  return step;
}

void draw_transport(const ViewerState& state, Actions& actions) {
  const PlaybackClock& clock = state.clock;
  if (icon_button("##first", Icon::First, "First frame (Home)")) actions.jump_first = true;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##back", Icon::StepBack, "Previous frame (Left)")) actions.step = -1;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##play", clock.playing() ? Icon::Pause : Icon::Play, clock.playing() ? "Pause (Space)" : "Play (Space)")) {
    actions.toggle_play = true;
  }
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##forward", Icon::StepForward, "Next frame (Right)")) actions.step = 1;
  ImGui::SameLine(0.0f, 4.0f);
  if (icon_button("##last", Icon::Last, "Last frame (End)")) actions.jump_last = true;

  ImGui::SameLine(0.0f, 16.0f);
  bool loop = clock.looping();
  if (ImGui::Checkbox("Loop", &loop)) actions.loop = loop;

  ImGui::SameLine(0.0f, 16.0f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Speed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  float speed = static_cast<float>(clock.speed());
  if (ImGui::DragFloat("##speed", &speed, 0.01f, 0.1f, 4.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp)) actions.speed = speed;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag, or double-click to type (0.1x to 4x)");
  ImGui::SameLine(0.0f, 4.0f);
  if (ImGui::Button("Presets")) ImGui::OpenPopup("speed_presets");
  if (ImGui::BeginPopup("speed_presets")) {
    char label[16];
    for (const double preset : kSpeedPresets) {
      std::snprintf(label, sizeof(label), "%gx", preset);
      if (ImGui::MenuItem(label, nullptr, std::abs(clock.speed() - preset) < 1e-9)) actions.speed = preset;
    }
    ImGui::EndPopup();
  }

  ImGui::SameLine(0.0f, 16.0f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Sampling");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.5f);
  int sampling = state.interpolate ? 1 : 0;
  if (ImGui::Combo("##sampling", &sampling, "Nearest frame\0Interpolated\0")) actions.interpolate = sampling == 1;

  // Right-aligned: the frame field, then time and rate (only "/ last" when the window is narrow).
  const std::size_t frames = clock.frame_count();
  const std::size_t last_frame = frames > 0 ? frames - 1 : 0;
  char info[96];
  std::snprintf(info, sizeof(info), "/ %zu    %7.3f s / %.3f s    %.4g fps", last_frame, clock.time_seconds(),
                static_cast<double>(last_frame) * clock.frame_time(), 1.0 / clock.frame_time());
  const float field_width = ImGui::GetFontSize() * 4.5f;
  const float label_width = ImGui::CalcTextSize("Frame").x + ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine();
  const float after_controls = ImGui::GetCursorPosX() + 16.0f;
  const auto start_for = [&](const char* text) {
    return right - ImGui::CalcTextSize(text).x - field_width - label_width - 2.0f * ImGui::GetStyle().ItemSpacing.x;
  };
  float start = start_for(info);
  if (start < after_controls) {
    std::snprintf(info, sizeof(info), "/ %zu", last_frame);
    start = start_for(info);
  }
  ImGui::SameLine(std::max(start, ImGui::GetCursorPosX() + 16.0f));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Frame");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field_width);
  int frame = static_cast<int>(clock.frame());
  if (ImGui::InputInt("##frame", &frame, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) actions.seek = frame;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Type a frame number and press Enter");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(info);
}

void draw_track(const ViewerState& state, Actions& actions) {
  const PlaybackClock& clock = state.clock;
  const ImVec2 size(ImGui::GetContentRegionAvail().x, track_height());
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##timeline", size);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const std::size_t frames = clock.frame_count();
  // While a clip loads the track is as long as it will be, and fills as its frames arrive.
  const std::size_t span = std::max(frames, state.timeline_expected_frames);
  const double last = span > 1 ? static_cast<double>(span - 1) : 1.0;
  const double last_loaded = frames > 1 ? static_cast<double>(frames - 1) : 0.0;
  const float pad = ImGui::GetFontSize() * 0.6f;
  const float x0 = min.x + pad;
  const float x1 = max.x - pad;
  const double pixels_per_frame = static_cast<double>(x1 - x0) / last;

  if (frames > 0) {
    const auto position_at = [&](float mouse_x) {
      return std::min(std::round(std::clamp(static_cast<double>(mouse_x - x0) / static_cast<double>(x1 - x0), 0.0, 1.0) * last),
                      last_loaded);
    };
    if (ImGui::IsItemActivated()) {
      actions.scrub_begin = true;
      actions.scrub = position_at(ImGui::GetIO().MousePos.x);
    } else if (ImGui::IsItemActive()) {
      actions.scrub = position_at(ImGui::GetIO().MousePos.x);
    }
    if (ImGui::IsItemDeactivated()) actions.scrub_end = true;
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
      ImGui::SetTooltip("Frame %.0f  (drag to scrub)", position_at(ImGui::GetIO().MousePos.x));
    }
  }

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, max, IM_COL32(24, 26, 29, 255), 3.0f);
  if (frames == 0) return;
  const float playhead = x0 + static_cast<float>(std::min(clock.position(), last) * pixels_per_frame);
  draw->AddRectFilled(ImVec2(min.x, min.y), ImVec2(playhead, max.y), IM_COL32(232, 150, 52, 28), 3.0f);
  if (span > frames) {  // not loaded yet: hatched, with how far the load is
    const float loaded_x = x0 + static_cast<float>(last_loaded * pixels_per_frame);
    draw->PushClipRect(ImVec2(loaded_x, min.y), max, true);
    draw->AddRectFilled(ImVec2(loaded_x, min.y), max, IM_COL32(14, 15, 17, 255), 3.0f);
    const float stripe = ImGui::GetFontSize() * 0.7f;
    for (float x = loaded_x - size.y; x < max.x; x += stripe) {
      draw->AddLine(ImVec2(x, max.y), ImVec2(x + size.y, min.y), IM_COL32(40, 43, 48, 255), 1.0f);
    }
    draw->PopClipRect();
    draw->AddLine(ImVec2(loaded_x, min.y), ImVec2(loaded_x, max.y), IM_COL32(77, 199, 255, 200), 2.0f);
    char loaded[48];
    std::snprintf(loaded, sizeof(loaded), "loading %.0f%%", 100.0 * static_cast<double>(frames) / static_cast<double>(span));
    const ImVec2 text_size = ImGui::CalcTextSize(loaded);
    if (max.x - loaded_x > text_size.x + 12.0f) {
      draw->AddText(ImVec2(max.x - text_size.x - 6.0f, min.y + (size.y - text_size.y) * 0.5f), IM_COL32(120, 126, 136, 255),
                    loaded);
    }
  }

  // Ticks: minor every step, labelled major every 5 or 10 steps, sized to the width.
  const float label_space = ImGui::CalcTextSize("00000").x * 1.6f;
  const long major = tick_step(pixels_per_frame, label_space);
  const long minor = std::max(1L, major / (major % 5 == 0 ? 5 : 2));
  const ImU32 tick_color = IM_COL32(90, 95, 104, 255);
  const ImU32 label_color = IM_COL32(150, 155, 164, 255);
  char label[24];
  for (long f = 0; f <= static_cast<long>(last); f += minor) {
    const float x = x0 + static_cast<float>(static_cast<double>(f) * pixels_per_frame);
    const bool is_major = f % major == 0;
    draw->AddLine(ImVec2(x, max.y - (is_major ? size.y * 0.42f : size.y * 0.2f)), ImVec2(x, max.y), tick_color, 1.0f);
    if (is_major) {
      std::snprintf(label, sizeof(label), "%ld", f);
      draw->AddText(ImVec2(x + 3.0f, min.y + 2.0f), label_color, label);
    }
  }
  // The playhead: a line and a head with the frame number.
  const ImU32 accent = IM_COL32(240, 160, 60, 255);
  draw->AddLine(ImVec2(playhead, min.y), ImVec2(playhead, max.y), accent, 2.0f);
  std::snprintf(label, sizeof(label), "%zu", clock.frame());
  const ImVec2 text = ImGui::CalcTextSize(label);
  const float head_x = std::clamp(playhead - text.x * 0.5f - 4.0f, min.x, max.x - text.x - 8.0f);
  const float head_y = max.y - text.y - 4.0f;
  draw->AddRectFilled(ImVec2(head_x, head_y), ImVec2(head_x + text.x + 8.0f, head_y + text.y + 2.0f), accent, 3.0f);
  draw->AddText(ImVec2(head_x + 4.0f, head_y + 1.0f), IM_COL32(20, 20, 20, 255), label);
}

}  // namespace

float timeline_panel_height() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return style.WindowPadding.y * 2.0f + ImGui::GetFrameHeight() + style.ItemSpacing.y + track_height() + 2.0f;
}

void draw_timeline_panel(const Rect& area, const ViewerState& state, Actions& actions) {
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  if (ImGui::Begin("Timeline", nullptr, kPanelFlags)) {
    ImGui::BeginDisabled(!state.has_clip());
    draw_transport(state, actions);
    draw_track(state, actions);
    ImGui::EndDisabled();
  }
  ImGui::End();
}

}  // namespace bvhscope::viewer
