#include "anim/joint_set.hpp"

#include <algorithm>
#include <cctype>

#include <glm/geometric.hpp>

#include "anim/printable.hpp"

namespace bvhscope {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains(const std::string& text, std::string_view word) { return text.find(word) != std::string::npos; }

// Named as a finger: "LeftHandIndex1", "RThumb", "l_pinky", "finger".
bool named_as_finger(const std::string& name) {
  for (const std::string_view word : {"finger", "thumb", "index", "pinky", "pinkie"})
    if (contains(name, word)) return true;
  // "Middle", "Ring" and "Little" name fingers beside "hand" ("LeftHandRing2"), not alone ("Spine_Middle").
  return contains(name, "hand") && (contains(name, "middle") || contains(name, "ring") || contains(name, "little"));
}

// Named as a hand or a wrist, and not as a finger ("LeftHand", "RightWrist", "hand_l", "lhand").
bool named_as_hand(const std::string& name) {
  return (contains(name, "hand") || contains(name, "wrist")) && !named_as_finger(name);
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// One flag per joint: the first joint of its chain named as a hand (the joints below it are fingers).
std::vector<bool> hand_joints(const Skeleton& skeleton) {
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  std::vector<bool> hand(count, false);
  std::vector<bool> below_hand(count, false);
  for (std::size_t j = 0; j < count; ++j) {  // parents come before their children
    const int parent = skeleton.parents[j];
    const bool parent_in_hand =
        parent >= 0 && (hand[static_cast<std::size_t>(parent)] || below_hand[static_cast<std::size_t>(parent)]);
    below_hand[j] = parent_in_hand;
    hand[j] = !parent_in_hand && !skeleton.is_end_site(static_cast<int>(j)) && named_as_hand(lower(skeleton.names[j]));
  }
  return hand;
}

}  // namespace

std::string JointSet::text() const {
  switch (kind) {
    case JointSetKind::All:
      return "all";
    case JointSetKind::Body:
      return "body";
    case JointSetKind::Hands:
      return "hands";
    case JointSetKind::Named:
      break;
  }
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ",") + name;
  return list;
}

std::optional<JointSet> parse_joint_set(std::string_view text) {
  if (text == "all") return JointSet{JointSetKind::All, {}};
  if (text == "body") return JointSet{JointSetKind::Body, {}};
  if (text == "hands") return JointSet{JointSetKind::Hands, {}};
  JointSet set{JointSetKind::Named, {}};
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view name = trimmed(text.substr(0, comma));
    if (name.empty()) return std::nullopt;
    set.names.emplace_back(name);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return set;
}

std::vector<bool> finger_joints(const Skeleton& skeleton) {
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  const std::vector<bool> hand = hand_joints(skeleton);
  std::vector<bool> finger(count, false);
  for (std::size_t j = 0; j < count; ++j) {
    const int parent = skeleton.parents[j];
    const bool below_hand =
        parent >= 0 && (hand[static_cast<std::size_t>(parent)] || finger[static_cast<std::size_t>(parent)]);
    finger[j] = below_hand || (!hand[j] && named_as_finger(lower(skeleton.names[j])));
  }
  return finger;
}

Result<std::vector<bool>> joints_in_set(const Skeleton& skeleton, const JointSet& set, const std::string& source) {
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  std::vector<bool> in(count, set.kind == JointSetKind::All);
  switch (set.kind) {
    case JointSetKind::All:
      break;
    case JointSetKind::Body: {
      const std::vector<bool> finger = finger_joints(skeleton);
      float longest = 0.0f;
      for (std::size_t j = 0; j < count; ++j)
        if (skeleton.parents[j] >= 0) longest = std::max(longest, glm::length(skeleton.offsets[j]));
      for (std::size_t j = 0; j < count; ++j) {
        const bool zero_length = skeleton.parents[j] >= 0 && glm::length(skeleton.offsets[j]) <= 1e-6f * longest;
        in[j] = !skeleton.is_end_site(static_cast<int>(j)) && !zero_length && !finger[j];
      }
      break;
    }
    case JointSetKind::Hands: {
      const std::vector<bool> hand = hand_joints(skeleton);
      if (std::none_of(hand.begin(), hand.end(), [](bool h) { return h; }))
        return Diagnostic{source, 0, 0, "no joint is named as a hand or a wrist: --joints hands has nothing to take"};
      const std::vector<bool> finger = finger_joints(skeleton);
      for (std::size_t j = 0; j < count; ++j) in[j] = hand[j] || finger[j];
      break;
    }
    case JointSetKind::Named: {
      std::string missing;
      for (const std::string& name : set.names) {
        const auto found = std::find(skeleton.names.begin(), skeleton.names.end(), name);
        if (found == skeleton.names.end()) {
          missing += (missing.empty() ? "'" : ", '") + printable(name) + "'";
          continue;
        }
        in[static_cast<std::size_t>(found - skeleton.names.begin())] = true;
      }
      if (!missing.empty()) return Diagnostic{source, 0, 0, "--joints names joints it does not have: " + missing};
      break;
    }
  }
  return in;
}

}  // namespace bvhscope
