#include "anim/motion_compare.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>

#include "anim/pose.hpp"
#include "anim/similarity_fit.hpp"
#include "anim/sin_cos_degrees.hpp"
#include "anim/thread_policy.hpp"

namespace bvhscope {
namespace {

using dvec3 = glm::dvec3;

struct RigidFit {
  dvec3 reference_centre{0.0};
  dvec3 other_centre{0.0};
  double cos_angle = 1.0;
  double sin_angle = 0.0;
};

// The turn about `up` (and the centres) that best fits the other's points onto the reference's:
// `count` points, the i-th of each read through `reference(i)` and `other(i)`.
template <typename Reference, typename Other>
RigidFit fit_about_axis(std::size_t count, const Reference& reference, const Other& other, const dvec3& up) {
  RigidFit fit;
  if (count == 0) return fit;
  for (std::size_t i = 0; i < count; ++i) {
    fit.reference_centre += reference(i);
    fit.other_centre += other(i);
  }
  fit.reference_centre /= static_cast<double>(count);
  fit.other_centre /= static_cast<double>(count);
  double cross_sum = 0.0;
  double dot_sum = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    dvec3 r = reference(i) - fit.reference_centre;
    dvec3 o = other(i) - fit.other_centre;
    r -= up * glm::dot(r, up);
    o -= up * glm::dot(o, up);
    cross_sum += glm::dot(glm::cross(o, r), up);
    dot_sum += glm::dot(o, r);
  }
  const double angle = std::atan2(cross_sum, dot_sum);
  fit.cos_angle = std::cos(angle);
  fit.sin_angle = std::sin(angle);
  return fit;
}

// Rodrigues' formula about the unit axis `up`.
dvec3 turn(const RigidFit& fit, const dvec3& v, const dvec3& up) {
  return v * fit.cos_angle + glm::cross(up, v) * fit.sin_angle + up * glm::dot(up, v) * (1.0 - fit.cos_angle);
}

// The other's points turned about `up` and moved so that they best fit the reference's points.
void fit_rigid_about_axis(const std::vector<dvec3>& reference, std::vector<dvec3>& other, const dvec3& up) {
  if (reference.empty()) return;
  // The same points stay exactly where they are (the fit's arithmetic would move them by rounding).
  if (std::equal(reference.begin(), reference.end(), other.begin(), other.end())) return;
  const RigidFit fit = fit_about_axis(
      reference.size(), [&](std::size_t i) { return reference[i]; }, [&](std::size_t i) { return other[i]; }, up);
  for (dvec3& point : other) point = turn(fit, point - fit.other_centre, up) + fit.reference_centre;
}

// pose_frame's world positions for four frames at once, one frame per lane of a vector, with the
// same float operations per lane as pose.cpp (so the same bits): each joint's channels decoded once
// per clip, the rotation's columns in registers, the forward pass in the same loop and without the
// bottom row of the 4x4 matrices (it never reaches a position), and only the translation for joints
// without children. pose.cpp's arithmetic is copied here step for step: change them together.
// Eight lanes: one AVX register where the processor has AVX2 (pose() is compiled for both, chosen
// at start-up), two SSE registers elsewhere. AVX2 without FMA: the products and sums stay apart.
using Lanes = float __attribute__((vector_size(32), aligned(32)));
constexpr std::size_t kLanes = 8;
using LaneWholes = std::int32_t __attribute__((vector_size(32), aligned(32)));

// `value` in every lane (a sum with zero would turn -0 into +0).
[[gnu::always_inline]] inline void fill(Lanes& lanes, float value) {
  for (std::size_t l = 0; l < kLanes; ++l) lanes[l] = value;
}

// The sine and cosine of one rotation channel in every lane; bit l of `unturned`: an angle of 0.
struct LaneTurn {
  Lanes s;
  Lanes c;
  unsigned unturned = 0;
};

struct LaneWorld {
  Lanes rotation[3][3];  // [column][row]
  Lanes translation[3];  // rows of the fourth column: the joint's position
};

class LanePoser {
 public:
  LanePoser(const Clip& clip, PositionMode mode) : clip_(clip), add_(mode == PositionMode::Add) {
    const Skeleton& skeleton = clip.skeleton;
    const auto joints = static_cast<std::size_t>(skeleton.joint_count());
    has_children_.assign(joints, 0);
    first_step_.reserve(joints + 1);
    for (std::size_t joint = 0; joint < joints; ++joint) {
      const int parent = skeleton.parents[joint];
      if (parent != kNoParent) has_children_[static_cast<std::size_t>(parent)] = 1;
      first_step_.push_back(static_cast<std::uint32_t>(steps_.size()));
      const int first = skeleton.first_channels[joint];
      for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
        const ChannelKind kind = skeleton.channel_kinds[c];
        if (is_rotation(kind)) rotation_steps_.push_back(static_cast<std::uint32_t>(steps_.size()));
        steps_.push_back(
            Step{static_cast<std::uint32_t>(c), static_cast<std::uint8_t>(channel_axis(kind)), is_rotation(kind)});
      }
    }
    first_step_.push_back(static_cast<std::uint32_t>(steps_.size()));
  }

