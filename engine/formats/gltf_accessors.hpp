// Reading a glTF accessor's elements as floats, every offset and count checked against its buffer
// view and buffer (no read outside them, whatever the file says), sparse substitutions applied, and
// integer components converted as the spec says (normalised: to [-1, 1] or [0, 1]).
#pragma once

#include <string_view>
#include <vector>

#include <tiny_gltf.h>

#include "anim/result.hpp"

namespace bvhscope {

// The most elements an accessor read here may have (a glTF animation of a million keys is rare).
inline constexpr std::size_t kMaxGltfAccessorElements = std::size_t{1} << 28;

// Accessor `index` of `model` as `components` floats per element (1: SCALAR, 3: VEC3, 4: VEC4,
// 16: MAT4).
// `normalized_integers`: integer components are normalised even when the accessor does not say so
// (rotation keys, which the spec lets be normalised bytes or shorts). Errors name `what` ("the
// rotation keys of node 'Hips'") and the accessor.
Result<std::vector<float>> read_float_accessor(const tinygltf::Model& model, int index, int components,
                                               bool normalized_integers, std::string_view what,
                                               std::string_view source);

}  // namespace bvhscope
