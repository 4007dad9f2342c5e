// Transport buttons drawn with ImGui's draw list (no icon font needed).
#pragma once

namespace bvhscope::viewer {

enum class Icon { First, StepBack, Play, Pause, StepForward, Last };

// A square button with the icon drawn in it; true when clicked. `tooltip` shows on hover.
bool icon_button(const char* id, Icon icon, const char* tooltip);

}  // namespace bvhscope::viewer
