// A hidden GLFW window with a GL 3.3 core context for GL tests; tests skip (loudly) without a display.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "gfx/gl_loader.hpp"

namespace bvhscope::test {

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: GL tests need an X server (run under xvfb-run)";
    // A busy X server can refuse a new connection for a moment (seen once in CI): a few more tries
    // over two seconds before failing.
    bool started = glfwInit() == GLFW_TRUE;
    for (int attempt = 0; !started && attempt < 20; ++attempt) {
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
    window_ = glfwCreateWindow(64, 64, "bvhscope gl test", nullptr, nullptr);
    ASSERT_NE(window_, nullptr) << "cannot create a GL 3.3 core context";
    glfwMakeContextCurrent(window_);
    ASSERT_TRUE(gfx::load_gl(glfwGetProcAddress));
  }
  void TearDown() override {
    if (window_ != nullptr) glfwDestroyWindow(window_);
    glfwTerminate();
  }

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace bvhscope::test
