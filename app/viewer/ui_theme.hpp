// The viewer's look in ImGui: a neutral dark theme with an amber accent, and the UI font.
#pragma once

namespace bvhscope::viewer {

// Applies colours, spacing and rounding, scaled by `content_scale`, and loads the UI font at that
// scale (the embedded DejaVu Sans when the build found it, ImGui's own font otherwise).
void apply_ui_theme(float content_scale);

}  // namespace bvhscope::viewer
