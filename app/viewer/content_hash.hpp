// A 64-bit hash of what a frame shows (FrameDamage): fed values and byte ranges, it tells two
// frames' inputs apart. Not for security or storage: equal inputs give equal hashes in one process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

namespace bvhscope::viewer {

class ContentHash {
 public:
  // Eight bytes at a time, the tail padded with zeros; the length is mixed in, so that ranges of
  // different lengths with the same bytes differ.
  void add_bytes(const void* data, std::size_t size) noexcept {
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + i, 8);
      mix(word);
    }
    if (i < size) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + i, size - i);
      mix(word);
    }
    mix(size);
  }
  // A number, a bool or an enum.
  template <typename T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void add(T value) noexcept { add_bytes(&value, sizeof(T)); }
  // GLM's float vectors and matrices (their floats only, no padding).
  template <glm::length_t L>
  void add(const glm::vec<L, float>& v) noexcept {
    add_bytes(glm::value_ptr(v), sizeof(float) * L);
  }
  void add(const glm::mat4& m) noexcept { add_bytes(glm::value_ptr(m), sizeof(float) * 16); }
  [[nodiscard]] std::uint64_t value() const noexcept { return state_; }

 private:
  void mix(std::uint64_t word) noexcept {
    state_ ^= word + 0x9e3779b97f4a7c15ULL + (state_ << 6) + (state_ >> 2);
    state_ *= 0xff51afd7ed558ccdULL;
    state_ ^= state_ >> 33;
  }
  std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

}  // namespace bvhscope::viewer
