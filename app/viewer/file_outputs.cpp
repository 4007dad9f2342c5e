// FileOutputs: the actions in one place, the runs' ends, the defaults and checks every output
// shares, and File > Export's dialog and its CSV (the PNG and PNG sequence are drawn by the viewer,
// which owns the view).
#include "viewer/file_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "anim/csv_export.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "viewer/file_error.hpp"

namespace bvhscope::viewer {

OutputDefaults output_defaults(const ViewerState& state, const ClipSlot& slot) {
  const std::filesystem::path source(slot.is_sample ? std::filesystem::current_path() / "sample.bvh"
                                                    : std::filesystem::path(slot.clip().source));
  OutputDefaults defaults;
  defaults.stem = (source.parent_path() / source.stem()).string();
  const std::size_t frames = slot.clip().motion.frame_count;
  const int clip_last = static_cast<int>(frames > 0 ? frames - 1 : 0);
  defaults.last = clip_last;
  defaults.frame_count = clip_last + 1;
  if (state.clock().has_range()) {  // the loop range, in the clip's own frames
    const double origin = state.clips.clock_position_for(slot, 0.0);
    const auto to_clip = [&](double position) {
      return std::clamp(static_cast<int>(std::lround(position - origin)), 0, clip_last);
    };
    defaults.first = to_clip(state.clock().range_start());
    defaults.last = std::max(to_clip(state.clock().range_end()), defaults.first);
  }
  return defaults;
}

std::optional<std::string> loaded_clip_conflict(const ClipSet& clips, const std::string& path) {
  std::vector<std::string> inputs;
  for (const ClipSlot& slot : clips) {
    if (!slot.is_sample) inputs.push_back(slot.clip().source);
  }
  return io::output_conflict(path, inputs);
}

void FileOutputs::apply(const Actions& a, ViewerState& state, DialogState& dialogs, ViewPixels view) {
  if (a.export_csv_dialog || a.export_png_dialog || a.export_sequence_dialog) open_export_dialog(a, state, dialogs);
  if (a.export_csv_path) export_csv(state, *a.export_csv_path);
  if (a.export_video_dialog) open_video_export_dialog(state, dialogs, view);
  if (a.export_video) start_video_export(state, *a.export_video);
  if (a.cancel_export) video_export_.job.cancel();
  if (a.save_bvh_dialog) open_save_bvh_dialog(state, dialogs, *a.save_bvh_dialog);
  if (a.save_bvh) start_save_bvh(state, dialogs, *a.save_bvh);
  if (a.cancel_save_bvh) save_bvh_.job.cancel();
  if (a.retarget_dialog) open_retarget_dialog(state, dialogs);
  if (a.retarget_target) choose_retarget_target(state, dialogs, *a.retarget_target);
  if (a.retarget_map_load) load_retarget_map(state, dialogs, *a.retarget_map_load);
  if (a.retarget_map_save) save_retarget_map(dialogs, *a.retarget_map_save);
  if (a.retarget) start_retarget(state, dialogs, *a.retarget);
  if (a.cancel_retarget) retarget_.job.cancel();
}

OutputFollowUps FileOutputs::finish(ViewerState& state, DialogState& dialogs) {
  OutputFollowUps follow_ups;
  finish_save_bvh(state, dialogs, follow_ups);
  finish_retarget(state, dialogs, follow_ups);
  return follow_ups;
}

bool FileOutputs::busy() const { return video_export_.job.busy() || save_bvh_.job.busy() || retarget_.job.busy(); }

void FileOutputs::open_export_dialog(const Actions& a, const ViewerState& state, DialogState& dialogs) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return;
  const OutputDefaults defaults = output_defaults(state, *slot);
  const std::string& stem = defaults.stem;
  dialogs.export_kind = a.export_csv_dialog   ? ExportKind::Csv
                        : a.export_png_dialog ? ExportKind::Png
                                              : ExportKind::Sequence;
  const std::string suggestion = a.export_csv_dialog   ? stem + "_positions.csv"
                                 : a.export_png_dialog ? stem + "_frame" + std::to_string(slot->frame()) + ".png"
                                                       : stem + "_frames";
  std::snprintf(dialogs.export_path.data(), dialogs.export_path.size(), "%s", suggestion.c_str());
  dialogs.export_first = defaults.first;
  dialogs.export_last = defaults.last;
  dialogs.export_frame_count = defaults.frame_count;
  dialogs.export_requested = true;
}

void FileOutputs::export_csv(ViewerState& state, const std::string& path) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return;
  std::string error;
  if (const std::optional<std::string> conflict = loaded_clip_conflict(state.clips, path)) {
    state.message = Message{Message::Kind::Error, *conflict + "; nothing was written"};
  } else if (std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error)) {
    write_positions_csv(slot->clip(), slot->prepared.decision.mode, file->stream());
    state.message = file->commit(error) ? Message{Message::Kind::Info, "Wrote " + path}
                                        : Message{Message::Kind::Error, write_failure(path, error)};
  } else {
    state.message = Message{Message::Kind::Error, write_failure(path, error)};
  }
}

}  // namespace bvhscope::viewer
