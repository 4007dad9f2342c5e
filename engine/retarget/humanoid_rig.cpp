#include "retarget/humanoid_rig.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>

#include "anim/printable.hpp"
#include "retarget/joint_words.hpp"

namespace bvhscope {
namespace {

bool is_one_of(const std::string& core, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), core) != words.end();
}

// The tree around each joint, and each subtree's reach along the up axis.
struct Tree {
  std::vector<std::vector<int>> children;
  std::vector<int> subtree_end;  // depth-first order: joint j's subtree is [j, subtree_end[j])
  std::vector<float> lowest;     // per joint: the lowest Y in its subtree
  std::vector<float> highest;
};

Tree make_tree(const Skeleton& skeleton, std::span<const glm::vec3> at) {
  const int count = skeleton.joint_count();
  Tree tree;
  tree.children.resize(static_cast<std::size_t>(count));
  tree.subtree_end.resize(static_cast<std::size_t>(count));
  tree.lowest.resize(static_cast<std::size_t>(count));
  tree.highest.resize(static_cast<std::size_t>(count));
  for (int joint = 0; joint < count; ++joint) {
    const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
    if (parent >= 0) tree.children[static_cast<std::size_t>(parent)].push_back(joint);
  }
  for (int joint = count - 1; joint >= 0; --joint) {
    const auto j = static_cast<std::size_t>(joint);
    tree.subtree_end[j] = joint + 1;
    tree.lowest[j] = tree.highest[j] = at[j].y;
    for (const int child : tree.children[j]) {
      const auto c = static_cast<std::size_t>(child);
      tree.subtree_end[j] = std::max(tree.subtree_end[j], tree.subtree_end[c]);
      tree.lowest[j] = std::min(tree.lowest[j], tree.lowest[c]);
      tree.highest[j] = std::max(tree.highest[j], tree.highest[c]);
    }
  }
  return tree;
}

// From `start` down the tree, each time into the child `better` prefers, to a joint without
// children: the joints passed, End Sites left out.
template <typename Better>
std::vector<int> follow_chain(const Skeleton& skeleton, const Tree& tree, int start, Better better) {
  std::vector<int> chain;
  for (int joint = start; joint >= 0;) {
    if (!skeleton.is_end_site(joint)) chain.push_back(joint);
    int next = -1;
    for (const int child : tree.children[static_cast<std::size_t>(joint)])
      if (next < 0 || better(child, next)) next = child;
    joint = next;
  }
  return chain;
}

int first_named(std::span<const int> joints, const std::vector<JointWords>& words,
                std::initializer_list<std::string_view> cores) {
  for (const int joint : joints)
    if (is_one_of(words[static_cast<std::size_t>(joint)].core, cores)) return joint;
  return -1;
}

std::ptrdiff_t index_in(std::span<const int> chain, int joint) {
  const auto found = std::find(chain.begin(), chain.end(), joint);
  return found == chain.end() ? -1 : found - chain.begin();
}

