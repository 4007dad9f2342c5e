// The lint checks behind lint_clip (lint.hpp), each a function adding its findings to a list, and
// the grouping of many occurrences of one kind into one finding. Internal to engine/anim.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "anim/baked_positions.hpp"
#include "anim/clip.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/lint.hpp"

namespace bvhscope::lint {

// A channel's smallest and largest value over the frames (both 0 without frames).
struct ChannelRange {
  float min = 0.0f;
  float max = 0.0f;
};
// Every channel's range, in one pass over the table: a long motion in slices on worker threads
// (`on_worker_start` runs first on each; the calling thread does the slices left when they starve).
// The same result on any number of threads: a value that is not a number counts only in frame 0
// (where it makes the range not a number), as in a single pass from frame 0.
std::vector<ChannelRange> channel_ranges(const Motion& motion, const std::function<void()>& on_worker_start = {});

// Everything the checks share about one clip, computed once.
struct LintContext {
  const Clip& clip;
  ClipAnalysis analysis;               // position mode, up axis, the figure's height, unit and floor
  BakedPositions baked;                // every joint's world position at every frame (every n-th for huge clips)
  std::vector<ChannelRange> channels;  // channel_ranges of the clip's motion
};

// Occurrences of one kind gathered into one finding: the first one's place and message, the count,
// and the next few places.
class FindingGroup {
 public:
  FindingGroup(std::string code, LintSeverity severity, std::string hint)
      : code_(std::move(code)), severity_(severity), hint_(std::move(hint)) {}

  // `message` is called for the first occurrence only (thousands of occurrences build one string).
  template <typename MessageFn>
  void add(const LintPlace& place, MessageFn&& message) {
    if (count_++ == 0) {
      first_ = place;
      message_ = message();
    } else if (more_.size() < kLintMorePlaces) {
      more_.push_back(place);
    }
  }
  [[nodiscard]] bool empty() const noexcept { return count_ == 0; }
  // Appends the finding when there was an occurrence.
  void flush_to(std::vector<LintFinding>& findings);

 private:
  std::string code_;
  LintSeverity severity_;
  std::string hint_;
  std::size_t count_ = 0;
  LintPlace first_;
  std::string message_;
  std::vector<LintPlace> more_;
};

// One finding with one place.
LintFinding single_finding(std::string code, LintSeverity severity, const LintPlace& place, std::string message,
                           std::string hint);

// A joint's place: the line of its ROOT/JOINT/End Site keyword and its index.
LintPlace joint_place(const Skeleton& skeleton, int joint);
// A joint's name for messages, quoted and cut as parse messages quote tokens.
std::string joint_name(const Skeleton& skeleton, int joint);
// A value for messages: at most `decimals` decimals, trailing zeros dropped ("1.5", "-179").
std::string number_text(double value, int decimals = 2);
inline std::string number_text(float value, int decimals = 2) {
  return number_text(static_cast<double>(value), decimals);
}

// lint_text_checks.cpp: the load's warnings, names, rotation orders, bone lengths and the rest pose.
void check_load_warnings(const Clip& clip, std::vector<LintFinding>& findings);
void check_names(const Skeleton& skeleton, std::vector<LintFinding>& findings);
void check_rotation_orders(const Skeleton& skeleton, std::vector<LintFinding>& findings);
void check_bone_lengths(const LintContext& context, std::vector<LintFinding>& findings);

// lint_channel_checks.cpp: channels that never change, position channels below the root, position
// channels that repeat OFFSET, and Euler angles that jump.
void check_constant_channels(const LintContext& context, std::vector<LintFinding>& findings);
void check_joint_position_channels(const LintContext& context, std::vector<LintFinding>& findings);
void check_position_mode(const LintContext& context, std::vector<LintFinding>& findings);
void check_euler_jumps(const LintContext& context, std::vector<LintFinding>& findings);

// lint_motion_checks.cpp: glitch frames, the frame time against the motion, the floor, the up axis
// and the unit.
void check_glitch_frames(const LintContext& context, std::vector<LintFinding>& findings);
void check_frame_time(const LintContext& context, std::vector<LintFinding>& findings);
void check_floor(const LintContext& context, std::vector<LintFinding>& findings);
void check_up_axis_and_units(const LintContext& context, std::vector<LintFinding>& findings);

}  // namespace bvhscope::lint
