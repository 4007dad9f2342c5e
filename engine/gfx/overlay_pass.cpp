#include "gfx/overlay_pass.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/geometric.hpp>

#include "gfx/gl.hpp"
#include "gfx/ui_font.hpp"

namespace bvhscope::gfx {
namespace {

// pixel 2, local 2, half 2, radii 4, fill 4, border 4, params 4, clip 4
constexpr int kFloatsPerVertex = 26;
constexpr float kFringe = 1.0f;  // pixels drawn past a shape's edge for its anti-aliasing

struct Shape {
  glm::vec2 half{0.0f};
  glm::vec4 radii{0.0f};
  glm::vec4 fill{0.0f};
  glm::vec4 border{0.0f};
  float border_width = 0.0f;
};

void push_vertex(std::vector<float>& out, glm::vec2 pixel, glm::vec2 local, const Shape& shape, glm::vec4 params,
                 const OverlayItem& item) {
  const std::array<float, kFloatsPerVertex> v{
      pixel.x,        pixel.y,         local.x,         local.y,         shape.half.x,   shape.half.y, shape.radii.x,
      shape.radii.y,  shape.radii.z,   shape.radii.w,   shape.fill.x,    shape.fill.y,   shape.fill.z, shape.fill.w,
      shape.border.x, shape.border.y,  shape.border.z,  shape.border.w,  params.x,       params.y,     params.z,
      params.w,       item.clip_min.x, item.clip_min.y, item.clip_max.x, item.clip_max.y};
  out.insert(out.end(), v.begin(), v.end());
}

// Two triangles over the quad of corners `pixel[0..3]` (in order around it) with their locals.
void push_quad(std::vector<float>& out, const std::array<glm::vec2, 4>& pixel, const std::array<glm::vec2, 4>& local,
               const Shape& shape, const std::array<glm::vec2, 4>& uv, float text, const OverlayItem& item) {
  for (const int k : {0, 1, 2, 0, 2, 3}) {
    const auto i = static_cast<std::size_t>(k);
    push_vertex(out, pixel[i], local[i], shape, glm::vec4(shape.border_width, text, uv[i].x, uv[i].y), item);
  }
}

}  // namespace

OverlayPass::OverlayPass(ShaderProgram program, std::unique_ptr<FontAtlas> atlas) noexcept
    : program_(std::move(program)),
      atlas_(std::move(atlas)),
      metrics_(std::make_unique<FontMetrics>(*atlas_)),
      size_(program_.location("u_size")),
      atlas_unit_(program_.location("u_atlas")) {}

std::optional<OverlayPass> OverlayPass::create(float text_pixels, std::string& error) {
  const std::string_view ttf = ui_font_ttf();
  if (ttf.empty()) {
    error = "no UI font: this build embedded no DejaVuSans.ttf (install fonts-dejavu-core and rebuild)";
    return std::nullopt;
  }
  return create(ttf, text_pixels, error);
}

std::optional<OverlayPass> OverlayPass::create(std::string_view ttf, float text_pixels, std::string& error) {
  std::optional<FontAtlas> atlas = FontAtlas::bake(ttf, text_pixels, error);
  if (!atlas) return std::nullopt;
  std::optional<ShaderProgram> program = ShaderProgram::from_embedded("overlay", error);
  if (!program) return std::nullopt;
  OverlayPass pass(std::move(*program), std::make_unique<FontAtlas>(std::move(*atlas)));
  pass.texture_ = Texture::create();
  glBindTexture(GL_TEXTURE_2D, pass.texture_.name());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, pass.atlas_->width(), pass.atlas_->height(), 0, GL_RED, GL_UNSIGNED_BYTE,
               pass.atlas_->coverage().data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  pass.vao_ = VertexArray::create();
  pass.vbo_ = Buffer::create();
  glBindVertexArray(pass.vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, pass.vbo_.name());
  constexpr GLsizei stride = kFloatsPerVertex * sizeof(float);
  const std::array<int, 8> sizes{2, 2, 2, 4, 4, 4, 4, 4};
  std::size_t offset = 0;
  for (std::size_t a = 0; a < sizes.size(); ++a) {
    glEnableVertexAttribArray(static_cast<GLuint>(a));
    glVertexAttribPointer(static_cast<GLuint>(a), sizes[a], GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offset * sizeof(float)));  // NOLINT(performance-no-int-to-ptr)
    offset += static_cast<std::size_t>(sizes[a]);
  }
  glBindVertexArray(0);
  return pass;
}

