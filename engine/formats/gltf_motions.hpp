// The motions of a glTF scene (tinygltf's model, as a glTF file holds it or as the FBX reader
// builds it from an FBX file): the skeleton is the skins' joints and the animated nodes, with the
// plain nodes under them (end bones) and the nodes between them; every animation is a motion of
// its own, sampled at its keys' own rate with the spec's interpolation. The transforms of the nodes
// above the skeleton are folded into its roots, uniform scales into the lengths; the motion becomes
// BVH channels (a root's translation and every joint's rotation as Z X Y angles; translations of
// other joints only where they move), so that every command reads it as it reads BVH.
#pragma once

#include <string_view>

#include <tiny_gltf.h>

#include "anim/result.hpp"
#include "formats/gltf_sampler.hpp"
#include "formats/motion_file.hpp"

namespace bvhscope {

// Every animation channel's keys, by animation and channel, when a reader has them already (FBX):
// the model's animations then hold only their channels, and no buffer.
using SceneKeys = std::vector<std::vector<GltfSampler>>;

// `format` names the file's format in the MotionFile ("glTF", "FBX"); messages name `source`.
// `frame_rate` > 0: the file's own rate (FBX states one), at which every animation is sampled from
// its first key to its last; 0: the keys' own rate (glTF). `keys`: the channels' keys, taken from
// there (moved) instead of read from the model's accessors.
Result<MotionFile> motions_of_scene(const tinygltf::Model& model, std::string_view source, std::string_view format,
                                    double frame_rate = 0.0, SceneKeys* keys = nullptr);

}  // namespace bvhscope
