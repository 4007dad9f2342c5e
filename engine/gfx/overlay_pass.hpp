// Draws a bvhscope::Overlay (labels, tags, the hover name, captions) without ImGui: rounded boxes
// with outlines, lines and dots as anti-aliased distance fields, text from a FontAtlas of the UI
// font, alpha-blended over the bound framebuffer in the overlay's order, each item clipped to its
// rectangle. Its metrics() measure text as it draws it, for the placement (model/overlay_labels).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gfx/font_atlas.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"
#include "model/overlay.hpp"

namespace bvhscope::gfx {

class OverlayPass {
 public:
  // Bakes the embedded UI font at `text_pixels` (an error when the build had no font).
  static std::optional<OverlayPass> create(float text_pixels, std::string& error);
  // The same with the font `ttf` (whose bytes must outlive the pass).
  static std::optional<OverlayPass> create(std::string_view ttf, float text_pixels, std::string& error);

  // Text measured as draw() lays it out, at the pass's text size.
  [[nodiscard]] const TextMetrics& metrics() const noexcept { return *metrics_; }
  [[nodiscard]] const FontAtlas& atlas() const noexcept { return *atlas_; }

  // Draws `overlay` (pixels from the viewport's top-left, y down) into `viewport` of the bound
  // framebuffer (GL's convention: x, y from the bottom left). Text is drawn at the pass's size,
  // whatever overlay.text_pixels says. Leaves blending off and the depth test as it was not.
  void draw(const Overlay& overlay, const Viewport& viewport);

 private:
  OverlayPass(ShaderProgram program, std::unique_ptr<FontAtlas> atlas) noexcept;
  void add_text(const Overlay& overlay, const OverlayItem& item);
  void add_shape(const OverlayItem& item);

  ShaderProgram program_;
  std::unique_ptr<FontAtlas> atlas_;  // on the heap: metrics_ points at it
  std::unique_ptr<FontMetrics> metrics_;
  Texture texture_;
  VertexArray vao_;
  Buffer vbo_;
  std::vector<float> vertices_;  // this draw's, reused
  int size_ = -1;
  int atlas_unit_ = -1;
};

// Draws `overlay` into `viewport` of the bound framebuffer with `pass`, made (or made again) for
// overlay.text_pixels when it is empty or baked at another size: the headless renderer's overlay
// drawer. False with `error` set when the pass cannot be made (no font, a shader error).
bool draw_overlay(const Overlay& overlay, const Viewport& viewport, std::optional<OverlayPass>& pass,
                  std::string& error);

}  // namespace bvhscope::gfx
