#include "anim/position_mode.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

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

namespace {

float median_of(std::vector<float>& values) {
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  return values[middle];
}

}  // namespace

PositionModeDecision decide_position_mode(const Clip& clip, PositionModeRequest request) {
  if (request == PositionModeRequest::Add) return {PositionMode::Add, false, "chosen by the user"};
  if (request == PositionModeRequest::Replace) return {PositionMode::Replace, false, "chosen by the user"};

  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  float largest_offset = 0.0f;
  for (const glm::vec3& offset : skeleton.offsets) {
    largest_offset = std::max({largest_offset, std::abs(offset.x), std::abs(offset.y), std::abs(offset.z)});
  }
  const float negligible = 1e-4f * largest_offset;
  // Frames looked at: all of them up to kMaxFrames, else that many spread evenly.
  constexpr std::size_t kMaxFrames = 1024;
  const std::size_t frames = std::min(motion.frame_count, kMaxFrames);
  int position_channels = 0;
  int on_nonzero_offset = 0;
  int absolute = 0;      // channels whose values stay near their OFFSET: absolute positions
  int displacement = 0;  // channels whose values stay near zero: displacements from the OFFSET
  std::vector<float> from_offset(frames);
  std::vector<float> from_zero(frames);
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (!is_position(skeleton.channel_kinds[c])) continue;
    ++position_channels;
    const float offset = skeleton.offsets[skeleton.channel_joints[c]][channel_axis(skeleton.channel_kinds[c])];
    if (std::abs(offset) <= negligible) continue;
    ++on_nonzero_offset;
    if (frames == 0) continue;
    for (std::size_t k = 0; k < frames; ++k) {
      const std::size_t frame = frames == 1 ? 0 : k * (motion.frame_count - 1) / (frames - 1);
      const float value = motion.frame(frame)[static_cast<std::size_t>(c)];
      from_offset[k] = std::abs(value - offset);
      from_zero[k] = std::abs(value);
    }
    const float near_offset = median_of(from_offset);
    const float near_zero = median_of(from_zero);
    const float tolerance = 0.25f * std::abs(offset);
    if (near_offset < tolerance && near_offset < 0.5f * near_zero) {
      ++absolute;
    } else if (near_zero < tolerance && near_zero < 0.5f * near_offset) {
      ++displacement;
    }
  }

  if (position_channels == 0) return {PositionMode::Add, true, "no position channels: add and replace agree"};
  if (on_nonzero_offset == 0) {
    return {PositionMode::Add, true, "every position channel sits on a zero OFFSET: add and replace agree"};
  }
  if (motion.frame_count == 0) return {PositionMode::Add, true, "no frames to judge by: the Biovision rule (add)"};
  const std::string over =
      frames == motion.frame_count ? " over the motion" : " over " + std::to_string(frames) + " frames";
  const std::string of = " of " + std::to_string(on_nonzero_offset) + " position channels on a non-zero OFFSET";
  if (absolute > displacement) {
    std::string reason =
        std::to_string(absolute) + of + " stay near it" + over + ": the file writes absolute positions";
    if (displacement > 0) reason += " (" + std::to_string(displacement) + " stay near zero)";
    return {PositionMode::Replace, true, reason};
  }
  if (displacement > 0) {
    std::string reason =
        std::to_string(displacement) + of + " stay near zero" + over + ": channels are displacements (Biovision rule)";
    if (absolute > 0) reason += " (" + std::to_string(absolute) + " stay near their OFFSET)";
    return {PositionMode::Add, true, reason};
  }
  return {PositionMode::Add, true,
          "no position channel stays near its OFFSET or near zero" + over + ": the Biovision rule (add)"};
}

}  // namespace bvhscope
