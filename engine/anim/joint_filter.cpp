#include "anim/joint_filter.hpp"

#include <algorithm>
#include <unordered_map>

namespace bvhscope {
namespace {

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool contains_ignore_case(std::string_view text, std::string_view query) noexcept {
  if (query.empty()) return true;
  const auto found = std::search(text.begin(), text.end(), query.begin(), query.end(),
                                 [](char a, char b) { return lower(a) == lower(b); });
  return found != text.end();
}

}  // namespace

JointFilter filter_joints(const Skeleton& skeleton, std::string_view query) {
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  JointFilter filter;
  filter.matches.assign(count, 0);
  filter.visible.assign(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    if (contains_ignore_case(skeleton.names[i], query)) {
      filter.matches[i] = 1;
      filter.visible[i] = 1;
      ++filter.match_count;
    }
  }
  for (std::size_t i = count; i-- > 0;) {
    const int parent = skeleton.parents[i];
    if (filter.visible[i] && parent != kNoParent) filter.visible[static_cast<std::size_t>(parent)] = 1;
  }
  return filter;
}

std::vector<std::string> joint_labels(const Skeleton& skeleton) {
  std::unordered_map<std::string_view, int> uses;
  for (const std::string& name : skeleton.names) ++uses[name];
  std::vector<std::string> labels;
  labels.reserve(skeleton.names.size());
  for (std::size_t i = 0; i < skeleton.names.size(); ++i) {
    labels.push_back(uses[skeleton.names[i]] > 1 ? skeleton.names[i] + " #" + std::to_string(i) : skeleton.names[i]);
  }
  return labels;
}

std::vector<int> joint_children(const Skeleton& skeleton, int joint) {
  std::vector<int> children;
  for (int i = joint + 1; i < skeleton.joint_count(); ++i) {
    if (skeleton.parents[i] == joint) children.push_back(i);
  }
  return children;
}

}  // namespace bvhscope
