#include "model/legend_layout.hpp"

#include <algorithm>

namespace bvhscope {
namespace {

// The widths of the first `n` entries with names capped at `cap`.
float total_width(std::span<const float> widths, std::size_t n, float cap, float swatch, float gap) {
  float total = 0.0f;
  for (std::size_t i = 0; i < n; ++i) total += swatch + std::min(widths[i], cap) + gap;
  return total;
}

}  // namespace

void layout_legend(std::span<const float> text_widths, float left, float right, float swatch, float gap, float min_text,
                   std::vector<LegendSlot>& slots) {
  slots.assign(text_widths.size(), LegendSlot{});
  const float room = right - left + gap;  // the last entry needs no gap after it
  constexpr float kSlack = 0.01f;         // sums of floats: an exact fit is a fit
  std::size_t n = text_widths.size();
  float widest = 0.0f;
  for (const float w : text_widths) widest = std::max(widest, w);
  // Fewer entries while even names cut to min_text do not fit.
  while (n > 0 && total_width(text_widths, n, std::min(min_text, widest), swatch, gap) > room + kSlack) --n;
  float cap = widest;
  if (total_width(text_widths, n, cap, swatch, gap) > room + kSlack) {
    // The largest cap that fits, by bisection between min_text and the widest name.
    float lo = std::min(min_text, widest);
    float hi = widest;
    for (int i = 0; i < 40; ++i) {
      const float mid = (lo + hi) * 0.5f;
      if (total_width(text_widths, n, mid, swatch, gap) <= room)
        lo = mid;
      else
        hi = mid;
    }
    cap = lo;
  }
  float x = left;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    LegendSlot& slot = slots[i];
    if (i >= n) {
      slot.shown = false;
      slot.x = right;
      slot.text_width = 0.0f;
      continue;
    }
    slot.x = x;
    slot.text_width = std::min(text_widths[i], cap);
    slot.cut = slot.text_width < text_widths[i];
    x += swatch + slot.text_width + gap;
  }
}

}  // namespace bvhscope
