// Dear ImGui's draw data as FrameDamage sees it (one DrawnLayer a draw list: a hash of what it
// draws and the framebuffer pixels its commands' scissors allow), and the draw data rendered
// inside some rectangles only, each pixel there exactly as a whole render draws it.
#pragma once

#include <vector>

#include "model/pixel_rect.hpp"
#include "viewer/frame_damage.hpp"

struct ImDrawData;

namespace bvhscope::viewer {

// The draw lists of `data` in drawing order, their extents in framebuffer pixels (GL's convention).
[[nodiscard]] std::vector<DrawnLayer> imgui_layers(const ImDrawData& data);

// ImGui_ImplOpenGL3_RenderDrawData with every command's scissor cut to `rect` (framebuffer pixels,
// GL's convention). The clip rectangles are put back after.
void render_imgui_within(ImDrawData& data, const PixelRect& rect);

// The scissor ImGui's OpenGL3 backend sets for a command clipped to `clip` (ImGui's units, top
// left origin) in draw data with that display position and scale, in framebuffer pixels (GL's
// convention); the backend's own arithmetic, so that a cut scissor is the whole one's part.
[[nodiscard]] PixelRect imgui_scissor(float clip_x0, float clip_y0, float clip_x1, float clip_y1, float offset_x,
                                      float offset_y, float scale_x, float scale_y, int fb_height);

}  // namespace bvhscope::viewer
