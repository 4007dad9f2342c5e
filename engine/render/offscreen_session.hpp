// One GL context kept for many offscreen renders in a row (`render --each`'s worker processes):
// the EGL context, the scene's shaders and buffers and the render targets are made once and lent
// to each OffscreenRenderer, which gives them back when it ends. Making them costs more than a
// short clip's frames on a software renderer: the display's driver loaded, every shader compiled,
// the rasterizer's code generated on the first draws. What a renderer leaves in them is replaced
// by the next one's uploads (a clip set drawn after another starts from a new SceneDrawer).
// One thread: the one that made the session, which keeps the context current.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gfx/render_target.hpp"
#include "gfx/scene_renderer.hpp"
#include "render/offscreen_context.hpp"

namespace bvhscope::render {

class OffscreenSession {
 public:
  OffscreenSession();
  ~OffscreenSession();
  OffscreenSession(const OffscreenSession&) = delete;
  OffscreenSession& operator=(const OffscreenSession&) = delete;

  // The context, made current on this thread (made on the first call, made current again on the
  // next: another context may have been in between); false with `error` as OffscreenContext::create.
  bool ensure_context(std::string& error);
  // A target of width x height with `samples` asked for: one given back earlier with those, else
  // a new one. nullopt with `error`.
  std::optional<gfx::RenderTarget> take_target(int width, int height, int samples, std::string& error);
  void give_back(gfx::RenderTarget target, int samples);
  // The scene's shaders and buffers: the ones given back, else new. nullopt with `error`.
  std::optional<gfx::SceneRenderer> take_renderer(std::string& error);
  void give_back(gfx::SceneRenderer renderer);

  // Targets made and renderers made since the session began (tests: reuse is real).
  [[nodiscard]] int targets_made() const noexcept { return targets_made_; }
  [[nodiscard]] int renderers_made() const noexcept { return renderers_made_; }

 private:
  struct SpareTarget {
    int samples = 0;  // as asked (the target holds what the implementation allowed)
    gfx::RenderTarget target;
  };
  // Destroyed in reverse: the GL objects before the context.
  std::optional<OffscreenContext> context_;
  std::vector<SpareTarget> targets_;
  std::optional<gfx::SceneRenderer> renderer_;
  int targets_made_ = 0;
  int renderers_made_ = 0;
};

}  // namespace bvhscope::render
