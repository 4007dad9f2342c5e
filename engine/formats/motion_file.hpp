// MotionFile: what one file holds, as the reader seam hands it out: one motion (a BVH file) or
// several (an animation per glTF animation, a sample per MDM result), each a Clip with its name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.hpp"

namespace bvhscope {

struct MotionFile {
  std::string source;         // the path or name the bytes came from
  std::string_view format;    // the format that read it (MotionFormat::name: "BVH")
  std::vector<Clip> motions;  // at least one; in file order
};

}  // namespace bvhscope
