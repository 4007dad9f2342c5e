#include "anim/tpose_directions.hpp"

#include <array>
#include <initializer_list>
#include <string>

namespace bvhscope {
namespace {

std::string lowercase_base(std::string_view name) {
  if (const std::size_t colon = name.rfind(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  std::string text(name);
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

bool contains_any(const std::string& text, std::initializer_list<std::string_view> words) {
  for (const std::string_view word : words)
    if (text.find(word) != std::string::npos) return true;
  return false;
}

bool starts_with_any(const std::string& text, std::initializer_list<std::string_view> words) {
  for (const std::string_view word : words)
    if (text.starts_with(word)) return true;
  return false;
}

bool ends_with_any(const std::string& text, std::initializer_list<std::string_view> words) {
  for (const std::string_view word : words)
    if (text.ends_with(word)) return true;
  return false;
}

// +1 for a left joint, -1 for a right one, 0 when the name says neither. Besides "left"/"right":
// l_ / r_ / l. / r. prefixes, _l / _r / .l / .r suffixes, and CMU's one-letter prefixes
// ("lfemur", "rhumerus").
int side_of(const std::string& name) {
  if (name.find("left") != std::string::npos) return 1;
  if (name.find("right") != std::string::npos) return -1;
  if (starts_with_any(name, {"l_", "l.", "l-"}) || ends_with_any(name, {"_l", ".l", "-l"})) return 1;
  if (starts_with_any(name, {"r_", "r.", "r-"}) || ends_with_any(name, {"_r", ".r", "-r"})) return -1;
  static constexpr std::array<std::string_view, 14> kCmuParts{"hipjoint", "femur",   "tibia",    "foot",  "toes",
                                                              "clavicle", "humerus", "radius",   "wrist", "hand",
                                                              "fingers",  "thumb",   "shoulder", "upleg"};
  for (const std::string_view part : kCmuParts) {
    if (name.size() == part.size() + 1 && name.substr(1) == part) {
      if (name[0] == 'l') return 1;
      if (name[0] == 'r') return -1;
    }
  }
  return 0;
}

}  // namespace

std::optional<glm::dvec3> tpose_direction(std::string_view joint_name, std::string_view parent_name) {
  const std::string name = lowercase_base(joint_name);
  const std::string parent = lowercase_base(parent_name);
  const glm::dvec3 up(0.0, 1.0, 0.0);
  const glm::dvec3 down(0.0, -1.0, 0.0);
  const glm::dvec3 forward(0.0, 0.0, 1.0);
  const int side = side_of(name);
  const glm::dvec3 out(side, 0.0, 0.0);
  // The foot: forward after an ankle (SMPL), else the ankle itself (BVH), down.
  if (contains_any(name, {"toe", "metatarsal", "ball"})) return forward;
  if (name.find("foot") != std::string::npos) return contains_any(parent, {"ankle"}) ? forward : down;
  if (contains_any(name, {"knee", "ankle", "shin", "calf", "tibia", "femur", "lowleg", "lowerleg"})) return down;
  if (side != 0) {
    // The bones from the pelvis to the hips and the whole arm reach out to the side.
    if (contains_any(name,
                     {"hip", "upleg", "upperleg", "thigh", "collar", "clavicle", "shoulder", "arm", "elbow", "wrist",
                      "hand", "humerus", "radius", "index", "middle", "pinky", "ring", "thumb", "finger"}))
      return out;
    if (name.find("leg") != std::string::npos) return down;  // LeftLeg: the knee
    return std::nullopt;
  }
  if (contains_any(name, {"spine", "chest", "neck", "head", "back", "abdomen", "torso", "thorax"})) return up;
  return std::nullopt;
}

}  // namespace bvhscope
