// A hidden GLFW window with a GL 3.3 core context for GL tests; tests fail without a display. A test
// that made the driver report a GL error (KHR_debug, on in test builds) fails at its teardown.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "gfx/gl_debug.hpp"
#include "gfx/gl_loader.hpp"
#include "test_pace.hpp"

namespace bvhscope::test {

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: GL tests need an X server (run under xvfb-run)";
    // A busy X server can refuse a new connection for a moment (seen once in CI): a few more tries
    // for two seconds (scaled by the run's pace, test_pace.hpp) before failing.
    bool started = glfwInit() == GLFW_TRUE;
    const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(2));
    while (!started && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      started = glfwInit() == GLFW_TRUE;
    }
    if (!started) {
      const char* description = nullptr;
      glfwGetError(&description);
      FAIL() << "glfwInit failed: " << (description != nullptr ? description : "?");
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
    window_ = glfwCreateWindow(64, 64, "bvhscope gl test", nullptr, nullptr);
    ASSERT_NE(window_, nullptr) << "cannot create a GL 3.3 core context";
    glfwMakeContextCurrent(window_);
    ASSERT_TRUE(gfx::load_gl(glfwGetProcAddress));
    ASSERT_TRUE(gfx::gl_debug_enabled()) << "test builds record GL errors (BVHSCOPE_GL_DEBUG)";
    gfx::take_gl_errors();  // errors of an earlier test were reported by that test
  }
  void TearDown() override {
    for (const std::string& error : gfx::take_gl_errors()) ADD_FAILURE() << "GL error: " << error;
    if (window_ != nullptr) glfwDestroyWindow(window_);
    glfwTerminate();
  }

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace bvhscope::test
