// Viewer: the comparison's part: its actions, the joint map file, and what it changes on screen
// (compared clips coloured by their error, or drawn as ghosts over the reference where they are
// measured).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "anim/printable.hpp"
#include "render/clip_look.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

void Viewer::apply_compare_actions(const Actions& a) {
  Comparison& comparison = state_.comparison;
  if (a.compare_reference) comparison.set_reference(*a.compare_reference);
  if (a.compare_alignment) comparison.set_alignment(*a.compare_alignment);
  if (a.error_colours) comparison.set_error_colours(*a.error_colours);
  if (a.ghost) comparison.set_ghost(*a.ghost);
  if (a.colour_max_m) comparison.set_colour_max(*a.colour_max_m);
  const ClipSlot* reference = state_.clips.with_id(comparison.settings().reference_id);
  if (a.compare_offset && reference != nullptr) {
    // The other clip shows beside reference frame k its frame at time (k + offset) x the
    // reference's frame time: its time offset follows (offset_in_reference_frames backwards).
    const int index = state_.clips.index_of(a.compare_offset->first);
    if (index >= 0 && a.compare_offset->first != reference->id) {
      state_.clips.set_time_offset(
          index, reference->time_offset - a.compare_offset->second * reference->clip().motion.frame_time);
      sync_clip_set();
    }
  }
  if (a.seek_reference_frame && reference != nullptr) {
    state_.clock().seek(state_.clips.clock_position_for(*reference, *a.seek_reference_frame));
  }
  if (a.joint_map_path) load_joint_map(*a.joint_map_path);
  if (a.joint_map_dialog && FileDialog::available() && !map_dialog_.is_open()) {
    map_dialog_.open("Open a joint map (CSV lines: reference name,other name)");
  }
  comparison.update(state_.clips);
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
  ghost_scratch_.clear();
  for (const ClipSlot& slot : state_.clips)
    if (render::ghost_comparison(state_.comparison, slot) != nullptr) ghost_scratch_.push_back(slot.id);
  if (ghost_scratch_ == ghost_ids_) return;
  ghost_ids_ = ghost_scratch_;
  rebuild_scene();
  if (framing_ && same_view(state_.camera, framing_->camera)) frame_on_next_render_ = true;
}

// The other clip's pose moved where it is measured: aligned on the reference for this frame as
// compare_motion aligns it (from the poses on screen), then placed as the reference is placed.
void Viewer::write_ghost_pose(std::size_t index, const ClipSlot& slot, const ClipSlot& reference,
                              const ClipComparison& compared) {
  const std::vector<JointPair>& pairs = compared.result->matching.pairs;
  ghost_reference_points_.clear();
  ghost_other_points_.clear();
  for (const JointPair& pair : pairs) {
    // A result always belongs to the clips on screen (one for another clip is dropped): checked anyway.
    if (static_cast<std::size_t>(pair.reference) >= reference.pose.world.size() ||
        static_cast<std::size_t>(pair.other) >= slot.pose.world.size())
      continue;
    ghost_reference_points_.emplace_back(reference.pose.position(pair.reference));
    ghost_other_points_.emplace_back(slot.pose.position(pair.other));
  }
  const Skeleton& ref_skeleton = reference.clip().skeleton;
  const Skeleton& skeleton = slot.clip().skeleton;
  const glm::dvec3 ref_root =
      ref_skeleton.roots.empty() ? glm::dvec3(0.0) : glm::dvec3(reference.pose.position(ref_skeleton.roots.front()));
  const glm::dvec3 other_root =
      skeleton.roots.empty() ? glm::dvec3(0.0) : glm::dvec3(slot.pose.position(skeleton.roots.front()));
  const FrameAlignment aligned = align_frame(compared.options.alignment, ghost_reference_points_, ghost_other_points_,
                                             ref_root, other_root, compared.options.other_scale, compared.options.up);
  const glm::dmat3 linear = aligned.rotation * aligned.scale;
  glm::mat4 transform{glm::mat3(linear)};
  transform[3] = glm::vec4(glm::vec3(aligned.translation), 1.0f);
  ghost_pose_.world.resize(slot.pose.world.size());
  for (std::size_t j = 0; j < slot.pose.world.size(); ++j) ghost_pose_.world[j] = transform * slot.pose.world[j];
  renderer_.write_pose(index, skeleton, ghost_pose_, reference.placement);
}

}  // namespace bvhscope::viewer
