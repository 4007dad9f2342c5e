// Lint checks on the channels: values that never change, position channels below the root,
// positions that repeat OFFSET, and Euler angles that jump by more than half a turn between frames.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include "anim/convert_channels.hpp"
#include "anim/lint_checks.hpp"
#include "anim/pose.hpp"
#include "anim/supervised_chunks.hpp"

namespace bvhscope::lint {
namespace {

bool is_non_root_position(const Skeleton& skeleton, int channel) {
  const int joint = skeleton.channel_joints[static_cast<std::size_t>(channel)];
  return is_position(skeleton.channel_kinds[static_cast<std::size_t>(channel)]) &&
         skeleton.parents[static_cast<std::size_t>(joint)] != kNoParent;
}

std::string channel_text(const Skeleton& skeleton, int channel) {
  return joint_name(skeleton, skeleton.channel_joints[static_cast<std::size_t>(channel)]) + " " +
         std::string(channel_name(skeleton.channel_kinds[static_cast<std::size_t>(channel)]));
}

// Angle of the rotation taking `a` to `b`, in degrees.
double rotation_between_degrees(const glm::mat3& a, const glm::mat3& b) {
  const glm::mat3 relative = glm::transpose(a) * b;
  const double cosine = (static_cast<double>(relative[0][0] + relative[1][1] + relative[2][2]) - 1.0) / 2.0;
  return std::acos(std::clamp(cosine, -1.0, 1.0)) * 180.0 / std::numbers::pi;
}

// `delta` less the whole turns in it: the step an unwrapped channel would take (-180..180].
double unwrapped_step(double delta) { return delta - 360.0 * std::round(delta / 360.0); }

}  // namespace

std::vector<ChannelRange> channel_ranges(const Motion& motion, const std::function<void()>& on_worker_start) {
  const auto channels = static_cast<std::size_t>(motion.channel_count);
  std::vector<ChannelRange> ranges(channels);
  if (motion.frame_count == 0) return ranges;
  const std::span<const float> first = motion.frame(0);
  for (std::size_t c = 0; c < channels; ++c) ranges[c] = {first[c], first[c]};
  // Each slice's smallest and largest numbers, from +inf and -inf (which never stand in for a
  // value: std::min and std::max keep them over NaN, and any number replaces them).
  constexpr std::size_t kSliceFrames = 4096;
  const std::size_t slices = (motion.frame_count - 1 + kSliceFrames - 1) / kSliceFrames;  // frames 1..
  constexpr float kInfinity = std::numeric_limits<float>::infinity();
  std::vector<ChannelRange> per_slice(slices * channels, ChannelRange{kInfinity, -kInfinity});
  const auto range_of_slice = [&](std::size_t slice, unsigned) {
    ChannelRange* out = per_slice.data() + slice * channels;
    const std::size_t end = std::min(motion.frame_count, 1 + (slice + 1) * kSliceFrames);
    for (std::size_t f = 1 + slice * kSliceFrames; f < end; ++f) {
      const std::span<const float> row = motion.frame(f);
      for (std::size_t c = 0; c < channels; ++c) {
        out[c].min = std::min(out[c].min, row[c]);
        out[c].max = std::max(out[c].max, row[c]);
      }
    }
  };
  for_each_item(slices, motion.frame_count * channels, range_of_slice, on_worker_start);
  // Folded into frame 0's values as a single pass would: a NaN there stays; later NaNs never count.
  for (std::size_t slice = 0; slice < slices; ++slice) {
    for (std::size_t c = 0; c < channels; ++c) {
      const ChannelRange& part = per_slice[slice * channels + c];
      ranges[c].min = std::min(ranges[c].min, part.min);
      ranges[c].max = std::max(ranges[c].max, part.max);
    }
  }
  return ranges;
}

void check_constant_channels(const LintContext& context, std::vector<LintFinding>& findings) {
  const Skeleton& skeleton = context.clip.skeleton;
  const Motion& motion = context.clip.motion;
  if (motion.frame_count < 2) return;
  const std::vector<ChannelRange>& ranges = context.channels;
  std::size_t constant = 0;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (ranges[static_cast<std::size_t>(c)].min == ranges[static_cast<std::size_t>(c)].max) ++constant;
  }
  FindingGroup group("constant-channel", LintSeverity::Info,
                     "nothing to fix unless the joint should move (its motion was not recorded)");
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    const ChannelRange& range = ranges[static_cast<std::size_t>(c)];
    if (range.min != range.max || is_non_root_position(skeleton, c)) continue;  // those: joint-position-channels
    LintPlace place = joint_place(skeleton, skeleton.channel_joints[static_cast<std::size_t>(c)]);
    place.channel = c;
    group.add(place, [&] {
      return channel_text(skeleton, c) + " is " + number_text(range.min, 4) + " in every frame (" +
             std::to_string(constant) + " of " + std::to_string(skeleton.channel_count()) + " channels never change)";
    });
  }
  group.flush_to(findings);
}

