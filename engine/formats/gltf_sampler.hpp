// One glTF animation sampler, read and checked: key times (increasing), key values, and the value
// at any time by the spec's interpolation (STEP; LINEAR, with slerp for rotations; CUBICSPLINE,
// Hermite with the in and out tangents), holding the first and last keys outside their range.
#pragma once

#include <memory_resource>
#include <optional>
#include <string_view>
#include <vector>

#include <tiny_gltf.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/result.hpp"

namespace bvhscope {

enum class GltfInterpolation : unsigned char { Step, Linear, CubicSpline };

struct GltfSampler {
  std::pmr::vector<float> times;
  std::pmr::vector<float> values;  // per key: `width` floats (CUBICSPLINE: in-tangent, value, out-tangent)
  int width = 3;                   // 3: translation, 4: rotation (x, y, z, w)
  GltfInterpolation interpolation = GltfInterpolation::Linear;

  // `hint` (optional): the key the last time fell after, kept between calls that go forward in time
  // so that the next key is found without a search; the value is the same with it or without.
  [[nodiscard]] glm::vec3 translation_at(double time, std::size_t* hint = nullptr) const;
  [[nodiscard]] glm::quat rotation_at(double time, std::size_t* hint = nullptr) const;  // unit length
};

// Keys checked: times finite and increasing, `width` (x3 for CUBICSPLINE) finite values a key; the
// refusal names `what`.
std::optional<Diagnostic> check_gltf_keys(const GltfSampler& sampler, std::string_view what, std::string_view source);

// Sampler `index` of `animation`, for a property of `width` floats; errors name `what`.
Result<GltfSampler> read_gltf_sampler(const tinygltf::Model& model, const tinygltf::Animation& animation, int index,
                                      int width, std::string_view what, std::string_view source);

}  // namespace bvhscope