  // Frames frames[l] (each < frame_count, which is > 0) in lane l; `turns` is scratch.
  __attribute__((target_clones("avx2", "default"))) void pose(const std::array<std::size_t, kLanes>& frames,
                                                              std::vector<LaneWorld>& world,
                                                              std::vector<LaneTurn>& turns) const {
    const Skeleton& skeleton = clip_.skeleton;
    const auto joints = static_cast<std::size_t>(skeleton.joint_count());
    world.resize(joints);
    if (clip_.motion.holds_positions()) [[unlikely]] {  // the positions as they are (pose_frame)
      for (std::size_t l = 0; l < kLanes; ++l) {
        const std::span<const float> positions = clip_.motion.joint_positions(frames[l]);
        for (std::size_t joint = 0; joint < joints; ++joint) {
          for (std::size_t r = 0; r < 3; ++r) world[joint].translation[r][l] = positions[joint * 3 + r];
        }
      }
      return;
    }
    std::array<const float*, kLanes> rows{};
    for (std::size_t l = 0; l < kLanes; ++l) rows[l] = clip_.motion.frame(frames[l]).data();
    // Every sine and cosine first, eight lanes at a time (sin_cos_degrees.hpp, the arithmetic
    // pose.cpp uses one angle at a time): the vector work below then makes no calls.
    turns.resize(steps_.size());
    for (const std::uint32_t i : rotation_steps_) {
      const std::uint32_t channel = steps_[i].channel;
      LaneTurn& turn = turns[i];
      turn.unturned = 0;
      Lanes degrees;
      for (std::size_t l = 0; l < kLanes; ++l) {
        const float value = rows[l][channel];
        if (value == 0.0f) turn.unturned |= 1u << l;
        degrees[l] = within_a_turn(value);
      }
      sin_cos_detail::sin_cos<Lanes, LaneWholes>(degrees, turn.s, turn.c);
    }
    Lanes zero;
    Lanes one;
    fill(zero, 0.0f);
    fill(one, 1.0f);
    for (std::size_t joint = 0; joint < joints; ++joint) {
      // compute_local_transforms
      const glm::vec3& offset = skeleton.offsets[joint];
      Lanes translation[3];
      fill(translation[0], offset.x);
      fill(translation[1], offset.y);
      fill(translation[2], offset.z);
      Lanes x[3] = {one, zero, zero};  // the rotation's columns
      Lanes y[3] = {zero, one, zero};
      Lanes z[3] = {zero, zero, one};
      for (std::uint32_t i = first_step_[joint]; i < first_step_[joint + 1]; ++i) {
        const Step& step = steps_[i];
        if (step.rotation) {
          switch (step.axis) {  // the columns an axis turns: X (1,2), Y (2,0), Z (0,1)
            case 0:
              turn(y, z, turns[i]);
              break;
            case 1:
              turn(z, x, turns[i]);
              break;
            default:
              turn(x, y, turns[i]);
              break;
          }
        } else {
          Lanes value;
          for (std::size_t l = 0; l < kLanes; ++l) value[l] = rows[l][step.channel];
          translation[step.axis] = add_ ? translation[step.axis] + value : value;
        }
      }
      // forward_kinematics: world = parent world * compose(translation, rotation), glm's product
      // column by column, ((A0 * b0 + A1 * b1) + A2 * b2) + A3 * b3, with b3 = 0 for the rotation's
      // columns and 1 for the translation's (the terms are kept: x * 0 is not always +0).
      LaneWorld& out = world[joint];
      const int parent = skeleton.parents[joint];
      if (parent == kNoParent) {
        for (int r = 0; r < 3; ++r) {
          out.rotation[0][r] = x[r];
          out.rotation[1][r] = y[r];
          out.rotation[2][r] = z[r];
          out.translation[r] = translation[r];
        }
        continue;
      }
      const LaneWorld& p = world[static_cast<std::size_t>(parent)];
      for (int r = 0; r < 3; ++r) {
        out.translation[r] = p.rotation[0][r] * translation[0] + p.rotation[1][r] * translation[1] +
                             p.rotation[2][r] * translation[2] + p.translation[r] * one;
      }
      if (has_children_[joint] == 0) continue;  // its rotation is never read
      const Lanes* const columns[3] = {x, y, z};
      for (int c = 0; c < 3; ++c) {
        const Lanes* b = columns[c];
        for (int r = 0; r < 3; ++r) {
          out.rotation[c][r] =
              p.rotation[0][r] * b[0] + p.rotation[1][r] * b[1] + p.rotation[2][r] * b[2] + p.translation[r] * zero;
        }
      }
    }
  }

