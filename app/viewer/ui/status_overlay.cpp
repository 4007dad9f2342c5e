#include "viewer/ui/status_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

constexpr ImGuiWindowFlags kOverlayFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize |
                                           ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

const char* phase_text(LoadPhase phase) {
  switch (phase) {
    case LoadPhase::Parsing:
      return "reading";
    case LoadPhase::Measuring:
      return "measuring the motion";
    case LoadPhase::Idle:
      break;
  }
  return "waiting";
}

// An indeterminate bar: a block that slides back and forth while the worker runs.
void busy_bar(float width, double seconds) {
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const float height = ImGui::GetFontSize() * 0.45f;
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, ImVec2(min.x + width, min.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg), height * 0.5f);
  const float block = width * 0.3f;
  const auto phase = static_cast<float>(0.5 - 0.5 * std::cos(seconds * 2.4));
  const float x = min.x + (width - block) * phase;
  draw->AddRectFilled(ImVec2(x, min.y), ImVec2(x + block, min.y + height), ImGui::GetColorU32(ImGuiCol_PlotHistogram),
                      height * 0.5f);
}

// "1,234,567": frame counts big enough to need grouping, into a buffer (no allocation per frame).
struct Grouped {
  char text[32] = {};
  explicit Grouped(std::size_t value) {
    char digits[24];
    const int count = std::snprintf(digits, sizeof(digits), "%zu", value);
    std::size_t out = 0;
    for (int i = 0; i < count; ++i) {
      if (i > 0 && (count - i) % 3 == 0) text[out++] = ',';
      text[out++] = digits[i];
    }
  }
};

void draw_loading(const Rect& view, const LoadStatus& load, Actions& actions) {
  const float margin = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(view.x + margin, view.y + view.height - margin), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (ImGui::Begin("##loading", nullptr, kOverlayFlags)) {
    if (load.file_count > 1) {
      ImGui::Text("Loading %zu of %zu: %s", load.file_number, load.file_count,
                  load.path != nullptr ? load.path->c_str() : "");
    } else {
      ImGui::Text("Loading %s", load.path != nullptr ? load.path->c_str() : "");
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float cancel_width = ImGui::CalcTextSize("Cancel").x + style.FramePadding.x * 2.0f;
    const float width =
        std::max(ImGui::GetFontSize() * 18.0f, ImGui::GetItemRectSize().x) - cancel_width - style.ItemSpacing.x;
    const double fraction = load_fraction(load);
    if (fraction > 0.0) {
      char overlay[16];
      std::snprintf(overlay, sizeof(overlay), "%.0f%%", fraction * 100.0);
      ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(width, ImGui::GetFrameHeight()), overlay);
    } else {
      ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (ImGui::GetFrameHeight() - ImGui::GetFontSize() * 0.45f) * 0.5f);
      busy_bar(width, load.seconds);
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) actions.cancel_load = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop loading (Esc); the clips loaded before stay");
    if (load.frames > 0 && load.phase == LoadPhase::Measuring) {
      // (the frames on screen may still trail the parse: the frame loop copies a few MiB a frame)
      ImGui::TextDisabled("%s of %s frames shown, all read; measuring the motion, %.1f s", Grouped(load.frames).text,
                          Grouped(load.expected_frames).text, load.seconds);
    } else if (load.frames > 0) {
      ImGui::TextDisabled("%s of %s frames, %.1f s", Grouped(load.frames).text, Grouped(load.expected_frames).text,
                          load.seconds);
    } else {
      ImGui::TextDisabled("%s, %.1f s", phase_text(load.phase), load.seconds);
    }
    if (load.waiting > 0 && load.file_count <= 1) {
      ImGui::SameLine();
      ImGui::TextDisabled("  (%zu more waiting)", load.waiting);
    }
  }
  ImGui::End();
}

void draw_export(const Rect& view, const ExportStatus& exporting, Actions& actions) {
  const float margin = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(view.x + view.width - margin, view.y + view.height - margin), ImGuiCond_Always,
                          ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (ImGui::Begin("##exporting", nullptr, kOverlayFlags)) {
    if (exporting.total > 0) {
      ImGui::Text("Writing %s: frame %zu of %zu", exporting.what, exporting.done, exporting.total);
    } else {
      ImGui::Text("Writing %s: starting", exporting.what);
    }
    char overlay[16];
    std::snprintf(overlay, sizeof(overlay), "%.0f%%", static_cast<double>(exporting.progress) * 100.0);
    ImGui::ProgressBar(exporting.progress, ImVec2(ImGui::GetFontSize() * 16.0f, 0.0f), overlay);
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) actions.cancel_export = true;
  }
  ImGui::End();
}

