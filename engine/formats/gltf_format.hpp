// glTF 2.0 behind the reader seam (.glb, .gltf): the skeleton is the skins' joints and the animated
// nodes, with the plain nodes under them (end bones) and the nodes between them; every animation
// is a motion of its own, named as the file names it, sampled at its keys' own rate with the
// spec's interpolation (STEP, LINEAR with slerp for rotations, CUBICSPLINE). The transforms of the
// nodes above the skeleton (an "Armature" turned or scaled by its exporter) are folded into the
// roots, uniform scales into the lengths; the motion becomes BVH channels (a root's translation and
// every joint's rotation as Z X Y angles; translations of other joints only where they move), so
// that every command reads it as it reads BVH. A file with a skin and no animation is its rest pose.
#pragma once

#include <string_view>

#include "formats/format_registry.hpp"

namespace bvhscope {

Sniffed sniff_gltf(std::string_view head, bool whole);
Result<MotionFile> read_gltf_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);

}  // namespace bvhscope