  static glm::vec3 position(const std::vector<LaneWorld>& world, int joint, std::size_t lane) {
    const LaneWorld& w = world[static_cast<std::size_t>(joint)];
    return {w.translation[0][lane], w.translation[1][lane], w.translation[2][lane]};
  }

 private:
  struct Step {
    std::uint32_t channel = 0;
    std::uint8_t axis = 0;
    bool rotation = false;
  };

  // pose.cpp's rotate_about_axis in every lane: first = c * first + s * second, second = c * second
  // - s * first, nothing for an angle of 0.
  [[gnu::always_inline]] static void turn(Lanes (&first)[3], Lanes (&second)[3], const LaneTurn& turn) {
    constexpr unsigned kAll = (1u << kLanes) - 1;
    if (turn.unturned == kAll) return;
    const Lanes a[3] = {first[0], first[1], first[2]};
    const Lanes b[3] = {second[0], second[1], second[2]};
    for (int r = 0; r < 3; ++r) {
      first[r] = turn.c * a[r] + turn.s * b[r];
      second[r] = turn.c * b[r] - turn.s * a[r];
    }
    if (turn.unturned == 0) return;
    for (std::size_t l = 0; l < kLanes; ++l) {
      if ((turn.unturned & (1u << l)) == 0) continue;
      for (int r = 0; r < 3; ++r) {
        first[r][l] = a[r][l];
        second[r][l] = b[r][l];
      }
    }
  }

  const Clip& clip_;
  bool add_ = true;
  std::vector<Step> steps_;
  std::vector<std::uint32_t> first_step_;  // per joint, and one past the last
  std::vector<std::uint8_t> has_children_;
  std::vector<std::uint32_t> rotation_steps_;  // indices into steps_
};

// Frames handed to a thread at a time, and frames whose errors are held at once when they are not
// kept (then summed in order before the next block).
constexpr std::size_t kChunkFrames = 256;
constexpr std::size_t kBlockFrames = 16384;

struct FrameScratch {
  std::vector<LaneWorld> ref_world;
  std::vector<LaneWorld> other_world;
  std::vector<LaneTurn> turns;
  Pose other_pose;  // the other clip between two of its frames
  std::vector<dvec3> ref_points;
  std::vector<dvec3> other_points;
  std::vector<DirectionPair> fit_pairs;  // the similarity fit's (PA-MPJPE)
};

// The error of every matched pair at reference frames, four at a time.
struct FrameErrors {
  const Clip& reference;
  const Clip& other;
  const CompareOptions& options;
  const std::vector<JointPair>& pairs;
  double other_last = 0.0;
  const LanePoser& reference_poser;
  const LanePoser& other_poser;

