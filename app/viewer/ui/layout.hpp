// Where things go in the window: the menu bar on top, the clips and joint tree on the left, the
// inspector and clip panel on the right, the timeline across the whole width at the bottom, the
// curves strip over the bottom of the view (when a joint is selected), and the 3D view in the
// rest. Window coordinates. The view keeps at least half the window's width and height: side
// panels shrink, then collapse to a thin strip, to leave it that.
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

// What the window asks of the layout (pixels, the UI scale applied).
struct LayoutRequest {
  float window_width = 0.0f;
  float window_height = 0.0f;
  float menu_height = 0.0f;
  float timeline_height = 0.0f;
  bool panels = true;      // the side panels at all (P); false: no panel and no strip
  bool left_open = true;   // the user's choice (a collapsed panel leaves a strip)
  bool right_open = true;  //
  float left_width = 0.0f;
  float right_width = 0.0f;
  float curves_height = 0.0f;    // 0: no curves strip
  float min_panel_width = 0.0f;  // narrower than this, an open panel collapses
  float strip_width = 0.0f;      // a collapsed panel's strip
};

struct UiLayout {
  Rect menu_bar;
  Rect panel;                    // right: inspector and clip panel; empty width when hidden or collapsed
  Rect left;                     // left: clip list and joint tree; empty width when hidden or collapsed
  Rect right_strip;              // a collapsed right panel's strip (empty width when none)
  Rect left_strip;               // a collapsed left panel's strip
  bool left_collapsed = false;   // asked open but collapsed to keep the view large enough, or
  bool right_collapsed = false;  // collapsed by the user (a strip is shown either way)
  Rect curves;                   // over the bottom of the view; empty height when hidden
  Rect timeline;
  // The 3D view: the camera projects into this whole rectangle. The curves strip covers its
  // bottom without changing it, so opening the strip never moves the figure on screen.
  Rect view;
  Rect visible_view;  // the view minus the curves strip (hover, clicks, overlays)
};

// Rules: the timeline keeps its height unless the view would be under half the window's height
// (then it gets what is left); each open panel's width is clamped to [min_panel_width, 40 % of
// the window]; when both open panels together take more than half the window's width they
// shrink (each in proportion, not under min_panel_width), and if that is still too much the
// left panel collapses, then the right one. The curves strip takes at most half the view's height.
UiLayout compute_layout(const LayoutRequest& request) noexcept;

// The side panels' widths (pixels) when the user has not dragged them: a share of the window's
// width between the widths that suit 800 to 1440 pixel windows and a wide screen's (17 % for the
// left panel, from 270 to 400 UI units; 21 % for the right one, from 330 to 480), so that names
// and readouts get room on wide windows. `ui_scale` scales the bounds.
struct PanelWidths {
  float left = 0.0f;
  float right = 0.0f;
};
PanelWidths automatic_panel_widths(float window_width, float ui_scale) noexcept;

// The whole window as the view (no UI: the render command without --ui).
UiLayout full_view_layout(float window_width, float window_height) noexcept;

}  // namespace bvhscope::viewer
