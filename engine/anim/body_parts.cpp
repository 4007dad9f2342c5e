#include "anim/body_parts.hpp"

#include <array>
#include <cctype>
#include <string>

namespace bvhscope {
namespace {

bool contains_word_part(const std::string& lower, std::string_view part) noexcept {
  return lower.find(part) != std::string::npos;
}

}  // namespace

BodyPart body_part_of(std::string_view name) noexcept {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (contains_word_part(lower, "head") || contains_word_part(lower, "skull")) return BodyPart::Head;
  static constexpr std::array<std::string_view, 4> kFoot = {"foot", "toe", "ankle", "heel"};
  for (const std::string_view part : kFoot) {
    if (contains_word_part(lower, part)) return BodyPart::Foot;
  }
  static constexpr std::array<std::string_view, 7> kHand = {"hand", "finger", "thumb", "wrist",
                                                            "palm", "index",  "pinky"};
  for (const std::string_view part : kHand) {
    if (contains_word_part(lower, part)) return BodyPart::Hand;
  }
  return BodyPart::Other;
}

NamedParts named_parts(const Skeleton& skeleton) {
  NamedParts parts;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    switch (body_part_of(skeleton.names[static_cast<std::size_t>(joint)])) {
      case BodyPart::Head:
        parts.head.push_back(joint);
        break;
      case BodyPart::Foot:
        parts.feet.push_back(joint);
        break;
      case BodyPart::Hand:
        ++parts.hands;
        break;
      case BodyPart::Other:
        break;
    }
  }
  return parts;
}

}  // namespace bvhscope