// The leg's joints by name ("UpLeg"/"Thigh"/"Hip", "Leg"/"Knee"/"Shin"/"Calf", "Ankle" else
// "Foot") when all three are named in order; by heights otherwise (the thigh starts at the last
// joint near the hips' height, the ankle is the first near the floor, the knee the joint between
// them nearest halfway down).
std::optional<HumanoidLeg> find_leg(std::span<const int> chain, const std::vector<JointWords>& words,
                                    std::span<const glm::vec3> at, float hips_y, float floor_y) {
  HumanoidLeg leg;
  const auto rest_after = [&](int joint) {
    return chain.subspan(static_cast<std::size_t>(index_in(chain, joint)) + 1);
  };
  leg.upper = first_named(chain, words, {"upleg", "upperleg", "thigh", "hip", "uleg", "femur"});
  if (leg.upper >= 0)
    leg.lower = first_named(rest_after(leg.upper), words,
                            {"leg", "knee", "shin", "calf", "lowleg", "lowerleg", "lleg", "tibia"});
  if (leg.lower >= 0) {
    leg.foot = first_named(rest_after(leg.lower), words, {"ankle"});
    if (leg.foot < 0) leg.foot = first_named(rest_after(leg.lower), words, {"foot"});
  }
  if (leg.foot < 0) {
    const float length = hips_y - floor_y;
    if (!(length > 0.0f)) return std::nullopt;
    const auto y = [&](int joint) { return at[static_cast<std::size_t>(joint)].y; };
    std::ptrdiff_t ankle = -1;
    for (std::size_t i = 0; i < chain.size() && ankle < 0; ++i)
      if (y(chain[i]) - floor_y < 0.15f * length) ankle = static_cast<std::ptrdiff_t>(i);
    if (ankle < 2) return std::nullopt;
    std::ptrdiff_t thigh = 0;
    for (std::ptrdiff_t i = 0; i < ankle - 1; ++i)
      if (hips_y - y(chain[static_cast<std::size_t>(i)]) < 0.25f * length) thigh = i;
    const float halfway =
        0.5f * (y(chain[static_cast<std::size_t>(thigh)]) + y(chain[static_cast<std::size_t>(ankle)]));
    std::ptrdiff_t knee = thigh + 1;
    for (std::ptrdiff_t i = thigh + 1; i < ankle; ++i)
      if (std::abs(y(chain[static_cast<std::size_t>(i)]) - halfway) <
          std::abs(y(chain[static_cast<std::size_t>(knee)]) - halfway))
        knee = i;
    leg.upper = chain[static_cast<std::size_t>(thigh)];
    leg.lower = chain[static_cast<std::size_t>(knee)];
    leg.foot = chain[static_cast<std::size_t>(ankle)];
  }
  const std::ptrdiff_t foot = index_in(chain, leg.foot);
  if (static_cast<std::size_t>(foot) + 1 < chain.size()) leg.toe = chain[static_cast<std::size_t>(foot) + 1];
  return leg;
}

bool twist_helper(const JointWords& words) {
  return words.core.find("twist") != std::string::npos || words.core.find("roll") != std::string::npos;
}

// The arm's joints by name ("Hand"/"Wrist", "ForeArm"/"Elbow"/"LowerArm", "Arm"/"UpperArm"/"Shldr",
// else "Shoulder" for the upper arm), else by position in the chain (the hand where fingers fork,
// or the last joint; the elbow and shoulder the two joints above it).
std::optional<HumanoidArm> find_arm(std::span<const int> chain, const std::vector<JointWords>& words,
                                    const Tree& tree) {
  HumanoidArm arm;
  arm.hand = first_named(chain, words, {"hand", "wrist"});
  if (arm.hand < 0) {
    for (const int joint : chain) {
      int branches = 0;
      for (const int child : tree.children[static_cast<std::size_t>(joint)])
        branches += tree.children[static_cast<std::size_t>(child)].empty() ? 0 : 1;
      if (branches >= 3) {
        arm.hand = joint;
        break;
      }
    }
    if (arm.hand < 0) arm.hand = chain.back();
  }
  const std::ptrdiff_t hand = index_in(chain, arm.hand);
  const auto above_hand = chain.first(static_cast<std::size_t>(hand));
  arm.fore = first_named(above_hand, words, {"forearm", "elbow", "lowarm", "lowerarm", "farm", "larm", "ulna"});
  if (arm.fore < 0) {
    if (hand < 2) return std::nullopt;
    arm.fore = chain[static_cast<std::size_t>(hand) - 1];
  }
  const std::ptrdiff_t fore = index_in(chain, arm.fore);
  // The upper arm: the first of the run of upper-arm names (twist helpers between) just above the
  // elbow; else the nearest "Shoulder" above it; else the joint above the elbow.
  std::ptrdiff_t upper = -1;
  for (std::ptrdiff_t i = fore - 1; i >= 0; --i) {
    const JointWords& joint = words[static_cast<std::size_t>(chain[static_cast<std::size_t>(i)])];
    if (is_one_of(joint.core, {"upperarm", "uparm", "uarm", "arm", "shldr", "humerus"})) {
      upper = i;
    } else if (!twist_helper(joint) || upper >= 0) {
      break;
    }
  }
  for (std::ptrdiff_t i = fore - 1; upper < 0 && i >= 0; --i)
    if (words[static_cast<std::size_t>(chain[static_cast<std::size_t>(i)])].core == "shoulder") upper = i;
  if (upper < 0) upper = fore - 1;
  if (upper < 0) return std::nullopt;
  arm.upper = chain[static_cast<std::size_t>(upper)];
  if (upper > 0) arm.collar = chain[0];
  return arm;
}

