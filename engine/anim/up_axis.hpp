// Up axes: which signed file axis points up (BVH says +Y, but Blender, MakeHuman and camera-space
// exporters write +Z, -Y or +X), the names used on the command line and in JSON, and the rotation
// that stands a clip upright in a Y-up world.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {

enum class UpAxis : std::uint8_t { PosX, NegX, PosY, NegY, PosZ, NegZ };

inline constexpr UpAxis kAllUpAxes[6] = {UpAxis::PosX, UpAxis::NegX, UpAxis::PosY,
                                         UpAxis::NegY, UpAxis::PosZ, UpAxis::NegZ};

// "+x", "-x", "+y", "-y", "+z", "-z".
std::string_view up_axis_name(UpAxis axis) noexcept;
// The unit vector of the axis in file coordinates.
glm::vec3 up_axis_vector(UpAxis axis) noexcept;
// The proper rotation (a signed permutation, exact in floats) taking `axis` to +Y: +Z up is
// (x, y, z) -> (x, z, -y), as Blender's Y-up export does; -Y up turns half a turn about X; +X up
// a quarter turn about Z. +Y gives the identity.
glm::mat3 rotation_to_y_up(UpAxis axis) noexcept;

// The user's choice: nullopt is "auto".
struct UpAxisRequest {
  std::optional<UpAxis> axis;
  bool operator==(const UpAxisRequest&) const = default;
};
// "auto" or an axis name; nullopt for anything else.
std::optional<UpAxisRequest> parse_up_axis_request(std::string_view text) noexcept;

}  // namespace bvhscope
