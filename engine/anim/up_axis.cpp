#include "anim/up_axis.hpp"

namespace bvhscope {

std::string_view up_axis_name(UpAxis axis) noexcept {
  switch (axis) {
    case UpAxis::PosX:
      return "+x";
    case UpAxis::NegX:
      return "-x";
    case UpAxis::PosY:
      return "+y";
    case UpAxis::NegY:
      return "-y";
    case UpAxis::PosZ:
      return "+z";
    case UpAxis::NegZ:
      return "-z";
  }
  return "+y";
}

glm::vec3 up_axis_vector(UpAxis axis) noexcept {
  glm::vec3 v(0.0f);
  const int index = static_cast<int>(axis);
  v[index / 2] = index % 2 == 0 ? 1.0f : -1.0f;
  return v;
}

glm::mat3 rotation_to_y_up(UpAxis axis) noexcept {
  // Columns are the images of the file's X, Y and Z axes.
  switch (axis) {
    case UpAxis::PosY:
      return glm::mat3(1.0f);
    case UpAxis::NegY:
      return glm::mat3(glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::vec3(0, 0, -1));
    case UpAxis::PosZ:
      return glm::mat3(glm::vec3(1, 0, 0), glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
    case UpAxis::NegZ:
      return glm::mat3(glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, -1, 0));
    case UpAxis::PosX:
      return glm::mat3(glm::vec3(0, 1, 0), glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1));
    case UpAxis::NegX:
      return glm::mat3(glm::vec3(0, -1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, 1));
  }
  return glm::mat3(1.0f);
}

std::optional<UpAxisRequest> parse_up_axis_request(std::string_view text) noexcept {
  if (text == "auto") return UpAxisRequest{};
  // "+z", "-z", and as people write it, "z", "Z" or "+Z" (an axis without a sign points up).
  char sign = '+';
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    sign = text.front();
    text.remove_prefix(1);
  }
  if (text.size() != 1) return std::nullopt;
  const char letter =
      text.front() >= 'A' && text.front() <= 'Z' ? static_cast<char>(text.front() - 'A' + 'a') : text.front();
  const char canonical[3] = {sign, letter, '\0'};
  for (const UpAxis axis : kAllUpAxes) {
    if (up_axis_name(axis) == std::string_view(canonical, 2)) return UpAxisRequest{axis};
  }
  return std::nullopt;
}

}  // namespace bvhscope
