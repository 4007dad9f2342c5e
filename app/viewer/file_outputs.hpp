// File's outputs beside the view: Export as CSV, Export video, Save as BVH and Retarget onto
// Another Skeleton. Their dialogs' defaults from the model, the checks that no loaded clip's file
// is written over, the runs on worker threads (BackgroundJob) and their ends, told as the message
// and in their dialogs. The viewer hands it the frame's actions and pumps it once a frame; what
// the clips must do after a run (a clip saved over reloads, a retargeted file opens) comes back as
// OutputFollowUps. No GL here: a video is drawn by engine/render on a context of its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/clip_set.hpp"
#include "viewer/actions.hpp"
#include "viewer/retarget_run.hpp"
#include "viewer/save_bvh_run.hpp"
#include "viewer/ui/dialogs.hpp"
#include "viewer/video_export_run.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// What the clips do after runs that ended: the viewer does it (it owns the loads).
struct OutputFollowUps {
  int reload_clip = 0;            // a save wrote over this clip's own file: it reloads (0: none)
  std::vector<std::string> open;  // files written to open as clips (a retargeting's result)
};

// The view's size in framebuffer pixels (the video dialog's default size).
struct ViewPixels {
  int width = 0;
  int height = 0;
};

// What an output of `slot` starts from: the output stem beside its file (the working folder for
// the sample: "…/walk" for "…/walk.bvh") and the loop range in the clip's own frames (every frame
// without one).
struct OutputDefaults {
  std::string stem;
  int first = 0;
  int last = 0;
  int frame_count = 0;
};
OutputDefaults output_defaults(const ViewerState& state, const ClipSlot& slot);

// A message when `path` is the file of a loaded clip (an output must never overwrite one).
std::optional<std::string> loaded_clip_conflict(const ClipSet& clips, const std::string& path);

class FileOutputs {
 public:
  // The actions of File's outputs and their dialogs (defaults, map rows, start, cancel).
  void apply(const Actions& actions, ViewerState& state, DialogState& dialogs, ViewPixels view);
  // Save as BVH's and Retarget's runs that ended since the last call, told as the message and in
  // their dialogs; the viewer does the follow-ups before it hands the clip set's requests on.
  [[nodiscard]] OutputFollowUps finish(ViewerState& state, DialogState& dialogs);
  // Export video's run, when it ended, told as the message. The viewer calls it after the frame's
  // input, so that an Escape held down to cancel the video does not dismiss the message at once.
  void finish_video(ViewerState& state) { finish_video_export(state); }
  // A run under way (the window loop keeps drawing its progress).
  [[nodiscard]] bool busy() const;

  [[nodiscard]] const VideoExportRun& video_export() const noexcept { return video_export_; }
  [[nodiscard]] const SaveBvhRun& save_bvh() const noexcept { return save_bvh_; }
  [[nodiscard]] const RetargetRun& retarget() const noexcept { return retarget_; }

 private:
  static void open_export_dialog(const Actions& actions, const ViewerState& state, DialogState& dialogs);
  static void export_csv(ViewerState& state, const std::string& path);
  void open_video_export_dialog(const ViewerState& state, DialogState& dialogs, ViewPixels view);
  void start_video_export(ViewerState& state, const Actions::Video& request);
  void finish_video_export(ViewerState& state);
  void open_save_bvh_dialog(const ViewerState& state, DialogState& dialogs, const ConvertOptions& preset);
  void start_save_bvh(ViewerState& state, DialogState& dialogs, const Actions::SaveBvh& request);
  void finish_save_bvh(ViewerState& state, DialogState& dialogs, OutputFollowUps& follow_ups);
  void open_retarget_dialog(const ViewerState& state, DialogState& dialogs);
  void choose_retarget_target(const ViewerState& state, DialogState& dialogs, int clip_id);
  void refresh_retarget_map(const ViewerState& state, DialogState& dialogs);
  void load_retarget_map(const ViewerState& state, DialogState& dialogs, const std::string& path);
  void save_retarget_map(DialogState& dialogs, const std::string& path);
  void start_retarget(ViewerState& state, DialogState& dialogs, const Actions::Retarget& request);
  void finish_retarget(ViewerState& state, DialogState& dialogs, OutputFollowUps& follow_ups);

  VideoExportRun video_export_;
  SaveBvhRun save_bvh_;
  RetargetRun retarget_;
};

}  // namespace bvhscope::viewer
