#include "anim/position_mode.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

std::string_view position_mode_name(PositionMode mode) noexcept {
  return mode == PositionMode::Add ? "add" : "replace";
}

std::optional<PositionModeRequest> parse_position_mode_request(std::string_view text) noexcept {
  if (text == "auto") return PositionModeRequest::Auto;
  if (text == "add") return PositionModeRequest::Add;
  if (text == "replace") return PositionModeRequest::Replace;
  return std::nullopt;
}

PositionModeDecision decide_position_mode(const Clip& clip, PositionModeRequest request) {
  if (request == PositionModeRequest::Add) return {PositionMode::Add, false, "chosen by the user"};
  if (request == PositionModeRequest::Replace) return {PositionMode::Replace, false, "chosen by the user"};

  const Skeleton& skeleton = clip.skeleton;
  float largest_offset = 0.0f;
  for (const glm::vec3& offset : skeleton.offsets) {
    largest_offset = std::max({largest_offset, std::abs(offset.x), std::abs(offset.y), std::abs(offset.z)});
  }
  const float negligible = 1e-4f * largest_offset;
  int position_channels = 0;
  int on_nonzero_offset = 0;
  int repeating = 0;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (!is_position(skeleton.channel_kinds[c])) continue;
    ++position_channels;
    const float offset = skeleton.offsets[skeleton.channel_joints[c]][channel_axis(skeleton.channel_kinds[c])];
    if (std::abs(offset) <= negligible) continue;
    ++on_nonzero_offset;
    if (clip.motion.frame_count == 0) continue;
    const float value = clip.motion.frame(0)[static_cast<std::size_t>(c)];
    if (std::abs(value - offset) <= 0.02f * std::abs(offset)) ++repeating;
  }

  if (position_channels == 0) return {PositionMode::Add, true, "no position channels: add and replace agree"};
  if (on_nonzero_offset == 0) {
    return {PositionMode::Add, true, "every position channel sits on a zero OFFSET: add and replace agree"};
  }
  if (clip.motion.frame_count == 0) return {PositionMode::Add, true, "no frames to judge by: the Biovision rule (add)"};
  if (repeating > 0) {
    return {PositionMode::Replace, true,
            std::to_string(repeating) + " of " + std::to_string(on_nonzero_offset) +
                " position channels on a non-zero OFFSET repeat it in frame 1: the file writes absolute positions"};
  }
  return {PositionMode::Add, true,
          "no position channel repeats its non-zero OFFSET in frame 1: channels are displacements (Biovision rule)"};
}

}  // namespace bvhscope
