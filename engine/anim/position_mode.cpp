#include "anim/position_mode.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "anim/figure_sample.hpp"
#include "anim/up_axis_detection.hpp"

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

// How far a mode's picture is from a figure standing on the file's floor, in figure sizes: the
// body's lowest point along its up axis from the origin plane (median over the sampled frames),
// plus the first root's distance from the body's bounds (a root left behind while the body is
// carried off by OFFSETs added twice).
struct Picture {
  float lowest = 0.0f;    // median lowest point above the origin plane, in figure sizes
  float root_gap = 0.0f;  // median distance of the root from the body, in figure sizes
  [[nodiscard]] float misfit() const noexcept { return std::abs(lowest) + root_gap; }
};

Picture picture_of(const Clip& clip, PositionMode mode) {
  const FigureSample sample = sample_figure(clip, mode, 64);
  const UpAxisDecision up = decide_up_axis(clip, sample, UpAxisRequest{});
  const glm::vec3 axis = up_axis_vector(up.axis);
  const int root = clip.skeleton.roots.empty() ? 0 : clip.skeleton.roots.front();
  const auto joints = static_cast<std::size_t>(sample.joint_count);
  std::vector<float> lows;
  std::vector<float> gaps;
  std::vector<float> sizes;
  for (std::size_t s = 0; s < sample.sample_count(); ++s) {
    const std::span<const glm::vec3> points = sample.sample(s);
    glm::vec3 lo(std::numeric_limits<float>::max());
    glm::vec3 hi(std::numeric_limits<float>::lowest());
    float low = std::numeric_limits<float>::max();
    for (std::size_t j = 0; j < joints; ++j) {
      if (sample.body[j] == 0) continue;
      lo = glm::min(lo, points[j]);
      hi = glm::max(hi, points[j]);
      low = std::min(low, glm::dot(points[j], axis));
    }
    if (lo.x > hi.x) continue;
    const glm::vec3 root_at = points[static_cast<std::size_t>(root)];
    const glm::vec3 outside = glm::max(lo - root_at, glm::max(root_at - hi, glm::vec3(0.0f)));
    sizes.push_back(std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z}));
    lows.push_back(low);
    gaps.push_back(std::sqrt(glm::dot(outside, outside)));
  }
  Picture picture;
  if (sizes.empty()) return picture;
  const float size = median_of(sizes);
  if (!(size > 0.0f)) return picture;
  picture.lowest = median_of(lows) / size;
  picture.root_gap = median_of(gaps) / size;
  return picture;
}

std::string percent_text(float share) {
  return std::to_string(static_cast<int>(std::lround(std::abs(share) * 100.0f))) + " % of its size";
}

// "add floats the figure 52 % of its size above the origin plane", "replace stands it on the origin plane".
std::string picture_text(std::string_view mode, const Picture& picture) {
  std::string text(mode);
  if (std::abs(picture.lowest) < 0.05f) {
    text += " stands the figure on the origin plane";
  } else if (picture.lowest > 0.0f) {
    text += " floats the figure " + percent_text(picture.lowest) + " above the origin plane";
  } else {
    text += " sinks the figure " + percent_text(picture.lowest) + " below the origin plane";
  }
  if (picture.root_gap >= 0.05f) text += " with its root " + percent_text(picture.root_gap) + " away from the body";
  return text;
}

// Two pictures differing by less than this (in figure sizes) do not decide a tie.
constexpr float kPictureMargin = 0.1f;

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
  if (absolute == displacement && absolute > 0) {
    // A tie: the picture decides. The mode whose figure stands on the file's floor with its root
    // in the body wins; the Biovision rule (add) when both look alike.
    const Picture added = picture_of(clip, PositionMode::Add);
    const Picture replaced = picture_of(clip, PositionMode::Replace);
    const std::string votes = std::to_string(absolute) + of + " stay near it and " + std::to_string(displacement) +
                              " near zero" + over + ": a tie, decided by the picture (";
    const bool replace_wins = replaced.misfit() + kPictureMargin < added.misfit();
    const bool add_wins = added.misfit() + kPictureMargin < replaced.misfit();
    if (replace_wins) {
      return {PositionMode::Replace, true,
              votes + picture_text("replace", replaced) + "; " + picture_text("add", added) + ")"};
    }
    return {PositionMode::Add, true,
            votes + picture_text("add", added) + "; " + picture_text("replace", replaced) +
                (add_wins ? ")" : "; alike, so the Biovision rule: add)"),
            add_wins};
  }
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
          "no position channel stays near its OFFSET or near zero" + over + ": the Biovision rule (add)", false};
}

}  // namespace bvhscope
