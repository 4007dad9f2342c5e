#include "retarget/retarget_map.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "anim/joint_matching.hpp"
#include "anim/printable.hpp"

namespace bvhscope {
namespace {

// Each joint's share of the chain's length from `from` (0) to the chain's last joint (1).
std::vector<float> chain_shares(int from, std::span<const int> chain, std::span<const glm::vec3> rest) {
  std::vector<float> shares;
  float length = 0.0f;
  glm::vec3 previous = rest[static_cast<std::size_t>(from)];
  for (const int joint : chain) {
    length += glm::length(rest[static_cast<std::size_t>(joint)] - previous);
    previous = rest[static_cast<std::size_t>(joint)];
    shares.push_back(length);
  }
  for (float& share : shares) share = length > 0.0f ? share / length : 0.0f;
  return shares;
}

// The joints of two chains between mapped ends: each target joint with the source joint nearest
// its share of the chain's length (within a quarter of it), in order, each used once.
void pair_chain(int source_from, std::span<const int> source_chain, std::span<const glm::vec3> source_rest,
                int target_from, std::span<const int> target_chain, std::span<const glm::vec3> target_rest,
                std::vector<RetargetPair>& pairs) {
  const std::vector<float> source_shares = chain_shares(source_from, source_chain, source_rest);
  const std::vector<float> target_shares = chain_shares(target_from, target_chain, target_rest);
  std::size_t next_source = 0;
  for (std::size_t t = 0; t < target_chain.size(); ++t) {
    std::size_t best = source_chain.size();
    for (std::size_t s = next_source; s < source_chain.size(); ++s)
      if (best == source_chain.size() ||
          std::abs(source_shares[s] - target_shares[t]) < std::abs(source_shares[best] - target_shares[t]))
        best = s;
    if (best == source_chain.size() || std::abs(source_shares[best] - target_shares[t]) > 0.25f) continue;
    pairs.push_back({source_chain[best], target_chain[t]});
    next_source = best + 1;
  }
}

bool descends_from(const Skeleton& skeleton, int joint, int ancestor) {
  for (int j = skeleton.parents[static_cast<std::size_t>(joint)]; j >= 0;
       j = skeleton.parents[static_cast<std::size_t>(j)])
    if (j == ancestor) return true;
  return false;
}

int joint_named(const Skeleton& skeleton, const std::string& name) {
  const auto found = std::find(skeleton.names.begin(), skeleton.names.end(), name);
  return found == skeleton.names.end() ? -1 : static_cast<int>(found - skeleton.names.begin());
}

}  // namespace

Result<std::vector<RetargetPair>> retarget_map(const RetargetMapInput& input) {
  const HumanoidRig& from = *input.source_rig;
  const HumanoidRig& to = *input.target_rig;
  std::vector<RetargetPair> pairs;
  const auto add = [&](int source, int target) {
    if (source >= 0 && target >= 0) pairs.push_back({source, target});
  };
  add(from.hips, to.hips);
  // The spine: the chests, and the joints between by their share of the length from the hips.
  const auto without_last = [](const std::vector<int>& chain) {
    return std::span<const int>(chain.data(), chain.empty() ? 0 : chain.size() - 1);
  };
  std::vector<int> source_spine(from.spine.begin(), from.spine.end());
  std::vector<int> target_spine(to.spine.begin(), to.spine.end());
  if (!from.spine.empty() && !to.spine.empty()) {
    pair_chain(from.hips, without_last(from.spine), input.source_rest, to.hips, without_last(to.spine),
               input.target_rest, pairs);
    add(from.chest(), to.chest());
  }
  // The neck between the chest and the head.
  if (!from.neck.empty() && !to.neck.empty()) {
    add(from.neck.front(), to.neck.front());
    if (from.neck.size() > 1 && to.neck.size() > 1)
      pair_chain(from.neck.front(), std::span<const int>(from.neck).subspan(1), input.source_rest, to.neck.front(),
                 std::span<const int>(to.neck).subspan(1), input.target_rest, pairs);
  }
  add(from.head, to.head);
  for (std::size_t side = 0; side < 2; ++side) {
    const HumanoidLeg& a = from.legs[side];
    const HumanoidLeg& b = to.legs[side];
    add(a.upper, b.upper);
    add(a.lower, b.lower);
    add(a.foot, b.foot);
    add(a.toe, b.toe);
    if (from.has_arms() && to.has_arms()) {
      const HumanoidArm& c = from.arms[side];
      const HumanoidArm& d = to.arms[side];
      add(c.collar, d.collar);
      add(c.upper, d.upper);
      add(c.fore, d.fore);
      add(c.hand, d.hand);
    }
  }
  if (input.fingers && from.has_arms() && to.has_arms()) {
    const JointMatching matching = match_joints(*input.source, *input.target);
    for (const JointPair& pair : matching.pairs) {
      for (std::size_t side = 0; side < 2; ++side)
        if (descends_from(*input.source, pair.reference, from.arms[side].hand) &&
            descends_from(*input.target, pair.other, to.arms[side].hand) && !input.target->is_end_site(pair.other))
          add(pair.reference, pair.other);
    }
  }

  // The user's pairs replace what they name.
  std::string missing;
  int first_line = 0;
  for (std::size_t i = 0; i < input.explicit_pairs.size(); ++i) {
    const auto& [source_name, target_name] = input.explicit_pairs[i];
    const int line = i < input.explicit_lines.size() ? input.explicit_lines[i] : 0;
    const int source = joint_named(*input.source, source_name);
    const int target = joint_named(*input.target, target_name);
    const auto note = [&](const std::string& what) {
      if (first_line == 0) first_line = line;
      missing += (missing.empty() ? "" : "; ") + what + " (line " + std::to_string(line) + ")";
    };
    if (source < 0) note("the source has no joint '" + printable(source_name) + "'");
    if (target < 0) note("the target has no joint '" + printable(target_name) + "'");
    if (source < 0 || target < 0) continue;
    // A joint of the target the user names takes the user's source (a later line for the same
    // target wins); a source may drive several targets.
    std::erase_if(pairs, [&](const RetargetPair& pair) { return pair.target == target; });
    pairs.push_back({source, target});
  }
  if (!missing.empty()) return Diagnostic{input.map_source, first_line, 1, missing};
  std::sort(pairs.begin(), pairs.end(),
            [](const RetargetPair& a, const RetargetPair& b) { return a.target < b.target; });
  pairs.erase(std::unique(pairs.begin(), pairs.end(),
                          [](const RetargetPair& a, const RetargetPair& b) { return a.target == b.target; }),
              pairs.end());
  return pairs;
}

}  // namespace bvhscope
