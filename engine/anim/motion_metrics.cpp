#include "anim/motion_metrics.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "anim/pose.hpp"

namespace bvhscope {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool names_a_foot(const std::string& name) {
  const std::string l = lower(name);
  return l.find("foot") != std::string::npos || l.find("toe") != std::string::npos ||
         l.find("ankle") != std::string::npos;
}

// The End Sites (or childless joints) at the end of a foot chain: one of them or of their three
// nearest ancestors is named foot, toe or ankle.
std::vector<int> feet_by_name(const Skeleton& skeleton) {
  std::vector<bool> has_child(static_cast<std::size_t>(skeleton.joint_count()), false);
  for (const int parent : skeleton.parents)
    if (parent >= 0) has_child[static_cast<std::size_t>(parent)] = true;
  std::vector<int> feet;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (has_child[static_cast<std::size_t>(joint)]) continue;
    int walk = joint;
    for (int up = 0; up < 4 && walk >= 0; ++up, walk = skeleton.parents[static_cast<std::size_t>(walk)]) {
      if (!skeleton.is_end_site(walk) && names_a_foot(skeleton.names[static_cast<std::size_t>(walk)])) {
        feet.push_back(joint);
        break;
      }
    }
  }
  return feet;
}

// Lengths computed from float poses vary by rounding: drift below this share of the figure's size
// is no drift.
constexpr double kDriftNoise = 1e-4;

}  // namespace

