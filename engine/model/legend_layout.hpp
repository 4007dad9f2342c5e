// Where a plot's legend entries go in the row above it: one after another from `left`, never past
// `right` and never over each other; when they do not fit, the longest names are cut to a common
// width (the caller draws them ellipsized), and entries that still do not fit are dropped.
#pragma once

#include <span>
#include <vector>

namespace bvhscope {

struct LegendSlot {
  float x = 0.0f;           // the entry's left edge (its swatch)
  float text_width = 0.0f;  // the room for its name (its full width, or less: ellipsize)
  bool cut = false;         // text_width is less than the name's width
  bool shown = true;        // false: no room at all (not drawn)
};

// `text_widths`: each name's measured width; an entry is `swatch` + name + `gap` wide. Names are
// never cut below `min_text` (they are dropped from the end instead). `slots` gets one slot per
// entry (its storage reused: nothing is allocated once it is large enough).
void layout_legend(std::span<const float> text_widths, float left, float right, float swatch, float gap, float min_text,
                   std::vector<LegendSlot>& slots);

}  // namespace bvhscope
