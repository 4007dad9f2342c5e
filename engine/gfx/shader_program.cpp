#include "gfx/shader_program.hpp"

#include <string>

#include <glm/gtc/type_ptr.hpp>

#include "bvhscope_shader_sources.hpp"
#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.c_str();
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.c_str();
}

std::optional<Shader> compile(GLenum type, std::string_view source, const std::string& label, std::string& error) {
  Shader shader(glCreateShader(type));
  const GLchar* text = source.data();
  const auto length = static_cast<GLint>(source.size());
  glShaderSource(shader.name(), 1, &text, &length);
  glCompileShader(shader.name());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.name(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = label + ": compile error: " + shader_log(shader.name());
    return std::nullopt;
  }
  return shader;
}

}  // namespace

std::optional<ShaderProgram> ShaderProgram::build(std::string_view name, std::string_view vertex_source,
                                                  std::string_view fragment_source, std::string& error) {
  const std::string base(name);
  std::optional<Shader> vertex = compile(GL_VERTEX_SHADER, vertex_source, base + ".vert", error);
  if (!vertex) return std::nullopt;
  std::optional<Shader> fragment = compile(GL_FRAGMENT_SHADER, fragment_source, base + ".frag", error);
  if (!fragment) return std::nullopt;
  Program program = Program::create();
  glAttachShader(program.name(), vertex->name());
  glAttachShader(program.name(), fragment->name());
  glLinkProgram(program.name());
  glDetachShader(program.name(), vertex->name());
  glDetachShader(program.name(), fragment->name());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.name(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = base + ": link error: " + program_log(program.name());
    return std::nullopt;
  }
  return ShaderProgram(std::move(program));
}

std::optional<ShaderProgram> ShaderProgram::from_embedded(std::string_view name, std::string& error) {
  const std::string base(name);
  const std::string_view vertex = bvhscope_shader_sources(base + ".vert");
  const std::string_view fragment = bvhscope_shader_sources(base + ".frag");
  if (vertex.empty() || fragment.empty()) {
    error = base + ": no such embedded shader";
    return std::nullopt;
  }
  return build(name, vertex, fragment, error);
}

void ShaderProgram::use() const noexcept { glUseProgram(program_.name()); }

int ShaderProgram::location(const char* uniform) const noexcept {
  return glGetUniformLocation(program_.name(), uniform);
}

void ShaderProgram::set(int location, float value) noexcept { glUniform1f(location, value); }
void ShaderProgram::set(int location, int value) noexcept { glUniform1i(location, value); }
void ShaderProgram::set(int location, const glm::vec2& value) noexcept {
  glUniform2fv(location, 1, glm::value_ptr(value));
}
void ShaderProgram::set(int location, const glm::vec3& value) noexcept {
  glUniform3fv(location, 1, glm::value_ptr(value));
}
void ShaderProgram::set(int location, const glm::vec4& value) noexcept {
  glUniform4fv(location, 1, glm::value_ptr(value));
}
void ShaderProgram::set(int location, const glm::mat4& value) noexcept {
  glUniformMatrix4fv(location, 1, GL_FALSE, glm::value_ptr(value));
}

}  // namespace bvhscope::gfx
