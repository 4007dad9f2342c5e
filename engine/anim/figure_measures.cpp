#include "anim/figure_measures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "anim/body_parts.hpp"

namespace bvhscope {
namespace {

float median_of(std::vector<float> values) {
  if (values.empty()) return 0.0f;
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  return values[middle];
}

std::string metres_text(double metres) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f m", metres);
  return text;
}

// A unit for drawing the grid under a partial rig: the one that makes it about 30 cm.
UnitGuess partial_rig_units(float size) {
  const UnitGuess as_human = guess_units(size * (1.7f / 0.3f));
  return {"unknown", as_human.metres_per_unit};
}

// Standing heights a person can have, in metres: outside, the unit guess is said to be doubtful.
constexpr double kShortestHuman = 0.5;
constexpr double kTallestHuman = 2.5;

}  // namespace

FigureMeasures measure_figure(const Clip& clip, const FigureSample& sample, const glm::mat3& up) {
  FigureMeasures m;
  const auto joints = static_cast<std::size_t>(sample.joint_count);
  const std::size_t samples = sample.sample_count();
  m.sampled_frames = sample.frames.size();

  // Per sampled frame: the body's upright bounds.
  std::vector<Bounds> frame_bounds(samples);
  std::vector<float> extents;
  extents.reserve(samples);
  for (std::size_t s = 0; s < samples; ++s) {
    const std::span<const glm::vec3> points = sample.sample(s);
    for (std::size_t j = 0; j < joints; ++j) {
      if (sample.body[j] != 0) frame_bounds[s].add(up * points[j]);
    }
    extents.push_back(frame_bounds[s].largest_extent());
  }

  // Outlier frames: a joint thrown far (the frame's extent explodes) or the whole body teleported.
  const float typical = median_of(extents);
  std::vector<float> centre_x;
  std::vector<float> centre_y;
  std::vector<float> centre_z;
  for (const Bounds& b : frame_bounds) {
    if (b.empty()) continue;
    centre_x.push_back(b.center().x);
    centre_y.push_back(b.center().y);
    centre_z.push_back(b.center().z);
  }
  const glm::vec3 middle(median_of(centre_x), median_of(centre_y), median_of(centre_z));
  std::vector<float> distances;
  for (const Bounds& b : frame_bounds) {
    if (!b.empty()) distances.push_back(glm::length(b.center() - middle));
  }
  const float reach = 4.0f * median_of(distances) + 2.0f * typical;
  std::vector<std::uint8_t> kept(samples, 1);
  for (std::size_t s = 0; s < samples; ++s) {
    const Bounds& b = frame_bounds[s];
    if (b.empty() || b.largest_extent() > 2.5f * typical + 1e-6f || glm::length(b.center() - middle) > reach + 1e-6f) {
      kept[s] = 0;
      ++m.outlier_frames;
    }
  }
  if (m.outlier_frames == samples) std::fill(kept.begin(), kept.end(), std::uint8_t{1});
  if (m.outlier_frames == samples) m.outlier_frames = 0;

  float tallest = 0.0f;
  float tallest_upright = 0.0f;
  std::vector<float> lows;
  for (std::size_t s = 0; s < samples; ++s) {
    if (kept[s] == 0) continue;
    m.bounds.add(frame_bounds[s]);
    tallest = std::max(tallest, frame_bounds[s].largest_extent());
    tallest_upright = std::max(tallest_upright, frame_bounds[s].size().y);
    lows.push_back(frame_bounds[s].min.y);
  }

  // The floor: the lowest point of the kept frames, leaving out single frames far below the rest.
  if (!lows.empty()) {
    const float median_low = median_of(lows);
    std::vector<float> deviations;
    deviations.reserve(lows.size());
    for (const float low : lows) deviations.push_back(std::abs(low - median_low));
    const float fence = median_low - std::max(6.0f * 1.4826f * median_of(deviations), 0.1f * typical);
    float floor = median_low;
    std::size_t below = 0;
    for (const float low : lows) {
      if (low >= fence) {
        floor = std::min(floor, low);
      } else {
        ++below;
      }
    }
    m.floor = floor;
    m.floor_reason = lows.size() == 1
                         ? std::string("the lowest point of the body in its one frame")
                         : "the lowest point of the body over " + std::to_string(lows.size()) + " sampled frames";
    if (below > 0) m.floor_reason += " (" + std::to_string(below) + " far below the rest left out)";
  }

  // The size: the rest pose when it is a plausible body (the same for every take of a skeleton),
  // else the tallest pose. A positions motion (joint arrays) has no rest pose of its own: its rest
  // offsets are its first frame's bone vectors, a crouch as often as a stance (generated samples),
  // so its tallest pose counts.
  const bool rest_is_first_frame = clip.motion.holds_positions();
  Bounds rest;
  for (std::size_t j = 0; j < joints; ++j) {
    if (sample.body[j] != 0) rest.add(up * sample.rest[j]);
  }
  const float rest_size = rest.largest_extent();
  if (!rest_is_first_frame && rest_size > 0.0f &&
      (tallest <= 0.0f || (rest_size >= 0.6f * tallest && rest_size <= 1.6f * tallest))) {
    m.extent = rest_size;
    m.extent_reason = "the rest pose's largest extent";
  } else {
    m.extent = tallest;
    m.extent_reason = "the tallest pose over the motion";
  }
  // The standing height: the rest pose's along the up axis when it stands upright as the motion
  // does (0.6-1.6 times its tallest upright pose; not a rest pose lying along another axis), else
  // the tallest upright pose.
  const float rest_height = rest.size().y;
  const NamedParts parts = named_parts(clip.skeleton);
  bool rest_upright =
      !rest_is_first_frame && rest_height > 0.0f &&
      (tallest_upright <= 0.0f || (rest_height >= 0.6f * tallest_upright && rest_height <= 1.6f * tallest_upright));
  if (rest_upright && !parts.head.empty() && !parts.feet.empty()) {
    // Named so, the head stands well above the feet (not a rest pose of OFFSETs along each bone's
    // own axis, as Bandai Namco's, which lies in a heap).
    float head = 0.0f;
    float feet = 0.0f;
    for (const int j : parts.head) head += (up * sample.rest[static_cast<std::size_t>(j)]).y;
    for (const int j : parts.feet) feet += (up * sample.rest[static_cast<std::size_t>(j)]).y;
    const float above = head / static_cast<float>(parts.head.size()) - feet / static_cast<float>(parts.feet.size());
    rest_upright = above >= 0.5f * rest_height;
  }
  if (rest_upright) {
    m.height = rest_height;
    m.height_reason = "the rest pose's extent along the up axis";
  } else {
    m.height = tallest_upright;
    m.height_reason = "the tallest upright pose over the motion";
  }
  const int detached = sample.joint_count - sample.body_joints;
  if (detached > 0) {
    const std::string without = ", without " + std::to_string(detached) + " joints far from the body";
    m.extent_reason += without;
    m.height_reason += without;
  }

  int chain_joints = 0;  // joints that are not End Sites
  for (int j = 0; j < clip.skeleton.joint_count(); ++j) chain_joints += clip.skeleton.is_end_site(j) ? 0 : 1;
  if (chain_joints < 6) {
    m.units = partial_rig_units(m.extent);
    m.unit_reason = "too few joints (" + std::to_string(chain_joints) + ") for a human size to compare with";
  } else if (parts.partial_hand_rig()) {
    m.units = partial_rig_units(m.extent);
    m.unit_reason = "a partial rig (a hand or arm): no human size to compare with";
  } else if (!(m.extent > 0.0f)) {
    m.units = {"unknown", 0.01};
    m.unit_reason = "the figure has no size";
  } else {
    // Human-sized means standing height (a T-pose's arm span is no taller a person).
    const float standing = m.height > 0.0f ? m.height : m.extent;
    m.units = guess_units(standing);
    const double metres = static_cast<double>(standing) * m.units.metres_per_unit;
    m.implausible_height = !(metres >= kShortestHuman && metres <= kTallestHuman);
    m.unit_reason = m.implausible_height
                        ? "the unit closest to a human size, but the figure would be " + metres_text(metres) +
                              " tall, outside 0.5-2.5 m for a person: the file may be scaled or in "
                              "another unit (--units sets it)"
                        : "a human-sized figure of " + metres_text(metres);
  }
  return m;
}

}  // namespace bvhscope
