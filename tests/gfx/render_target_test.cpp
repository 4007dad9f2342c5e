// RenderTarget's read back of a multisampled target (gfx/sample_resolve): each pixel the mean of its
// samples, rows top first, the same bytes as GL's own blit resolve, and GL's state left as found.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gfx/gl.hpp"
#include "gfx/render_target.hpp"
#include "gfx/shader_program.hpp"
#include "gl_test_context.hpp"

namespace bvhscope::gfx {
namespace {

constexpr int kSamples = 4;

// A triangle whose corners are given in NDC, in one colour.
constexpr const char* kVertex = R"(#version 330 core
uniform vec2 u_corners[3];
void main() {
  gl_Position = vec4(u_corners[gl_VertexID], 0.0, 1.0);
})";
constexpr const char* kFragment = R"(#version 330 core
uniform vec4 u_color;
out vec4 frag_color;
void main() { frag_color = u_color; })";

class RenderTargetTest : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    std::string error;
    program_ = ShaderProgram::build("flat", kVertex, kFragment, error);
    ASSERT_TRUE(program_) << error;
    vao_ = VertexArray::create();
  }
  void TearDown() override {
    program_.reset();
    vao_.reset();
    test::GlTest::TearDown();
  }

  // Draws the triangle (NDC corners) into the bound framebuffer in `color`.
  void triangle(const std::array<float, 6>& corners, const std::array<float, 4>& color) {
    program_->use();
    glUniform2fv(program_->location("u_corners"), 3, corners.data());
    glUniform4fv(program_->location("u_color"), 1, color.data());
    glBindVertexArray(vao_.name());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glUseProgram(0);
  }
  // A triangle over the whole framebuffer, into the samples of `mask` only, in the rows from y0 to y1.
  void fill_samples(unsigned mask, int y0, int y1, int width, const std::array<float, 4>& color) {
    glEnable(GL_SAMPLE_MASK);
    glSampleMaski(0, mask);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, y0, width, y1 - y0);
    triangle({-1.0f, -1.0f, 3.0f, -1.0f, -1.0f, 3.0f}, color);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_SAMPLE_MASK);
  }

  // A target of `samples` with slanted edges drawn in it reads back the bytes a blit resolves.
  void expect_resolved_as_by_blit(int samples);

  std::optional<ShaderProgram> program_;
  VertexArray vao_;
};

std::array<int, 4> rgba_at(const std::vector<std::uint8_t>& rgba, int width, int x, int row) {
  const std::size_t at =
      (static_cast<std::size_t>(row) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]};
}

TEST_F(RenderTargetTest, ReadsTheMeanOfEachPixelsSamplesTopRowFirst) {
  std::string error;
  std::optional<RenderTarget> target = RenderTarget::create(8, 6, kSamples, error);
  ASSERT_TRUE(target) << error;
  ASSERT_EQ(target->samples(), kSamples);
  target->bind();
  clear_framebuffer(8, 6, 0.0f, 0.0f, 0.0f);
  // Rows 0-2 (the bottom): two samples of four in (200, 100, 40); rows 3-5: one in (252, 0, 128).
  fill_samples(0b0011u, 0, 3, 8, {200.0f / 255.0f, 100.0f / 255.0f, 40.0f / 255.0f, 1.0f});
  fill_samples(0b0001u, 3, 6, 8, {252.0f / 255.0f, 0.0f, 128.0f / 255.0f, 1.0f});
  const std::array<int, 4> bottom = {100, 50, 20, 255};
  const std::array<int, 4> top = {63, 0, 32, 255};

  const std::vector<std::uint8_t> whole = target->read_rgba();
  ASSERT_EQ(whole.size(), 8u * 6u * 4u);
  for (int row = 0; row < 6; ++row) {
    for (int x = 0; x < 8; ++x) EXPECT_EQ(rgba_at(whole, 8, x, row), row < 3 ? top : bottom) << x << ", " << row;
  }
  // Columns 2-5 of GL's rows 1-4: the rows from GL's row 4 (top) down to row 1.
  std::vector<std::uint8_t> rect;
  target->read_rgba_rect_into(2, 1, 4, 4, rect);
  ASSERT_EQ(rect.size(), 4u * 4u * 4u);
  for (int row = 0; row < 4; ++row) {
    for (int x = 0; x < 4; ++x) EXPECT_EQ(rgba_at(rect, 4, x, row), row < 2 ? top : bottom) << x << ", " << row;
  }
}

