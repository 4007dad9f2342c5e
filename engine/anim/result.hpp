// Result<T>: a value or a located Diagnostic, the engine's way of reporting errors without exceptions.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "anim/diagnostic.hpp"

namespace bvhscope {

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}           // NOLINT: implicit by design
  Result(Diagnostic error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit by design

  [[nodiscard]] bool ok() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  [[nodiscard]] T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  [[nodiscard]] const Diagnostic& error() const {
    assert(!ok());
    return std::get<1>(state_);
  }

 private:
  std::variant<T, Diagnostic> state_;
};

}  // namespace bvhscope
