// FileOutputs: File > Retarget onto Another Skeleton. The dialog's choices from the loaded clips (the
// active clip's motion, another clip's skeleton), the automatic map found at once (on one frame),
// its rows read from and written to map files, then the retargeting and the write on a worker
// (retarget_task in a BackgroundJob) on shares of the clips read as the view reads them; the
// result opened beside the source when written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "anim/convert_timing.hpp"
#include "anim/joint_matching.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "viewer/file_error.hpp"
#include "viewer/file_outputs.hpp"

namespace bvhscope::viewer {
namespace {

std::string clip_name(const ClipSlot& slot) {
  std::string name = slot.file_name.empty() ? std::string("sample.bvh") : slot.file_name;
  if (!slot.clip().name.empty()) name += " (" + slot.clip().name + ")";
  return name;
}

// The options a retargeting of `source` onto `target` reads the clips with: their up axes as the
// view shows them.
RetargetOptions view_options(const ClipSlot& source, const ClipSlot& target) {
  RetargetOptions options;
  options.source_up = UpAxisRequest{source.prepared.measures.up.axis};
  options.target_up = UpAxisRequest{target.prepared.measures.up.axis};
  return options;
}

}  // namespace

void FileOutputs::open_retarget_dialog(const ViewerState& state, DialogState& dialogs) {
  const ClipSlot* source = state.active_slot();
  if (source == nullptr) return;
  RetargetDialog& dialog = dialogs.retarget;
  const int previous = dialog.target >= 0 && dialog.target < static_cast<int>(dialog.targets.size())
                           ? dialog.targets[static_cast<std::size_t>(dialog.target)].id
                           : 0;
  dialog.source_id = source->id;
  dialog.source_name = clip_name(*source);
  dialog.targets.clear();
  dialog.target = -1;
  for (const ClipSlot& slot : state.clips) {
    if (slot.id == source->id || slot.loading) continue;
    if (slot.id == previous || dialog.target < 0) dialog.target = static_cast<int>(dialog.targets.size());
    dialog.targets.push_back({slot.id, clip_name(slot)});
  }
  if (!retarget_.job.busy()) {
    dialog.status = RetargetStatus::Editing;
    dialog.outcome.clear();
    dialog.outcome_error = false;
  }
  refresh_retarget_map(state, dialogs);
  dialog.requested = true;
}

void FileOutputs::choose_retarget_target(const ViewerState& state, DialogState& dialogs, int clip_id) {
  RetargetDialog& dialog = dialogs.retarget;
  for (std::size_t i = 0; i < dialog.targets.size(); ++i)
    if (dialog.targets[i].id == clip_id) dialog.target = static_cast<int>(i);
  refresh_retarget_map(state, dialogs);
}

void FileOutputs::refresh_retarget_map(const ViewerState& state, DialogState& dialogs) {
  RetargetDialog& dialog = dialogs.retarget;
  // The rows the user chose keep their choice when the map is found again (fingers ticked).
  std::vector<RetargetDialog::Row> edited;
  for (const RetargetDialog::Row& row : dialog.rows)
    if (row.edited && row.source_joint >= 0 && row.source_joint < static_cast<int>(dialog.source_joints.size()))
      edited.push_back({row.target_joint, -1, true});
  std::vector<std::string> edited_sources;
  for (const RetargetDialog::Row& row : dialog.rows)
    if (row.edited && row.source_joint >= 0 && row.source_joint < static_cast<int>(dialog.source_joints.size()))
      edited_sources.push_back(dialog.source_joints[static_cast<std::size_t>(row.source_joint)]);
  const int kept_for = dialog.rows_for;
  dialog.rows.clear();
  dialog.source_joints.clear();
  dialog.target_joints.clear();
  dialog.map_problem.clear();
  const ClipSlot* source = state.clips.with_id(dialog.source_id);
  if (source == nullptr || dialog.target < 0 || dialog.target >= static_cast<int>(dialog.targets.size())) return;
  const ClipSlot* target = state.clips.with_id(dialog.targets[static_cast<std::size_t>(dialog.target)].id);
  if (target == nullptr) return;
  // The output beside the source, named for both.
  const std::string path =
      output_defaults(state, *source).stem + "_on_" + std::filesystem::path(target->file_name).stem().string() + ".bvh";
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", path.c_str());
  if (dialog.map_path[0] == '\0') {
    const std::string map = output_defaults(state, *source).stem + "_map.csv";
    std::snprintf(dialog.map_path.data(), dialog.map_path.size(), "%s", map.c_str());
  }
  // The map as the retargeting finds it, on the two clips' first frames alone.
  const auto first_frame = [&](const ClipSlot& slot) -> std::optional<Clip> {
    Clip probe = share_clip(slot.clip());
    if (probe.motion.frame_count <= 1) return probe;
    Result<Clip> first = trim_frames(std::move(probe), 0, 0);
    if (!first) {
      dialog.map_problem = first.error().message;
      return std::nullopt;
    }
    return std::move(first).value();
  };
  const std::optional<Clip> probe = first_frame(*source);
  const std::optional<Clip> target_probe = first_frame(*target);
  if (!probe || !target_probe) return;
  RetargetOptions options = view_options(*source, *target);
  options.fingers = dialog.fingers;
  RetargetReport report;
  const Result<Clip> moved = bvhscope::retarget(*probe, *target_probe, options, &report);
  if (!moved) {
    dialog.map_problem = format_diagnostic(moved.error(), Severity::Error);
    return;
  }
  for (std::size_t j = 0; j < report.source_skeleton.names.size(); ++j)
    if (!report.source_skeleton.is_end_site(static_cast<int>(j)))
      dialog.source_joints.push_back(report.source_skeleton.names[j]);
  for (const RetargetPair& pair : report.pairs) {
    RetargetDialog::Row row;
    row.target_joint = report.target_skeleton.names[static_cast<std::size_t>(pair.target)];
    const std::string& name = report.source_skeleton.names[static_cast<std::size_t>(pair.source)];
    const auto found = std::find(dialog.source_joints.begin(), dialog.source_joints.end(), name);
    row.source_joint =
        found == dialog.source_joints.end() ? -1 : static_cast<int>(found - dialog.source_joints.begin());
    dialog.rows.push_back(std::move(row));
  }
  dialog.rows_for = target->id;
  if (kept_for != target->id) return;
  for (std::size_t i = 0; i < edited.size(); ++i) {
    const auto source_at = std::find(dialog.source_joints.begin(), dialog.source_joints.end(), edited_sources[i]);
    if (source_at == dialog.source_joints.end()) continue;
    auto row = std::find_if(dialog.rows.begin(), dialog.rows.end(),
                            [&](const RetargetDialog::Row& r) { return r.target_joint == edited[i].target_joint; });
    if (row == dialog.rows.end()) row = dialog.rows.insert(dialog.rows.end(), edited[i]);
    row->source_joint = static_cast<int>(source_at - dialog.source_joints.begin());
    row->edited = true;
  }
}

void FileOutputs::load_retarget_map(const ViewerState& state, DialogState& dialogs, const std::string& path) {
  RetargetDialog& dialog = dialogs.retarget;
  const auto fail = [&](const std::string& text) {
    dialog.outcome = text;
    dialog.outcome_error = true;
  };
  std::ifstream file(path, std::ios::binary);
  if (!file) return fail(path + ": cannot open the joint map");
  std::ostringstream text;
  text << file.rdbuf();
  std::vector<int> lines;
  const auto pairs = parse_joint_map(text.str(), path, &lines);
  if (!pairs) return fail(format_diagnostic(pairs.error(), Severity::Error));
  const ClipSlot* target = dialog.target >= 0 && dialog.target < static_cast<int>(dialog.targets.size())
                               ? state.clips.with_id(dialog.targets[static_cast<std::size_t>(dialog.target)].id)
                               : nullptr;
  if (target == nullptr) return;
  std::string missing;
  for (std::size_t i = 0; i < pairs.value().size(); ++i) {
    const auto& [source_name, target_name] = pairs.value()[i];
    const auto source = std::find(dialog.source_joints.begin(), dialog.source_joints.end(), source_name);
    const bool target_exists =
        std::find(dialog.target_joints.begin(), dialog.target_joints.end(), target_name) != dialog.target_joints.end();
    if (source == dialog.source_joints.end() || !target_exists) {
      missing += (missing.empty() ? "" : "; ") +
                 std::string(source == dialog.source_joints.end() ? "the source has no joint '" + source_name + "'"
                                                                  : "the target has no joint '" + target_name + "'") +
                 " (line " + std::to_string(lines[i]) + ")";
      continue;
    }
    auto row = std::find_if(dialog.rows.begin(), dialog.rows.end(),
                            [&wanted = target_name](const RetargetDialog::Row& r) { return r.target_joint == wanted; });
    if (row == dialog.rows.end())
      row = dialog.rows.insert(dialog.rows.end(), RetargetDialog::Row{target_name, -1, false});
    row->source_joint = static_cast<int>(source - dialog.source_joints.begin());
    row->edited = true;
  }
  if (!missing.empty()) return fail(path + ": " + missing + "; the other pairs were read");
  dialog.outcome = "Read " + std::to_string(pairs.value().size()) + " pairs from " + path;
  dialog.outcome_error = false;
}

void FileOutputs::save_retarget_map(DialogState& dialogs, const std::string& path) {
  RetargetDialog& dialog = dialogs.retarget;
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (file) {
    file->stream() << "# bvhscope retarget map: source joint,target joint (" << dialog.source_name << " onto "
                   << (dialog.target >= 0 ? dialog.targets[static_cast<std::size_t>(dialog.target)].name : "") << ")\n";
    for (const RetargetDialog::Row& row : dialog.rows)
      if (row.source_joint >= 0 && row.source_joint < static_cast<int>(dialog.source_joints.size()))
        file->stream() << dialog.source_joints[static_cast<std::size_t>(row.source_joint)] << ',' << row.target_joint
                       << '\n';
  }
  if (!file || !file->commit(error)) {
    dialog.outcome = path + ": cannot write the map: " + error;
    dialog.outcome_error = true;
    return;
  }
  dialog.outcome = "Wrote the map to " + path + " (bvhscope retarget --map reads it)";
  dialog.outcome_error = false;
}

void FileOutputs::start_retarget(ViewerState& state, DialogState& dialogs, const Actions::Retarget& request) {
  RetargetDialog& dialog = dialogs.retarget;
  if (retarget_.job.busy()) {  // the running one keeps its path and report
    dialog.outcome = "A retargeting is being written already";
    dialog.outcome_error = true;
    return;
  }
  retarget_.path = request.path;
  const auto refuse = [&](const std::string& text) {
    retarget_.refused = true;
    dialog.outcome = text;
    dialog.outcome_error = true;
    state.message = Message{Message::Kind::Error, text};
  };
  const ClipSlot* source = state.clips.with_id(request.source_id);
  const ClipSlot* target = state.clips.with_id(request.target_id);
  if (source == nullptr || target == nullptr) return refuse("Choose the clip whose skeleton carries the motion");
  if (source->loading || source->updating || target->loading || target->updating)
    return refuse("Wait for the clips to load before retargeting");
  if (const std::optional<std::string> other = loaded_clip_conflict(state.clips, request.path))
    return refuse(*other + "; nothing was written");
  if (const std::filesystem::path folder = std::filesystem::path(request.path).parent_path();
      !folder.empty() && !std::filesystem::exists(folder))
    return refuse(write_failure(request.path, "") + "; nothing was written");
  RetargetOptions options = view_options(*source, *target);
  options.root = request.root == 1 ? RootMotion::Keep : request.root == 2 ? RootMotion::None : RootMotion::Scale;
  options.plant_feet = request.plant_feet;
  options.fingers = request.fingers;
  options.map = request.map;
  options.map_source = "the dialog's joint map";
  retarget_.refused = false;
  retarget_.target_name = clip_name(*target);
  retarget_.written = std::make_shared<RetargetFileReport>();
  dialog.outcome.clear();
  dialog.outcome_error = false;
  dialog.status = RetargetStatus::Working;
  state.message = Message{Message::Kind::Info, "Retargeting onto " + retarget_.target_name + "..."};
  const std::string motion_name = std::filesystem::path(request.path).stem().string();
  retarget_.job.start(retarget_task(share_clip(source->clip()), share_clip(target->clip()), options, request.path,
                                    motion_name, retarget_.written));
}

void FileOutputs::finish_retarget(ViewerState& state, DialogState& dialogs, OutputFollowUps& follow_ups) {
  if (!retarget_.job.update()) return;
  RetargetDialog& dialog = dialogs.retarget;
  const std::string& path = retarget_.path;
  dialog.status = RetargetStatus::Editing;
  dialog.outcome_error = false;
  switch (retarget_.job.phase()) {
    case JobPhase::Written: {
      const RetargetFileReport& written = *retarget_.written;
      char scale[32];
      std::snprintf(scale, sizeof scale, "%.3g", written.retarget.root_scale);
      dialog.outcome = "Wrote " + path + ": " + std::to_string(written.frames) + " frames on " + retarget_.target_name +
                       "'s skeleton, " + std::to_string(written.retarget.pairs.size()) + " joints driven, root path x" +
                       scale + "; opened beside the source";
      if (!written.left_out.empty()) dialog.outcome += " (" + written.left_out + ")";
      dialog.status = RetargetStatus::Written;
      state.message = Message{Message::Kind::Info, dialog.outcome};
      follow_ups.open.push_back(path);
      break;
    }
    case JobPhase::Cancelled:
      dialog.outcome = "Retargeting cancelled; nothing was written to " + path;
      state.message = Message{Message::Kind::Info, dialog.outcome};
      break;
    case JobPhase::Failed:
      dialog.outcome = path + ": cannot retarget: " + retarget_.job.error() + "; nothing was written";
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
