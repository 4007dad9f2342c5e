#include "python_motion.hpp"

#include <algorithm>

#include <glm/gtc/quaternion.hpp>

#include "anim/clip_analysis.hpp"
#include "anim/euler.hpp"
#include "anim/pose.hpp"
#include "anim/supervised_chunks.hpp"
#include "anim/thread_policy.hpp"
#include "cli/arguments.hpp"
#include "cli/load_for_cli.hpp"
#include "formats/read_motions.hpp"

namespace bvhscope::python {
namespace {

// The decisions of export about one clip: the position mode, and the turn when `up` was given.
LoadedMotion decided(Clip clip, const cli::InterpretationOptions& interpretation, cli::FileListing listing) {
  LoadedMotion motion;
  motion.mode = decide_position_mode(clip, interpretation.mode).mode;
  motion.up = interpretation.up;
  motion.turned = interpretation.up_given;
  motion.listing = std::move(listing);
  motion.clip = std::make_shared<const Clip>(std::move(clip));
  if (motion.turned) motion.rotation = figure_analysis(motion).to_upright;
  return motion;
}

// Runs work(first, end, slot) over [0, count) in ranges of `per` on `threads` threads (run_supervised: a range
// that throws, std::bad_alloc, is rethrown here once every thread has ended); `slot` (0 to the
// thread count) picks the thread's own scratch.
template <typename Work>
void on_all_cores(std::size_t count, std::size_t per, unsigned threads, Work work) {
  const std::size_t ranges = (count + per - 1) / per;
  SupervisedWorkers workers;
  workers.count = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(ranges, 1)));
  run_supervised(ranges, workers, [&](std::size_t range, unsigned slot) {
    work(range * per, std::min(count, (range + 1) * per), slot);
  });
}

}  // namespace

const FigureAnalysis& figure_analysis(LoadedMotion& motion) {
  if (!motion.analysis)
    motion.analysis = std::make_shared<const FigureAnalysis>(analyse_figure(*motion.clip, motion.mode, motion.up));
  return *motion.analysis;
}

std::string up_axis_of(LoadedMotion& motion) {
  return motion.turned ? std::string("+y") : std::string(up_axis_name(figure_analysis(motion).up.axis));
}

LoadOutcome load_motions(const std::vector<std::string>& args, bool every_motion) {
  LoadOutcome outcome;
  cli::UsageError usage;
  const auto refuse = [&](std::string message) {
    outcome.usage = UsageRefusal{std::move(message)};
    return std::move(outcome);
  };
  const auto parsed =
      cli::parse_arguments(args, cli::with_motion_options({{"--position-mode", true}, {"--up", true}}), usage);
  if (!parsed) return refuse("load: " + usage.message);
  if (parsed->positionals.size() != 1) return refuse("load: expected one FILE");
  const auto interpretation = cli::interpretation_options(*parsed, "load", usage);
  if (!interpretation) return refuse(usage.message);
  const auto choice = cli::motion_choice_options(*parsed, "load", usage);
  if (!choice) return refuse(usage.message);
  const std::string& path = parsed->positionals[0];

  std::vector<Clip> clips;
  cli::FileListing listing;
  if (every_motion) {
    Result<std::vector<Clip>> all = cli::load_all_motions(path, nullptr, *choice, &listing);
    if (!all) {
      outcome.error = all.error();
      return outcome;
    }
    clips = std::move(all).value();
  } else {
    Result<Clip> clip = cli::load_motion(path, nullptr, *choice, &listing);
    if (!clip) {
      outcome.error = clip.error();
      return outcome;
    }
    clips.push_back(std::move(clip).value());
  }
  for (std::size_t k = 0; k < clips.size(); ++k) {
    if (every_motion) listing.chosen = k;
    outcome.motions.push_back(decided(std::move(clips[k]), *interpretation, listing));
  }
  return outcome;
}

LoadOutcome motion_from_npy_bytes(std::string_view npy_bytes, std::string_view skeleton_text,
                                  double frames_per_second) {
  LoadOutcome outcome;
  ReadOptions options;
  if (!skeleton_text.empty()) {
    Result<JointTree> tree = parse_skeleton_text(skeleton_text, "the skeleton (parents, names)");
    if (!tree) {
      outcome.error = tree.error();
      return outcome;
    }
    options.skeleton = std::make_shared<const JointTree>(std::move(tree).value());
  }
  Result<MotionFile> file = read_motions_from_bytes(npy_bytes, "<from_positions>", options);
  if (!file) {
    outcome.error = file.error();
    return outcome;
  }
  cli::FileListing listing;
  listing.format = file.value().format;
  for (Clip& clip : file.value().motions) {
    if (frames_per_second > 0) clip.motion.frame_time = 1.0 / frames_per_second;
    listing.motions.push_back({clip.name, clip.motion.frame_count, clip.motion.frame_time});
  }
  for (std::size_t k = 0; k < file.value().motions.size(); ++k) {
    listing.chosen = k;
    outcome.motions.push_back(decided(std::move(file.value().motions[k]), cli::InterpretationOptions{}, listing));
  }
  return outcome;
}

void pose_all_frames(const LoadedMotion& motion, float* out) {
  const Clip& clip = *motion.clip;
  const auto row = static_cast<std::size_t>(clip.skeleton.joint_count()) * 3;
  const glm::mat3* turn = motion.turned ? &motion.rotation : nullptr;
  const unsigned threads = available_threads();
  std::vector<Pose> poses(threads + 1);  // one a thread (the caller's is the last)
  on_all_cores(clip.motion.frame_count, 256, threads, [&](std::size_t first, std::size_t end, unsigned slot) {
    for (std::size_t frame = first; frame < end; ++frame)
      frame_positions(clip, frame, motion.mode, turn, poses[slot], out + frame * row);
  });
}

void local_rotations(const Clip& clip, bool quaternions, const std::array<int, 3>& order, double* out) {
  const Skeleton& skeleton = clip.skeleton;
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  const std::size_t width = quaternions ? 4 : 3;
  // Euler angles follow the previous frame's (no jumps of a turn between frames): a range of
  // frames a thread would start afresh, so the joints are shared out instead.
  on_all_cores(joints, 1, available_threads(), [&](std::size_t first_joint, std::size_t end_joint, unsigned /*slot*/) {
    for (std::size_t joint = first_joint; joint < end_joint; ++joint) {
      const bool rotates = skeleton.has_channel(static_cast<int>(joint), is_rotation);
      std::optional<EulerAngles> previous;
      for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
        double* cell = out + (frame * joints + joint) * width;
        const glm::dmat3 rotation =
            rotates ? joint_rotation_exact(skeleton, static_cast<int>(joint), clip.motion.frame(frame))
                    : glm::dmat3(1.0);
        if (quaternions) {
          glm::dquat q = glm::quat_cast(rotation);
          if (q.w < 0) q = -q;
          cell[0] = q.w;
          cell[1] = q.x;
          cell[2] = q.y;
          cell[3] = q.z;
        } else {
          const EulerAngles angles = euler_angles(rotation, order, previous);
          previous = angles;
          cell[0] = angles[0];
          cell[1] = angles[1];
          cell[2] = angles[2];
        }
      }
    }
  });
}

}  // namespace bvhscope::python
