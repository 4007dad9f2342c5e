#include "cli/lint_places.hpp"

#include "anim/printable.hpp"

namespace bvhscope::cli {
namespace {

std::string joint_text(const LintNames& file, int joint) {
  return joint >= 0 && static_cast<std::size_t>(joint) < file.joint_names.size()
             ? printable(file.joint_names[static_cast<std::size_t>(joint)])
             : std::string();
}

// "LeftArm" or "LeftArm Xrotation".
std::string joint_and_channel(const LintNames& file, const LintPlace& place) {
  std::string text = joint_text(file, place.joint);
  if (place.channel >= 0 && static_cast<std::size_t>(place.channel) < file.channel_kinds.size())
    text += " " + std::string(channel_name(file.channel_kinds[static_cast<std::size_t>(place.channel)]));
  return text;
}

}  // namespace

std::string place_text(const LintNames& file, const LintPlace& place) {
  std::string text;
  if (place.frame >= 0) {
    text = "frame " + std::to_string(place.frame);
    if (place.joint >= 0) text += ", joint " + joint_and_channel(file, place);
  } else if (place.line > 0) {
    text = "line " + std::to_string(place.line);
    if (place.column > 0) text += ":" + std::to_string(place.column);
    if (place.joint >= 0) text += " (" + joint_and_channel(file, place) + ")";
  } else if (place.joint >= 0) {
    text = "joint " + joint_and_channel(file, place);
  }
  return text;
}

}  // namespace bvhscope::cli
