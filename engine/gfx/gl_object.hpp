// Move-only owners of GL object names: deleted copy, noexcept move, the name deleted exactly once.
#pragma once

#include <utility>

namespace bvhscope::gfx {

// Owns one GL object name; `Traits::destroy(name)` deletes it. Needs a current context to destroy.
template <typename Traits>
class GlObject {
 public:
  GlObject() noexcept = default;
  explicit GlObject(unsigned name) noexcept : name_(name) {}
  ~GlObject() { reset(); }

  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;
  GlObject(GlObject&& other) noexcept : name_(std::exchange(other.name_, 0u)) {}
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0u);
    }
    return *this;
  }

  // A new object from glGen* (Traits::create).
  static GlObject create() { return GlObject(Traits::create()); }

  [[nodiscard]] unsigned name() const noexcept { return name_; }
  explicit operator bool() const noexcept { return name_ != 0; }
  void reset() noexcept {
    if (name_ != 0) Traits::destroy(name_);
    name_ = 0;
  }

 private:
  unsigned name_ = 0;
};

struct BufferTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};
struct VertexArrayTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};
struct TextureTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};
struct FramebufferTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};
struct RenderbufferTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};
struct ShaderTraits {  // created with glCreateShader(type); no create()
  static void destroy(unsigned name) noexcept;
};
struct ProgramTraits {
  static unsigned create() noexcept;
  static void destroy(unsigned name) noexcept;
};

using Buffer = GlObject<BufferTraits>;
using VertexArray = GlObject<VertexArrayTraits>;
using Texture = GlObject<TextureTraits>;
using Framebuffer = GlObject<FramebufferTraits>;
using Renderbuffer = GlObject<RenderbufferTraits>;
using Shader = GlObject<ShaderTraits>;
using Program = GlObject<ProgramTraits>;

}  // namespace bvhscope::gfx
