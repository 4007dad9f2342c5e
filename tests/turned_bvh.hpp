// Tests' BVH rewriter: a clip written back as BVH text with its whole world turned by a signed
// permutation Q (a quarter-turn rotation), exactly: every OFFSET and position channel becomes Q·v,
// every rotation channel about axis a becomes one about Q·a (its angle negated when Q·a points
// down an axis). The turned file poses every joint at Q·p in every frame, in both position modes.
// Also writes the clip unturned, and turns only the root's rotation (the rest pose stays).
#pragma once

#include <charconv>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat3x3.hpp>

#include "anim/clip.hpp"
#include "anim/pose.hpp"

namespace bvhscope::test {

// Where Q sends axis a: the axis index and the sign.
struct AxisImage {
  int axis = 0;
  float sign = 1.0f;
};
inline AxisImage axis_image(const glm::mat3& q, int a) {
  for (int b = 0; b < 3; ++b) {
    if (q[a][b] != 0.0f) return {b, q[a][b]};
  }
  return {a, 1.0f};
}

inline void append_number(std::string& out, float value) {
  char digits[32];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

// The clip as BVH text, turned by `q` (a signed permutation; the identity writes it as it is).
inline std::string turned_bvh(const Clip& clip, const glm::mat3& q) {
  const Skeleton& s = clip.skeleton;
  std::string out = "HIERARCHY\n";
  std::vector<int> open;  // joints whose braces are open
  for (int j = 0; j < s.joint_count(); ++j) {
    while (!open.empty() && open.back() != s.parents[static_cast<std::size_t>(j)]) {
      out += "}\n";
      open.pop_back();
    }
    if (s.is_end_site(j)) {
      out += "End Site\n{\n";
    } else {
      out += (s.parents[static_cast<std::size_t>(j)] == kNoParent ? "ROOT " : "JOINT ") +
             s.names[static_cast<std::size_t>(j)] + "\n{\n";
    }
    const glm::vec3 offset = q * s.offsets[static_cast<std::size_t>(j)];
    out += "OFFSET";
    for (int a = 0; a < 3; ++a) {
      out += ' ';
      append_number(out, offset[a]);
    }
    out += '\n';
    if (!s.is_end_site(j)) {
      out += "CHANNELS " + std::to_string(s.channel_counts[static_cast<std::size_t>(j)]);
      const int first = s.first_channels[static_cast<std::size_t>(j)];
      for (int c = first; c < first + s.channel_counts[static_cast<std::size_t>(j)]; ++c) {
        const ChannelKind kind = s.channel_kinds[static_cast<std::size_t>(c)];
        const int axis = axis_image(q, channel_axis(kind)).axis;
        out += ' ';
        out += static_cast<char>('X' + axis);
        out += is_position(kind) ? "position" : "rotation";
      }
      out += '\n';
    }
    open.push_back(j);
  }
  while (!open.empty()) {
    out += "}\n";
    open.pop_back();
  }
  out += "MOTION\nFrames: " + std::to_string(clip.motion.frame_count) + "\nFrame Time: ";
  append_number(out, static_cast<float>(clip.motion.frame_time));
  out += '\n';
  for (std::size_t f = 0; f < clip.motion.frame_count; ++f) {
    const std::span<const float> row = clip.motion.frame(f);
    for (int c = 0; c < s.channel_count(); ++c) {
      if (c > 0) out += ' ';
      append_number(out, axis_image(q, channel_axis(s.channel_kinds[static_cast<std::size_t>(c)])).sign *
                             row[static_cast<std::size_t>(c)]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace bvhscope::test
