// File > Export video: the dialog choosing the frame range, size, rate, format, quality, camera and
// output path of a video of the view's clips (what `bvhscope render -o OUT` takes). Reads its state
// and returns the choice as Actions::export_video.
#pragma once

#include <array>
#include <string>

#include "viewer/actions.hpp"

namespace bvhscope::viewer {

enum class VideoExportFormat : int { Mp4, WebM, Gif, PngFolder };

struct VideoExportDialog {
  bool requested = false;     // set to show the dialog on the next frame
  bool open = false;          // shown this frame (for the state report)
  bool browse_shown = false;  // Browse... beside the path (zenity installed)
  bool can_browse = false;    // no native dialog open now
  std::array<char, 4096> path{};
  int first = 0;  // frames of the active clip
  int last = 0;
  int frame_count = 0;
  double clip_fps = 0.0;
  int view_width = 0;  // the view's pixels (rounded down to even: H.264 needs it)
  int view_height = 0;
  int size_choice = 0;  // 0 the view's size, 1 1280x720, 2 1920x1080, 3 custom
  int custom_width = 1280;
  int custom_height = 720;
  int fps_choice = 0;  // 0 the clip's rate capped at 60, then kFpsChoices
  VideoExportFormat format = VideoExportFormat::Mp4;
  int quality = 1;         // 0 preview, 1 normal, 2 best (render --quality): MP4 and WebM only
  int camera = 0;          // 0 fixed, 1 follow, 2 orbit
  bool overwrite = false;  // a PNG sequence (a path ending in '/') replaces the frames in its folder
};

// `stem` + the format's extension (".mp4"...; "_frames/" for a PNG folder).
std::string video_export_path(const std::string& stem, VideoExportFormat format);
// The path without the format's extension, as video_export_path takes it back.
std::string video_export_stem(const std::string& path);

// What Export asks for with the dialog as it is (the quality only for MP4 and WebM: a GIF and a PNG
// sequence are the same at every quality).
Actions::Video video_export_choice(const VideoExportDialog& dialog);

void draw_video_export_dialog(VideoExportDialog& dialog, Actions& actions);

}  // namespace bvhscope::viewer
