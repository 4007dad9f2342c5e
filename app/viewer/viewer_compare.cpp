// Viewer: the comparison's part: its actions, the joint map file, and what it changes on screen
// (compared clips coloured by their error, or drawn as ghosts over the reference where they are
// measured).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "anim/printable.hpp"
#include "render/clip_look.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

void Viewer::apply_compare_actions(const Actions& a) {
  Comparison& comparison = state_.comparison;
  // A clip that has gone meanwhile (a dialog's original) is no reference.
  if (a.compare_reference && (*a.compare_reference == 0 || state_.clips.with_id(*a.compare_reference) != nullptr))
    comparison.set_reference(*a.compare_reference);
  if (a.compare_alignment) comparison.set_alignment(*a.compare_alignment);
  if (a.error_colours) comparison.set_error_colours(*a.error_colours);
  if (a.ghost) comparison.set_ghost(*a.ghost);
  if (a.colour_max_m) comparison.set_colour_max(*a.colour_max_m);
  const ClipSlot* reference = state_.clips.with_id(comparison.settings().reference_id);
  if (a.compare_offset) set_compare_offset(a.compare_offset->first, a.compare_offset->second);
  if (a.find_compare_offset) comparison.find_offset(*a.find_compare_offset, state_.clips);
  if (a.reveal_clip) framing_.reveal = ViewFraming::Reveal{*a.reveal_clip, -1};
  if (a.seek_reference_frame && reference != nullptr) {
    state_.clock().seek(state_.clips.clock_position_for(*reference, *a.seek_reference_frame));
  }
  if (a.joint_map_path) load_joint_map(*a.joint_map_path);
  if (a.joint_map_dialog && FileDialog::available() && !files_.map.is_open()) {
    files_.map.open("Open a joint map (CSV lines: reference name,other name)");
  }
  comparison.update(state_.clips);
}

void Viewer::set_compare_offset(int clip_id, double offset) {
  const ClipSlot* reference = state_.clips.with_id(state_.comparison.settings().reference_id);
  if (reference == nullptr || clip_id == reference->id) return;
  // The other clip shows beside reference frame k its frame at time (k + offset) x the reference's
  // frame time: its time offset follows (offset_in_reference_frames backwards).
  const int index = state_.clips.index_of(clip_id);
  if (index < 0) return;
  state_.clips.set_time_offset(index, reference->time_offset - offset * reference->clip().motion.frame_time);
  sync_clip_set();
}

// The joint map's pairs, or the file's problem shown with the map left as it was.
void Viewer::load_joint_map(const std::string& path) {
  if (path.empty()) {
    state_.comparison.set_map({}, {});
    return;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    report_problem(path, printable(path) + ": error: cannot open the joint map: " + std::strerror(errno));
    return;
  }
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) {
    report_problem(path, printable(path) + ": error: cannot read the joint map: " + std::strerror(errno));
    return;
  }
  Result<std::vector<std::pair<std::string, std::string>>> pairs = parse_joint_map(text.str(), path);
  if (!pairs) {
    report_problem(path, format_diagnostic(pairs.error(), Severity::Error));
    return;
  }
  const std::size_t count = pairs.value().size();
  state_.comparison.set_map(path, std::move(pairs).value());
  state_.message =
      Message{Message::Kind::Info, "Joint map: " + std::to_string(count) + " pairs from " + printable(path)};
}

// The clips drawn as ghosts changed (the option, a first result, a removal): the scene's bounds
// leave them out (they stand over the reference), and a view still as F or R framed it is framed
// again.
void Viewer::sync_ghosts() {
  if (!scene_.ghosts_changed(state_.clips, state_.comparison)) return;
  rebuild_scene();
  if (framing_.framing && same_view(state_.camera, framing_.framing->camera)) framing_.frame_on_next_render = true;
}

// A clip that joined the comparison and moved its automatic colour scale is said (issue 34, item
// 9): every other clip's colours change with the scale's top.
void Viewer::note_colour_scale() {
  const Comparison& comparison = state_.comparison;
  ColourScaleView& view = colour_scale_.next_view();
  const ClipSlot* reference = state_.clips.with_id(comparison.settings().reference_id);
  if (reference != nullptr && comparison.settings().colour_max_m <= 0.0) {
    const double metres = metres_per_unit(*reference);
    view.reference_id = reference->id;
    view.top_metres = comparison.colour_max(metres) * metres;
    view.complete = true;
    for (const ClipComparison& c : comparison.clips()) {
      if (c.status == ClipComparison::Status::Ready && c.result) {
        view.clips_with_results.push_back(c.clip_id);
      } else if (c.status != ClipComparison::Status::Failed) {
        view.complete = false;  // a result still to come
      }
    }
  }
  const std::optional<ColourScaleChange> change = colour_scale_.update(view);
  if (!change) return;
  std::string names;
  for (const int id : change->joined) {
    if (const ClipSlot* slot = state_.clips.with_id(id)) names += (names.empty() ? "" : ", ") + slot->file_name;
  }
  state_.message = Message{
      Message::Kind::Info,
      "Error colours now reach " + format_length(change->to_metres) + " (they reached " +
          format_length(change->from_metres) + ") since " + names + " joined the comparison: " +
          (change->to_metres > change->from_metres ? "the other clips look lighter" : "the other clips look darker")};
}

}  // namespace bvhscope::viewer
