// Writing a clip as glTF 2.0 (.glb, or .gltf with its buffer embedded): one node per joint (End
// Sites too) in skeleton order, named as the joints, the rest pose (OFFSETs) as the nodes'
// translations; one animation with a LINEAR sampler per animated property, a key at every frame
// (rotations as unit quaternions, translations for joints with position channels): an animated node
// hierarchy, which engines read as a skeleton. The clip's own skinned meshes (a character read from
// glTF or FBX) are written skinned to those nodes; with `body`, also a skinned mesh of capsules
// around the bones (formats/capsule_body.hpp), for viewers that show meshes only. Lengths and axes are
// written as the clip has them (convert_clip turns them to metres and +Y first).
#pragma once

#include <ostream>
#include <string>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"

namespace bvhscope {

struct GltfWriteOptions {
  bool binary = true;          // .glb; false: .gltf, JSON with the buffer as a base64 data URI
  std::string animation_name;  // empty: "motion"
  bool body = false;           // a skinned capsule body (a mesh and a skin per ROOT) after the joints' nodes
};

// What write_gltf wrote, for the command's report.
struct GltfWriteReport {
  int nodes = 0;
  int samplers = 0;
  int meshes = 0;  // the clip's own skinned meshes (a glTF or FBX character's)
  std::size_t mesh_vertices = 0;
  int bodies = 0;  // capsule bodies skinned to the skeleton (one per ROOT with bones)
  std::size_t body_vertices = 0;
  std::size_t bytes = 0;
};

// Writes `clip` (a channel motion, posed under `mode`) to `out`. Fails, writing nothing, for a
// positions motion (fit channels first: convert_clip) and for frame times that float seconds
// cannot keep increasing (the keys of a glTF animation must), and with `body` for a skeleton with
// no bone long enough for a capsule.
Result<GltfWriteReport> write_gltf(const Clip& clip, PositionMode mode, std::ostream& out,
                                   const GltfWriteOptions& options = {});

}  // namespace bvhscope
