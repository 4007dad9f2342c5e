#include "gfx/gl_debug.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

constexpr std::size_t kKeptMessages = 32;

// One record for the process: contexts on other threads (headless rendering) report here too.
struct ErrorRecord {
  std::mutex mutex;
  std::vector<std::string> messages;
  std::atomic<std::size_t> count{0};
};

ErrorRecord& error_record() {
  static ErrorRecord record;
  return record;
}

void GLAD_API_PTR on_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                   const GLchar* message, const void* /*user*/) {
  // Notifications and performance hints are not failures; nor is a shader that does not compile, which
  // ShaderProgram reports as a value with the driver's log.
  if (type != GL_DEBUG_TYPE_ERROR || source == GL_DEBUG_SOURCE_SHADER_COMPILER) return;
  char where[64];
  std::snprintf(where, sizeof where, "source 0x%x id %u severity 0x%x: ", source, id, severity);
  const std::string text =
      where + (length >= 0 ? std::string(message, static_cast<std::size_t>(length)) : std::string(message));
  std::fprintf(stderr, "bvhscope: GL error: %s\n", text.c_str());
  ErrorRecord& record = error_record();
  const std::lock_guard lock(record.mutex);
  record.count.fetch_add(1);
  if (record.messages.size() < kKeptMessages) record.messages.push_back(text);
}

}  // namespace

bool gl_debug_enabled() noexcept {
#if defined(BVHSCOPE_GL_DEBUG)
  return true;
#else
  return false;
#endif
}

bool enable_gl_error_reports() noexcept {
  if (GLAD_GL_KHR_debug == 0 || glDebugMessageCallback == nullptr) return false;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // the message arrives inside the failing call, on its thread
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  glDebugMessageCallback(on_debug_message, nullptr);
  return true;
}

std::size_t gl_error_count() noexcept { return error_record().count.load(); }

std::vector<std::string> take_gl_errors() {
  ErrorRecord& record = error_record();
  const std::lock_guard lock(record.mutex);
  std::vector<std::string> messages;
  messages.swap(record.messages);
  const std::size_t count = record.count.exchange(0);
  if (count > messages.size()) messages.push_back("... and " + std::to_string(count - messages.size()) + " more");
  return messages;
}

}  // namespace bvhscope::gfx
