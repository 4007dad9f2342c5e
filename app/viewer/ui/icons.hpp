// Transport buttons and small glyphs drawn with ImGui's draw list (no icon font needed).
#pragma once

#include <imgui.h>

namespace bvhscope::viewer {

enum class Icon { First, StepBack, Play, Pause, StepForward, Last };

// A square button with the icon drawn in it; true when clicked. `tooltip` shows on hover.
bool icon_button(const char* id, Icon icon, const char* tooltip);

// The right panel's tabs as glyphs, for a panel too narrow for their names: a bone between two
// joints, a film frame, two overlapping figures' heads, a warning triangle. Centred on `centre`,
// about `size` across.
enum class TabIcon { Joint, Clip, Compare, Problems };
void draw_tab_icon(ImDrawList* draw, TabIcon icon, ImVec2 centre, float size, ImU32 colour);

// A push pin (cap, body, collar, needle) in the square at `at` of side `size`: a joint pinned to
// the curves strip.
void draw_pin(ImDrawList* draw, ImVec2 at, float size, ImU32 colour);

}  // namespace bvhscope::viewer