void check_joint_position_channels(const LintContext& context, std::vector<LintFinding>& findings) {
  const Skeleton& skeleton = context.clip.skeleton;
  const Motion& motion = context.clip.motion;
  const std::vector<ChannelRange>& ranges = context.channels;
  const double tolerance = still_position_tolerance(static_cast<double>(context.analysis.figure.extent));
  FindingGroup constant("joint-position-channels", LintSeverity::Info,
                        "bvhscope convert --channels 3 folds these still position channels into OFFSET (their mean)");
  FindingGroup moving("moving-joint-positions", LintSeverity::Warning,
                      "readers that take positions on roots only lose this motion, bones change length; "
                      "bvhscope convert --channels 3 refuses these joints");
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.parents[static_cast<std::size_t>(joint)] == kNoParent) continue;
    const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
    double widest = -1.0;  // the largest range of the joint's position channels; < 0 without any
    int widest_channel = -1;
    for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
      if (!is_position(skeleton.channel_kinds[static_cast<std::size_t>(c)])) continue;
      const ChannelRange& range = ranges[static_cast<std::size_t>(c)];
      const double width =
          motion.frame_count > 0 ? static_cast<double>(range.max) - static_cast<double>(range.min) : 0.0;
      if (width > widest) {
        widest = width;
        widest_channel = c;
      }
    }
    if (widest < 0.0) continue;
    // Moves by more than 0.1 % of the figure's size: more than rounding to a few decimals. The
    // same rule as convert --channels 3, which folds what this calls constant.
    if (widest <= tolerance) {
      constant.add(joint_place(skeleton, joint), [&] {
        return joint_name(skeleton, joint) +
               " has position channels below the root; they never move by more than 0.1 % of the figure's size";
      });
    } else {
      moving.add(joint_place(skeleton, joint), [&] {
        const ChannelRange& range = ranges[static_cast<std::size_t>(widest_channel)];
        return joint_name(skeleton, joint) + " has position channels below the root that move: " +
               std::string(channel_name(skeleton.channel_kinds[static_cast<std::size_t>(widest_channel)])) + " from " +
               number_text(range.min) + " to " + number_text(range.max);
      });
    }
  }
  constant.flush_to(findings);
  moving.flush_to(findings);
}

void check_position_mode(const LintContext& context, std::vector<LintFinding>& findings) {
  const PositionModeDecision& decision = context.analysis.position;
  if (decision.mode != PositionMode::Replace || !decision.automatic) return;  // --position-mode: the user knows
  const Skeleton& skeleton = context.clip.skeleton;
  int first = skeleton.roots.front();
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const int channel = skeleton.first_channels[static_cast<std::size_t>(joint)];
    const bool positions =
        skeleton.channel_counts[static_cast<std::size_t>(joint)] > 0 &&
        std::any_of(skeleton.channel_kinds.begin() + channel,
                    skeleton.channel_kinds.begin() + channel + skeleton.channel_counts[static_cast<std::size_t>(joint)],
                    [](ChannelKind kind) { return is_position(kind); });
    if (positions && glm::length(skeleton.offsets[static_cast<std::size_t>(joint)]) > 0.0f) {
      first = joint;
      break;
    }
  }
  findings.push_back(single_finding(
      "position-repeats-offset", LintSeverity::Warning, joint_place(skeleton, first),
      "position channels repeat OFFSET (absolute positions): read with 'replace' (" + decision.reason + ")",
      "readers following the Biovision rule (add) double these offsets: bvhscope convert writes add-mode positions"));
}

