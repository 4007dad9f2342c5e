#include "gfx/scene_renderer.hpp"

#include <algorithm>
#include <vector>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {
std::optional<SceneRenderer> SceneRenderer::create(std::string& error) {
  // The line shader, compiled once for the four passes that draw lines; on the heap so that it stays
  // where they point when the renderer moves.
  std::optional<ShaderProgram> lines = ShaderProgram::from_embedded("lines", error);
  if (!lines) return std::nullopt;
  auto shared_lines = std::make_unique<const ShaderProgram>(std::move(*lines));
  std::optional<BackgroundPass> background = BackgroundPass::create(error);
  if (!background) return std::nullopt;
  std::optional<GroundPass> ground = GroundPass::create(*shared_lines, error);
  if (!ground) return std::nullopt;
  std::optional<SkeletonPass> skeleton = SkeletonPass::create(*shared_lines, error);
  if (!skeleton) return std::nullopt;
  TrajectoryPass trajectory = TrajectoryPass::create(*shared_lines);
  TrailPass trail = TrailPass::create(*shared_lines);
  std::optional<ShadowMask> shadow_mask = ShadowMask::create(error);
  if (!shadow_mask) return std::nullopt;
  return SceneRenderer(std::move(shared_lines), std::move(*background), std::move(*ground), std::move(*skeleton),
                       std::move(trajectory), std::move(trail), std::move(*shadow_mask));
}

void SceneRenderer::set_skeleton(const Skeleton& skeleton, float height) {
  skeleton_.set_skeleton(skeleton, height > 0.0f ? height : 1.0f);
}

void SceneRenderer::set_skeletons(std::span<const Skeleton* const> skeletons, std::span<const float> heights,
                                  std::span<const DrawDetail> details) {
  std::vector<SkeletonSlot> slots;
  slots.reserve(skeletons.size());
  for (std::size_t i = 0; i < skeletons.size(); ++i) {
    const float height = i < heights.size() && heights[i] > 0.0f ? heights[i] : 1.0f;
    slots.push_back({skeletons[i], height, i < details.size() ? details[i] : DrawDetail{}});
  }
  skeleton_.set_skeletons(slots);
}

void SceneRenderer::set_ground(const GroundGrid& grid) {
  ground_y_ = grid.center.y;
  ground_.set_grid(grid);
}

void SceneRenderer::set_trajectory(std::span<const glm::vec3> points) { trajectory_.set_path(points, ground_y_); }

void SceneRenderer::begin_viewport(const SceneView& view) noexcept {
  const Viewport& viewport = view.viewport;
  const Viewport& scissor = view.region ? *view.region : viewport;
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glScissor(scissor.x, scissor.y, scissor.width, scissor.height);
  glEnable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_CULL_FACE);
}

// Back to GL's defaults for what the passes change, so that every frame starts from the state the
// first one did (a software driver such as llvmpipe compiles a shader variant per state combination:
// a state left over from the last frame would make the second frame compile, and allocate, again).
void SceneRenderer::end_viewport() noexcept {
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
}

void SceneRenderer::draw(const SceneView& view, const SceneStyle& style, std::size_t frame) const {
  begin_viewport(view);
  background_.draw(style.palette);
  ground_.draw_floor(view, style);
  draw_over_ground_passes(view, style, frame);
  end_viewport();
}

void SceneRenderer::draw_ground(const SceneView& view, const SceneStyle& style) const {
  begin_viewport(view);
  background_.draw(style.palette);
  ground_.draw_floor(view, style);
  end_viewport();
}

void SceneRenderer::draw_over_ground(const SceneView& view, const SceneStyle& style, std::size_t frame) const {
  begin_viewport(view);
  draw_over_ground_passes(view, style, frame);
  end_viewport();
}

void SceneRenderer::draw_over_ground_passes(const SceneView& view, const SceneStyle& style, std::size_t frame) const {
  if (style.show_shadow) draw_shadow(view, style);
  if (style.show_trajectory) trajectory_.draw(view, style, frame);
  if (style.show_axes) ground_.draw_axes(view, style);
  skeleton_.draw(view, style, ground_y_);
  if (style.show_trail) trail_.draw(view, style, style.trail_first, style.trail_last, style.trail_current);
}

