// The 3D scene of a clip set: the viewer's and the headless renderer's one way from the model to
// the picture. It builds a Scene value (render/scene.hpp) from the model and draws it with a
// SceneDrawer. When the set changes (rebuild) the clips are placed (upright, in the first clip's
// units, side by side on one floor) with their skeletons, the ground and the active clip's root
// path; every frame (pose) each clip's pose at the clock's time, compared clips as ghosts over the
// reference, is staged (uploaded once); the selected joint's trail follows it; each clip's look
// (colour, selection, error colours) is set before a draw. Also the bounds a view frames. GL
// through engine/gfx only: no window, no UI.
#pragma once

#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/clip_timeline.hpp"
#include "anim/measure.hpp"
#include "gfx/scene_renderer.hpp"
#include "model/clip_set.hpp"
#include "model/comparison.hpp"
#include "model/display_options.hpp"
#include "render/ghost_scratch.hpp"
#include "render/scene.hpp"
#include "render/scene_drawer.hpp"

namespace bvhscope::render {

// How the clock's time becomes each clip's pose.
struct PoseTiming {
  bool interpolate = true;           // between frames (false: the frame before)
  ClipEnd clip_end = ClipEnd::Hold;  // what a clip shows outside its frames
};

// The joint drawn hovered: in the joint tree (of the active clip) and under the mouse in the view.
struct HoveredJoints {
  int tree_joint = -1;  // of the active clip; wins over the view's for that clip
  int view_clip = -1;   // index into the clip set
  int view_joint = -1;
};

class ClipScene {
 public:
  explicit ClipScene(gfx::SceneRenderer renderer) noexcept : drawer_(std::move(renderer)) {}

  // After the clips changed (added, removed, replaced, moved, another ghost): placed, and their
  // skeletons, the ground and the root path uploaded. The poses are written by the next pose().
  void rebuild(ClipSet& clips, const Comparison& comparison, const DisplayOptions& display);
  // Whether the clips drawn as ghosts are other than when the scene was last built (then rebuild:
  // the scene's bounds leave ghosts out, they stand over the reference).
  [[nodiscard]] bool ghosts_changed(const ClipSet& clips, const Comparison& comparison);
  // Every clip's pose at the clock's time, written and uploaded once. Outside its frames every clip
  // follows `timing.clip_end` (a clip still loading holds: its end is not known yet); a hidden clip
  // is posed at its clamped frame and not drawn. A compared clip shown as a ghost is written where
  // it is measured, over the reference.
  void pose(ClipSet& clips, const Comparison& comparison, const PoseTiming& timing);
  // The selected joint's path over the active clip's frames, uploaded when the joint, the clip or
  // its placement changes (none without a selection or with `inspection.trail` off).
  void update_trail(const ClipSet& clips, const InspectionOptions& inspection);

  // How the scene is drawn with these choices: the trail's window around the active clip's frame.
  [[nodiscard]] static gfx::SceneStyle style(const ClipSet& clips, const DisplayOptions& display,
                                             const InspectionOptions& inspection, float pixel_scale);
  // Each clip's look for the next draw.
  void update_looks(const ClipSet& clips, const Comparison& comparison, const HoveredJoints& hovered);
  // The scene from `view` into the bound framebuffer (with view.region, only that rectangle); with
  // `over_ground`, all but the ground draw_ground drew, which must be there.
  void draw(const gfx::SceneView& view, const gfx::SceneStyle& style, const ClipSet& clips, bool over_ground = false);
  // The ground alone: background, floor and grid.
  void draw_ground(const gfx::SceneView& view, const gfx::SceneStyle& style);
  // What draw() draws where no figure or shadow is (background, floor, grid, axes).
  void draw_backdrop(const gfx::SceneView& view, const gfx::SceneStyle& style);
  // The framebuffer rectangle outside which draw() from `view` draws what draw_backdrop does, for the
  // poses last written (a video with a still camera redraws only that); empty when the figures are
  // out of view; nullopt when more than the figures moves (a trail, the root path's marker) or no
  // clip is there.
  [[nodiscard]] std::optional<gfx::Viewport> figure_region(const gfx::SceneView& view, const gfx::SceneStyle& style,
                                                           const ClipSet& clips);

  // Every clip's motion, placed (ghosts left out): what F frames. A clip still loading adds each
  // pose it is shown in (pose()) until the load's end rebuilds the scene.
  [[nodiscard]] const Bounds& bounds() const noexcept { return bounds_; }
  // What a new view frames (and R): the whole motion when it spreads little further than the figures
  // on screen (1.5 body heights for one clip), else the visible figures as they stand, large and
  // centred, down to the floor. (A clip streaming in counts as far as it has been shown.)
  [[nodiscard]] Bounds first_view_bounds(const ClipSet& clips, const Comparison& comparison) const;
  // Whether a joint of a visible clip (not a ghost) is outside the view `view_projection` shows, as
  // last posed; false for a skeleton too large to check cheaply.
  [[nodiscard]] bool figures_leave_view(const ClipSet& clips, const Comparison& comparison,
                                        const glm::mat4& view_projection) const;

  // Where `slot`'s joint is drawn, as last posed (a ghost stands over the reference, not where its
  // placement puts it).
  [[nodiscard]] glm::vec3 placed_joint(const ClipSet& clips, const ClipSlot& slot, int joint) const;

  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return drawer_.renderer(); }
  // See SceneDrawer::take_renderer.
  [[nodiscard]] gfx::SceneRenderer take_renderer() && noexcept { return std::move(drawer_).take_renderer(); }
  // The scene as last built, posed and drawn (its view and style are the last draw's).
  [[nodiscard]] const Scene& scene() const noexcept { return scene_; }

 private:
  // scene_.trajectory: the root path of clip trajectory_clip_, placed.
  void place_trajectory(const ClipSet& clips);
  // Adds a streaming clip's poses to bounds_, and makes the floor again, further on, when they reach
  // its fading rim.
  void grow_with_streaming_poses(const ClipSet& clips, const Comparison& comparison);

  SceneDrawer drawer_;
  Scene scene_;
  std::uint64_t revisions_ = 0;     // scene_.revision and trail_revision count from here
  int trajectory_clip_ = 0;         // the clip whose root path scene_.trajectory is (the active one at the rebuild)
  bool trajectory_placed_ = false;  // scene_.trajectory holds it (made when first shown)
  std::vector<Pose> ghost_poses_;   // each ghost's aligned pose (by clip index), reused every frame
  Bounds bounds_;
  GhostScratch ghosts_;
  struct TrailKey {
    int clip_id = 0;
    int joint = -1;
    glm::vec3 offset{0.0f};
    float scale = 0.0f;
    std::size_t frames = 0;
    bool operator==(const TrailKey&) const = default;
  } trail_key_;
};

}  // namespace bvhscope::render
