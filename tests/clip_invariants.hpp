// Structural invariants every loaded Clip must satisfy; shared by the fuzzer and the hostile-input tests.
#pragma once

#include <string>

#include "anim/clip.hpp"

namespace bvhscope::test {

// Empty when the clip is consistent, else a description of the first broken invariant.
inline std::string broken_invariant(const Clip& clip) {
  const Skeleton& s = clip.skeleton;
  const auto joints = static_cast<std::size_t>(s.joint_count());
  if (s.names.size() != joints || s.offsets.size() != joints || s.first_channels.size() != joints ||
      s.channel_counts.size() != joints || s.end_sites.size() != joints || s.source_lines.size() != joints) {
    return "per-joint arrays differ in length";
  }
  if (joints == 0 || s.roots.empty()) return "no joints or no roots";
  if (s.channel_joints.size() != s.channel_kinds.size()) return "per-channel arrays differ in length";
  int next_channel = 0;
  for (std::size_t i = 0; i < joints; ++i) {
    const int parent = s.parents[i];
    if (parent >= static_cast<int>(i) || parent < kNoParent)
      return "parent not before child at joint " + std::to_string(i);
    if (parent != kNoParent && s.is_end_site(parent)) return "an End Site has a child";
    if (s.channel_counts[i] < 0 || s.channel_counts[i] > 6) return "channel count out of range";
    if (s.is_end_site(static_cast<int>(i)) && s.channel_counts[i] != 0) return "an End Site has channels";
    if (s.channel_counts[i] > 0) {
      if (s.first_channels[i] != next_channel) return "channels not in file order";
      for (int c = s.first_channels[i]; c < s.first_channels[i] + s.channel_counts[i]; ++c) {
        if (s.channel_joints[static_cast<std::size_t>(c)] != static_cast<int>(i)) return "channel owner mismatch";
      }
      next_channel += s.channel_counts[i];
    }
    if (s.names[i].empty()) return "empty name";
  }
  if (next_channel != s.channel_count()) return "channel total mismatch";
  const Motion& m = clip.motion;
  if (m.channel_count != s.channel_count()) return "motion channel count mismatch";
  if (m.values.size() != m.frame_count * static_cast<std::size_t>(m.channel_count)) return "motion table size mismatch";
  if (!(m.frame_time > 0.0)) return "frame time not positive";
  for (const Diagnostic& w : clip.warnings) {
    // Located at a line and column, or about the whole file (line and column 0: glTF's warnings).
    const bool located = w.line >= 1 && w.column >= 1;
    const bool whole_file = w.line == 0 && w.column == 0;
    if ((!located && !whole_file) || w.message.empty()) return "warning without a location or message";
  }
  return {};
}

}  // namespace bvhscope::test
