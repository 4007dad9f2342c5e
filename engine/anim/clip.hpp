// Clip: one fully loaded motion (skeleton, motion, where it came from, and the load's warnings). A
// file holds one or several (engine/formats: MotionFile); a BVH file holds one.
#pragma once

#include <string>
#include <vector>

#include "anim/diagnostic.hpp"
#include "anim/motion.hpp"
#include "anim/skeleton.hpp"
#include "anim/skinned_mesh.hpp"

namespace bvhscope {

struct Clip {
  std::string source;  // the path or name the text came from
  std::string name;    // the motion's name in a file of several (an animation, a caption); empty for BVH
  Skeleton skeleton;
  Motion motion;
  double declared_frame_time = 0.0;  // as written; motion.frame_time holds the rate used for playback
  std::vector<Diagnostic> warnings;  // located warnings of the load, in file order
  SkinnedMeshes meshes;              // the file's meshes skinned to this skeleton (glTF, FBX); null: none
};

// A copy of a loaded clip whose frame table is shared with it, not copied (FrameValues::share), for
// work on another thread while the original is still read: no one writes a loaded clip's table.
inline Clip share_clip(const Clip& clip) {
  Clip copy;
  copy.source = clip.source;
  copy.name = clip.name;
  copy.skeleton = clip.skeleton;
  copy.declared_frame_time = clip.declared_frame_time;
  copy.warnings = clip.warnings;
  copy.meshes = clip.meshes;
  copy.motion.frame_count = clip.motion.frame_count;
  copy.motion.channel_count = clip.motion.channel_count;
  copy.motion.frame_time = clip.motion.frame_time;
  copy.motion.values = clip.motion.values.share(clip.motion.values.size());
  copy.motion.position_joints = clip.motion.position_joints;
  copy.motion.positions = clip.motion.positions.share(clip.motion.positions.size());
  copy.motion.array_joints = clip.motion.array_joints;
  return copy;
}

}  // namespace bvhscope
