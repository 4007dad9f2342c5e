#include "anim/skeleton_names.hpp"

#include <array>
#include <cctype>

namespace bvhscope {
namespace {

struct NamedJoint {
  std::string_view family;  // as joint arrays name it (formats/joint_layouts.cpp)
  std::string_view smpl, cmu, mixamo;
};

// SMPL's body joints. The CMU database's skeleton has a LowerBack, Spine and Spine1 where SMPL has
// spine1..3, and no hand joint but LeftFingerBase; Mixamo's has Spine..Spine2 and no hand joint:
// SMPL's hand (at the knuckles) is its middle finger's base.
constexpr std::array<NamedJoint, 24> kBody{{
    {"pelvis", "Pelvis", "Hips", "Hips"},
    {"left_hip", "L_Hip", "LeftUpLeg", "LeftUpLeg"},
    {"right_hip", "R_Hip", "RightUpLeg", "RightUpLeg"},
    {"spine1", "Spine1", "LowerBack", "Spine"},
    {"left_knee", "L_Knee", "LeftLeg", "LeftLeg"},
    {"right_knee", "R_Knee", "RightLeg", "RightLeg"},
    {"spine2", "Spine2", "Spine", "Spine1"},
    {"left_ankle", "L_Ankle", "LeftFoot", "LeftFoot"},
    {"right_ankle", "R_Ankle", "RightFoot", "RightFoot"},
    {"spine3", "Spine3", "Spine1", "Spine2"},
    {"left_foot", "L_Foot", "LeftToeBase", "LeftToeBase"},
    {"right_foot", "R_Foot", "RightToeBase", "RightToeBase"},
    {"neck", "Neck", "Neck", "Neck"},
    {"left_collar", "L_Collar", "LeftShoulder", "LeftShoulder"},
    {"right_collar", "R_Collar", "RightShoulder", "RightShoulder"},
    {"head", "Head", "Head", "Head"},
    {"left_shoulder", "L_Shoulder", "LeftArm", "LeftArm"},
    {"right_shoulder", "R_Shoulder", "RightArm", "RightArm"},
    {"left_elbow", "L_Elbow", "LeftForeArm", "LeftForeArm"},
    {"right_elbow", "R_Elbow", "RightForeArm", "RightForeArm"},
    {"left_wrist", "L_Wrist", "LeftHand", "LeftHand"},
    {"right_wrist", "R_Wrist", "RightHand", "RightHand"},
    {"left_hand", "L_Hand", "LeftFingerBase", "LeftHandMiddle1"},
    {"right_hand", "R_Hand", "RightFingerBase", "RightHandMiddle1"},
}};

constexpr std::array<std::string_view, 5> kFingers{"index", "middle", "pinky", "ring", "thumb"};

std::string capitalised(std::string_view word) {
  std::string text(word);
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

// A finger joint of SMPL-H ("left_index1"): SMPL's "L_Index1", else the Mixamo name the CMU
// database has no equivalent for ("LeftHandIndex1").
std::optional<std::string> finger_name(std::string_view family, SkeletonNaming naming) {
  for (const std::string_view side : {std::string_view("left_"), std::string_view("right_")}) {
    if (family.substr(0, side.size()) != side) continue;
    const std::string_view rest = family.substr(side.size());
    for (const std::string_view finger : kFingers) {
      if (rest.size() != finger.size() + 1 || rest.substr(0, finger.size()) != finger) continue;
      const char digit = rest.back();
      if (digit < '1' || digit > '3') continue;
      if (naming == SkeletonNaming::Smpl)
        return std::string(side == "left_" ? "L_" : "R_") + capitalised(finger) + digit;
      return std::string(side == "left_" ? "LeftHand" : "RightHand") + capitalised(finger) + digit;
    }
  }
  return std::nullopt;
}

std::optional<std::string> convention_name(std::string_view family, SkeletonNaming naming) {
  for (const NamedJoint& joint : kBody) {
    if (joint.family != family) continue;
    switch (naming) {
      case SkeletonNaming::Smpl:
        return std::string(joint.smpl);
      case SkeletonNaming::Cmu:
        return std::string(joint.cmu);
      case SkeletonNaming::Mixamo:
        return std::string(joint.mixamo);
    }
  }
  return finger_name(family, naming);
}

}  // namespace

std::optional<SkeletonNaming> parse_skeleton_naming(std::string_view text) noexcept {
  std::string lower;
  for (const char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "smpl") return SkeletonNaming::Smpl;
  if (lower == "cmu") return SkeletonNaming::Cmu;
  if (lower == "mixamo") return SkeletonNaming::Mixamo;
  return std::nullopt;
}

Result<std::vector<std::pair<std::string, std::string>>> skeleton_naming_renames(const Skeleton& skeleton,
                                                                                 SkeletonNaming naming,
                                                                                 std::string_view source) {
  std::vector<std::pair<std::string, std::string>> renames;
  bool in_the_family = false;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.is_end_site(j)) continue;
    const std::string& name = skeleton.names[static_cast<std::size_t>(j)];
    std::optional<std::string> renamed = convention_name(name, naming);
    if (!renamed) continue;
    in_the_family = in_the_family || name == "spine1";  // KIT-ML shares some names (pelvis, neck), not this
    if (*renamed != name) renames.emplace_back(name, std::move(*renamed));
  }
  if (!in_the_family) {
    std::string first;
    for (std::size_t j = 0; j < skeleton.names.size() && j < 4; ++j)
      first += (first.empty() ? "'" : ", '") + skeleton.names[j] + "'";
    return Diagnostic{std::string(source), 0, 0,
                      "--skeleton-names: the joints are not the SMPL family's (pelvis, left_hip, spine1... as "
                      "HumanML3D, SMPL and SMPL-H arrays name them); found " +
                          first};
  }
  return renames;
}

}  // namespace bvhscope