void draw_message(const Rect& view, const Message& message, Actions& actions) {
  const float margin = ImGui::GetFontSize();
  const float width = std::min(view.width - 2.0f * margin, ImGui::GetFontSize() * 48.0f);
  ImGui::SetNextWindowPos(ImVec2(view.x + view.width * 0.5f, view.y + margin), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(width, ImGui::GetFontSize() * 16.0f), 0.0f),
                                      ImVec2(width, view.height * 0.6f));
  const bool error = message.kind == Message::Kind::Error;
  ImGui::PushStyleColor(ImGuiCol_WindowBg,
                        error ? ImVec4(0.36f, 0.11f, 0.11f, 0.96f) : ImVec4(0.15f, 0.19f, 0.26f, 0.96f));
  ImGui::PushStyleColor(ImGuiCol_Border, error ? ImVec4(0.85f, 0.33f, 0.30f, 1.0f) : ImVec4(0.35f, 0.50f, 0.72f, 1.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 4.0f);
  if (ImGui::Begin("##message", nullptr, kOverlayFlags)) {
    // Wrapped so that the Dismiss button beside the text stays inside the box.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float button = ImGui::CalcTextSize("Dismiss").x + style.FramePadding.x * 2.0f + style.ItemSpacing.x;
    ImGui::PushTextWrapPos(std::max(width - button - style.WindowPadding.x * 2.0f, ImGui::GetFontSize() * 8.0f));
    ImGui::TextUnformatted(message.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine();
    if (ImGui::SmallButton("Dismiss")) actions.dismiss_message = true;
  }
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
}

// Several failures (a drop of many files): all of them, newest last, until dismissed. A failure
// alone, or any other message, is the one-line banner above.
void draw_problems(const Rect& view, const std::vector<Problem>& problems, Actions& actions) {
  const float margin = ImGui::GetFontSize();
  const float width = std::min(view.width - 2.0f * margin, ImGui::GetFontSize() * 52.0f);
  ImGui::SetNextWindowPos(ImVec2(view.x + view.width * 0.5f, view.y + margin), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, view.height * 0.6f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.36f, 0.11f, 0.11f, 0.96f));
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(0.85f, 0.33f, 0.30f, 1.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 4.0f);
  if (ImGui::Begin("##problems", nullptr, kOverlayFlags & ~ImGuiWindowFlags_NoScrollbar)) {
    ImGui::Text("%zu problems", problems.size());
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Copy all  Dismiss").x - margin);
    if (ImGui::SmallButton("Copy all")) {
      std::string all;
      for (const Problem& problem : problems) all += problem.text + "\n";
      ImGui::SetClipboardText(all.c_str());
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Dismiss")) actions.dismiss_message = true;
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    for (const Problem& problem : problems) ImGui::TextUnformatted(problem.text.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
}

void draw_empty_hint(const Rect& view) {
  const char* line1 = "Drop a .bvh, .fbx, .glb, .npy or .npz file here";
  const char* line2 = "or use File > Open (Ctrl+O)";
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ImVec2 size1 = ImGui::CalcTextSize(line1);
  const ImVec2 size2 = ImGui::CalcTextSize(line2);
  const float cx = view.x + view.width * 0.5f;
  const float cy = view.y + view.height * 0.5f;
  draw->AddText(ImVec2(cx - size1.x * 0.5f, cy - size1.y), IM_COL32(200, 204, 212, 255), line1);
  draw->AddText(ImVec2(cx - size2.x * 0.5f, cy + 4.0f), IM_COL32(130, 135, 145, 255), line2);
}

}  // namespace

void draw_status_overlay(const Rect& view, const ViewerState& state, const LoadStatus& load,
                         const ExportStatus& exporting, Actions& actions) {
  if (load.busy) draw_loading(view, load, actions);
  if (exporting.active) draw_export(view, exporting, actions);
  if (state.problems.size() > 1 && (!state.message || state.message->load_failure)) {
    draw_problems(view, state.problems, actions);
  } else if (state.message) {
    draw_message(view, *state.message, actions);
  } else if (state.problems.size() == 1) {
    draw_message(view, Message{Message::Kind::Error, state.problems.front().text, true}, actions);
  }
  if (!state.has_clip() && !load.busy) draw_empty_hint(view);
}

}  // namespace bvhscope::viewer
