#include "viewer/ui/weak_guess_badge.hpp"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "anim/up_axis.hpp"
#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
namespace {

constexpr const char* kChoices = "weak_guess_choices";
const ImVec4 kBadgeAmber(0.92f, 0.69f, 0.24f, 1.0f);  // the tag's badge fill (model/overlay_labels)
const ImVec4 kBadgeText(0.12f, 0.09f, 0.05f, 1.0f);

// The reason, wrapped, and what a click does.
void reason_tooltip(const WeakGuess& guess) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextUnformatted(guess.reason.c_str());
  ImGui::TextDisabled("Click to choose");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// The choices that settle `slot`'s weak guesses, in the open popup: each applies to that clip.
void choices(const ClipSlot& slot, int index, WeakGuessMenu& menu, Actions& actions) {
  // Each choice's label and rectangle, for the state report.
  const auto drawn = [&](const char* label) {
    menu.labels.emplace_back(label);
    menu.items.push_back(last_item_rect());
  };
  ImGui::TextUnformatted(slot.file_name.c_str());
  const WeakGuess& guess = slot.weak_guess;
  if (guess.up_axis) {
    const UpAxis guessed = slot.prepared.measures.up.axis;
    ImGui::Spacing();
    ImGui::TextDisabled("Which way is up? (%s was assumed)", up_axis_name(guessed).data());
    for (const UpAxis axis : kAllUpAxes) {
      char label[40];
      std::snprintf(label, sizeof(label), "%s up%s", up_axis_name(axis).data(), axis == guessed ? "  (keep)" : "");
      const bool chosen = ImGui::Selectable(label);
      drawn(label);
      if (chosen) {
        actions.up_axis = UpAxisRequest{axis};
        actions.interpretation_clip = index;
      }
    }
  }
  if (guess.position_mode) {
    const PositionMode guessed = slot.prepared.decision.mode;
    ImGui::Spacing();
    ImGui::TextDisabled("Position channels (%s was assumed)", position_mode_name(guessed).data());
    const auto choice = [&](const char* label, PositionMode mode, PositionModeRequest request) {
      std::string text = label;
      if (mode == guessed) text += "  (keep)";
      const bool chosen = ImGui::Selectable(text.c_str());
      drawn(text.c_str());
      if (chosen) {
        actions.position_mode = request;
        actions.interpretation_clip = index;
      }
    };
    choice("Add: OFFSET + channels", PositionMode::Add, PositionModeRequest::Add);
    choice("Replace: channels replace OFFSET", PositionMode::Replace, PositionModeRequest::Replace);
  }
}

// Hover and click on the last item: the reason, then the choices.
void answer_pointer(const ClipSlot& slot, int index, WeakGuessMenu& menu, Actions& actions) {
  if (ImGui::IsItemHovered() && !ImGui::IsPopupOpen(kChoices)) reason_tooltip(slot.weak_guess);
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) ImGui::OpenPopup(kChoices);
  if (ImGui::BeginPopup(kChoices)) {
    choices(slot, index, menu, actions);
    ImGui::EndPopup();
  }
}

}  // namespace

void weak_guess_button(const ClipSlot& slot, int index, float height, Rect& drawn, WeakGuessMenu& menu,
                       Actions& actions) {
  ImGui::PushStyleColor(ImGuiCol_Button, kBadgeAmber);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(1.0f, 0.80f, 0.36f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.85f, 0.60f, 0.18f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_Text, kBadgeText);
  ImGui::Button("?##weak_guess", ImVec2(height * 0.8f, height));
  ImGui::PopStyleColor(4);
  drawn = last_item_rect();
  answer_pointer(slot, index, menu, actions);
}

void weak_guess_tag_buttons(const ClipSet& clips, std::span<const TagBadge> badges, WeakGuessMenu& menu,
                            Actions& actions) {
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                      ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
  for (const TagBadge& badge : badges) {
    const int index = clips.index_of(badge.clip_id);
    if (index < 0 || !clips[static_cast<std::size_t>(index)].weak_guess.any()) continue;
    const ImVec2 size(badge.box.max.x - badge.box.min.x, badge.box.max.y - badge.box.min.y);
    if (size.x < 1.0f || size.y < 1.0f) continue;
    char name[40];
    std::snprintf(name, sizeof(name), "##weak_guess_tag%d", badge.clip_id);
    ImGui::SetNextWindowPos(ImVec2(badge.box.min.x, badge.box.min.y));
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
    const bool open = ImGui::Begin(name, nullptr, kFlags);
    ImGui::PopStyleVar(2);
    if (open) {
      ImGui::InvisibleButton("##badge", size);
      answer_pointer(clips[static_cast<std::size_t>(index)], index, menu, actions);
    }
    ImGui::End();
  }
}

}  // namespace bvhscope::viewer
