#include "model/clip_slot.hpp"

#include <cmath>
#include <filesystem>

#include "anim/diagnostic.hpp"
#include "model/units.hpp"

namespace bvhscope {

std::size_t ClipSlot::frame() const noexcept { return static_cast<std::size_t>(std::floor(frame_position + 1e-6)); }

ClipSlot make_clip_slot(PreparedClip prepared, bool is_sample) {
  ClipSlot slot;
  slot.prepared = std::move(prepared);
  slot.weak_guess = weak_guess_of(slot.prepared);
  const Clip& clip = slot.prepared.clip;
  slot.is_sample = is_sample;
  if (is_sample) {
    slot.file_name = std::string(kSampleName) + " (bundled CMU 131_01)";
  } else {
    slot.file_name = std::filesystem::path(clip.source).filename().string();
    if (slot.file_name.empty()) slot.file_name = clip.source;
    if (!clip.name.empty()) slot.file_name += " (" + clip.name + ")";  // one motion of several
  }
  for (const Diagnostic& warning : clip.warnings)
    slot.warning_lines.push_back(format_diagnostic(warning, Severity::Warning));
  // Listed off the UI thread with the clip (prepare_clip, the loader); a streaming clip lists its own.
  JointListing& listing = slot.prepared.listing;
  if (listing.labels.size() != static_cast<std::size_t>(clip.skeleton.joint_count()))
    listing = list_joints(clip.skeleton);
  slot.labels = std::move(listing.labels);
  slot.channel_orders = std::move(listing.channel_orders);
  slot.tree_shape = std::move(listing.tree_shape);
  listing = {};
  slot.pose.resize(clip.skeleton.joint_count());
  return slot;
}

double metres_per_unit(const ClipSlot& slot) {
  if (slot.units_choice >= 0 && static_cast<std::size_t>(slot.units_choice) < kUnitChoices.size()) {
    return kUnitChoices[static_cast<std::size_t>(slot.units_choice)].metres_per_unit;
  }
  return slot.prepared.measures.figure.units.metres_per_unit > 0.0 ? slot.prepared.measures.figure.units.metres_per_unit
                                                                   : 0.01;
}

std::optional<double> known_metres_per_unit(const ClipSlot& slot, std::string& refusal) {
  const FigureMeasures& figure = slot.prepared.measures.figure;
  if (slot.units_choice < 0 && figure.units.unit == "unknown") {
    refusal = "The clip's length unit is unknown (" + figure.unit_reason +
              "): choose it under Units in the Clip tab to convert lengths";
    return std::nullopt;
  }
  return metres_per_unit(slot);
}

std::optional<int> find_joint_named(const ClipSlot& slot, const std::string& name, std::string& error) {
  const Skeleton& skeleton = slot.clip().skeleton;
  std::vector<int> named;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const auto j = static_cast<std::size_t>(joint);
    if (slot.labels[j] == name) {  // "Name #index" names one joint
      named.assign(1, joint);
      break;
    }
    if (skeleton.names[j] == name) named.push_back(joint);
  }
  if (named.size() == 1) return named.front();
  if (named.empty()) {
    error = "no joint named '" + name + "' in " + slot.clip().source;
    return std::nullopt;
  }
  error = std::to_string(named.size()) + " joints are named '" + name + "' in " + slot.clip().source + ": ";
  for (std::size_t i = 0; i < named.size(); ++i)
    error += (i > 0 ? ", '" : "'") + slot.labels[static_cast<std::size_t>(named[i])] + "'";
  error += "; select one of them by that label";
  return std::nullopt;
}

}  // namespace bvhscope
