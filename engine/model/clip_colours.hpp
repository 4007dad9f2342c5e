// Colours that tell clips apart: six chosen by hand, then as many more as there are clips, each
// picked to stay as far as possible from every colour before it and from the selection blue.
#pragma once

#include <glm/vec3.hpp>

namespace bvhscope {

// A clip's colours: `line` for lines, labels and its swatch; `solid` for its shaded body.
struct ClipColor {
  glm::vec3 line;
  glm::vec3 solid;
};

// The colour of the clip with colour index `index` (>= 0). Distinct for any number of clips: the
// first 24 are at least kMinClipColourDistance apart in OKLab, none is within kMinHighlightDistance
// of the selection or hover highlight, all are light; beyond 256 the sequence repeats.
ClipColor clip_color(int index) noexcept;

// Perceptual distance between two sRGB colours (Euclidean in OKLab; 1 is black to white).
float colour_distance(const glm::vec3& a, const glm::vec3& b) noexcept;

inline constexpr float kMinClipColourDistance = 0.06f;  // a just noticeable difference is ~0.02
inline constexpr float kMinHighlightDistance = 0.15f;   // from the selection and hover colours

}  // namespace bvhscope
