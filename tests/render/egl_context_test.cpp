// EglContext, each way on its own: Mesa's surfaceless platform and the EGL device platform each
// give a current GL 3.3 core context with no display; contexts are made one after another and
// moved; nothing to try, or an unknown error code, is said plainly.
#include <gtest/gtest.h>

#include <EGL/egl.h>

#include <optional>
#include <string>

#include "gfx/gl_debug.hpp"
#include "gfx/gl_loader.hpp"
#include "render/egl_context.hpp"

namespace bvhscope::render {
namespace {

void expect_core_context(const std::optional<EglContext>& context, const std::string& error,
                         const std::string& platform) {
  ASSERT_TRUE(context.has_value()) << error;
  EXPECT_EQ(context->platform(), platform);
  EXPECT_FALSE(context->renderer().empty());
  const char* version = gfx::gl_version_string();
  ASSERT_NE(version, nullptr);
  EXPECT_NE(std::string(version).find("Core Profile"), std::string::npos) << version;
  EXPECT_TRUE(gfx::gl_debug_enabled());
  EXPECT_TRUE(gfx::enable_gl_error_reports()) << "no KHR_debug in the headless context";
  for (const std::string& gl_error : gfx::take_gl_errors()) ADD_FAILURE() << "GL error: " << gl_error;
}

TEST(EglContext, TheSurfacelessPlatformGivesACoreContext) {
  std::string error;
  const std::optional<EglContext> context = EglContext::create(error, {true, false, false});
  expect_core_context(context, error, "surfaceless");
}

TEST(EglContext, AnEglDeviceGivesACoreContext) {
  std::string error;
  const std::optional<EglContext> context = EglContext::create(error, {false, true, false});
  expect_core_context(context, error, "device");
}

TEST(EglContext, ContextsAreMadeOneAfterAnotherAndMoved) {
  for (int round = 0; round < 3; ++round) {
    std::string error;
    std::optional<EglContext> first = EglContext::create(error);
    ASSERT_TRUE(first.has_value()) << error;
    std::optional<EglContext> moved(std::move(*first));
    first.reset();  // the moved-from owner releases nothing
    EXPECT_EQ(eglGetCurrentContext() != EGL_NO_CONTEXT, true);
    EXPECT_NE(gfx::gl_renderer_string(), nullptr);
  }
  EXPECT_EQ(eglGetCurrentContext(), EGL_NO_CONTEXT);  // the last one released on destruction
}

TEST(EglContext, NothingToTryIsAnError) {
  std::string error;
  EXPECT_FALSE(EglContext::create(error, {false, false, false}).has_value());
  EXPECT_EQ(error, "no EGL display gives an OpenGL 3.3 core context (no display tried)");
}

TEST(EglContext, ErrorCodesHaveTheirNames) {
  EXPECT_EQ(egl_error_name(EGL_BAD_MATCH), "EGL_BAD_MATCH");
  EXPECT_EQ(egl_error_name(EGL_NOT_INITIALIZED), "EGL_NOT_INITIALIZED");
  EXPECT_EQ(egl_error_name(0x1234), "EGL error 0x1234");
}

}  // namespace
}  // namespace bvhscope::render