MotionMetrics measure_motion(const Clip& clip, PositionMode mode, const FigureAnalysis& analysis,
                             const MetricThresholds& thresholds, double metres_per_unit) {
  MotionMetrics m;
  const Skeleton& skeleton = clip.skeleton;
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  m.frames = clip.motion.frame_count;
  m.frame_time = clip.motion.frame_time;
  m.metres_per_unit = metres_per_unit > 0.0 ? metres_per_unit : analysis.figure.units.metres_per_unit;
  if (!(m.metres_per_unit > 0.0)) m.metres_per_unit = 0.01;
  if (m.frames == 0 || joints == 0) return m;
  const double dt = m.frame_time > 0.0 ? m.frame_time : kDefaultFrameTime;
  const double floor_m = static_cast<double>(analysis.figure.floor) * m.metres_per_unit;

  Pose pose;
  pose.resize(skeleton.joint_count());
  // Upright positions in metres of the last four frames (a ring: jerk needs four).
  std::array<std::vector<glm::dvec3>, 4> ring;
  for (auto& frame : ring) frame.resize(joints);
  const auto place = [&](std::size_t frame, std::vector<glm::dvec3>& out) {
    sample_pose(clip, static_cast<double>(frame), Sampling::Nearest, mode, pose);
    for (std::size_t j = 0; j < joints; ++j) {
      const glm::vec3 upright = analysis.to_upright * pose.position(static_cast<int>(j));
      out[j] = glm::dvec3(upright) * m.metres_per_unit;
      out[j].y -= floor_m;  // height above the floor
    }
  };

  std::vector<int> feet = feet_by_name(skeleton);
  if (!feet.empty()) {
    m.feet_reason = "named foot, toe or ankle";
  } else {  // the two End Sites lowest in the first frame
    place(0, ring[0]);
    for (int joint = 0; joint < skeleton.joint_count(); ++joint)
      if (skeleton.is_end_site(joint)) feet.push_back(joint);
    std::sort(feet.begin(), feet.end(), [&](int a, int b) {
      return ring[0][static_cast<std::size_t>(a)].y < ring[0][static_cast<std::size_t>(b)].y;
    });
    if (feet.size() > 2) feet.resize(2);
    m.feet_reason = feet.empty() ? "no End Site" : "the lowest End Sites (no joint named foot, toe or ankle)";
  }
  for (const int foot : feet) m.feet.push_back({foot, skeleton.names[static_cast<std::size_t>(foot)], 0, 0.0, 0});

  struct BoneRange {
    double shortest = std::numeric_limits<double>::infinity();
    double longest = 0.0;
    double sum = 0.0;
  };
  std::vector<BoneRange> bones(joints);
  struct {
    glm::dvec3 min{std::numeric_limits<double>::infinity()};
    glm::dvec3 max{-std::numeric_limits<double>::infinity()};
  } seen;  // every joint over every frame, metres: the figure's size when the analysis has none
  const int root = skeleton.roots.empty() ? 0 : skeleton.roots.front();
  double jerk_sum = 0.0;
  std::size_t jerk_count = 0;
  double lowest_sum = 0.0;
  double depth_sum = 0.0;
  std::size_t floating = 0;
  std::size_t penetrating = 0;
  std::size_t any_contact = 0;
  double skate_speed_sum = 0.0;
  std::size_t contact_steps = 0;
  std::size_t skating_steps = 0;
  for (std::size_t f = 0; f < m.frames; ++f) {
    std::vector<glm::dvec3>& now = ring[f % 4];
    place(f, now);
    const std::vector<glm::dvec3>& before = ring[(f + 3) % 4];
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < joints; ++j) {
      lowest = std::min(lowest, now[j].y);
      seen.min = glm::min(seen.min, now[j]);
      seen.max = glm::max(seen.max, now[j]);
      const int parent = skeleton.parents[j];
      if (parent >= 0) {
        const double length = glm::length(now[j] - now[static_cast<std::size_t>(parent)]);
        bones[j].shortest = std::min(bones[j].shortest, length);
        bones[j].longest = std::max(bones[j].longest, length);
        bones[j].sum += length;
      }
      if (f >= 3) {
        const glm::dvec3 jerk =
            (now[j] - 3.0 * before[j] + 3.0 * ring[(f + 2) % 4][j] - ring[(f + 1) % 4][j]) / (dt * dt * dt);
        jerk_sum += glm::length(jerk);
        ++jerk_count;
      }
    }
    lowest_sum += lowest;
    depth_sum += std::max(0.0, -lowest);
    m.max_penetration_m = std::max(m.max_penetration_m, -lowest);
    if (lowest > thresholds.float_height_m) ++floating;
    if (lowest < -thresholds.penetration_m) ++penetrating;
    bool contact = false;
    for (FootMetrics& foot : m.feet) {
      const glm::dvec3& p = now[static_cast<std::size_t>(foot.joint)];
      if (p.y > thresholds.contact_height_m) continue;
      contact = true;
      if (f == 0) continue;
      const glm::dvec3& q = before[static_cast<std::size_t>(foot.joint)];
      const double speed = std::hypot(p.x - q.x, p.z - q.z) / dt;
      ++foot.contact_frames;
      foot.mean_skate_speed_mps += speed;
      skate_speed_sum += speed;
      ++contact_steps;
      if (speed > thresholds.skate_speed_mps) {
        ++foot.skating_frames;
        ++skating_steps;
      }
    }
    if (contact) ++any_contact;
    if (f > 0) {
      const glm::dvec3& p = now[static_cast<std::size_t>(root)];
      const glm::dvec3& q = before[static_cast<std::size_t>(root)];
      m.root_distance_m += std::hypot(p.x - q.x, p.z - q.z);
    }
  }
  const auto frames = static_cast<double>(m.frames);
  for (FootMetrics& foot : m.feet)
    if (foot.contact_frames > 0) foot.mean_skate_speed_mps /= static_cast<double>(foot.contact_frames);
  m.skating_speed_mps = contact_steps > 0 ? skate_speed_sum / static_cast<double>(contact_steps) : 0.0;
  m.skating_share = contact_steps > 0 ? static_cast<double>(skating_steps) / static_cast<double>(contact_steps) : 0.0;
  m.contact_share = static_cast<double>(any_contact) / frames;
  m.jitter_mps3 = jerk_count > 0 ? jerk_sum / static_cast<double>(jerk_count) : 0.0;
  m.mean_lowest_m = lowest_sum / frames;
  m.floating_share = static_cast<double>(floating) / frames;
  m.penetration_share = static_cast<double>(penetrating) / frames;
  m.mean_penetration_m = depth_sum / frames;
  m.max_penetration_m = std::max(0.0, m.max_penetration_m);
  // Drift relative to the figure's size (its largest extent), not the bone's own length: a bone a
  // tenth of a millimetre long, rigid but for float rounding, does not drift.
  double size_m = static_cast<double>(analysis.figure.extent) * m.metres_per_unit;
  if (!(size_m > 0.0)) {
    const glm::dvec3 spread = seen.max - seen.min;
    size_m = std::max({spread.x, spread.y, spread.z});
  }
  for (std::size_t j = 0; j < joints; ++j) {
    const BoneRange& bone = bones[j];
    if (skeleton.parents[j] < 0 || !(bone.sum > 0.0) || !(size_m > 0.0)) continue;
    const double drift = (bone.longest - bone.shortest) / size_m;
    if (drift > m.max_bone_drift && drift > kDriftNoise) {
      m.max_bone_drift = drift;
      m.drift_joint = skeleton.names[j];
    }
  }
  const double duration = m.frames > 1 ? static_cast<double>(m.frames - 1) * dt : 0.0;
  m.root_speed_mps = duration > 0.0 ? m.root_distance_m / duration : 0.0;
  return m;
}

}  // namespace bvhscope
