#include "gfx/ui_font.hpp"

#ifdef BVHSCOPE_HAS_UI_FONT
#include "bvhscope_fonts.hpp"
#endif

namespace bvhscope::gfx {

std::string_view ui_font_ttf() noexcept {
#ifdef BVHSCOPE_HAS_UI_FONT
  return bvhscope_fonts("DejaVuSans.ttf");
#else
  return {};
#endif
}

}  // namespace bvhscope::gfx
