// Lint checks on the posed motion: glitch frames and root jumps, a frame time the motion disagrees
// with, a figure below (or above) the ground, and the up axis and unit guesses.
#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "anim/lint_checks.hpp"

namespace bvhscope::lint {
namespace {

// The median of `values` (reordered); 0 for none.
float median_of(std::vector<float>& values) {
  if (values.empty()) return 0.0f;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

// Whether a frame's rotation values are (nearly) all 0: at most 1 in 10 of them is not.
bool rest_pose_row(const Clip& clip, std::size_t frame) {
  const Skeleton& skeleton = clip.skeleton;
  const std::span<const float> row = clip.motion.frame(frame);
  int rotations = 0;
  int turned = 0;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (!is_rotation(skeleton.channel_kinds[static_cast<std::size_t>(c)])) continue;
    ++rotations;
    turned += row[static_cast<std::size_t>(c)] != 0.0f ? 1 : 0;
  }
  return rotations > 0 && turned * 10 <= rotations;
}

// Frame rates people record at; a Frame Time equal to one of them was most likely meant as a rate.
constexpr double kCommonRates[] = {12, 15, 24, 25, 30, 48, 50, 60, 90, 100, 120, 240};

// A human-sized figure whose unit was guessed (partial rigs and tiny skeletons have none).
bool unit_known(const FigureMeasures& figure) {
  return figure.units.unit != "unknown" && figure.units.metres_per_unit > 0.0 && figure.extent > 0.0f;
}

}  // namespace

void check_glitch_frames(const LintContext& context, std::vector<LintFinding>& findings) {
  const BakedPositions& baked = context.baked;
  const Skeleton& skeleton = context.clip.skeleton;
  const std::size_t frames = baked.frame_count;
  const int joints = baked.joint_count;
  const float height = context.analysis.figure.extent;
  if (frames < 3 || joints == 0 || !(height > 0.0f)) return;
  const int root = skeleton.roots.front();
  // Each joint relative to its root (a root's own path is judged by root-jump below): a glitch is a
  // joint that leaves the body for one frame and comes back, whatever the body does meanwhile.
  std::vector<int> root_of(static_cast<std::size_t>(joints));
  for (int joint = 0; joint < joints; ++joint) {
    const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
    root_of[static_cast<std::size_t>(joint)] = parent == kNoParent ? joint : root_of[static_cast<std::size_t>(parent)];
  }
  auto relative = [&](std::size_t frame, int joint) {
    return baked.at(frame, joint) - baked.at(frame, root_of[static_cast<std::size_t>(joint)]);
  };
  std::vector<float> worst_ratio(frames, 0.0f);  // per frame: the largest spike over its joint's threshold
  std::vector<int> worst_joint(frames, -1);
  std::vector<float> worst_step(frames, 0.0f);
  auto note = [&](std::size_t frame, int joint, float step, float threshold) {
    if (step / threshold <= worst_ratio[frame]) return;
    worst_ratio[frame] = step / threshold;
    worst_joint[frame] = joint;
    worst_step[frame] = step;
  };
  // Every joint's step relative to its root from each frame to the next, joint-major, computed in
  // one pass over the frames (reading the baked positions in order).
  const std::size_t step_count = frames - 1;
  std::vector<float> all_steps(step_count * static_cast<std::size_t>(joints));
  std::vector<glm::vec3> previous(static_cast<std::size_t>(joints));
  std::vector<glm::vec3> current(static_cast<std::size_t>(joints));
  for (int joint = 0; joint < joints; ++joint) previous[static_cast<std::size_t>(joint)] = relative(0, joint);
  for (std::size_t f = 1; f < frames; ++f) {
    for (int joint = 0; joint < joints; ++joint) {
      const auto j = static_cast<std::size_t>(joint);
      current[j] = relative(f, joint);
      all_steps[j * step_count + f - 1] = glm::length(current[j] - previous[j]);
    }
    std::swap(previous, current);
  }
  std::vector<float> sorted(step_count);
  for (int joint = 0; joint < joints; ++joint) {
    if (skeleton.parents[static_cast<std::size_t>(joint)] == kNoParent) continue;
    const float* steps = all_steps.data() + static_cast<std::size_t>(joint) * step_count;
    sorted.assign(steps, steps + step_count);
    // A spike: 10 times the joint's usual step and 15 % of the figure's size, out and back.
    const float threshold = std::max(10.0f * median_of(sorted), 0.15f * height);
    for (std::size_t f = 1; f + 1 < frames; ++f) {
      const float smaller = std::min(steps[f - 1], steps[f]);
      if (smaller <= threshold) continue;
      if (glm::length(relative(f + 1, joint) - relative(f - 1, joint)) >= 0.5f * smaller) continue;
      note(f, joint, smaller, threshold);
    }
    // The first and the last frame can only jump one way: far from their neighbour, which is close
    // to the frame after it.
    if (steps[0] > threshold && steps[1] < 0.25f * steps[0]) note(0, joint, steps[0], threshold);
    if (steps[frames - 2] > threshold && steps[frames - 3] < 0.25f * steps[frames - 2])
      note(frames - 1, joint, steps[frames - 2], threshold);
  }
  FindingGroup glitches("glitch-frame", LintSeverity::Warning,
                        "a capture glitch: the joint leaves the body for one frame; replace the frame (interpolate "
                        "its neighbours) or cut it out (bvhscope convert --frames A:B)");
  FindingGroup rest_frames("rest-pose-frame", LintSeverity::Warning,
                           "the exporter wrote the rest pose as a frame of the motion: cut it (bvhscope convert "
                           "--frames A:B)");
  for (std::size_t f = 0; f < frames; ++f) {
    if (worst_joint[f] < 0) continue;
    LintPlace place;
    place.frame = static_cast<std::ptrdiff_t>(baked.clip_frame(f));
    place.joint = worst_joint[f];
    if ((f == 0 || f + 1 == frames) && rest_pose_row(context.clip, baked.clip_frame(f))) {
      rest_frames.add(place, [&] {
        return std::string(f == 0 ? "the first" : "the last") +
               " frame is the rest pose (its rotations are 0): the body jumps from it to the motion (" +
               joint_name(skeleton, worst_joint[f]) + " by " +
               number_text(100.0 * static_cast<double>(worst_step[f] / height), 0) + " % of the figure's size)";
      });
      continue;
    }
    glitches.add(place, [&] {
      const std::string share = number_text(100.0 * static_cast<double>(worst_step[f] / height), 0);
      if (f == 0 || f + 1 == frames) {
        return joint_name(skeleton, worst_joint[f]) + " moves " + number_text(worst_step[f]) + " (" + share +
               " % of the figure's size) between the " + (f == 0 ? "first two frames" : "last two frames") +
               " and little next to them: the " + (f == 0 ? "first" : "last") + " frame does not follow the motion";
      }
      return joint_name(skeleton, worst_joint[f]) + " jumps " + number_text(worst_step[f]) +
             " away from the body and back (" + share + " % of the figure's size) in one frame";
    });
  }
  rest_frames.flush_to(findings);
  glitches.flush_to(findings);

  // The root: a step far above its usual one that does not come back (a cut, a teleport).
  std::vector<float> steps(step_count);
  for (std::size_t f = 1; f < frames; ++f) steps[f - 1] = glm::length(baked.at(f, root) - baked.at(f - 1, root));
  sorted = steps;
  const float root_threshold =
      std::max(20.0f * median_of(sorted), 0.25f * height * static_cast<float>(baked.frame_step));
  FindingGroup root_jumps("root-jump", LintSeverity::Warning,
                          "the whole figure moves further in one frame than a person can: two takes joined, or a "
                          "dropped stretch of frames; look at that frame");
  for (std::size_t f = 1; f < frames; ++f) {
    if (steps[f - 1] <= root_threshold) continue;
    LintPlace place;
    place.frame = static_cast<std::ptrdiff_t>(baked.clip_frame(f));
    place.joint = root;
    root_jumps.add(place, [&] {
      return "the root " + joint_name(skeleton, root) + " moves " + number_text(steps[f - 1]) + " in one frame (" +
             number_text(100.0 * static_cast<double>(steps[f - 1] / height), 0) + " % of the figure's size)";
    });
  }
  root_jumps.flush_to(findings);
}

void check_frame_time(const LintContext& context, std::vector<LintFinding>& findings) {
  const Clip& clip = context.clip;
  const double declared = clip.declared_frame_time;
  if (clip.motion.frame_count < 2) return;
  if (declared >= 1.0) {
    for (const double rate : kCommonRates) {
      if (std::abs(declared - rate) > 1e-3 * rate) continue;
      LintPlace place;
      findings.push_back(single_finding(
          "frame-time", LintSeverity::Warning, place,
          "'Frame Time: " + number_text(declared, 6) + "' is " + number_text(declared, 6) +
              " seconds per frame: it looks like a rate (" + number_text(rate, 0) + " frames per second)",
          "Frame Time is seconds per frame: bvhscope convert --fps " + number_text(rate, 0)));
      return;
    }
  }
  // How fast the body's fastest joint moves, typically: a person's hands and feet move a few
  // heights per second at most, most of the time far less.
  const BakedPositions& baked = context.baked;
  const float height = context.analysis.figure.extent;
  if (!unit_known(context.analysis.figure) || baked.frame_count < 2) return;
  std::vector<float> fastest(baked.frame_count - 1, 0.0f);
  for (std::size_t f = 1; f < baked.frame_count; ++f) {
    float largest = 0.0f;
    for (int joint = 0; joint < baked.joint_count; ++joint)
      largest = std::max(largest, glm::length(baked.at(f, joint) - baked.at(f - 1, joint)));
    fastest[f - 1] = largest;
  }
  const double seconds_per_step = static_cast<double>(baked.frame_step) * clip.motion.frame_time;
  const double heights_per_second = static_cast<double>(median_of(fastest) / height) / seconds_per_step;
  // Over 8 heights per second (about 14 m/s for a person) as the typical fastest joint: no human motion.
  constexpr double kImplausible = 8.0;
  if (heights_per_second <= kImplausible) return;
  const double metres_per_second =
      heights_per_second * static_cast<double>(height) * context.analysis.figure.units.metres_per_unit;
  // The rate at which the typical fastest joint would move 2 heights per second (a brisk walk's feet).
  const double plausible_rate = 1.0 / (clip.motion.frame_time * heights_per_second / 2.0);
  LintPlace place;
  findings.push_back(single_finding(
      "frame-time", LintSeverity::Warning, place,
      "at " + number_text(1.0 / clip.motion.frame_time, 2) + " fps the fastest joint typically moves " +
          number_text(metres_per_second, 1) + " m/s (" + number_text(heights_per_second, 1) +
          " body heights per second): the motion looks right only at a lower rate (about " +
          number_text(plausible_rate, 0) + " fps)",
      "a guess, not a certainty: if the motion plays too fast, write the real rate with bvhscope convert --fps N"));
}

void check_floor(const LintContext& context, std::vector<LintFinding>& findings) {
  const FigureMeasures& figure = context.analysis.figure;
  // Without frames the root stands where its OFFSET puts it (the origin, mostly): no floor to judge.
  // With an up axis guessed weakly, "below" may be sideways: said only for a known or certain axis.
  const UpAxisDecision& up = context.analysis.up;
  if (!unit_known(figure) || context.clip.motion.frame_count == 0 || (up.automatic && !up.certain)) return;
  const auto floor = static_cast<double>(figure.floor);
  const double share = floor / static_cast<double>(figure.extent);
  const std::string amount =
      number_text(std::abs(floor)) + " (" + number_text(std::abs(share) * 100.0, 0) + " % of the figure's size)";
  if (share < -0.05) {
    findings.push_back(single_finding(
        "below-floor", LintSeverity::Warning, LintPlace{},
        "the figure stands " + amount + " below the ground plane (its lowest contact level, along the up axis)",
        "tools that draw the ground at 0 show it sunk: bvhscope convert --ground"));
  } else if (share > 0.05) {
    findings.push_back(single_finding(
        "above-floor", LintSeverity::Info, LintPlace{},
        "the figure stands " + amount + " above the ground plane (its lowest contact level, along the up axis)",
        "tools that draw the ground at 0 show it floating: bvhscope convert --ground"));
  }
}

void check_up_axis_and_units(const LintContext& context, std::vector<LintFinding>& findings) {
  const UpAxisDecision& up = context.analysis.up;
  if (up.automatic && up.axis != UpAxis::PosY) {
    findings.push_back(single_finding("up-axis", LintSeverity::Info, LintPlace{},
                                      "the figure stands along " + std::string(up_axis_name(up.axis)) +
                                          ", not +y as BVH readers expect (" + up.reason + ")",
                                      "bvhscope convert --up +y turns it upright"));
  } else if (up.automatic && !up.certain) {
    findings.push_back(single_finding("up-axis", LintSeverity::Info, LintPlace{}, "up axis: " + up.reason,
                                      "if the figure lies down, pass --up AXIS"));
  }
  const FigureMeasures& figure = context.analysis.figure;
  if (unit_known(figure) && figure.implausible_height) {
    findings.push_back(single_finding("units", LintSeverity::Warning, LintPlace{},
                                      "unit guess " + std::string(figure.units.unit) + ": " + figure.unit_reason,
                                      "bvhscope convert --units sets the unit (--units in metrics and compare)"));
  } else if (unit_known(figure)) {
    const std::string unit(figure.units.unit);
    findings.push_back(single_finding(
        "units", LintSeverity::Info, LintPlace{},
        "lengths look like " + unit + ": the figure is about " +
            number_text(static_cast<double>(figure.height) * figure.units.metres_per_unit, 2) + " m tall",
        unit == "metres" ? std::string("--units overrides the guess in metrics and compare")
                         : "bvhscope convert --units m writes metres (--units overrides the guess)"));
  } else {
    findings.push_back(single_finding("units", LintSeverity::Info, LintPlace{}, "unit unknown: " + figure.unit_reason,
                                      "pass --units to metrics and compare"));
  }
}

}  // namespace bvhscope::lint
