#include "render/offscreen_session.hpp"

#include <EGL/egl.h>

#include <utility>

namespace bvhscope::render {

OffscreenSession::OffscreenSession() = default;

OffscreenSession::~OffscreenSession() {
  if (context_) gfx::RenderTarget::bind_default();
  renderer_.reset();
  targets_.clear();
}

bool OffscreenSession::ensure_context(std::string& error) {
  if (context_) {
    if (context_->egl().make_current()) return true;
    error = "cannot make the offscreen EGL context current again: " + egl_error_name(eglGetError());
    return false;
  }
  std::optional<OffscreenContext> made = OffscreenContext::create(error);
  if (!made) return false;
  context_.emplace(std::move(*made));
  return true;
}

std::optional<gfx::RenderTarget> OffscreenSession::take_target(int width, int height, int samples, std::string& error) {
  for (auto it = targets_.begin(); it != targets_.end(); ++it) {
    if (it->samples == samples && it->target.width() == width && it->target.height() == height) {
      std::optional<gfx::RenderTarget> spare(std::move(it->target));
      targets_.erase(it);
      return spare;
    }
  }
  std::optional<gfx::RenderTarget> made = gfx::RenderTarget::create(width, height, samples, error);
  if (made) ++targets_made_;
  return made;
}

void OffscreenSession::give_back(gfx::RenderTarget target, int samples) {
  targets_.push_back(SpareTarget{samples, std::move(target)});
}

std::optional<gfx::SceneRenderer> OffscreenSession::take_renderer(std::string& error) {
  if (renderer_) {
    std::optional<gfx::SceneRenderer> spare(std::move(*renderer_));
    renderer_.reset();
    return spare;
  }
  std::optional<gfx::SceneRenderer> made = gfx::SceneRenderer::create(error);
  if (made) ++renderers_made_;
  return made;
}

void OffscreenSession::give_back(gfx::SceneRenderer renderer) { renderer_.emplace(std::move(renderer)); }

}  // namespace bvhscope::render