void check_euler_jumps(const LintContext& context, std::vector<LintFinding>& findings) {
  const Skeleton& skeleton = context.clip.skeleton;
  const Motion& motion = context.clip.motion;
  FindingGroup wraps("euler-wrap", LintSeverity::Info,
                     "common (angles kept in -180..180), but tools that filter or resample channels see a spin: "
                     "bvhscope convert --unwrap makes the channels continuous");
  FindingGroup flips("euler-flip", LintSeverity::Warning,
                     "the same orientation written with the other Euler solution (near gimbal lock): curves and "
                     "interpolation see a flip; bvhscope convert --unwrap picks the continuous solution");
  FindingGroup jumps("rotation-jump", LintSeverity::Warning,
                     "the joint turns a large angle in one frame: a capture glitch or a cut; look at that frame");
  // A step larger than this in every channel of the joint, once whole turns are taken out, is motion.
  constexpr double kWrapResidual = 45.0;
  // An orientation change below this with channels jumping is the same pose written another way.
  constexpr double kSamePoseDegrees = 30.0;
  std::vector<int> rotation_channels;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (is_rotation(skeleton.channel_kinds[static_cast<std::size_t>(c)])) rotation_channels.push_back(c);
  }
  for (std::size_t f = 1; f < motion.frame_count; ++f) {
    const std::span<const float> previous = motion.frame(f - 1);
    const std::span<const float> current = motion.frame(f);
    int last_joint = -1;
    for (const int c : rotation_channels) {
      const double delta = static_cast<double>(current[static_cast<std::size_t>(c)]) -
                           static_cast<double>(previous[static_cast<std::size_t>(c)]);
      if (std::abs(delta) <= 180.0) continue;
      const int joint = skeleton.channel_joints[static_cast<std::size_t>(c)];
      if (joint == last_joint) continue;  // one occurrence per joint and frame
      last_joint = joint;
      const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
      double largest_residual = 0.0;
      for (int k = first; k < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++k) {
        if (!is_rotation(skeleton.channel_kinds[static_cast<std::size_t>(k)])) continue;
        const double step = static_cast<double>(current[static_cast<std::size_t>(k)]) -
                            static_cast<double>(previous[static_cast<std::size_t>(k)]);
        largest_residual = std::max(largest_residual, std::abs(unwrapped_step(step)));
      }
      const double turned =
          rotation_between_degrees(joint_rotation(skeleton, joint, previous), joint_rotation(skeleton, joint, current));
      LintPlace place;
      place.frame = static_cast<std::ptrdiff_t>(f);
      place.joint = joint;
      place.channel = c;
      const std::string jump = channel_text(skeleton, c) + " goes from " +
                               number_text(previous[static_cast<std::size_t>(c)]) + " to " +
                               number_text(current[static_cast<std::size_t>(c)]);
      if (largest_residual <= kWrapResidual) {
        wraps.add(place, [&] {
          return jump + ": the same angle, wrapped (the pose turns " + number_text(turned, 1) + " deg)";
        });
      } else if (turned <= kSamePoseDegrees) {
        flips.add(place, [&] {
          return jump + " and its other rotation channels jump too, but the pose turns only " + number_text(turned, 1) +
                 " deg: an Euler flip";
        });
      } else {
        jumps.add(place, [&] { return jump + ": the joint turns " + number_text(turned, 1) + " deg in one frame"; });
      }
    }
  }
  wraps.flush_to(findings);
  flips.flush_to(findings);
  jumps.flush_to(findings);
}

}  // namespace bvhscope::lint
