#include "anim/convert_names.hpp"

#include <cstddef>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include <glm/glm.hpp>

#include "anim/figure_sample.hpp"
#include "anim/pose.hpp"
#include "anim/printable.hpp"

namespace bvhscope {
namespace {

Result<Clip> checked(Clip clip) {
  if (std::optional<Diagnostic> problem = check_joint_names(clip)) return *problem;
  return clip;
}

}  // namespace

Result<Clip> swap_side_names(Clip clip, const SidePairs& pairs) {
  const std::vector<std::string> before = clip.skeleton.names;
  for (std::size_t joint = 0; joint < pairs.counterpart.size(); ++joint) {
    const int other = pairs.counterpart[joint];
    if (other >= 0) clip.skeleton.names[joint] = before[static_cast<std::size_t>(other)];
  }
  return checked(std::move(clip));
}

Clip with_safe_names(Clip clip, std::vector<SafeNameChange>* changed) {
  Skeleton& skeleton = clip.skeleton;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    std::string& name = skeleton.names[joint];
    if (is_printable(name)) continue;
    std::string safe = with_safe_characters(name, '_');
    if (changed) changed->push_back({joint, name, safe});
    name = std::move(safe);
  }
  return clip;
}

Clip with_unique_names(Clip clip, int* renamed) {
  Skeleton& skeleton = clip.skeleton;
  std::unordered_set<std::string> taken;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (!skeleton.is_end_site(joint)) taken.insert(skeleton.names[joint]);
  }
  std::unordered_set<std::string> seen;
  int count = 0;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    std::string& name = skeleton.names[joint];
    if (seen.insert(name).second) continue;
    std::string unique;
    for (int suffix = 2; unique.empty() || taken.count(unique) != 0; ++suffix)
      unique = name + '_' + std::to_string(suffix);
    taken.insert(unique);
    seen.insert(unique);
    name = std::move(unique);
    ++count;
  }
  if (renamed) *renamed = count;
  return clip;
}

Result<Clip> strip_name_prefix(Clip clip, std::string_view prefix) {
  if (prefix.empty()) return clip;
  for (std::string& name : clip.skeleton.names) {
    if (name.starts_with(prefix)) name.erase(0, prefix.size());
  }
  return checked(std::move(clip));
}

Result<Clip> rename_joints(Clip clip, const std::vector<std::pair<std::string, std::string>>& renames) {
  Skeleton& skeleton = clip.skeleton;
  // Renames look up the names before any of them, so that A=B and B=A swap two joints.
  std::unordered_map<std::string, int> by_name;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (!skeleton.is_end_site(joint)) by_name.emplace(skeleton.names[joint], joint);
  }
  for (const auto& [old_name, new_name] : renames) {
    const auto found = by_name.find(old_name);
    if (found == by_name.end()) return Diagnostic{clip.source, 0, 0, "--rename: no joint is named '" + old_name + "'"};
    skeleton.names[found->second] = new_name;
  }
  return checked(std::move(clip));
}

std::optional<Diagnostic> check_joint_names(const Clip& clip) {
  const Skeleton& skeleton = clip.skeleton;
  std::unordered_set<std::string_view> seen;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    const std::string& name = skeleton.names[joint];
    const auto problem = [&](const std::string& what) {
      return Diagnostic{clip.source, skeleton.source_lines[joint], 1,
                        "the joint name '" + name + "' " + what + " (a BVH joint name cannot)"};
    };
    if (name.empty()) return Diagnostic{clip.source, skeleton.source_lines[joint], 1, "a joint name would be empty"};
    for (const char c : name) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return problem("holds a control character");
    }
    if (!is_printable(name))
      return problem("holds a byte that is not UTF-8, a C1 control or a bidi or format character");
    if (name.front() == ' ' || name.back() == ' ' || name.back() == '{' || name.front() == '{' || name.front() == '}')
      return problem("starts or ends with a space or a brace");
    if (!seen.insert(name).second) return problem("is used by two joints");
  }
  return std::nullopt;
}

std::optional<int> side_axis(const Clip& clip, const SidePairs& pairs, UpAxis up) {
  if (!pairs.any()) return std::nullopt;
  const glm::vec3 up_direction = up_axis_vector(up);
  const int vertical = up_direction.x != 0.0f ? 0 : up_direction.y != 0.0f ? 1 : 2;
  constexpr std::size_t kSampledFrames = 64;
  const FigureSample sample = sample_figure(clip, PositionMode::Add, kSampledFrames);
  glm::dvec3 apart(0.0);
  const auto add_pose = [&](std::span<const glm::vec3> positions) {
    for (std::size_t joint = 0; joint < pairs.counterpart.size(); ++joint) {
      const int other = pairs.counterpart[joint];
      if (other >= 0) apart += glm::abs(glm::dvec3(positions[joint] - positions[static_cast<std::size_t>(other)]));
    }
  };
  add_pose(sample.rest);
  if (!sample.frames.empty()) {
    for (std::size_t index = 0; index < sample.sample_count(); ++index) add_pose(sample.sample(index));
  }
  apart[vertical] = -1.0;
  const int side = apart.x >= apart.y && apart.x >= apart.z ? 0 : apart.y >= apart.z ? 1 : 2;
  if (!(apart[side] > 0.0)) return std::nullopt;
  return side;
}

}  // namespace bvhscope
