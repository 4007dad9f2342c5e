// What one picture shows, as a plain value: each clip (its skeleton and pose, where it stands, how
// it looks), the camera and viewport, the style, the ground, the root's path and the selected
// joint's trail, and what is drawn over the picture (boxes and text in pixels). Built from the
// model by ClipScene (render/clip_scene.hpp: the viewer, the command line's pictures and videos,
// the Python module) or by hand, drawn by SceneDrawer (render/scene_drawer.hpp). No GL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/scene_style.hpp"
#include "model/clip_placement.hpp"
#include "model/draw_detail.hpp"
#include "model/overlay.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::render {

struct SceneClip {
  // Both outlive the drawing of the scene (the clip's, or the caller's scratch for a ghost).
  const Skeleton* skeleton = nullptr;
  const Pose* pose = nullptr;  // world matrices in the clip's own coordinates, placed by `placement`
  Placement placement;         // clip coordinates to scene coordinates
  float height = 1.0f;         // the skeleton's size in scene units: bounds the bone thickness
  DrawDetail detail;           // how much of a huge skeleton is drawn (default: everything)
  gfx::ClipLook look;          // colours, visibility, selection, opacity
};

struct Scene {
  std::vector<SceneClip> clips;
  // Bumped by whoever builds the scene when the clips' skeletons, heights or detail, the ground or
  // the root path change, and when the trail changes: SceneDrawer uploads those only then. 0: the
  // drawer compares them by value instead (a scene built once).
  std::uint64_t revision = 0;
  std::uint64_t trail_revision = 0;
  gfx::SceneView view;  // the camera (view, projection, eye) and the viewport in framebuffer pixels
  gfx::SceneStyle style;
  GroundGrid ground;                  // the floor and its grid, in scene units
  std::vector<glm::vec3> trajectory;  // the active clip's root path, placed (made once style.show_trajectory)
  std::size_t trajectory_frame = 0;   // the marker on it
  std::vector<glm::vec3> trail;       // the selected joint's path, placed (style.show_trail)
  Overlay overlay;                    // drawn over the 3D picture, in framebuffer pixels (y down)
};

}  // namespace bvhscope::render
