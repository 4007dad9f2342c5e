// The first window's size and place on the screen: the saved (or default) size, made to fit the
// primary monitor's work area (the screen less panels and docks), centred in it. Plain arithmetic.
#pragma once

namespace bvhscope::viewer {

struct ScreenRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  bool operator==(const ScreenRect&) const = default;
};

// The largest share of the work area a window gets when no size was saved.
inline constexpr float kDefaultWindowShare = 0.9f;

// `width` x `height` is the size asked of glfwCreateWindow, which GLFW multiplies by the monitor's
// content `scale` (X11 with GLFW_SCALE_TO_MONITOR). A default size (`saved` false) is cut to at most
// kDefaultWindowShare of the work area on each axis, a saved one to the work area; each axis on its
// own. Returns the size to ask for (unscaled) and the window's top-left in screen pixels, centring
// its scaled size in `work_area`. A work area without size leaves the size as asked, at 0,0.
ScreenRect fit_window(int width, int height, bool saved, const ScreenRect& work_area, float scale) noexcept;

}  // namespace bvhscope::viewer
