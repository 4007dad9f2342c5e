// Where things go in the window: the menu bar on top, the clip panel on the right, the timeline
// across the whole width at the bottom, and the 3D view in the rest. Window coordinates.
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
  Rect panel;     // empty width when hidden
  Rect timeline;
  Rect view;
};

// `scale` is the UI scale (content scale); `menu_height` and `timeline_height` come from ImGui's
// metrics for the current font.
UiLayout compute_layout(float window_width, float window_height, float menu_height, float timeline_height,
                        bool show_panel, float panel_width) noexcept;

// The whole window as the view (no UI: the render command without --ui).
UiLayout full_view_layout(float window_width, float window_height) noexcept;

}  // namespace bvhscope::viewer
