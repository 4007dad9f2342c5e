// A simple body for a skeleton, for viewers that show meshes and not bones (convert --body): a
// capsule around every bone (a joint to each of its children, End Sites included), bound wholly to
// the bone's parent joint, so that it follows the bone exactly in every pose. Built in a bind pose
// of unturned joints, one body per ROOT hierarchy. A bone is where the motion puts the child in
// its parent's frame (its OFFSET, or its position channels when they say otherwise); a child whose
// place there changes over the motion (a ROOT's link to hips that carry the root motion) is no bone.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"
#include "anim/skinned_mesh.hpp"

namespace bvhscope {

struct CapsuleBody {
  int root = 0;                        // the ROOT whose hierarchy this is
  std::vector<int> joints;             // the skin's joints: the hierarchy's joints in skeleton order
  std::vector<glm::vec3> bind_places;  // per skin joint, where it stands (unturned) in the bind pose
  std::vector<glm::vec3> positions;    // per vertex, in the rest pose
  std::vector<glm::vec3> normals;      // per vertex, unit length
  std::vector<std::uint16_t> binding;  // per vertex, the index into `joints` of the joint it follows
  std::vector<std::uint32_t> indices;  // triangles, counter-clockwise seen from outside
};

// The sizes of each capsule: its cross-section is a circle of this many points, each rounded end
// this many rings between the bone's end and its pole.
inline constexpr int kCapsuleSegments = 12;
inline constexpr int kCapsuleEndRings = 3;

// The capsule's radius: `figure_size` (the figure's height) times this, or at most this share of
// the bone's length for short bones (fingers, toes), so that neighbours stay apart.
inline constexpr float kCapsuleRadiusOfFigure = 0.028f;
inline constexpr float kCapsuleRadiusOfBone = 0.3f;

// A child's place may wander this share of its bone's length over the motion and still be a bone.
inline constexpr float kRigidBoneTolerance = 0.01f;

// Each joint's place in its parent's frame when the motion keeps it there (within
// kRigidBoneTolerance of its length) in every frame under `mode`; nothing for a joint the motion
// moves about its parent, and for roots.
std::vector<std::optional<glm::vec3>> rigid_bones(const Clip& clip, PositionMode mode);

// One body per ROOT, a capsule per bone of `bones` (indexed by joint). Bones shorter than a
// millionth of `figure_size` get no capsule; a hierarchy of such bones only (or of more than 65536
// joints) gets no body.
std::vector<CapsuleBody> capsule_bodies(const Skeleton& skeleton, const std::vector<std::optional<glm::vec3>>& bones,
                                        float figure_size);

// The body as a skinned mesh named "body": each vertex follows its one joint wholly.
SkinnedMesh skinned_mesh_of(const CapsuleBody& body);

}  // namespace bvhscope
