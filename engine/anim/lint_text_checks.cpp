// Lint checks on the hierarchy text: the load's warnings, joint names, rotation orders, bone lengths.
#include <algorithm>
#include <map>
#include <string_view>

#include <glm/geometric.hpp>

#include "anim/lint_checks.hpp"
#include "anim/parse_messages.hpp"
#include "anim/pose.hpp"

namespace bvhscope::lint {
namespace {

struct LoadWarningKind {
  std::string_view marker;  // a piece of the parser's message (parser messages are this project's own)
  std::string_view code;
  LintSeverity severity;
  std::string_view hint;
};

constexpr LoadWarningKind kLoadWarningKinds[] = {
    {"' but the file holds", "frame-count", LintSeverity::Error,
     "frames are missing (a cut-off file?); bvhscope convert writes the frames present with a matching 'Frames:'"},
    {"than 'Frames: ", "frame-count", LintSeverity::Warning,
     "readers stop at 'Frames:'; if the extra lines are motion, fix the count (bvhscope convert writes it)"},
    {"is cut short", "cut-frame", LintSeverity::Error,
     "the file ends inside a frame (an interrupted write?); that frame was dropped"},
    {"frame time", "frame-time", LintSeverity::Warning, "write the real rate: bvhscope convert --fps N"},
    {"root written as JOINT", "root-keyword", LintSeverity::Warning, "bvhscope convert writes the ROOT keyword"},
    {"duplicate joint name", "duplicate-name", LintSeverity::Warning,
     "readers that look joints up by name find only one of them: rename it (bvhscope convert --rename OLD=NEW)"},
};

bool has_space(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) { return c == ' ' || c == '\t'; });
}

bool has_non_ascii(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x80 || byte < 0x20 || byte == 0x7f;
  });
}

// "mixamorig:" for "mixamorig:Hips": everything up to the last ':' (none for a name without one, or
// one that is only a prefix).
std::string_view namespace_prefix(std::string_view name) {
  const std::size_t colon = name.rfind(':');
  if (colon == std::string_view::npos || colon + 1 == name.size()) return {};
  return name.substr(0, colon + 1);
}

}  // namespace

void check_load_warnings(const Clip& clip, std::vector<LintFinding>& findings) {
  std::vector<FindingGroup> groups;
  for (const LoadWarningKind& kind : kLoadWarningKinds)
    groups.emplace_back(std::string(kind.code), kind.severity, std::string(kind.hint));
  FindingGroup other("load-warning", LintSeverity::Warning, "see the message; the file was read as described");
  for (const Diagnostic& warning : clip.warnings) {
    LintPlace place;
    place.line = warning.line;
    place.column = warning.column;
    FindingGroup* group = &other;
    for (std::size_t k = 0; k < std::size(kLoadWarningKinds); ++k) {
      if (warning.message.find(kLoadWarningKinds[k].marker) != std::string::npos) {
        group = &groups[k];
        break;
      }
    }
    group->add(place, [&] { return warning.message; });
  }
  for (FindingGroup& group : groups) group.flush_to(findings);
  other.flush_to(findings);
}

void check_names(const Skeleton& skeleton, std::vector<LintFinding>& findings) {
  FindingGroup spaces("name-space", LintSeverity::Warning,
                      "some readers keep only the first word of a name: bvhscope convert --rename 'OLD=NEW'");
  FindingGroup non_ascii("name-non-ascii", LintSeverity::Warning,
                         "some readers (and Windows code pages) mangle such names: bvhscope convert --rename OLD=NEW");
  std::map<std::string_view, std::vector<int>> prefixes;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;  // their names are made from the parent's
    const std::string& name = skeleton.names[static_cast<std::size_t>(joint)];
    const LintPlace place = joint_place(skeleton, joint);
    if (has_space(name)) spaces.add(place, [&] { return "joint name " + quoted(name) + " contains a space"; });
    if (has_non_ascii(name)) {
      non_ascii.add(place, [&] { return "joint name " + quoted(name) + " has bytes outside printable ASCII"; });
    }
    if (const std::string_view prefix = namespace_prefix(name); !prefix.empty()) prefixes[prefix].push_back(joint);
  }
  spaces.flush_to(findings);
  non_ascii.flush_to(findings);
  for (const auto& prefixed : prefixes) {
    const std::string_view prefix = prefixed.first;  // named (not bound): lambdas below capture them
    const auto& joints = prefixed.second;
    FindingGroup group(
        "name-prefix", LintSeverity::Info,
        "tools matching joints by name want plain names: bvhscope convert --strip-prefix " + std::string(prefix));
    for (const int joint : joints) {
      group.add(joint_place(skeleton, joint), [&] {
        return "joint names carry the namespace prefix " + quoted(prefix) + " (" + std::to_string(joints.size()) +
               " of them)";
      });
    }
    group.flush_to(findings);
  }
}

