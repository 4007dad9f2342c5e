// Writing a clip as binary FBX 7.4: one LimbNode model per joint (End Sites too) named as the
// joints, their OFFSETs as rest translations, and one animation stack keyed at every frame (each
// joint's whole rotation as Euler XYZ degrees, continuous from frame to frame; translations for
// joints with position channels). Lengths are in the clip's units, declared as metres
// (UnitScaleFactor 100) with +Y up (convert_clip turns them so first); the frame rate is the
// clip's (TimeMode custom). The clip's skinned meshes (a character read from glTF or FBX) are
// written skinned to the joints' models, with their bind pose, as FBX SDK files hold them.
#pragma once

#include <ostream>
#include <string>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"

namespace bvhscope {

struct FbxWriteOptions {
  std::string take_name;  // the animation stack's name; empty: "motion"
};

struct FbxWriteReport {
  int models = 0;
  int curves = 0;
  int meshes = 0;
  std::size_t mesh_vertices = 0;
  std::size_t bytes = 0;
};

// Writes `clip` (a channel motion, posed under `mode`) to `out`; fails, writing nothing, for a
// positions motion (convert fits rotations first).
Result<FbxWriteReport> write_fbx(const Clip& clip, PositionMode mode, std::ostream& out,
                                 const FbxWriteOptions& options = {});

}  // namespace bvhscope
