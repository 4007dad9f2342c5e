#include "viewer/ui/layout.hpp"

#include <algorithm>

namespace bvhscope::viewer {

UiLayout compute_layout(float window_width, float window_height, float menu_height, float timeline_height,
                        bool show_panel, float panel_width) noexcept {
  UiLayout layout;
  const float w = std::max(window_width, 1.0f);
  const float h = std::max(window_height, 1.0f);
  layout.menu_bar = {0.0f, 0.0f, w, menu_height};
  const float timeline_h = std::min(timeline_height, std::max(h - menu_height - 1.0f, 0.0f));
  layout.timeline = {0.0f, h - timeline_h, w, timeline_h};
  const float middle_top = menu_height;
  const float middle_height = std::max(h - menu_height - timeline_h, 1.0f);
  const float panel_w = show_panel ? std::clamp(panel_width, 0.0f, w * 0.6f) : 0.0f;
  layout.panel = {w - panel_w, middle_top, panel_w, middle_height};
  layout.view = {0.0f, middle_top, std::max(w - panel_w, 1.0f), middle_height};
  return layout;
}

UiLayout compute_layout(float window_width, float window_height, float menu_height, float timeline_height,
                        bool show_panel, float panel_width, float left_width, float curves_height) noexcept {
  UiLayout layout = compute_layout(window_width, window_height, menu_height, timeline_height, show_panel, panel_width);
  const float left_w = show_panel ? std::clamp(left_width, 0.0f, layout.view.width * 0.45f) : 0.0f;
  layout.left = {0.0f, layout.view.y, left_w, layout.view.height};
  layout.view.x += left_w;
  layout.view.width = std::max(layout.view.width - left_w, 1.0f);
  const float curves_h = std::clamp(curves_height, 0.0f, layout.view.height * 0.5f);
  layout.curves = {layout.view.x, layout.view.y + layout.view.height - curves_h, layout.view.width, curves_h};
  layout.view.height = std::max(layout.view.height - curves_h, 1.0f);
  return layout;
}

UiLayout full_view_layout(float window_width, float window_height) noexcept {
  UiLayout layout;
  layout.view = {0.0f, 0.0f, std::max(window_width, 1.0f), std::max(window_height, 1.0f)};
  layout.timeline = {0.0f, layout.view.height, layout.view.width, 0.0f};
  layout.panel = {layout.view.width, 0.0f, 0.0f, layout.view.height};
  return layout;
}

}  // namespace bvhscope::viewer