  // errors[i * pairs + j] for reference frames first + i, i < count <= kLanes, and pa_means[i] the
  // frame's mean error after the similarity fit (PA-MPJPE's).
  void operator()(std::size_t first, std::size_t count, double* errors, double* pa_means, FrameScratch& scratch) const {
    const int ref_root = reference.skeleton.roots.empty() ? 0 : reference.skeleton.roots.front();
    const int other_root = other.skeleton.roots.empty() ? 0 : other.skeleton.roots.front();
    const dvec3 up(up_axis_vector(options.up));
    std::vector<dvec3>& ref_points = scratch.ref_points;
    std::vector<dvec3>& other_points = scratch.other_points;
    ref_points.resize(pairs.size());
    other_points.resize(pairs.size());
    // The other clip as sample_pose(other, position, Sampling::Linear, ...) reads it: a whole frame
    // as pose_frame poses it (in the lanes), else between two frames (sample_pose, one at a time).
    std::array<std::size_t, kLanes> ref_frames{};
    std::array<std::size_t, kLanes> other_frames{};
    std::array<double, kLanes> other_positions{};
    std::array<bool, kLanes> whole{};
    for (std::size_t l = 0; l < kLanes; ++l) {
      const std::size_t k = first + std::min(l, count - 1);
      ref_frames[l] = k;
      double position = std::clamp(other_frame_position(reference, other, options.offset, k), 0.0, other_last);
      if (!std::isfinite(position)) position = 0.0;
      const auto before = static_cast<std::size_t>(std::floor(position));
      const auto fraction = static_cast<float>(position - static_cast<double>(before));
      other_positions[l] = position;
      whole[l] = fraction == 0.0f || before + 1 >= other.motion.frame_count;
      other_frames[l] = before;
    }
    reference_poser.pose(ref_frames, scratch.ref_world, scratch.turns);
    if (std::find(whole.begin(), whole.end(), true) != whole.end())
      other_poser.pose(other_frames, scratch.other_world, scratch.turns);
    for (std::size_t l = 0; l < count; ++l) {
      auto ref_position = [&](int joint) { return dvec3(LanePoser::position(scratch.ref_world, joint, l)); };
      auto other_position = [&](int joint) {
        return whole[l] ? dvec3(LanePoser::position(scratch.other_world, joint, l))
                        : dvec3(scratch.other_pose.position(joint));
      };
      if (!whole[l]) sample_pose(other, other_positions[l], Sampling::Linear, options.other_mode, scratch.other_pose);
      const dvec3 ref_origin = options.alignment == Alignment::None ? dvec3(0.0) : ref_position(ref_root);
      const dvec3 other_origin = options.alignment == Alignment::None ? dvec3(0.0) : other_position(other_root);
      for (std::size_t j = 0; j < pairs.size(); ++j) {
        ref_points[j] = ref_position(pairs[j].reference) - ref_origin;
        other_points[j] = (other_position(pairs[j].other) - other_origin) * options.other_scale;
      }
      if (options.alignment == Alignment::Rigid) fit_rigid_about_axis(ref_points, other_points, up);
      const SimilarityFit similar = fit_similarity(ref_points, other_points, scratch.fit_pairs);
      double pa_sum = 0.0;
      for (std::size_t j = 0; j < pairs.size(); ++j)
        pa_sum += glm::length(ref_points[j] - similar.apply(other_points[j]));
      pa_means[l] = pa_sum / static_cast<double>(pairs.size());
      if (options.alignment == Alignment::Procrustes)
        for (dvec3& point : other_points) point = similar.apply(point);
      double* const frame_errors = errors + l * pairs.size();
      for (std::size_t j = 0; j < pairs.size(); ++j) frame_errors[j] = glm::length(ref_points[j] - other_points[j]);
    }
  }
};

// Threads for the per-frame work: available_threads(), fewer for short comparisons.
unsigned compare_threads(std::size_t frames, std::size_t pairs) {
  const unsigned hardware = available_threads();
  const std::size_t work = frames * std::max<std::size_t>(pairs, 1);
  return static_cast<unsigned>(std::min<std::size_t>({hardware, frames / kChunkFrames + 1, work / 20000 + 1}));
}

