// Dear ImGui's draw data as FrameDamage sees it (one DrawnLayer a draw list: a hash of what it
// draws and the framebuffer pixels its commands' scissors allow), and the draw data rendered
// inside some rectangles only, each pixel there exactly as a whole render draws it.
#pragma once

#include <cstdint>
#include <vector>

#include "model/pixel_rect.hpp"
#include "viewer/frame_damage.hpp"

struct ImDrawData;
struct ImDrawList;

namespace bvhscope::viewer {

// ImDrawVert's bytes (position, texture coordinate, colour), kept without ImGui's header.
struct ImDrawVertCopy {
  float x, y, u, v;
  std::uint32_t colour;
};
// A clip rectangle's four floats (ImVec4's).
struct ImVec4Copy {
  float x, y, z, w;
};

// The draw lists of each frame as layers, in drawing order, their extents in framebuffer pixels
// (GL's convention), each compared with the same list of the frame before (kept here): where the
// triangles that differ were and are (DrawnLayer::changed). ImGui rebuilds its lists every frame;
// a moving playhead or a new number changes a few of a list's triangles, and the triangles before
// and after them keep their vertices (the ones after shifted in the buffers by as many as were
// added or removed), so the common start and end of the buffers are found and only triangles
// outside them, or touching vertices outside them, count.
class ImGuiLayers {
 public:
  [[nodiscard]] std::vector<DrawnLayer> update(const ImDrawData& data);
  // ImGui_ImplOpenGL3_RenderDrawData with every command's scissor cut to `rect` (framebuffer
  // pixels, GL's convention), given only the lists that draw there (the backend uploads every
  // list it is given). The clip rectangles are put back after. Exact for a framebuffer scale of 1
  // or 2 (a cut scissor is the whole one's part); the caller draws other scales whole.
  void render_within(ImDrawData& data, const PixelRect& rect);

 private:
  struct Command {
    float clip[4];
    std::uintptr_t texture;
    unsigned elements;
    std::uintptr_t callback;
  };
  struct Kept {
    std::uintptr_t id = 0;  // the list's address
    std::uint64_t hash = 0;
    std::vector<ImDrawVertCopy> vertices;
    std::vector<unsigned> indices;          // absolute: the command's vertex offset added
    std::vector<std::uint32_t> command_of;  // the command of each index
    std::vector<Command> commands;
  };
  // Whether two frames' commands draw under the same scissors and textures (counts aside).
  static bool same_commands(const std::vector<Command>& a, const std::vector<Command>& b) noexcept;
  // Where the triangles of `now` not kept from `old` (and those of `old` not kept) can draw.
  static PixelRect changed_pixels(const ImDrawData& data, const Kept& old, const Kept& now, int fb_height);
  std::vector<Kept> last_;   // the frame before's lists
  std::vector<Kept> spare_;  // the one before it, its buffers reused
  // render_within's, reused from call to call.
  std::vector<ImVec4Copy> whole_clips_;
  std::vector<ImDrawList*> drawn_lists_;
};

// The scissor ImGui's OpenGL3 backend sets for a command clipped to `clip` (ImGui's units, top
// left origin) in draw data with that display position and scale, in framebuffer pixels (GL's
// convention); the backend's own arithmetic, so that a cut scissor is the whole one's part.
[[nodiscard]] PixelRect imgui_scissor(float clip_x0, float clip_y0, float clip_x1, float clip_y1, float offset_x,
                                      float offset_y, float scale_x, float scale_y, int fb_height);

}  // namespace bvhscope::viewer
