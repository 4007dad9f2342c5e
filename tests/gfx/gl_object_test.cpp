// GL object owners: move-only (proved at compile time) and deleting their name exactly once.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#include "gfx/gl.hpp"
#include "gfx/gl_debug.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/shader_program.hpp"
#include "gl_test_context.hpp"

namespace bvhscope::gfx {
namespace {

template <typename T>
constexpr bool kMoveOnly = !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
                           std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T>;

static_assert(kMoveOnly<Buffer>);
static_assert(kMoveOnly<VertexArray>);
static_assert(kMoveOnly<Texture>);
static_assert(kMoveOnly<Framebuffer>);
static_assert(kMoveOnly<Renderbuffer>);
static_assert(kMoveOnly<Shader>);
static_assert(kMoveOnly<Program>);
static_assert(kMoveOnly<ShaderProgram> || !std::is_copy_constructible_v<ShaderProgram>);
static_assert(!std::is_copy_constructible_v<ShaderProgram>);

class GlObjectTest : public test::GlTest {};

TEST_F(GlObjectTest, MoveTransfersTheNameAndDestructionDeletesItOnce) {
  unsigned name = 0;
  {
    Buffer a = Buffer::create();
    name = a.name();
    glBindBuffer(GL_ARRAY_BUFFER, name);  // a buffer name becomes an object when first bound
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    ASSERT_NE(name, 0u);
    ASSERT_EQ(glIsBuffer(name), GL_TRUE);
    Buffer b = std::move(a);
    EXPECT_EQ(a.name(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
    EXPECT_EQ(b.name(), name);
    Buffer c;
    c = std::move(b);
    EXPECT_EQ(c.name(), name);
    EXPECT_EQ(glIsBuffer(name), GL_TRUE);
  }
  EXPECT_EQ(glIsBuffer(name), GL_FALSE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlObjectTest, MoveAssignmentDeletesTheOverwrittenName) {
  Buffer a = Buffer::create();
  Buffer b = Buffer::create();
  const unsigned old = b.name();
  glBindBuffer(GL_ARRAY_BUFFER, old);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  b = std::move(a);
  EXPECT_EQ(glIsBuffer(old), GL_FALSE);
}

TEST_F(GlObjectTest, EveryEmbeddedShaderCompilesAndLinks) {
  for (const char* name : {"background", "ground", "lines", "capsule", "shadow", "shadow_apply", "overlay"}) {
    std::string error;
    EXPECT_TRUE(ShaderProgram::from_embedded(name, error).has_value()) << error;
  }
}

TEST_F(GlObjectTest, ShaderErrorsNameTheFileAndCarryTheDriverLog) {
  std::string error;
  const auto program =
      ShaderProgram::build("broken", "#version 330 core\nvoid main() { gl_Position = vec4(0); }\n",
                           "#version 330 core\nout vec4 c;\nvoid main() { c = undefined_thing; }\n", error);
  EXPECT_FALSE(program.has_value());
  EXPECT_NE(error.find("broken.frag: compile error"), std::string::npos) << error;
  EXPECT_NE(error.find("undefined_thing"), std::string::npos) << error;
  EXPECT_FALSE(ShaderProgram::from_embedded("no_such_shader", error).has_value());
}

// KHR_debug output is on in test builds: an invalid call is recorded with the driver's message (and
// would fail the test at teardown had it not been taken here).
TEST_F(GlObjectTest, AGlErrorIsRecordedWithTheDriversMessage) {
  ASSERT_EQ(gfx::gl_error_count(), 0u);
  glEnable(0x7fff);  // no such capability: GL_INVALID_ENUM
  EXPECT_EQ(gfx::gl_error_count(), 1u);
  const std::vector<std::string> errors = gfx::take_gl_errors();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("GL_INVALID_ENUM"), std::string::npos) << errors[0];
  EXPECT_NE(errors[0].find("glEnable"), std::string::npos) << errors[0];
  EXPECT_EQ(gfx::gl_error_count(), 0u);
  glGetError();  // the error flag too: the context is left as clean as it started
}

}  // namespace
}  // namespace bvhscope::gfx
