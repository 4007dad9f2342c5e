// `render --ui` draws the viewer itself with its panels, which lives in app/viewer (GLFW, ImGui).
// The command line does not link it: the program hands the viewer's two renderers in here once, at
// start (main.cpp); a build of the commands without the viewer (the Python module) has none, and
// `render --ui` there says so instead of drawing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/prepared_clip.hpp"
#include "render/offscreen_options.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/video_loop.hpp"

namespace bvhscope::cli {

struct UiRendering {
  std::optional<render::OffscreenImage> (*still)(std::vector<PreparedClip> clips,
                                                 const render::OffscreenOptions& options, std::string& error) = nullptr;
  bool (*video)(std::vector<PreparedClip> clips, const render::OffscreenOptions& options,
                const render::VideoOptions& video, const std::string& path, std::string& error) = nullptr;
};

// Set once, before any command runs (not thread-safe against a render in progress).
void provide_ui_rendering(UiRendering rendering) noexcept;
// What was provided; both null when nothing was.
[[nodiscard]] const UiRendering& ui_rendering() noexcept;

}  // namespace bvhscope::cli
