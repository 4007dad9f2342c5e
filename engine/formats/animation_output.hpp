// What the glTF and FBX writers share: which clips they can write as node animation.
#pragma once

#include <optional>
#include <string_view>

#include "anim/clip.hpp"
#include "anim/diagnostic.hpp"

namespace bvhscope {

// Why `clip` cannot be written as `what` ("FBX animation"): a positions motion (convert fits
// rotations first) or one without frames; nothing when it can.
std::optional<Diagnostic> unwritable_as_animation(const Clip& clip, std::string_view what);

}  // namespace bvhscope
