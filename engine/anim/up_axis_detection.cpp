#include "anim/up_axis_detection.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "anim/body_parts.hpp"

namespace bvhscope {
namespace {

// How much each cue counts; a direction's score is their weighted sum.
constexpr float kNamesWeight = 2.0f;
constexpr float kExtentWeight = 1.0f;
constexpr float kFloorWeight = 0.75f;
constexpr float kBranchWeight = 1.0f;
// Rigs with many legs (a crab, a spider): the legs standing on the floor decide, and the extent
// (such bodies are wider than tall) only breaks ties.
constexpr float kLegsWeight = 2.0f;
constexpr float kManyLegsExtentWeight = 0.25f;
constexpr float kManyLegs = 4.0f;  // legs on the floor along one direction, typically
// Below this margin between the best direction and the best of the other axes, the guess is weak.
constexpr float kWeakMargin = 0.35f;

float median(std::vector<float> values) {
  if (values.empty()) return 0.0f;
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  return values[middle];
}

float quantile(std::vector<float> values, float q) {
  if (values.empty()) return 0.0f;
  const auto index = static_cast<std::size_t>(q * static_cast<float>(values.size() - 1) + 0.5f);
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
  return values[index];
}

struct Cues {
  std::array<float, 6> names{};     // head minus feet along the direction, mean of unit vectors [-1, 1]
  std::array<float, 6> extent{};    // the axis' median extent over the largest [0, 1]
  std::array<float, 6> floor{};     // steadiness of the lowest point along the direction [0, 1]
  std::array<float, 6> branches{};  // more branches meet the floor below than the top above [-1, 1]
  std::array<float, 6> legs{};      // share of the fork's branches standing on the floor below it [0, 1]
  float most_legs = 0.0f;           // the most branches standing on one floor, mean over the samples
  bool has_names = false;
  bool has_floor = false;
  bool has_branches = false;
};

int axis_index(int direction) { return direction / 2; }
float direction_sign(int direction) { return direction % 2 == 0 ? 1.0f : -1.0f; }

Cues gather_cues(const Clip& clip, const FigureSample& sample) {
  Cues cues;
  const std::size_t samples = sample.sample_count();
  const auto joints = static_cast<std::size_t>(sample.joint_count);
  const NamedParts parts = named_parts(clip.skeleton);
  std::vector<int> head;
  std::vector<int> feet;
  for (const int j : parts.head) {
    if (sample.body[static_cast<std::size_t>(j)] != 0) head.push_back(j);
  }
  for (const int j : parts.feet) {
    if (sample.body[static_cast<std::size_t>(j)] != 0) feet.push_back(j);
  }

  std::array<std::vector<float>, 3> extents;
  std::array<std::vector<float>, 6> lows;
  std::vector<float> sizes;
  std::vector<glm::vec3> head_up;
  for (std::size_t s = 0; s < samples; ++s) {
    const std::span<const glm::vec3> points = sample.sample(s);
    glm::vec3 lo(std::numeric_limits<float>::max());
    glm::vec3 hi(std::numeric_limits<float>::lowest());
    for (std::size_t j = 0; j < joints; ++j) {
      if (sample.body[j] == 0) continue;
      lo = glm::min(lo, points[j]);
      hi = glm::max(hi, points[j]);
    }
    if (lo.x > hi.x) continue;
    const glm::vec3 size = hi - lo;
    sizes.push_back(std::max({size.x, size.y, size.z}));
    for (int a = 0; a < 3; ++a) {
      extents[static_cast<std::size_t>(a)].push_back(size[a]);
      lows[static_cast<std::size_t>(2 * a)].push_back(lo[a]);       // the floor if +axis is up
      lows[static_cast<std::size_t>(2 * a + 1)].push_back(-hi[a]);  // the floor if -axis is up
    }
    if (!head.empty() && !feet.empty()) {
      glm::vec3 h(0.0f);
      glm::vec3 f(0.0f);
      for (const int j : head) h += points[static_cast<std::size_t>(j)];
      for (const int j : feet) f += points[static_cast<std::size_t>(j)];
      head_up.push_back(h / static_cast<float>(head.size()) - f / static_cast<float>(feet.size()));
    }
  }
  const float figure = median(sizes);
  if (!(figure > 0.0f)) return cues;

  // Names: the head above the feet.
  if (!head_up.empty()) {
    glm::vec3 sum(0.0f);
    int counted = 0;
    for (const glm::vec3& v : head_up) {
      const float length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
      if (length < 0.2f * figure) continue;  // a crouch or a folded pose says little
      sum += v / length;
      ++counted;
    }
    if (counted > 0) {
      cues.has_names = true;
      sum /= static_cast<float>(counted);
      for (int d = 0; d < 6; ++d) cues.names[static_cast<std::size_t>(d)] = sum[axis_index(d)] * direction_sign(d);
    }
  }

  // Extents: a figure is taller than it is wide or deep most of the time.
  std::array<float, 3> axis_extent{};
  for (int a = 0; a < 3; ++a) axis_extent[static_cast<std::size_t>(a)] = median(extents[static_cast<std::size_t>(a)]);
  const float largest = std::max({axis_extent[0], axis_extent[1], axis_extent[2]});
  for (int d = 0; d < 6; ++d)
    cues.extent[static_cast<std::size_t>(d)] = axis_extent[static_cast<std::size_t>(axis_index(d))] / largest;

  // The floor: the lowest point along the true up stays put while the figure moves.
  std::array<float, 6> spread{};
  float most = 0.0f;
  for (std::size_t d = 0; d < 6; ++d) {
    spread[d] = (quantile(lows[d], 0.9f) - quantile(lows[d], 0.1f)) / figure;
    most = std::max(most, spread[d]);
  }
  if (samples >= 3 && most > 0.05f) {
    cues.has_floor = true;
    for (std::size_t d = 0; d < 6; ++d) cues.floor[d] = 1.0f - spread[d] / most;
  }

  // Branches: from the fork, two legs (or four) reach far down, one spine (with the arms and the
  // head) far up. A branch reaches along a direction when its farthest joint is a quarter of the
  // figure away from the fork that way; a lifted foot still reaches down, hanging hands do not.
  if (sample.branch_count >= 2 && sample.fork >= 0) {
    std::vector<float> reach(static_cast<std::size_t>(sample.branch_count) * 6);
    std::array<float, 6> total{};
    for (std::size_t s = 0; s < samples; ++s) {
      const std::span<const glm::vec3> points = sample.sample(s);
      const glm::vec3 fork = points[static_cast<std::size_t>(sample.fork)];
      std::fill(reach.begin(), reach.end(), 0.0f);
      for (std::size_t j = 0; j < joints; ++j) {
        const int b = sample.branch[j];
        if (b < 0) continue;
        const glm::vec3 away = points[j] - fork;
        for (std::size_t d = 0; d < 6; ++d) {
          float& r = reach[static_cast<std::size_t>(b) * 6 + d];
          r = std::max(r, direction_sign(static_cast<int>(d)) * away[axis_index(static_cast<int>(d))]);
        }
      }
      std::array<int, 6> reaching{};
      for (int b = 0; b < sample.branch_count; ++b) {
        for (std::size_t d = 0; d < 6; ++d) {
          if (reach[static_cast<std::size_t>(b) * 6 + d] >= 0.25f * figure) ++reaching[d];
        }
      }
      // Up is the direction d whose opposite (down) more branches reach.
      for (std::size_t d = 0; d < 6; ++d)
        total[d] += static_cast<float>(std::clamp(reaching[d ^ 1U] - reaching[d], -1, 1));
    }
    for (std::size_t d = 0; d < 6; ++d) {
      cues.branches[d] = total[d] / static_cast<float>(samples);
      if (std::abs(cues.branches[d]) >= 0.25f) cues.has_branches = true;
    }
  }

  // Legs: branches whose tip (the joint farthest from the fork) stands on the floor along a
  // direction (within 15 % of the figure of the lowest point) at least a tenth of the figure
  // below the fork. Eight crab legs stand on one floor; claws, eyes, a tail do not.
  if (sample.branch_count >= 2 && sample.fork >= 0) {
    std::vector<glm::vec3> tips(static_cast<std::size_t>(sample.branch_count));
    std::vector<float> farthest(static_cast<std::size_t>(sample.branch_count));
    std::array<float, 6> standing{};
    for (std::size_t s = 0; s < samples; ++s) {
      const std::span<const glm::vec3> points = sample.sample(s);
      const glm::vec3 fork = points[static_cast<std::size_t>(sample.fork)];
      std::fill(farthest.begin(), farthest.end(), -1.0f);
      std::array<float, 6> floor_level;
      floor_level.fill(std::numeric_limits<float>::max());
      for (std::size_t j = 0; j < joints; ++j) {
        if (sample.body[j] == 0) continue;
        for (std::size_t d = 0; d < 6; ++d) {
          const float along = direction_sign(static_cast<int>(d)) * points[j][axis_index(static_cast<int>(d))];
          floor_level[d] = std::min(floor_level[d], along);
        }
        const int b = sample.branch[j];
        if (b < 0) continue;
        const glm::vec3 away = points[j] - fork;
        const float distance = away.x * away.x + away.y * away.y + away.z * away.z;
        if (distance > farthest[static_cast<std::size_t>(b)]) {
          farthest[static_cast<std::size_t>(b)] = distance;
          tips[static_cast<std::size_t>(b)] = points[j];
        }
      }
      for (std::size_t b = 0; b < tips.size(); ++b) {
        if (farthest[b] < 0.0f) continue;
        for (std::size_t d = 0; d < 6; ++d) {
          const int axis = axis_index(static_cast<int>(d));
          const float sign = direction_sign(static_cast<int>(d));
          const float tip = sign * tips[b][axis];
          const bool on_floor = tip - floor_level[d] <= 0.15f * figure;
          const bool below_fork = sign * fork[axis] - tip >= 0.1f * figure;
          if (on_floor && below_fork) standing[d] += 1.0f;
        }
      }
    }
    for (std::size_t d = 0; d < 6; ++d) {
      const float mean = standing[d] / static_cast<float>(samples);
      cues.most_legs = std::max(cues.most_legs, mean);
      cues.legs[d] = mean / static_cast<float>(sample.branch_count);
    }
  }

  return cues;
}

float share_pointing(const Clip& clip, const FigureSample& sample, int direction) {
  const NamedParts parts = named_parts(clip.skeleton);
  if (parts.head.empty() || parts.feet.empty()) return 0.0f;
  int agree = 0;
  const std::size_t samples = sample.sample_count();
  for (std::size_t s = 0; s < samples; ++s) {
    const std::span<const glm::vec3> points = sample.sample(s);
    float h = 0.0f;
    float f = 0.0f;
    for (const int j : parts.head) h += points[static_cast<std::size_t>(j)][axis_index(direction)];
    for (const int j : parts.feet) f += points[static_cast<std::size_t>(j)][axis_index(direction)];
    const float along = direction_sign(direction) *
                        (h / static_cast<float>(parts.head.size()) - f / static_cast<float>(parts.feet.size()));
    if (along > 0.0f) ++agree;
  }
  return static_cast<float>(agree) / static_cast<float>(samples);
}

std::string percent(float share) { return std::to_string(static_cast<int>(std::lround(share * 100.0f))) + "%"; }

}  // namespace

UpAxisDecision decide_up_axis(const Clip& clip, const FigureSample& sample, UpAxisRequest request) {
  if (request.axis) return {*request.axis, false, true, "chosen by the user"};
  const NamedParts parts = named_parts(clip.skeleton);
  if (parts.partial_hand_rig()) {
    return {UpAxis::PosY, true, false,
            "a lone hand or arm (hand names, no head or feet) has no up of its own: +y assumed"};
  }
  int body_chains = 0;
  for (int j = 0; j < sample.joint_count; ++j)
    body_chains += sample.body[static_cast<std::size_t>(j)] != 0 && !clip.skeleton.is_end_site(j);
  if (body_chains < 6) return {UpAxis::PosY, true, false, "too few joints to tell a figure's up: +y assumed"};

  const Cues cues = gather_cues(clip, sample);
  if (!cues.has_names && !cues.has_floor && !cues.has_branches) {
    return {UpAxis::PosY, true, false,
            "the motion cannot tell (no steady floor over the frames, no legs below a spine, no named head and feet): "
            "+y assumed"};
  }
  // Many legs: the legs on the floor replace the limbs-below-the-hips cue (claws and legs splayed
  // fore and aft reach sideways as far as down), and the extent only breaks ties.
  const bool many_legs = cues.most_legs >= kManyLegs;
  std::array<float, 6> score{};
  for (std::size_t d = 0; d < 6; ++d) {
    score[d] = (many_legs ? kManyLegsExtentWeight : kExtentWeight) * cues.extent[d];
    if (cues.has_names) score[d] += kNamesWeight * cues.names[d];
    if (cues.has_floor) score[d] += kFloorWeight * cues.floor[d];
    if (many_legs) {
      score[d] += kLegsWeight * cues.legs[d];
    } else if (cues.has_branches) {
      score[d] += kBranchWeight * cues.branches[d];
    }
  }
  const auto best = static_cast<int>(std::max_element(score.begin(), score.end()) - score.begin());
  float runner_up = std::numeric_limits<float>::lowest();
  for (int d = 0; d < 6; ++d) {
    if (d != best) runner_up = std::max(runner_up, score[static_cast<std::size_t>(d)]);
  }
  const auto b = static_cast<std::size_t>(best);

  std::vector<std::string> evidence;
  if (cues.has_names && cues.names[b] > 0.3f) {
    evidence.push_back("the head is above the feet in " + percent(share_pointing(clip, sample, best)) +
                       " of the frames");
  }
  if (many_legs && cues.legs[b] * static_cast<float>(sample.branch_count) >= kManyLegs) {
    evidence.push_back(
        std::to_string(static_cast<int>(std::lround(cues.legs[b] * static_cast<float>(sample.branch_count)))) +
        " legs reach down from the body to the floor");
  }
  if (!many_legs && cues.has_branches && cues.branches[b] >= 0.25f)
    evidence.push_back("more limbs reach down from the hips than up");
  if (cues.has_floor && cues.floor[b] >= 0.8f) evidence.push_back("the lowest point stays on a steady floor");
  if (cues.extent[b] >= 0.999f) evidence.push_back("the figure is tallest along it");
  UpAxisDecision decision{static_cast<UpAxis>(best), true, true, {}};
  decision.reason = std::string(up_axis_name(decision.axis)) + " up: ";
  if (evidence.empty()) evidence.emplace_back("the cues together point this way");
  for (std::size_t i = 0; i < evidence.size(); ++i) decision.reason += (i == 0 ? "" : "; ") + evidence[i];
  if (score[b] - runner_up < kWeakMargin) {
    decision.certain = false;
    constexpr auto kPlusY = static_cast<std::size_t>(UpAxis::PosY);
    if (decision.axis != UpAxis::PosY && score[b] - score[kPlusY] < kWeakMargin) {
      // Still weak, and +Y (the BVH convention) nearly as likely: the convention wins.
      decision.axis = UpAxis::PosY;
      decision.reason = "+y up, the BVH convention: the cues barely prefer " +
                        std::string(up_axis_name(static_cast<UpAxis>(best))) +
                        " (a weak guess: set the up axis if the figure does not stand)";
      return decision;
    }
    decision.reason += " (a weak guess: set the up axis if the figure does not stand)";
  }
  return decision;
}

}  // namespace bvhscope
