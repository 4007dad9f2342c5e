#include "viewer/ui/video_export_dialog.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/path_field.hpp"

namespace bvhscope::viewer {
namespace {

constexpr const char* kVideoExportTitle = "Export Video";
constexpr const char* kFormats[] = {"MP4 (H.264)", "WebM (VP9)", "GIF", "PNG sequence (folder)"};
// What each costs, as measured (video_format.hpp, bench/README.md): the time and the file's size.
constexpr const char* kQualities[] = {"Preview (fastest, about 3x the file size)", "Normal",
                                      "Best (about 3x the encoding time)"};
constexpr const char* kCameras[] = {"Fixed (the whole motion)", "Follow the root", "Orbit the root once"};
constexpr double kFpsChoices[] = {24.0, 25.0, 30.0, 50.0, 60.0};

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

void set_path(VideoExportDialog& dialog, const std::string& path) {
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", path.c_str());
}

void size_row(VideoExportDialog& dialog) {
  char view_label[48];
  std::snprintf(view_label, sizeof view_label, "The view: %d x %d", dialog.view_width, dialog.view_height);
  const char* sizes[] = {view_label, "1280 x 720", "1920 x 1080", "Custom"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  ImGui::Combo("Size", &dialog.size_choice, sizes, IM_ARRAYSIZE(sizes));
  if (dialog.size_choice == 3) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    int size[2] = {dialog.custom_width, dialog.custom_height};
    if (ImGui::InputInt2("##custom_size", size)) {
      dialog.custom_width = std::clamp(size[0], 16, 8192);
      dialog.custom_height = std::clamp(size[1], 16, 8192);
    }
  }
}

void fps_row(VideoExportDialog& dialog) {
  char clip_label[48];
  std::snprintf(clip_label, sizeof clip_label, "The clip's rate (%.4g fps)", std::min(dialog.clip_fps, 60.0));
  const char* rates[] = {clip_label, "24", "25", "30", "50", "60"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  ImGui::Combo("Frames per second", &dialog.fps_choice, rates, IM_ARRAYSIZE(rates));
}

bool has_quality(VideoExportFormat format) {
  return format == VideoExportFormat::Mp4 || format == VideoExportFormat::WebM;
}

}  // namespace

Actions::Video video_export_choice(const VideoExportDialog& dialog) {
  Actions::Video video;
  video.path = dialog.path.data();
  video.first = static_cast<std::size_t>(std::max(dialog.first, 0));
  video.last = static_cast<std::size_t>(std::max(dialog.last, dialog.first));
  switch (dialog.size_choice) {
    case 1:
      video.width = 1280;
      video.height = 720;
      break;
    case 2:
      video.width = 1920;
      video.height = 1080;
      break;
    case 3:
      video.width = dialog.custom_width;
      video.height = dialog.custom_height;
      break;
    default:
      video.width = dialog.view_width;
      video.height = dialog.view_height;
      break;
  }
  video.fps = dialog.fps_choice > 0 ? kFpsChoices[dialog.fps_choice - 1] : 0.0;
  video.camera = dialog.camera;
  video.overwrite = ends_with(video.path, "/") && dialog.overwrite;
  if (has_quality(dialog.format) && !ends_with(video.path, "/")) {
    video.quality = dialog.quality == 0   ? video::VideoQuality::Preview
                    : dialog.quality == 2 ? video::VideoQuality::Best
                                          : video::VideoQuality::Normal;
  }
  return video;
}

std::string video_export_path(const std::string& stem, VideoExportFormat format) {
  switch (format) {
    case VideoExportFormat::Mp4:
      return stem + ".mp4";
    case VideoExportFormat::WebM:
      return stem + ".webm";
    case VideoExportFormat::Gif:
      return stem + ".gif";
    case VideoExportFormat::PngFolder:
      return stem + "_frames/";
  }
  return stem + ".mp4";
}

std::string video_export_stem(const std::string& path) {
  for (const char* end : {".mp4", ".webm", ".gif", "_frames/"}) {
    if (ends_with(path, end)) return path.substr(0, path.size() - std::char_traits<char>::length(end));
  }
  return ends_with(path, "/") ? path.substr(0, path.size() - 1) : path;
}

void draw_video_export_dialog(VideoExportDialog& dialog, Actions& actions) {
  if (dialog.requested) {
    ImGui::OpenPopup(kVideoExportTitle);
    dialog.requested = false;
  }
  // The height of its rows every frame: the Overwrite row comes and goes with a folder path, and the
  // buttons under it must never fall below a fixed height (as the shortcut list, within the window).
  const float font = ImGui::GetFontSize();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 2.0f * font, font * 36.0f), 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(display.x, display.y - 2.0f * font));
  dialog.open = ImGui::BeginPopupModal(kVideoExportTitle, nullptr, ImGuiWindowFlags_NoSavedSettings);
  if (!dialog.open) return;
  const int last = std::max(dialog.frame_count - 1, 0);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  ImGui::DragIntRange2("Frames", &dialog.first, &dialog.last, 1.0f, 0, last, "first %d", "last %d",
                       ImGuiSliderFlags_AlwaysClamp);
  size_row(dialog);
  fps_row(dialog);
  int format = static_cast<int>(dialog.format);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  if (ImGui::Combo("Format", &format, kFormats, IM_ARRAYSIZE(kFormats))) {
    const std::string stem = video_export_stem(dialog.path.data());
    dialog.format = static_cast<VideoExportFormat>(format);
    set_path(dialog, video_export_path(stem, dialog.format));
  }
  if (has_quality(dialog.format)) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
    ImGui::Combo("Quality", &dialog.quality, kQualities, IM_ARRAYSIZE(kQualities));
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  ImGui::Combo("Camera", &dialog.camera, kCameras, IM_ARRAYSIZE(kCameras));
  ImGui::Spacing();
  ImGui::TextUnformatted(dialog.format == VideoExportFormat::PngFolder ? "Folder for the frames:" : "Video file:");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const PathFieldResult field =
      path_field("##video_path", dialog.path.data(), dialog.path.size(), dialog.browse_shown, dialog.can_browse);
  const bool entered = field.entered;
  if (field.browse) actions.browse_output = Actions::OutputField::Video;
  if (ends_with(dialog.path.data(), "/")) {  // a PNG sequence, whichever format was picked
    ImGui::Checkbox("Overwrite the frames already in the folder", &dialog.overwrite);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped(
      "%d frames of the active clip, the visible clips beside it, drawn as `bvhscope render` draws them, in the "
      "background: the view stays as it is.",
      dialog.last - dialog.first + 1);
  ImGui::PopStyleColor();
  ImGui::Spacing();
  const bool enter_elsewhere = dialog_confirm_pressed();
  const bool go = ImGui::Button("Export") || entered || enter_elsewhere;
  ImGui::SameLine();
  if (go) {
    if (dialog.path[0] != '\0') actions.export_video = video_export_choice(dialog);
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Cancel") || dialog_cancel_pressed()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace bvhscope::viewer
