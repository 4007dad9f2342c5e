#include "python_motion.hpp"

#include <algorithm>
#include <thread>

#include <glm/gtc/quaternion.hpp>

#include "anim/clip_analysis.hpp"
#include "anim/euler.hpp"
#include "anim/pose.hpp"
#include "anim/thread_policy.hpp"
#include "cli/arguments.hpp"
#include "cli/load_for_cli.hpp"
#include "formats/read_motions.hpp"

namespace bvhscope::python {
namespace {

// The decisions of export about one clip: the position mode, and the turn when `up` was given.
LoadedMotion decided(Clip clip, const cli::InterpretationOptions& interpretation, std::string_view format) {
  LoadedMotion motion;
  motion.mode = decide_position_mode(clip, interpretation.mode).mode;
  motion.up = interpretation.up;
  motion.turned = interpretation.up_given;
  motion.format = std::string(format);
  motion.clip = std::make_shared<const Clip>(std::move(clip));
  if (motion.turned) motion.rotation = figure_analysis(motion).to_upright;
  return motion;
}

// Calls `work(first, end)` on ranges of [0, count), at least `least` long, on every core (the
// calling thread is one).
template <typename Work>
void on_all_cores(std::size_t count, std::size_t least, Work work) {
  const std::size_t threads = std::clamp<std::size_t>(available_threads(), 1, std::max<std::size_t>(count / least, 1));
  if (threads == 1) {
    work(std::size_t{0}, count);
    return;
  }
  std::vector<std::jthread> helpers;
  const std::size_t per = (count + threads - 1) / threads;
  for (std::size_t t = 1; t < threads; ++t) {
    const std::size_t first = std::min(count, t * per);
    const std::size_t end = std::min(count, first + per);
    helpers.emplace_back([&work, first, end] { work(first, end); });
  }
  work(std::size_t{0}, std::min(count, per));
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
  std::string format;
  if (every_motion) {
    Result<ReadOptions> options = cli::reader_options(*choice);
    if (!options) {
      outcome.error = options.error();
      return outcome;
    }
    Result<MotionFile> file = read_motions(path, options.value());
    if (!file) {
      outcome.error = file.error();
      return outcome;
    }
    format = std::string(file.value().format);
    clips = std::move(file.value().motions);
    for (Clip& clip : clips) {
      if (choice->source_fps) clip.motion.frame_time = 1.0 / *choice->source_fps;
    }
  } else {
    cli::FileListing listing;
    Result<Clip> clip = cli::load_motion(path, nullptr, *choice, &listing);
    if (!clip) {
      outcome.error = clip.error();
      return outcome;
    }
    format = listing.format;
    clips.push_back(std::move(clip).value());
  }
  for (Clip& clip : clips) outcome.motions.push_back(decided(std::move(clip), *interpretation, format));
  return outcome;
}

LoadOutcome motion_from_npy_bytes(const std::string& npy_bytes, const JointTree& tree, double frames_per_second) {
  LoadOutcome outcome;
  ReadOptions options;
  if (!tree.names.empty()) options.skeleton = std::make_shared<const JointTree>(tree);
  Result<MotionFile> file = read_motions_from_bytes(npy_bytes, "from_positions.npy", options);
  if (!file) {
    outcome.error = file.error();
    return outcome;
  }
  for (Clip& clip : file.value().motions) {
    if (frames_per_second > 0) clip.motion.frame_time = 1.0 / frames_per_second;
    outcome.motions.push_back(decided(std::move(clip), cli::InterpretationOptions{}, file.value().format));
  }
  return outcome;
}

void pose_all_frames(const LoadedMotion& motion, float* out) {
  const Clip& clip = *motion.clip;
  const auto joints = static_cast<std::size_t>(clip.skeleton.joint_count());
  on_all_cores(clip.motion.frame_count, 64, [&](std::size_t first, std::size_t end) {
    Pose pose;
    for (std::size_t frame = first; frame < end; ++frame) {
      pose_frame(clip, frame, motion.mode, pose);
      float* row = out + frame * joints * 3;
      for (std::size_t joint = 0; joint < joints; ++joint) {
        const glm::vec3 at = glm::vec3(pose.world[joint][3]);
        const glm::vec3 position = motion.turned ? motion.rotation * at : at;
        row[3 * joint] = position.x;
        row[3 * joint + 1] = position.y;
        row[3 * joint + 2] = position.z;
      }
    }
  });
}

void local_rotations(const Clip& clip, bool quaternions, const std::array<int, 3>& order, double* out) {
  const Skeleton& skeleton = clip.skeleton;
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  const std::size_t width = quaternions ? 4 : 3;
  // Euler angles follow the previous frame's (no jumps of a turn between frames): a range of
  // frames a thread would start afresh, so the joints are shared out instead.
  on_all_cores(joints, 1, [&](std::size_t first_joint, std::size_t end_joint) {
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
