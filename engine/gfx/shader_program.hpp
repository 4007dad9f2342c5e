// A linked GLSL program built from vertex and fragment sources, with typed uniform setters.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "gfx/gl_object.hpp"

namespace bvhscope::gfx {

class ShaderProgram {
 public:
  // Compiles and links; on failure returns nullopt and sets `error` to
  // "<name>.vert: compile error: <driver log>" (or "link error").
  static std::optional<ShaderProgram> build(std::string_view name, std::string_view vertex_source,
                                            std::string_view fragment_source, std::string& error);
  // build() from the embedded files "<name>.vert" and "<name>.frag" of shaders/.
  static std::optional<ShaderProgram> from_embedded(std::string_view name, std::string& error);

  void use() const noexcept;
  // The uniform's location (-1 when the program has no active uniform of that name). Look it up
  // once after building, not every frame.
  [[nodiscard]] int location(const char* uniform) const noexcept;
  [[nodiscard]] unsigned name() const noexcept { return program_.name(); }

  // Setters for the program in use.
  static void set(int location, float value) noexcept;
  static void set(int location, int value) noexcept;
  static void set(int location, const glm::vec2& value) noexcept;
  static void set(int location, const glm::vec3& value) noexcept;
  static void set(int location, const glm::vec4& value) noexcept;
  static void set(int location, const glm::mat4& value) noexcept;

 private:
  explicit ShaderProgram(Program program) noexcept : program_(std::move(program)) {}
  Program program_;
};

}  // namespace bvhscope::gfx
