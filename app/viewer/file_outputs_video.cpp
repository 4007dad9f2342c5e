// FileOutputs: File > Export video. The dialog's defaults from the view, then render_video on a worker
// thread (BackgroundJob) on shares of the visible clips, the active one last, drawn with the
// view's display choices; its end reported as the message.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "render/clip_video.hpp"
#include "video/frame_sink.hpp"
#include "video/video_format.hpp"
#include "viewer/file_error.hpp"
#include "viewer/file_outputs.hpp"

namespace bvhscope::viewer {

void FileOutputs::open_video_export_dialog(const ViewerState& state, DialogState& dialogs, ViewPixels view) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return;
  VideoExportDialog& dialog = dialogs.video;
  const OutputDefaults defaults = output_defaults(state, *slot);
  const std::string path = video_export_path(defaults.stem, dialog.format);
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", path.c_str());
  const Motion& motion = slot->clip().motion;
  dialog.first = defaults.first;
  dialog.last = defaults.last;
  dialog.frame_count = defaults.frame_count;
  dialog.clip_fps = motion.frame_time > 0.0 ? 1.0 / motion.frame_time : 0.0;
  // The view's pixels, rounded down to even sizes (H.264 in yuv420p needs them).
  dialog.view_width = std::max(view.width, 16) & ~1;
  dialog.view_height = std::max(view.height, 16) & ~1;
  dialog.requested = true;
}

void FileOutputs::start_video_export(ViewerState& state, const Actions::Video& request) {
  const auto fail = [&](const std::string& text) { state.message = Message{Message::Kind::Error, text}; };
  if (video_export_.job.busy()) return fail("A video is being written already");
  if (!video::video_format_of(request.path)) {
    return fail(request.path + ": a video is .mp4, .webm, .gif or a folder ending in '/'");
  }
  const std::string checked = request.path.back() == '/' ? video::sequence_frame_path(request.path, 0) : request.path;
  if (const std::optional<std::string> conflict = loaded_clip_conflict(state.clips, checked)) {
    return fail(*conflict + "; nothing was written");
  }
  const ClipSlot* active = state.active_slot();
  if (active == nullptr) return;
  std::vector<PreparedClip> clips;
  for (const ClipSlot& slot : state.clips) {
    if (slot.loading || slot.updating) return fail("Wait for the clips to load before exporting a video");
    if (slot.visible && slot.id != active->id) clips.push_back(share_prepared_clip(slot.prepared));
  }
  clips.push_back(share_prepared_clip(active->prepared));
  render::OffscreenOptions options;
  options.width = request.width;
  options.height = request.height;
  options.solid = state.display.solid;
  options.grid = state.display.grid;
  options.shadow = state.display.shadow;
  options.joints = state.display.joints;
  options.axes = state.display.axes;
  options.trajectory = state.display.trajectory;
  options.labels = 0;
  render::VideoOptions video;
  video.frames = ClipFrameRange{request.first, request.last};
  if (request.fps > 0.0) video.fps = request.fps;
  video.quality = request.quality;
  video.camera = request.camera == 2   ? render::VideoCamera::Orbit
                 : request.camera == 1 ? render::VideoCamera::Follow
                                       : render::VideoCamera::Fixed;
  if (request.path.back() == '/') {  // the folder is made (or its frames replaced) when the last frame is written
    if (const std::size_t old = video::count_sequence_frames(request.path); old > 0 && !request.overwrite) {
      return fail(request.path + " " + video::sequence_in_use_text(old) +
                  ": tick Overwrite to replace them, or choose another folder; nothing was written");
    }
    video.replace_frames = request.overwrite;
  } else if (const std::filesystem::path folder = std::filesystem::path(request.path).parent_path();
             !folder.empty() && !std::filesystem::is_directory(folder)) {
    return fail(write_failure(request.path, "not a folder: " + folder.string()) + "; nothing was written");
  }
  const std::filesystem::path target(request.path.back() == '/' ? request.path.substr(0, request.path.size() - 1)
                                                                : request.path);
  video_export_.label = target.filename().string();
  video_export_.path = request.path;
  video_export_.job.start(render::video_render_task(std::move(clips), options, video, request.path));
}

void FileOutputs::finish_video_export(ViewerState& state) {
  if (!video_export_.job.update()) return;
  const std::string& path = video_export_.path;
  switch (video_export_.job.phase()) {
    case JobPhase::Written:
      state.message =
          Message{Message::Kind::Info, "Wrote " + std::to_string(video_export_.job.total()) + " frames to " + path};
      break;
    case JobPhase::Cancelled:
      state.message = Message{Message::Kind::Info, "Video export cancelled; nothing was written to " + path};
      break;
    case JobPhase::Failed:
      state.message = Message{Message::Kind::Error, write_failure(path, video_export_.job.error())};
      break;
    case JobPhase::Idle:
    case JobPhase::Running:
    case JobPhase::Cancelling:
      break;
  }
}

}  // namespace bvhscope::viewer