namespace {

// Whether the bound draw framebuffer has an alpha channel. Only such framebuffers (every offscreen
// target) get the soft shadow through the mask; a window without alpha keeps the look it always
// had, each bone's shadow multiplied in.
bool has_destination_alpha() noexcept {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  GLint bits = 0;
  glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, bound == 0 ? GL_BACK_LEFT : GL_COLOR_ATTACHMENT0,
                                        GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &bits);
  return bits > 0;
}

}  // namespace

// The soft shadow: every bone's darkness goes into a single-sample mask keeping the maximum, then
// one pass darkens the colour by it, so a dense rig (fingers, face) casts one soft shadow, not a
// black pile. These passes cover only the pixels the shadows can reach: on a software renderer
// passes over the whole view cost more than the rest of the scene, and the overlapping quads cost
// four times less in one sample a pixel (gfx/shadow_mask) than in the multisampled target.
// llvmpipe's scissor lets a multisampled draw touch some samples of the column left of it: the
// multiplying pass darkens only the shadow's pixels (shadow_apply.frag), and at scale 1 the mask is
// also cleared a little wider than the shadow is drawn.
void SceneRenderer::draw_shadow(const SceneView& view, const SceneStyle& style) const {
  if (!has_destination_alpha()) {
    skeleton_.draw_shadow(view, style, ground_y_, false);
    return;
  }
  const Viewport& viewport = view.viewport;
  const Viewport& drawn = view.region ? *view.region : viewport;
  PixelExtent extent(view.projection * view.view, viewport.width, viewport.height);
  skeleton_.add_shadow_extent(extent, ground_y_);
  const std::optional<PixelRect> reach = extent.rect(2);
  // `reach` widened by `grow` pixels, inside the pixels drawn; nullopt when it misses them.
  const auto within = [&](int grow) -> std::optional<Viewport> {
    if (!reach) return drawn;
    if (reach->empty()) return std::nullopt;
    const int x0 = std::max(drawn.x, viewport.x + reach->x - grow);
    const int y0 = std::max(drawn.y, viewport.y + reach->y - grow);
    const int x1 = std::min(drawn.x + drawn.width, viewport.x + reach->x + reach->width + grow);
    const int y1 = std::min(drawn.y + drawn.height, viewport.y + reach->y + reach->height + grow);
    if (x1 <= x0 || y1 <= y0) return std::nullopt;
    return Viewport{x0, y0, x1 - x0, y1 - y0};
  };
  const std::optional<Viewport> shadow = within(0);
  if (!shadow) return;  // no shadow in the pixels drawn
  const auto scissor = [](const Viewport& rect) { glScissor(rect.x, rect.y, rect.width, rect.height); };
  const int scale = ShadowMaskGrid::scale_for(viewport);
  shadow_mask_.prepare(viewport.x + viewport.width, viewport.y + viewport.height, scale);
  if (scale == 1) {
    shadow_mask_.begin(*within(2));  // wider than `shadow`: there whenever it is
    scissor(*shadow);
    skeleton_.draw_shadow(view, style, ground_y_, true);
  } else {
    // Every texel the pixels drawn read, drawn whole: a frame redrawn in a region shows the shadow
    // a whole frame shows there.
    const Viewport texels = shadow_mask_.grid().texels_for(*shadow);
    shadow_mask_.begin(texels);
    SceneView in_mask = view;
    in_mask.projection = shadow_mask_.grid().clip_to_grid(viewport) * view.projection;
    skeleton_.draw_shadow(in_mask, style, ground_y_, true);
    scissor(*shadow);
  }
  shadow_mask_.apply(viewport, *shadow);
  scissor(drawn);
}

void SceneRenderer::draw_backdrop(const SceneView& view, const SceneStyle& style) const {
  begin_viewport(view);
  background_.draw(style.palette);
  ground_.draw_floor(view, style);
  if (style.show_axes) ground_.draw_axes(view, style);
  end_viewport();
}

void SceneRenderer::draw_empty(const SceneView& view, const SceneStyle& style) const {
  begin_viewport(view);
  background_.draw(style.palette);
  end_viewport();
}

}  // namespace bvhscope::gfx
