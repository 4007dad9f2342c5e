// Where things go in the window: the menu bar on top, the clips and joint tree on the left, the
// inspector and clip panel on the right, the timeline across the whole width at the bottom, the
// curves strip above it (when a joint is selected), and the 3D view in the rest. Window coordinates.
#pragma once

namespace bvhscope::viewer {

struct Rect {
  float x = 0.0f;
  float y = 0.0f;
  float width = 0.0f;
  float height = 0.0f;
  [[nodiscard]] bool contains(float px, float py) const noexcept {
    return px >= x && py >= y && px < x + width && py < y + height;
  }
};

struct UiLayout {
  Rect menu_bar;
  Rect panel;   // right: inspector and clip panel; empty width when hidden
  Rect left;    // left: clip list and joint tree; empty width when hidden
  Rect curves;  // above the timeline, between the side panels; empty height when hidden
  Rect timeline;
  Rect view;
};

// `scale` is the UI scale (content scale); `menu_height` and `timeline_height` come from ImGui's
// metrics for the current font.
UiLayout compute_layout(float window_width, float window_height, float menu_height, float timeline_height,
                        bool show_panel, float panel_width) noexcept;
// The same with the left panel (`left_width`, 0 to hide it) and the curves strip (`curves_height`).
UiLayout compute_layout(float window_width, float window_height, float menu_height, float timeline_height,
                        bool show_panel, float panel_width, float left_width, float curves_height) noexcept;

// The whole window as the view (no UI: the render command without --ui).
UiLayout full_view_layout(float window_width, float window_height) noexcept;

}  // namespace bvhscope::viewer
