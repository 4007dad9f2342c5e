// FileOutputs: File > Save as BVH. The dialog's defaults from the active clip (the path beside it, the
// loop range, a `Namespace:` prefix to strip), then convert_clip and the write on a worker thread
// (save_bvh_task in a BackgroundJob) on a share of the clip read as the view reads it; its end
// reported in the dialog and as the message.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "io/output_guard.hpp"
#include "viewer/file_error.hpp"
#include "viewer/file_outputs.hpp"

namespace bvhscope::viewer {
namespace {

// "mixamorig:" when the first joint's name carries a namespace prefix ending in ':' ("" if not).
std::string namespace_prefix(const Skeleton& skeleton) {
  if (skeleton.names.empty()) return {};
  const std::string& name = skeleton.names.front();
  const std::size_t colon = name.rfind(':');
  return colon == std::string::npos || colon + 1 == name.size() ? std::string() : name.substr(0, colon + 1);
}

std::string plural(std::size_t count, const char* word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

}  // namespace

void FileOutputs::open_save_bvh_dialog(const ViewerState& state, DialogState& dialogs, const ConvertOptions& preset) {
  const ClipSlot* slot = state.active_slot();
  if (slot == nullptr) return;
  SaveBvhDialog& dialog = dialogs.save_bvh;
  const OutputDefaults defaults = output_defaults(state, *slot);
  const std::string path = defaults.stem + "_fixed.bvh";
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", path.c_str());
  dialog.original = slot->is_sample ? std::string() : slot->clip().source;
  dialog.original_clip_id = slot->id;
  const Motion& motion = slot->clip().motion;
  dialog.first = defaults.first;
  dialog.last = defaults.last;
  dialog.frame_count = defaults.frame_count;
  dialog.clip_fps = motion.frame_time > 0.0 ? 1.0 / motion.frame_time : 0.0;
  dialog.fps = static_cast<float>(dialog.clip_fps > 0.0 ? dialog.clip_fps : 30.0);
  preset_save_bvh_dialog(dialog, preset, namespace_prefix(slot->clip().skeleton));
  dialog.status = save_bvh_.job.busy() ? SaveBvhStatus::Saving : SaveBvhStatus::Editing;
  dialog.requested = true;
}

void FileOutputs::start_save_bvh(ViewerState& state, DialogState& dialogs, const Actions::SaveBvh& request) {
  SaveBvhDialog& dialog = dialogs.save_bvh;
  save_bvh_.path = request.path;
  const auto refuse = [&](const std::string& text) {
    save_bvh_.refused = true;
    dialog.outcome = text;
    dialog.outcome_error = true;
    state.message = Message{Message::Kind::Error, text};
  };
  if (save_bvh_.job.busy()) return refuse("A BVH file is being saved already");
  const ClipSlot* active = state.active_slot();
  if (active == nullptr) return;
  if (active->loading || active->updating) return refuse("Wait for the clip to load before saving it");
  save_bvh_.replaced_clip = 0;
  if (!active->is_sample) {
    const std::vector<std::string> original = {active->clip().source};
    if (const std::optional<std::string> conflict = io::output_conflict(request.path, original)) {
      save_bvh_.replaced_clip = active->id;
      if (!request.replace_original) {
        return refuse(request.path +
                      " is the file this clip was loaded from; nothing was written (tick Replace the original to "
                      "write over it)");
      }
    } else if (const std::optional<std::string> other = loaded_clip_conflict(state.clips, request.path)) {
      return refuse(*other + "; nothing was written");
    }
  }
  if (const std::filesystem::path folder = std::filesystem::path(request.path).parent_path();
      !folder.empty() && !std::filesystem::exists(folder)) {
    return refuse(write_failure(request.path, "") + "; nothing was written");
  }
  ConvertOptions options = request.options;
  options.position_mode =
      active->prepared.decision.mode == PositionMode::Replace ? PositionModeRequest::Replace : PositionModeRequest::Add;
  options.from_up = UpAxisRequest{active->prepared.measures.up.axis};
  if (options.lengths && options.lengths->target_metres_per_unit > 0.0 && !options.lengths->from_metres_per_unit) {
    std::string unknown;
    options.lengths->from_metres_per_unit = known_metres_per_unit(*active, unknown);
    if (!options.lengths->from_metres_per_unit) return refuse(unknown + "; nothing was written");
  }
  BvhWriteOptions write;
  write.precision = request.precision;
  save_bvh_.refused = false;
  save_bvh_.summary = std::make_shared<SaveBvhSummary>();
  dialog.outcome.clear();
  dialog.outcome_error = false;
  dialog.status = SaveBvhStatus::Saving;
  state.message = Message{Message::Kind::Info, "Saving " + request.path + "..."};
  save_bvh_.job.start(save_bvh_task(share_clip(active->clip()), options, write, request.path, save_bvh_.summary));
}

void FileOutputs::finish_save_bvh(ViewerState& state, DialogState& dialogs, OutputFollowUps& follow_ups) {
  if (!save_bvh_.job.update()) return;
  SaveBvhDialog& dialog = dialogs.save_bvh;
  const std::string& path = save_bvh_.path;
  dialog.status = SaveBvhStatus::Editing;
  dialog.outcome_error = false;
  switch (save_bvh_.job.phase()) {
    case JobPhase::Written: {
      std::string text = "Saved " + path + ": " + plural(save_bvh_.summary->frames, "frame") + ", " +
                         plural(static_cast<std::size_t>(save_bvh_.summary->joints), "joint");
      if (save_bvh_.summary->length_factor != 1.0) {
        char factor[48];
        std::snprintf(factor, sizeof factor, ", lengths x %.6g", save_bvh_.summary->length_factor);
        text += factor;
      }
      if (save_bvh_.summary->safe_names > 0) {
        text += ", " + plural(save_bvh_.summary->safe_names, "joint name") +
                " with control, bidi or non-UTF-8 characters written with '_'";
      }
      dialog.status = SaveBvhStatus::Saved;
      dialog.saved_path = path;
      dialog.outcome = text;
      state.message = Message{Message::Kind::Info, text};
      // The clip reloads from its new file now (the viewer tells the watcher, which would notice
      // it too, the file as it is, so that it does not reload it a second time).
      if (state.clips.with_id(save_bvh_.replaced_clip) != nullptr) follow_ups.reload_clip = save_bvh_.replaced_clip;
      break;
    }
    case JobPhase::Cancelled:
      dialog.outcome = "Saving cancelled; nothing was written to " + path;
      state.message = Message{Message::Kind::Info, dialog.outcome};
      break;
    case JobPhase::Failed:
      dialog.outcome = path + ": cannot save: " + save_bvh_.job.error() + "; nothing was written";
      dialog.outcome_error = true;
      state.message = Message{Message::Kind::Error, dialog.outcome};
      break;
    case JobPhase::Idle:
    case JobPhase::Running:
    case JobPhase::Cancelling:
      break;
  }
}

}  // namespace bvhscope::viewer