void OverlayPass::add_shape(const OverlayItem& item) {
  Shape shape;
  glm::vec2 centre(0.0f);
  glm::vec2 axis(1.0f, 0.0f);  // the shape's x axis on screen
  switch (item.kind) {
    case OverlayItem::Kind::Box: {
      centre = (item.min + item.max) * 0.5f;
      shape.half = glm::abs(item.max - item.min) * 0.5f;
      const float r = std::clamp(item.rounding, 0.0f, std::min(shape.half.x, shape.half.y));
      const auto corner = [&](unsigned char bit) { return (item.corners & bit) != 0 ? r : 0.0f; };
      shape.radii = {corner(kCornerBottomRight), corner(kCornerTopRight), corner(kCornerBottomLeft),
                     corner(kCornerTopLeft)};
      shape.fill = item.colour;
      if (item.border.w > 0.0f && item.border_width > 0.0f) {
        shape.border = item.border;
        shape.border_width = item.border_width;
      }
      break;
    }
    case OverlayItem::Kind::Dot:
      centre = item.min;
      shape.half = glm::vec2(item.rounding);
      shape.radii = glm::vec4(item.rounding);
      shape.fill = item.colour;
      break;
    case OverlayItem::Kind::Line: {
      const glm::vec2 along = item.max - item.min;
      const float length = glm::length(along);
      if (!(length > 1e-4f)) return;
      centre = (item.min + item.max) * 0.5f;
      axis = along / length;
      shape.half = glm::vec2(length * 0.5f, item.border_width * 0.5f);
      shape.fill = item.colour;
      break;
    }
    case OverlayItem::Kind::Text:
      return;
  }
  if (shape.fill.w <= 0.0f && shape.border.w <= 0.0f) return;
  const glm::vec2 normal(-axis.y, axis.x);
  const glm::vec2 reach = shape.half + kFringe;
  const std::array<glm::vec2, 4> local{glm::vec2(-reach.x, -reach.y), glm::vec2(reach.x, -reach.y),
                                       glm::vec2(reach.x, reach.y), glm::vec2(-reach.x, reach.y)};
  std::array<glm::vec2, 4> pixel{};
  for (std::size_t i = 0; i < 4; ++i) pixel[i] = centre + axis * local[i].x + normal * local[i].y;
  push_quad(vertices_, pixel, local, shape, {}, 0.0f, item);
}

void OverlayPass::add_text(const Overlay& overlay, const OverlayItem& item) {
  Shape shape;
  shape.fill = item.colour;
  glm::vec2 pen = glm::floor(item.min);  // as ImGui starts a line
  for_each_codepoint(overlay.text(item), [&](char32_t codepoint) {
    const FontAtlas::Glyph& glyph = atlas_->glyph(codepoint);
    const glm::vec2 min = pen + glyph.min;
    const glm::vec2 max = pen + glyph.max;
    pen.x += glyph.advance;
    if (max.x <= min.x || max.y <= min.y) return;  // a space
    const std::array<glm::vec2, 4> pixel{min, glm::vec2(max.x, min.y), max, glm::vec2(min.x, max.y)};
    const std::array<glm::vec2, 4> uv{glyph.uv_min, glm::vec2(glyph.uv_max.x, glyph.uv_min.y), glyph.uv_max,
                                      glm::vec2(glyph.uv_min.x, glyph.uv_max.y)};
    push_quad(vertices_, pixel, {}, shape, uv, 1.0f, item);
  });
}

void OverlayPass::draw(const Overlay& overlay, const Viewport& viewport) {
  vertices_.clear();
  for (const OverlayItem& item : overlay.items) {
    if (item.kind == OverlayItem::Kind::Text) {
      add_text(overlay, item);
    } else {
      add_shape(item);
    }
  }
  if (vertices_.empty()) return;
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  program_.use();
  ShaderProgram::set(size_, glm::vec2(static_cast<float>(viewport.width), static_cast<float>(viewport.height)));
  ShaderProgram::set(atlas_unit_, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_.name());
  glBindVertexArray(vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(float)), vertices_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices_.size() / kFloatsPerVertex));
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
}

bool draw_overlay(const Overlay& overlay, const Viewport& viewport, std::optional<OverlayPass>& pass,
                  std::string& error) {
  if (!pass || pass->atlas().pixels() != overlay.text_pixels) {
    pass.reset();
    pass = OverlayPass::create(overlay.text_pixels, error);
    if (!pass) return false;
  }
  pass->draw(overlay, viewport);
  return true;
}

}  // namespace bvhscope::gfx