// errors[b * pairs + j] for reference frames first..first + count - 1, chunks of frames taken in
// turn by scratch.size() threads: start() sets the helpers going (scratch[1] on), finish() works
// along with them on this thread (scratch[0]) until the block is done.
class BlockJob {
 public:
  BlockJob(const FrameErrors& frame_errors, std::size_t first, std::size_t count, double* errors, double* pa_means,
           std::vector<FrameScratch>& scratch)
      : frame_errors_(frame_errors),
        first_(first),
        count_(count),
        errors_(errors),
        pa_means_(pa_means),
        scratch_(scratch) {}
  BlockJob(const BlockJob&) = delete;
  BlockJob& operator=(const BlockJob&) = delete;
  ~BlockJob() { join(); }

  void start() {
    const std::size_t helpers = std::min<std::size_t>(scratch_.size() - 1, (count_ - 1) / kChunkFrames);
    try {
      workers_.reserve(helpers);
      for (std::size_t t = 0; t < helpers; ++t) workers_.emplace_back([this, t] { work_caught(scratch_[t + 1]); });
    } catch (const std::exception&) {
      // No memory for another thread (its stack): the helpers started and this thread do the block.
    }
  }
  // Rethrows what a helper threw (out of memory) once all have ended.
  void finish() {
    work_caught(scratch_[0]);
    join();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void work(FrameScratch& mine) {
    const std::size_t pairs = frame_errors_.pairs.size();
    for (;;) {
      const std::size_t start = next_.fetch_add(kChunkFrames, std::memory_order_relaxed);
      if (start >= count_) return;
      const std::size_t end = std::min(count_, start + kChunkFrames);
      for (std::size_t b = start; b < end; b += kLanes)
        frame_errors_(first_ + b, std::min(kLanes, end - b), errors_ + b * pairs, pa_means_ + b, mine);
    }
  }
  // A thread that throws stops the others at their next chunk; the first exception is kept for finish().
  void work_caught(FrameScratch& mine) {
    try {
      work(mine);
    } catch (...) {
      next_.store(count_, std::memory_order_relaxed);
      const std::lock_guard lock(failure_mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
  }
  void join() {
    for (std::thread& worker : workers_) worker.join();
    workers_.clear();
  }

  const FrameErrors& frame_errors_;
  std::size_t first_;
  std::size_t count_;
  double* errors_;
  double* pa_means_;  // one per frame of the block
  std::vector<FrameScratch>& scratch_;
  std::atomic<std::size_t> next_{0};
  std::vector<std::thread> workers_;
  std::mutex failure_mutex_;
  std::exception_ptr failure_;
};

}  // namespace

UnitScale unit_scale(const UnitGuess& reference, const UnitGuess& other) {
  if (reference.unit == "unknown" || other.unit == "unknown")
    return {1.0, "a unit guess is unknown: both clips taken in the same unit"};
  if (reference.unit == other.unit || other.metres_per_unit == reference.metres_per_unit)
    return {1.0, "both in " + std::string(reference.unit)};
  return {other.metres_per_unit / reference.metres_per_unit,
          "other in " + std::string(other.unit) + ", reference in " + std::string(reference.unit)};
}

FrameAlignment align_frame(Alignment alignment, std::span<const dvec3> reference_points,
                           std::span<const dvec3> other_points, const dvec3& reference_root, const dvec3& other_root,
                           double other_scale, UpAxis up) {
  FrameAlignment aligned;
  aligned.scale = other_scale;
  if (alignment == Alignment::None) return aligned;
  // Root: p -> (p - other_root) * s + reference_root.
  aligned.translation = reference_root - other_root * other_scale;
  if (alignment == Alignment::Root || reference_points.empty()) return aligned;
  // The fit of compare_motion on root-relative points, without copying them (drawn every frame).
  const auto ref_at = [&](std::size_t i) { return reference_points[i] - reference_root; };
  const auto other_at = [&](std::size_t i) { return (other_points[i] - other_root) * other_scale; };
  if (alignment == Alignment::Procrustes) {
    // p -> R * (((p - other_root) * s - other_centre) * scale) + reference_centre + reference_root.
    std::vector<dvec3> reference_relative(reference_points.size());
    std::vector<dvec3> other_relative(reference_points.size());
    for (std::size_t i = 0; i < reference_points.size(); ++i) {
      reference_relative[i] = ref_at(i);
      other_relative[i] = other_at(i);
    }
    std::vector<DirectionPair> scratch;
    const SimilarityFit fit = fit_similarity(reference_relative, other_relative, scratch);
    aligned.rotation = fit.rotation;
    aligned.scale = other_scale * fit.scale;
    aligned.translation = fit.rotation * ((-other_root * other_scale - fit.other_centre) * fit.scale) +
                          fit.reference_centre + reference_root;
    return aligned;
  }
  const dvec3 axis(up_axis_vector(up));
  const RigidFit fit = fit_about_axis(reference_points.size(), ref_at, other_at, axis);
  // p -> turn((p - other_root) * s - other_centre) + reference_centre + reference_root, as a matrix.
  glm::dmat3 rotation(1.0);
  for (int c = 0; c < 3; ++c) {
    dvec3 basis(0.0);
    basis[c] = 1.0;
    rotation[c] = turn(fit, basis, axis);
  }
  aligned.rotation = rotation;
  aligned.translation =
      rotation * (-other_root * other_scale - fit.other_centre) + fit.reference_centre + reference_root;
  return aligned;
}

double other_frame_position(const Clip& reference, const Clip& other, double offset, std::size_t k) noexcept {
  const double rate_ratio = reference.motion.frame_time / other.motion.frame_time;  // exactly 1 for one rate
  const double position = (static_cast<double>(k) + offset) * rate_ratio;
  // A whole frame within rounding is that frame: a clip against itself or a copy compares exactly.
  const double whole = std::round(position);
  return std::abs(position - whole) < 1e-9 * std::max(1.0, std::abs(whole)) ? whole : position;
}

std::string_view alignment_name(Alignment alignment) noexcept {
  switch (alignment) {
    case Alignment::None:
      return "none";
    case Alignment::Root:
      return "root";
    case Alignment::Rigid:
      return "rigid";
    case Alignment::Procrustes:
      return "procrustes";
  }
  return "none";
}

std::optional<Alignment> parse_alignment(std::string_view text) noexcept {
  if (text == "none") return Alignment::None;
  if (text == "root") return Alignment::Root;
  if (text == "rigid") return Alignment::Rigid;
  if (text == "procrustes") return Alignment::Procrustes;
  return std::nullopt;
}

std::optional<FrameRange> parse_frame_range(std::string_view text) noexcept {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view digits) -> std::optional<std::size_t> {
    if (digits.empty() || digits.size() > 18) return std::nullopt;
    for (const char c : digits)
      if (c < '0' || c > '9') return std::nullopt;
    std::size_t value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return value;
  };
  const auto first = number(text.substr(0, colon));
  const auto last = number(text.substr(colon + 1));
  if (!first || !last || *first > *last) return std::nullopt;
  return FrameRange{*first, *last};
}

Result<CompareResult> compare_motion(const Clip& reference, const Clip& other, const CompareOptions& options) {
  CompareResult result;
  result.matching = match_joints(reference.skeleton, other.skeleton, options.explicit_pairs);
  if (result.matching.pairs.empty())
    return Diagnostic{other.source, 0, 0, "no joint of it matches a joint of " + reference.source + " by name"};
  if (!options.reference_joint_set.empty()) {
    std::vector<JointPair> kept;
    for (const JointPair& pair : result.matching.pairs) {
      const auto joint = static_cast<std::size_t>(pair.reference);
      if (joint < options.reference_joint_set.size() && options.reference_joint_set[joint]) {
        kept.push_back(pair);
      } else {
        result.left_out.push_back(pair.reference);
      }
    }
    result.matching.pairs = std::move(kept);
    if (result.matching.pairs.empty())
      return Diagnostic{reference.source, 0, 0,
                        "none of its joints matched in the other is in the joint set (--joints)"};
  }
  const std::vector<JointPair>& pairs = result.matching.pairs;
  if (reference.motion.frame_count == 0 || other.motion.frame_count == 0)
    return Diagnostic{reference.motion.frame_count == 0 ? reference.source : other.source, 0, 0,
                      "has no frames to compare"};

  const double other_last = static_cast<double>(other.motion.frame_count - 1);
  constexpr double kSlack = 1e-9;  // frame positions this close to the clip's ends are inside it
  auto other_position = [&](std::size_t k) { return other_frame_position(reference, other, options.offset, k); };
  std::size_t first = reference.motion.frame_count;
  std::size_t last = 0;
  for (std::size_t k = 0; k < reference.motion.frame_count; ++k) {
    if (options.frames && (k < options.frames->first || k > options.frames->last)) continue;
    const double position = other_position(k);
    if (position < -kSlack || position > other_last + kSlack) continue;
    first = std::min(first, k);
    last = std::max(last, k);
  }
  if (first > last)
    return Diagnostic{other.source, 0, 0,
                      "no frame of " + reference.source + " falls inside it (check --offset and --frames)"};

  result.first_frame = first;
  result.frames_compared = last - first + 1;
  if (options.keep_errors) result.errors.resize(result.frames_compared * pairs.size());
  result.per_frame_mean.resize(result.frames_compared);
  result.per_joint.resize(pairs.size());
  for (std::size_t j = 0; j < pairs.size(); ++j) result.per_joint[j].joints = pairs[j];

  // The errors of every frame are computed on all cores, block by block, into `errors` (the result's
  // own array when it is kept); then summed here frame by frame in frame order, exactly as one
  // thread would, so the results do not depend on the thread count.
  const LanePoser reference_poser(reference, options.reference_mode);
  const LanePoser other_poser(other, options.other_mode);
  const FrameErrors frame_errors{reference, other, options, pairs, other_last, reference_poser, other_poser};
  const std::size_t pair_count = pairs.size();
  // Two blocks in flight: the helpers compute a block while this thread sums the one before.
  std::array<std::vector<double>, 2> block_errors;
  if (!options.keep_errors) {
    for (std::vector<double>& buffer : block_errors)
      buffer.resize(std::min(kBlockFrames, result.frames_compared) * pair_count);
  }
  auto errors_of = [&](std::size_t block) {
    return options.keep_errors ? result.errors.data() + block * pair_count
                               : block_errors[(block / kBlockFrames) % 2].data();
  };
  auto block_size = [&](std::size_t block) { return std::min(kBlockFrames, result.frames_compared - block); };
  const unsigned threads = options.threads > 0
                               ? std::min(options.threads, compare_threads(result.frames_compared, pair_count))
                               : compare_threads(result.frames_compared, pair_count);
  std::vector<FrameScratch> scratch(threads);
  double total = 0.0;
  double pa_total = 0.0;
  std::optional<BlockJob> job;
  std::vector<double> pa_means(result.frames_compared);
  job.emplace(frame_errors, first, block_size(0), errors_of(0), pa_means.data(), scratch);
  job->start();
  job->finish();
  for (std::size_t block = 0; block < result.frames_compared; block += kBlockFrames) {
    if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed))
      return Diagnostic{other.source, 0, 0, "cancelled"};  // the block under way is joined by job's destructor
    const std::size_t count = block_size(block);
    const double* const errors = errors_of(block);
    const std::size_t next = block + kBlockFrames;
    job.reset();
    if (next < result.frames_compared) {
      job.emplace(frame_errors, first + next, block_size(next), errors_of(next), pa_means.data() + next, scratch);
      job->start();
    }
    for (std::size_t b = 0; b < count; ++b) {
      const std::size_t f = block + b;
      const std::size_t k = first + f;
      const double* const frame = errors + b * pair_count;
      double frame_sum = 0.0;
      for (std::size_t j = 0; j < pair_count; ++j) {
        const double error = frame[j];
        frame_sum += error;
        JointError& joint = result.per_joint[j];
        joint.mean += error;
        joint.max = std::max(joint.max, error);
        if (error > result.max_error) {
          result.max_error = error;
          result.worst_frame = k;
          result.worst_pair = j;
        }
      }
      result.per_frame_mean[f] = frame_sum / static_cast<double>(pair_count);
      total += frame_sum;
      pa_total += pa_means[f];
    }
    if (job) job->finish();
  }
  if (result.max_error == 0.0) result.worst_frame = first;
  for (JointError& joint : result.per_joint) joint.mean /= static_cast<double>(result.frames_compared);
  result.mpjpe = total / static_cast<double>(result.frames_compared * pairs.size());
  result.pa_mpjpe = pa_total / static_cast<double>(result.frames_compared);
  return result;
}

}  // namespace bvhscope
