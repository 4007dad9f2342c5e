#include "viewer/ui/layout.hpp"

#include <algorithm>

namespace bvhscope::viewer {
namespace {

// The share of the window's width one side panel may take at most.
constexpr float kMostPanelShare = 0.4f;

}  // namespace

PanelWidths automatic_panel_widths(float window_width, float ui_scale) noexcept {
  return {std::clamp(window_width * 0.17f, 270.0f * ui_scale, 400.0f * ui_scale),
          std::clamp(window_width * 0.21f, 330.0f * ui_scale, 480.0f * ui_scale)};
}

UiLayout compute_layout(const LayoutRequest& r) noexcept {
  UiLayout layout;
  const float w = std::max(r.window_width, 1.0f);
  const float h = std::max(r.window_height, 1.0f);
  const float menu_h = std::clamp(r.menu_height, 0.0f, h * 0.25f);
  layout.menu_bar = {0.0f, 0.0f, w, menu_h};
  const float timeline_h = std::clamp(r.timeline_height, 0.0f, std::max(h * 0.5f - menu_h, 0.0f));
  layout.timeline = {0.0f, h - timeline_h, w, timeline_h};
  const float top = menu_h;
  const float middle_h = std::max(h - menu_h - timeline_h, 1.0f);

  // The side panels: the widths asked, then shrunk or collapsed to leave the view half the width.
  const float strip = r.panels ? std::max(r.strip_width, 0.0f) : 0.0f;
  const float most = std::max(w * kMostPanelShare, r.min_panel_width);
  bool left_open = r.panels && r.left_open;
  bool right_open = r.panels && r.right_open;
  float left_w = left_open ? std::clamp(r.left_width, r.min_panel_width, most) : 0.0f;
  float right_w = right_open ? std::clamp(r.right_width, r.min_panel_width, most) : 0.0f;
  const auto budget = [&] {  // what the open panels may take together
    return w * 0.5f - (left_open ? 0.0f : strip) - (right_open ? 0.0f : strip);
  };
  if (left_w + right_w > budget()) {
    const float scale = budget() / (left_w + right_w);
    left_w = left_open ? std::max(left_w * scale, r.min_panel_width) : 0.0f;
    right_w = right_open ? std::max(right_w * scale, r.min_panel_width) : 0.0f;
    if (left_open && right_open) {  // one held at the narrowest: the other gets the rest
      if (left_w <= r.min_panel_width) right_w = std::max(budget() - left_w, r.min_panel_width);
      if (right_w <= r.min_panel_width) left_w = std::max(budget() - right_w, r.min_panel_width);
    }
  }
  if (left_open && left_w + right_w > budget()) {
    left_open = false;
    left_w = 0.0f;
    if (right_open) right_w = std::min(std::clamp(r.right_width, r.min_panel_width, most), budget());
  }
  if (right_open && (right_w > budget() || right_w < r.min_panel_width)) {
    right_open = false;
    right_w = 0.0f;
  }
  layout.left_collapsed = r.panels && !left_open;
  layout.right_collapsed = r.panels && !right_open;
  const float left_strip = layout.left_collapsed ? strip : 0.0f;
  const float right_strip = layout.right_collapsed ? strip : 0.0f;
  layout.left_strip = {0.0f, top, left_strip, middle_h};
  layout.left = {left_strip, top, left_w, middle_h};
  layout.right_strip = {w - right_strip, top, right_strip, middle_h};
  layout.panel = {w - right_strip - right_w, top, right_w, middle_h};
  const float view_x = left_strip + left_w;
  layout.view = {view_x, top, std::max(w - right_strip - right_w - view_x, 1.0f), middle_h};

  const float curves_h = std::clamp(r.curves_height, 0.0f, middle_h * 0.5f);
  layout.curves = {layout.view.x, top + middle_h - curves_h, layout.view.width, curves_h};
  layout.visible_view = layout.view;
  layout.visible_view.height = std::max(middle_h - curves_h, 1.0f);
  return layout;
}

UiLayout full_view_layout(float window_width, float window_height) noexcept {
  UiLayout layout;
  layout.view = {0.0f, 0.0f, std::max(window_width, 1.0f), std::max(window_height, 1.0f)};
  layout.visible_view = layout.view;
  layout.timeline = {0.0f, layout.view.height, layout.view.width, 0.0f};
  layout.panel = {layout.view.width, 0.0f, 0.0f, layout.view.height};
  return layout;
}

}  // namespace bvhscope::viewer