Diagnostic not_humanoid(const std::string& source, const std::string& why) {
  return Diagnostic{source, 0, 0, "not a humanoid rig: " + why};
}

std::optional<BodySide> named_side(const std::vector<JointWords>& words, std::initializer_list<int> joints) {
  for (const int joint : joints)
    if (joint >= 0 && words[static_cast<std::size_t>(joint)].side) return words[static_cast<std::size_t>(joint)].side;
  return std::nullopt;
}

}  // namespace

Result<HumanoidRig> find_humanoid_rig(const Skeleton& skeleton, std::span<const glm::vec3> upright,
                                      const std::string& source) {
  const int count = skeleton.joint_count();
  if (count < 5) return not_humanoid(source, "only " + std::to_string(count) + " joints");
  const Tree tree = make_tree(skeleton, upright);
  std::vector<JointWords> words;
  words.reserve(static_cast<std::size_t>(count));
  for (const std::string& name : skeleton.names) words.push_back(joint_words(name));
  float low = std::numeric_limits<float>::max();
  float high = std::numeric_limits<float>::lowest();
  for (const glm::vec3& p : upright) {
    low = std::min(low, p.y);
    high = std::max(high, p.y);
  }
  const float height = high - low;
  if (!(height > 0.0f)) return not_humanoid(source, "the rest pose has no height");

  // The hips: the first joint with two branches reaching well below it and one above.
  HumanoidRig rig;
  std::vector<int> down;
  int up = -1;
  for (int joint = 0; joint < count && rig.hips < 0; ++joint) {
    const float y = upright[static_cast<std::size_t>(joint)].y;
    down.clear();
    up = -1;
    for (const int child : tree.children[static_cast<std::size_t>(joint)]) {
      const auto c = static_cast<std::size_t>(child);
      if (tree.lowest[c] < y - 0.25f * height) down.push_back(child);
      if (tree.highest[c] > y + 0.15f * height &&
          (up < 0 || tree.highest[c] > tree.highest[static_cast<std::size_t>(up)]))
        up = child;
    }
    if (down.size() >= 2 && up >= 0) rig.hips = joint;
  }
  if (rig.hips < 0)
    return not_humanoid(source, "no legs found (no joint has two branches reaching down and one reaching up)");
  std::sort(down.begin(), down.end(), [&](int a, int b) {
    return tree.lowest[static_cast<std::size_t>(a)] < tree.lowest[static_cast<std::size_t>(b)];
  });
  down.resize(2);
  if (std::find(down.begin(), down.end(), up) != down.end())
    return not_humanoid(source, "the spine and a leg are the same branch");

  // The legs.
  const float hips_y = upright[static_cast<std::size_t>(rig.hips)].y;
  std::array<HumanoidLeg, 2> legs;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::vector<int> chain = follow_chain(skeleton, tree, down[i], [&](int a, int b) {
      return tree.lowest[static_cast<std::size_t>(a)] < tree.lowest[static_cast<std::size_t>(b)];
    });
    const auto leg = find_leg(chain, words, upright, hips_y, tree.lowest[static_cast<std::size_t>(down[i])]);
    if (!leg)
      return not_humanoid(source, "no knee and ankle found in the leg from '" +
                                      printable(skeleton.names[static_cast<std::size_t>(down[i])]) + "'");
    legs[i] = *leg;
  }

  // The spine to the head, and the two longest branches off it: the arms.
  const std::vector<int> chain = follow_chain(skeleton, tree, up, [&](int a, int b) {
    return tree.highest[static_cast<std::size_t>(a)] > tree.highest[static_cast<std::size_t>(b)];
  });
  struct Branch {
    int joint = -1;
    std::size_t at = 0;  // the index in `chain` of the joint it leaves from
    float reach = 0.0f;
  };
  std::vector<Branch> branches;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const glm::vec3 from = upright[static_cast<std::size_t>(chain[i])];
    for (const int child : tree.children[static_cast<std::size_t>(chain[i])]) {
      if (i + 1 < chain.size() && child == chain[i + 1]) continue;
      Branch branch{child, i, 0.0f};
      for (int j = child; j < tree.subtree_end[static_cast<std::size_t>(child)]; ++j)
        branch.reach = std::max(branch.reach, glm::length(upright[static_cast<std::size_t>(j)] - from));
      if (branch.reach >= 0.15f * height) branches.push_back(branch);
    }
  }
  std::sort(branches.begin(), branches.end(), [](const Branch& a, const Branch& b) { return a.reach > b.reach; });
  std::size_t chest = chain.size();
  if (branches.size() >= 2) chest = std::min(branches[0].at, branches[1].at);
  // The head: named so above the chest, else the top of the chain.
  std::size_t head = chain.size();
  for (std::size_t i = chest == chain.size() ? 0 : chest + 1; i < chain.size() && head == chain.size(); ++i)
    if (words[static_cast<std::size_t>(chain[i])].core == "head") head = i;
  if (head == chain.size()) head = chain.size() - 1;
  if (chest == chain.size()) chest = head >= 2 ? head - 2 : 0;
  if (head <= chest) return not_humanoid(source, "no head found above the arms");
  rig.spine.assign(chain.begin(), chain.begin() + static_cast<std::ptrdiff_t>(chest) + 1);
  rig.neck.assign(chain.begin() + static_cast<std::ptrdiff_t>(chest) + 1,
                  chain.begin() + static_cast<std::ptrdiff_t>(head));
  rig.head = chain[head];

  std::array<HumanoidArm, 2> arms;
  const bool with_arms = branches.size() >= 2;
  if (with_arms) {
    for (std::size_t i = 0; i < 2; ++i) {
      const glm::vec3 from = upright[static_cast<std::size_t>(chain[branches[i].at])];
      const auto distance = [&](int joint) {
        float reach = 0.0f;
        for (int j = joint; j < tree.subtree_end[static_cast<std::size_t>(joint)]; ++j)
          reach = std::max(reach, glm::length(upright[static_cast<std::size_t>(j)] - from));
        return reach;
      };
      const std::vector<int> arm_chain =
          follow_chain(skeleton, tree, branches[i].joint, [&](int a, int b) { return distance(a) > distance(b); });
      const auto arm = arm_chain.empty() ? std::nullopt : find_arm(arm_chain, words, tree);
      if (!arm)
        return not_humanoid(source, "no elbow and hand found in the arm from '" +
                                        printable(skeleton.names[static_cast<std::size_t>(branches[i].joint)]) + "'");
      arms[i] = *arm;
    }
  }

  // Left and right: by the names, else by the toes (they point forward; left is up x forward).
  std::optional<BodySide> first_leg = named_side(words, {legs[0].upper, legs[0].lower, legs[0].foot});
  const std::optional<BodySide> second_leg = named_side(words, {legs[1].upper, legs[1].lower, legs[1].foot});
  const glm::vec3 across =
      upright[static_cast<std::size_t>(legs[0].upper)] - upright[static_cast<std::size_t>(legs[1].upper)];
  if (!first_leg || !second_leg || *first_leg == *second_leg) {
    if (legs[0].toe < 0 || legs[1].toe < 0)
      return not_humanoid(source, "left cannot be told from right (no side in the leg names, no toes)");
    glm::vec3 forward(0.0f);
    for (const HumanoidLeg& leg : legs)
      forward += upright[static_cast<std::size_t>(leg.toe)] - upright[static_cast<std::size_t>(leg.foot)];
    const glm::vec3 left = glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), forward);
    first_leg = glm::dot(across, left) > 0.0f ? BodySide::Left : BodySide::Right;
  }
  const std::size_t left_leg = *first_leg == BodySide::Left ? 0 : 1;
  rig.legs = {legs[left_leg], legs[1 - left_leg]};
  if (with_arms) {
    std::optional<BodySide> first_arm = named_side(words, {arms[0].upper, arms[0].fore, arms[0].hand, arms[0].collar});
    const std::optional<BodySide> second_arm = named_side(words, {arms[1].upper, arms[1].fore, arms[1].hand});
    if (!first_arm || !second_arm || *first_arm == *second_arm) {
      const glm::vec3 left_across = left_leg == 0 ? across : -across;
      const glm::vec3 arm_across =
          upright[static_cast<std::size_t>(arms[0].upper)] - upright[static_cast<std::size_t>(arms[1].upper)];
      first_arm = glm::dot(arm_across, left_across) > 0.0f ? BodySide::Left : BodySide::Right;
    }
    const std::size_t left_arm = *first_arm == BodySide::Left ? 0 : 1;
    rig.arms = {arms[left_arm], arms[1 - left_arm]};
  }
  return rig;
}

}  // namespace bvhscope
