// The colour scale of comparison errors: near white for no error through yellow and orange to red
// at the top of the scale (lightness falls as the error grows, so it reads in grey too), a neutral
// grey for joints without a partner.
#pragma once

#include <glm/vec3.hpp>

namespace bvhscope {

inline constexpr glm::vec3 kUnmatchedJointColour{0.42f, 0.44f, 0.47f};

// The colour of `error` on a scale from 0 to `top` (clamped at both ends; linear RGB, 0..1).
glm::vec3 error_colour(double error, double top) noexcept;

}  // namespace bvhscope