void check_rotation_orders(const Skeleton& skeleton, std::vector<LintFinding>& findings) {
  std::map<std::string, int> counts;
  std::vector<std::string> orders;  // in order of appearance
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    std::string order = skeleton.rotation_order(joint);
    if (order.empty()) continue;
    if (counts[order]++ == 0) orders.push_back(order);
  }
  if (orders.size() < 2) return;
  std::string most_common = orders.front();
  for (const std::string& order : orders) {
    if (counts[order] > counts[most_common]) most_common = order;
  }
  // The hint proposes an order convert takes (three axes): the most common whole order, or, when
  // no joint has three rotation channels, the most common order completed (X: XYZ, ZX: ZXY). A
  // chain of one-channel hinges under a ZXY root proposed "--rotation-order X".
  std::string proposed;
  for (const std::string& order : orders) {
    if (order.size() == 3 && (proposed.empty() || counts[order] > counts[proposed])) proposed = order;
  }
  if (proposed.empty()) {
    proposed = most_common;
    for (const char axis : {'X', 'Y', 'Z'}) {
      if (proposed.find(axis) == std::string::npos) proposed += axis;
    }
  }
  std::string summary;
  for (const std::string& order : orders) {
    if (!summary.empty()) summary += ", ";
    summary += order + " x" + std::to_string(counts[order]);
  }
  FindingGroup group("mixed-rotation-orders", LintSeverity::Info,
                     "legal BVH, but some readers assume one order: bvhscope convert --rotation-order " + proposed +
                         " keeps every pose");
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const std::string order = skeleton.rotation_order(joint);
    if (order.empty() || order == most_common) continue;
    group.add(joint_place(skeleton, joint), [&] {
      return "rotation orders differ (" + summary + "); " + quoted(skeleton.names[static_cast<std::size_t>(joint)]) +
             " uses " + order;
    });
  }
  group.flush_to(findings);
}

void check_bone_lengths(const LintContext& context, std::vector<LintFinding>& findings) {
  const Clip& clip = context.clip;
  const Skeleton& skeleton = clip.skeleton;
  Pose rest;
  pose_rest(clip, rest);
  float rest_extent = 0.0f;
  int bones = 0;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
    if (parent == kNoParent) continue;
    ++bones;
    rest_extent = std::max(rest_extent, glm::length(rest.position(joint) - rest.position(parent)));
  }
  const float height = context.analysis.figure.extent;
  if (bones >= 2 && height > 0.0f && rest_extent <= 0.01f * height) {
    findings.push_back(single_finding(
        "collapsed-rest-pose", LintSeverity::Warning, joint_place(skeleton, skeleton.roots.front()),
        "the rest pose (OFFSETs) is a point: every bone is shorter than 1 % of the figure's size " +
            number_text(height) + "; only the motion's position channels give it a shape",
        "readers that build bones from OFFSET (Blender) get no skeleton: export the file again with the rest pose in "
        "OFFSET"));
    return;
  }
  // A bone shorter than this is zero for any reader (positions in floats of the figure's size).
  const float zero = std::max(height, 1.0f) * 1e-6f;
  // Info: exporters do this on purpose (CMU's hip and shoulder joints, thumbs): the motion is right.
  FindingGroup group("zero-length-bone", LintSeverity::Info,
                     "harmless for the motion, but a bone without length has no direction: tools that build bones "
                     "from joint to joint (Blender) give it an arbitrary one");
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.parents[static_cast<std::size_t>(joint)] == kNoParent) continue;
    if (skeleton.is_end_site(joint)) continue;  // an End Site at its joint only marks where the chain ends
    bool has_positions = false;
    const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
    for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c)
      has_positions = has_positions || is_position(skeleton.channel_kinds[static_cast<std::size_t>(c)]);
    if (has_positions || glm::length(skeleton.offsets[static_cast<std::size_t>(joint)]) > zero) continue;
    group.add(joint_place(skeleton, joint), [&] {
      return "joint " + quoted(skeleton.names[static_cast<std::size_t>(joint)]) +
             " sits on its parent: its OFFSET is 0 0 0 and it has no position channels";
    });
  }
  group.flush_to(findings);
}

}  // namespace bvhscope::lint
