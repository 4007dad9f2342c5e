#include "cli/ui_rendering.hpp"

namespace bvhscope::cli {
namespace {

UiRendering& provided() noexcept {
  static UiRendering rendering;
  return rendering;
}

}  // namespace

void provide_ui_rendering(UiRendering rendering) noexcept { provided() = rendering; }

const UiRendering& ui_rendering() noexcept { return provided(); }

}  // namespace bvhscope::cli
