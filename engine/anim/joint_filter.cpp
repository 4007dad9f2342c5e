#include "anim/joint_filter.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>

namespace bvhscope {
namespace {

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

std::size_t find_ignore_case(std::string_view text, std::string_view query) noexcept {
  if (query.empty()) return 0;
  const auto found = std::search(text.begin(), text.end(), query.begin(), query.end(),
                                 [](char a, char b) { return lower(a) == lower(b); });
  return found == text.end() ? std::string_view::npos : static_cast<std::size_t>(found - text.begin());
}

JointFilter filter_joints(const Skeleton& skeleton, std::string_view query) {
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  JointFilter filter;
  filter.matches.assign(count, 0);
  filter.visible.assign(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    if (find_ignore_case(skeleton.names[i], query) != std::string_view::npos) {
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
  // Which names are shared, in one flat open-addressing table of joint indices (a million joints
  // make this the biggest table a clip needs: no node per name, one probe sequence per joint).
  const std::size_t count = skeleton.names.size();
  std::size_t slots = 16;
  while (slots < 2 * count) slots *= 2;
  constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  std::vector<std::uint32_t> table(slots, kEmpty);
  std::vector<std::uint8_t> shared(count, 0);
  const std::hash<std::string_view> hash;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string& name = skeleton.names[i];
    for (std::size_t slot = hash(name) & (slots - 1);; slot = (slot + 1) & (slots - 1)) {
      if (table[slot] == kEmpty) {
        table[slot] = static_cast<std::uint32_t>(i);
        break;
      }
      if (skeleton.names[table[slot]] == name) {
        shared[table[slot]] = shared[i] = 1;
        break;
      }
    }
  }
  std::vector<std::string> labels;
  labels.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    labels.push_back(shared[i] != 0 ? skeleton.names[i] + " #" + std::to_string(i) : skeleton.names[i]);
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
