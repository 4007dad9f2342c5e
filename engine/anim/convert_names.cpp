#include "anim/convert_names.hpp"

#include <cctype>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "anim/pose.hpp"
#include "anim/printable.hpp"

namespace bvhscope {
namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }

char other_side(char c) {
  switch (c) {
    case 'L':
      return 'R';
    case 'R':
      return 'L';
    case 'l':
      return 'r';
    default:
      return 'l';
  }
}

// Every "Left" spelling swapped with the matching "Right" one, at once.
std::optional<std::string> swap_words(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kWords[] = {
      {"Left", "Right"}, {"left", "right"}, {"LEFT", "RIGHT"}};
  std::string out;
  bool swapped = false;
  for (std::size_t i = 0; i < name.size();) {
    bool matched = false;
    for (const auto& [left, right] : kWords) {
      for (const auto& [from, to] : {std::pair{left, right}, std::pair{right, left}}) {
        if (name.substr(i, from.size()) == from) {
          out += to;
          i += from.size();
          matched = swapped = true;
          break;
        }
      }
      if (matched) break;
    }
    if (!matched) out += name[i++];
  }
  if (!swapped) return std::nullopt;
  return out;
}

Result<Clip> checked(Clip clip) {
  if (std::optional<Diagnostic> problem = check_joint_names(clip)) return *problem;
  return clip;
}

}  // namespace

std::optional<std::string> mirrored_name(std::string_view name) {
  if (auto words = swap_words(name)) return words;
  std::string out(name);
  bool swapped = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c != 'L' && c != 'R' && c != 'l' && c != 'r') continue;
    const bool word_start = i == 0 || !is_letter(name[i - 1]);
    if (!word_start) continue;
    const bool alone = i + 1 == name.size() || !is_letter(name[i + 1]);
    const bool before_capital =
        i + 1 < name.size() && is_upper(name[i + 1]) && (is_lower(c) || (i + 2 < name.size() && is_lower(name[i + 2])));
    if (alone || before_capital) {
      out[i] = other_side(c);
      swapped = true;
    }
  }
  if (!swapped) return std::nullopt;
  return out;
}

Result<Clip> swap_side_names(Clip clip) {
  Skeleton& skeleton = clip.skeleton;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    if (auto other = mirrored_name(skeleton.names[joint])) skeleton.names[joint] = std::move(*other);
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

std::optional<int> side_axis(const Clip& clip) {
  const Skeleton& skeleton = clip.skeleton;
  std::unordered_map<std::string_view, int> by_name;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (!skeleton.is_end_site(joint)) by_name.emplace(skeleton.names[joint], joint);
  }
  Pose rest;
  pose_rest(clip, rest);
  glm::dvec3 apart(0.0);
  bool paired = false;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    const std::optional<std::string> other = mirrored_name(skeleton.names[joint]);
    if (!other) continue;
    const auto found = by_name.find(*other);
    if (found == by_name.end()) continue;
    paired = true;
    apart += glm::abs(glm::dvec3(rest.position(joint) - rest.position(found->second)));
  }
  if (!paired || (apart.x == 0.0 && apart.y == 0.0 && apart.z == 0.0)) return std::nullopt;
  return apart.x >= apart.y && apart.x >= apart.z ? 0 : apart.y >= apart.z ? 1 : 2;
}

}  // namespace bvhscope
