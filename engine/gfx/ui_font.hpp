// The UI font's TrueType bytes: DejaVu Sans from Debian's fonts-dejavu-core, embedded at build time
// for ImGui's panels and engine/gfx's font atlas alike.
#pragma once

#include <string_view>

namespace bvhscope::gfx {

// Empty when the build machine had no DejaVuSans.ttf (ImGui then falls back to its own font).
[[nodiscard]] std::string_view ui_font_ttf() noexcept;

}  // namespace bvhscope::gfx
