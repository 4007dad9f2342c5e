#include "formats/joint_layouts.hpp"

#include <array>

namespace bvhscope {
namespace {

// SMPL's body joints in its own order (HumanML3D keeps the first 22).
constexpr std::array<std::string_view, 24> kSmplNames{
    "pelvis",     "left_hip",    "right_hip",    "spine1",      "left_knee",     "right_knee",
    "spine2",     "left_ankle",  "right_ankle",  "spine3",      "left_foot",     "right_foot",
    "neck",       "left_collar", "right_collar", "head",        "left_shoulder", "right_shoulder",
    "left_elbow", "right_elbow", "left_wrist",   "right_wrist", "left_hand",     "right_hand"};
constexpr std::array<int, 24> kSmplParents{-1, 0, 0, 0,  1,  2,  3,  4,  5,  6,  7,  8,
                                           9,  9, 9, 12, 13, 14, 16, 17, 18, 19, 20, 21};

// SMPL-H: the 22 body joints, then 15 joints of each hand (index, middle, pinky, ring, thumb; three
// each, from the wrist out), left hand first.
constexpr std::array<std::string_view, 52> kSmplhNames{
    "pelvis",        "left_hip",     "right_hip",    "spine1",       "left_knee",     "right_knee",
    "spine2",        "left_ankle",   "right_ankle",  "spine3",       "left_foot",     "right_foot",
    "neck",          "left_collar",  "right_collar", "head",         "left_shoulder", "right_shoulder",
    "left_elbow",    "right_elbow",  "left_wrist",   "right_wrist",  "left_index1",   "left_index2",
    "left_index3",   "left_middle1", "left_middle2", "left_middle3", "left_pinky1",   "left_pinky2",
    "left_pinky3",   "left_ring1",   "left_ring2",   "left_ring3",   "left_thumb1",   "left_thumb2",
    "left_thumb3",   "right_index1", "right_index2", "right_index3", "right_middle1", "right_middle2",
    "right_middle3", "right_pinky1", "right_pinky2", "right_pinky3", "right_ring1",   "right_ring2",
    "right_ring3",   "right_thumb1", "right_thumb2", "right_thumb3"};
constexpr std::array<int, 52> kSmplhParents{-1, 0,  0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  9,  9,  12, 13, 14,
                                            16, 17, 18, 19, 20, 22, 23, 20, 25, 26, 20, 28, 29, 20, 31, 32, 20, 34,
                                            35, 21, 37, 38, 21, 40, 41, 21, 43, 44, 21, 46, 47, 21, 49, 50};

// KIT-ML's 21 joints (the MMM reference model as HumanML3D keeps it): the spine up to the head,
// then the arms from the neck and the legs from the root, left before right.
constexpr std::array<std::string_view, 21> kKitNames{
    "root",        "pelvis",           "chest",           "neck",        "head",        "left_shoulder",
    "left_elbow",  "left_wrist",       "right_shoulder",  "right_elbow", "right_wrist", "left_hip",
    "left_knee",   "left_ankle",       "left_metatarsal", "left_toe",    "right_hip",   "right_knee",
    "right_ankle", "right_metatarsal", "right_toe"};
constexpr std::array<int, 21> kKitParents{-1, 0, 1, 2, 3, 3, 5, 6, 3, 8, 9, 0, 11, 12, 13, 14, 0, 16, 17, 18, 19};

const std::array<JointLayout, 4> kLayouts{{
    {"HumanML3D (SMPL body, 22 joints)", std::span(kSmplNames).first(22), std::span(kSmplParents).first(22), 20.0},
    {"KIT-ML (21 joints)", kKitNames, kKitParents, 12.5},
    {"SMPL (24 joints)", kSmplNames, kSmplParents, kDefaultArrayFramesPerSecond},
    {"SMPL-H (52 joints)", kSmplhNames, kSmplhParents, kDefaultArrayFramesPerSecond},
}};

}  // namespace

const JointLayout* joint_layout_for(int joints) noexcept {
  for (const JointLayout& layout : kLayouts) {
    if (static_cast<int>(layout.joint_names.size()) == joints) return &layout;
  }
  return nullptr;
}

}  // namespace bvhscope
