// Which parts of the window a frame must draw again when the window keeps the last frame's
// picture (a software renderer presenting rectangles with GLX_MESA_copy_sub_buffer, see
// PartialPresent): the 3D view where the figures were and are when nothing else in it changed,
// the whole view when anything else did, and every UI draw list whose contents changed, where it
// was and where it is (a list that comes, a tooltip, where it is; one that goes, where it was). Everything else is
// already on screen, pixel for pixel. No GL, no ImGui: what a frame shows comes in as hashes and rectangles, so the
// rules are tested on their own.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/pixel_rect.hpp"

namespace bvhscope::viewer {

// One UI draw list of the frame (an ImGui window, popup or overlay): a hash of everything it
// draws (vertices, indices, commands, textures) and the framebuffer pixels it can touch.
struct DrawnLayer {
  std::uintptr_t id = 0;  // the same list from frame to frame (ImGui keeps a window's list)
  std::uint64_t hash = 0;
  PixelRect extent;
  // When the list could be compared with the frame before's (same commands, scissors and
  // textures): the pixels its changed triangles, old and new, can touch (empty: none). Else
  // nullopt, and a changed list redraws its extent and its last one.
  std::optional<PixelRect> changed{};
};

// What one frame shows, in framebuffer pixels with GL's convention (origin at the bottom left).
struct FrameContent {
  int width = 0;
  int height = 0;
  // Everything the 3D view's picture depends on but the figures' poses: the camera, the viewport,
  // the style, the ground, which clips show and how. Two frames with the same hash differ in the
  // view only inside `figures` of either.
  std::uint64_t scene_hash = 0;
  PixelRect view;                    // the 3D view's viewport (empty: no view)
  std::optional<PixelRect> figures;  // where the figures and their shadows are; nullopt: not known
  std::uint64_t figures_hash = 0;    // their poses and looks: equal, the figures are drawn as before
  // The whole view is drawn again whatever the hashes say (its pixels on screen came from another
  // source than the frame would draw them from: GroundCache::needs_whole_view).
  bool redraw_view = false;
  std::vector<DrawnLayer> layers;  // in drawing order, each id once
};

class FrameDamage {
 public:
  // The rectangles of `now` to draw again, given the frame drawn before (none after invalidate or
  // on the first frame: the whole frame), as merge_damage leaves them: at most kMostRects, the
  // whole frame when they would cover most of it anyway.
  [[nodiscard]] std::vector<PixelRect> update(FrameContent now);
  // The window lost its picture (exposed, resized) or it was drawn by other means: the next
  // update returns the whole frame.
  void invalidate() noexcept { last_.reset(); }

  static constexpr std::size_t kMostRects = 6;

 private:
  std::optional<FrameContent> last_;
};

// The pixels both rectangles hold (empty when none).
[[nodiscard]] PixelRect intersection(const PixelRect& a, const PixelRect& b) noexcept;
// The smallest rectangle holding both (an empty one adds nothing).
[[nodiscard]] PixelRect united(const PixelRect& a, const PixelRect& b) noexcept;

// `rects` clipped to width x height, empty ones dropped, and two that overlap or nearly touch
// merged into their bounding rectangle when it holds at most a quarter more than they do (others
// may overlap: each is drawn whole on its own); when more than `most` remain or they cover more
// than three quarters of the frame, the whole frame alone.
[[nodiscard]] std::vector<PixelRect> merge_damage(std::vector<PixelRect> rects, int width, int height,
                                                  std::size_t most);

}  // namespace bvhscope::viewer
