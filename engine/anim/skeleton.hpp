// Skeleton: the BVH joint tree as flat arrays in depth-first file order (parent[i] < i).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

namespace bvhscope {

enum class ChannelKind : std::uint8_t { Xposition, Yposition, Zposition, Xrotation, Yrotation, Zrotation };

constexpr bool is_position(ChannelKind kind) noexcept { return kind <= ChannelKind::Zposition; }
constexpr bool is_rotation(ChannelKind kind) noexcept { return kind >= ChannelKind::Xrotation; }
// 0 for X, 1 for Y, 2 for Z.
constexpr int channel_axis(ChannelKind kind) noexcept { return static_cast<int>(kind) % 3; }
std::string_view channel_name(ChannelKind kind) noexcept;

constexpr int kNoParent = -1;

// Every ROOT, JOINT and End Site is a joint here; End Sites have no channels and no children.
// Several ROOT hierarchies are several roots in the same arrays.
struct Skeleton {
  std::vector<std::string> names;          // End Sites: "<parent name>End"
  std::vector<int> parents;                // kNoParent for roots
  std::vector<glm::vec3> offsets;          // OFFSET, in the parent's frame
  std::vector<int> first_channels;         // index of the joint's first channel in a frame row
  std::vector<int> channel_counts;         // 0..6
  std::vector<std::uint8_t> end_sites;     // 1 for End Sites
  std::vector<int> source_lines;           // line of the ROOT/JOINT/End Site keyword
  std::vector<int> roots;                  // joint indices of the ROOTs in file order
  std::vector<ChannelKind> channel_kinds;  // per channel (frame column), in file order
  std::vector<int> channel_joints;         // per channel, the joint it belongs to

  [[nodiscard]] int joint_count() const noexcept { return static_cast<int>(parents.size()); }
  [[nodiscard]] int channel_count() const noexcept { return static_cast<int>(channel_kinds.size()); }
  [[nodiscard]] bool is_end_site(int joint) const noexcept { return end_sites[joint] != 0; }
  [[nodiscard]] int end_site_count() const noexcept;
  // Depth of each joint (roots are 0), computed in one forward pass.
  [[nodiscard]] std::vector<int> depths() const;
  // "ZXY" for a joint whose rotation channels are Z, X, Y in that order; empty without rotations.
  [[nodiscard]] std::string rotation_order(int joint) const;
  // Whether the joint has a channel of the kind `test` accepts (is_position, is_rotation).
  [[nodiscard]] bool has_channel(int joint, bool (*test)(ChannelKind) noexcept) const;
};

}  // namespace bvhscope
