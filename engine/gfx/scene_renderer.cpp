#include "gfx/scene_renderer.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

// Capsule radius as a share of the skeleton's size: about 5 cm on a 1.7 m person.
constexpr float kBoneRadiusPerHeight = 0.03f;

}  // namespace

std::optional<SceneRenderer> SceneRenderer::create(std::string& error) {
  std::optional<BackgroundPass> background = BackgroundPass::create(error);
  if (!background) return std::nullopt;
  std::optional<GroundPass> ground = GroundPass::create(error);
  if (!ground) return std::nullopt;
  std::optional<SkeletonPass> skeleton = SkeletonPass::create(error);
  if (!skeleton) return std::nullopt;
  std::optional<TrajectoryPass> trajectory = TrajectoryPass::create(error);
  if (!trajectory) return std::nullopt;
  return SceneRenderer(std::move(*background), std::move(*ground), std::move(*skeleton), std::move(*trajectory));
}

void SceneRenderer::set_skeleton(const Skeleton& skeleton, float height) {
  skeleton_.set_skeleton(skeleton, (height > 0.0f ? height : 1.0f) * kBoneRadiusPerHeight);
}

void SceneRenderer::set_ground(const GroundGrid& grid) {
  ground_y_ = grid.center.y;
  ground_.set_grid(grid);
}

void SceneRenderer::set_trajectory(std::span<const glm::vec3> points) { trajectory_.set_path(points, ground_y_); }

void SceneRenderer::begin_viewport(const Viewport& viewport) noexcept {
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glScissor(viewport.x, viewport.y, viewport.width, viewport.height);
  glEnable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_CULL_FACE);
}

void SceneRenderer::end_viewport() noexcept {
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
}

void SceneRenderer::draw(const SceneView& view, const SceneStyle& style, std::size_t frame) const {
  begin_viewport(view.viewport);
  background_.draw(style.palette);
  ground_.draw_floor(view, style);
  if (style.show_shadow) skeleton_.draw_shadow(view, style, ground_y_);
  if (style.show_trajectory) trajectory_.draw(view, style, frame);
  if (style.show_axes) ground_.draw_axes(view, style);
  skeleton_.draw(view, style, ground_y_);
  end_viewport();
}

void SceneRenderer::draw_empty(const SceneView& view, const SceneStyle& style) const {
  begin_viewport(view.viewport);
  background_.draw(style.palette);
  end_viewport();
}

}  // namespace bvhscope::gfx