void RenderTargetTest::expect_resolved_as_by_blit(int samples) {
  constexpr int kWide = 96;
  constexpr int kHigh = 64;
  std::string error;
  std::optional<RenderTarget> target = RenderTarget::create(kWide, kHigh, samples, error);
  ASSERT_TRUE(target) << error;
  target->bind();
  clear_framebuffer(kWide, kHigh, 0.1f, 0.2f, 0.3f);
  // Slanted edges (pixels partly covered), one triangle over another and the background.
  triangle({-0.9f, -0.8f, 0.85f, -0.3f, -0.2f, 0.95f}, {0.2f, 0.6f, 0.9f, 1.0f});
  triangle({0.1f, -0.95f, 0.9f, 0.7f, -0.6f, 0.2f}, {0.9f, 0.4f, 0.1f, 1.0f});
  GLint drawn = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawn);

  // GL's resolve: a blit into a single-sample framebuffer, read back and turned top row first.
  Renderbuffer color = Renderbuffer::create();
  glBindRenderbuffer(GL_RENDERBUFFER, color.name());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWide, kHigh);
  Framebuffer resolved = Framebuffer::create();
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved.name());
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color.name());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(drawn));
  glBlitFramebuffer(0, 0, kWide, kHigh, 0, 0, kWide, kHigh, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved.name());
  std::vector<std::uint8_t> bottom_first(static_cast<std::size_t>(kWide) * kHigh * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, kWide, kHigh, GL_RGBA, GL_UNSIGNED_BYTE, bottom_first.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  std::vector<std::uint8_t> by_blit;
  const std::size_t row_bytes = static_cast<std::size_t>(kWide) * 4;
  for (int row = kHigh - 1; row >= 0; --row) {
    const auto from = bottom_first.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(row) * row_bytes);
    by_blit.insert(by_blit.end(), from, from + static_cast<std::ptrdiff_t>(row_bytes));
  }

  const std::vector<std::uint8_t> ours = target->read_rgba();
  ASSERT_EQ(ours.size(), by_blit.size());
  const std::array<std::array<int, 4>, 3> whole_colors = {
      {{26, 51, 77, 255}, {51, 153, 230, 255}, {230, 102, 26, 255}}};
  int edges = 0;  // pixels of none of the three colours: partly covered, mixed by the resolve
  for (int y = 0; y < kHigh; ++y) {
    for (int x = 0; x < kWide; ++x) {
      const std::array<int, 4> pixel = rgba_at(ours, kWide, x, y);
      EXPECT_EQ(pixel, rgba_at(by_blit, kWide, x, y)) << "pixel " << x << ", " << y;
      if (pixel != whole_colors[0] && pixel != whole_colors[1] && pixel != whole_colors[2]) ++edges;
    }
  }
  EXPECT_GT(edges, 100);
}

// At every sample count asked for (GL may give more than asked: llvmpipe has 4 only, and the
// resolve must average all of them, as the blit does).
TEST_F(RenderTargetTest, ResolvesTheSameBytesAsGlsBlit) {
  for (const int samples : {2, 4}) {
    SCOPED_TRACE(std::to_string(samples) + " samples asked for");
    expect_resolved_as_by_blit(samples);
  }
}

TEST_F(RenderTargetTest, ReadingBackLeavesTheStateItFound) {
  std::string error;
  std::optional<RenderTarget> target = RenderTarget::create(16, 16, kSamples, error);
  ASSERT_TRUE(target) << error;
  target->bind();
  clear_framebuffer(16, 16, 0.5f, 0.5f, 0.5f);
  glViewport(1, 2, 3, 4);
  glScissor(2, 3, 5, 6);
  glEnable(GL_SCISSOR_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ZERO, GL_ONE);  // a resolve that blended would leave the pixels read as they were
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  program_->use();
  glBindVertexArray(vao_.name());
  glActiveTexture(GL_TEXTURE3);

  std::vector<std::uint8_t> rgba;
  target->read_rgba_rect_into(4, 4, 8, 8, rgba);

  std::array<GLint, 4> viewport{};
  glGetIntegerv(GL_VIEWPORT, viewport.data());
  EXPECT_EQ(viewport, (std::array<GLint, 4>{1, 2, 3, 4}));
  std::array<GLint, 4> scissor{};
  glGetIntegerv(GL_SCISSOR_BOX, scissor.data());
  EXPECT_EQ(scissor, (std::array<GLint, 4>{2, 3, 5, 6}));
  EXPECT_EQ(glIsEnabled(GL_SCISSOR_TEST), GL_TRUE);
  EXPECT_EQ(glIsEnabled(GL_BLEND), GL_TRUE);
  std::array<GLboolean, 4> mask{};
  glGetBooleanv(GL_COLOR_WRITEMASK, mask.data());
  EXPECT_EQ(mask, (std::array<GLboolean, 4>{GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE}));
  GLint program = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  EXPECT_EQ(static_cast<unsigned>(program), program_->name());
  GLint vao = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
  EXPECT_EQ(static_cast<unsigned>(vao), vao_.name());
  GLint unit = 0;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &unit);
  EXPECT_EQ(unit, GL_TEXTURE3);
  // The pixels read are the target's, whatever was masked or enabled.
  EXPECT_EQ(rgba_at(rgba, 8, 0, 0), (std::array<int, 4>{128, 128, 128, 255}));

  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glBlendFunc(GL_ONE, GL_ZERO);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glUseProgram(0);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace
}  // namespace bvhscope::gfx
