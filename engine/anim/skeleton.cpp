#include "anim/skeleton.hpp"

#include <algorithm>
#include <array>

namespace bvhscope {

std::string_view channel_name(ChannelKind kind) noexcept {
  static constexpr std::array<std::string_view, 6> kNames = {"Xposition", "Yposition", "Zposition",
                                                             "Xrotation", "Yrotation", "Zrotation"};
  return kNames[static_cast<std::size_t>(kind)];
}

int Skeleton::end_site_count() const noexcept {
  return static_cast<int>(std::count(end_sites.begin(), end_sites.end(), std::uint8_t{1}));
}

std::vector<int> Skeleton::depths() const {
  std::vector<int> depth(parents.size(), 0);
  for (std::size_t i = 0; i < parents.size(); ++i) {
    if (parents[i] != kNoParent) depth[i] = depth[static_cast<std::size_t>(parents[i])] + 1;
  }
  return depth;
}

bool Skeleton::has_channel(int joint, bool (*test)(ChannelKind) noexcept) const {
  const int first = first_channels[static_cast<std::size_t>(joint)];
  for (int c = first; c < first + channel_counts[static_cast<std::size_t>(joint)]; ++c)
    if (test(channel_kinds[static_cast<std::size_t>(c)])) return true;
  return false;
}

std::string Skeleton::rotation_order(int joint) const {
  std::string order;
  const int first = first_channels[joint];
  for (int c = first; c < first + channel_counts[joint]; ++c) {
    if (is_rotation(channel_kinds[c])) order += static_cast<char>('X' + channel_axis(channel_kinds[c]));
  }
  return order;
}

}  // namespace bvhscope
