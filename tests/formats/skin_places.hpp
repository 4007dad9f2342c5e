// For the mesh tests (gltf_skin_test, fbx_skin_test), whose expected places are worked out by
// hand: where a skinned mesh's skin puts a vertex at a frame of its clip, by the definition of
// linear blend skinning (each of its joints' world matrices then, after the inverse of the joint's
// bind matrix, weighed), and a place compared with the one expected.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include <glm/matrix.hpp>

#include "anim/clip.hpp"
#include "anim/pose.hpp"
#include "anim/skinned_mesh.hpp"

namespace bvhscope::test {

inline glm::vec3 skinned_place(const Clip& clip, const SkinnedMesh& mesh, std::size_t vertex, std::size_t frame) {
  Pose pose;
  pose_frame(clip, frame, PositionMode::Add, pose);
  glm::vec3 place(0.0f);
  for (int i = 0; i < 4; ++i) {
    const std::size_t k = mesh.influences[vertex][static_cast<std::size_t>(i)];
    const glm::mat4& world = pose.world[static_cast<std::size_t>(mesh.joints[k])];
    place += mesh.weights[vertex][i] *
             glm::vec3(world * glm::inverse(mesh.binds[k]) * glm::vec4(mesh.positions[vertex], 1.0f));
  }
  return place;
}

// `got` within 1e-5 of `want` on every axis; `what` names it in a failure.
inline void expect_near_place(const glm::vec3& got, const glm::vec3& want, const std::string& what) {
  EXPECT_NEAR(got.x, want.x, 1e-5f) << what;
  EXPECT_NEAR(got.y, want.y, 1e-5f) << what;
  EXPECT_NEAR(got.z, want.z, 1e-5f) << what;
}

}  // namespace bvhscope::test
