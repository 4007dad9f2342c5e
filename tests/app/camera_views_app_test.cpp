// Front, side and top views and the orthographic projection (issue 34, item 10), in the real viewer:
// Blender's numpad keys (1, 3, 7, Ctrl for the opposite side, 5 for the projection) and the corner
// buttons (a second click on a lit one turns to the opposite side) set the named view the state
// report names; where the joints land says which way each view looks (front along -Z, right along
// -X, top down -Y with the front at the bottom) and that the orthographic one has no perspective;
// the figure is drawn in it (its ray-cast bones take parallel rays).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// Hips -> Up (20 above) -> Fore (6 right, 4 up, 8 in front: +Z) and Aft (the same, 8 behind); Hips ->
// Side (12 along +X). Two still frames. Joints in order: Hips 0, Up 1, Fore 2, ForeEnd 3, Aft 4, AftEnd 5, Side 6,
// SideEnd 7.
constexpr const char* kFigure =
    "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
    "Yrotation\n"
    "  JOINT Up\n  {\n    OFFSET 0 20 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "    JOINT Fore\n    {\n      OFFSET 6 4 8\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "      End Site\n      {\n        OFFSET 0 0 2\n      }\n    }\n"
    "    JOINT Aft\n    {\n      OFFSET 6 4 -8\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "      End Site\n      {\n        OFFSET 0 0 -2\n      }\n    }\n  }\n"
    "  JOINT Side\n  {\n    OFFSET 12 0 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "    End Site\n    {\n      OFFSET 2 0 0\n    }\n  }\n}\n"
    "MOTION\nFrames: 2\nFrame Time: 0.04\n"
    "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

constexpr int kHips = 0, kUp = 1, kFore = 2, kAft = 4, kSide = 6;

// Pixels of a bone (coloured: tan, or the hover's blue) within `radius` of (x, y); the backdrop is grey.
int figure_pixels(const WindowImage& image, int x, int y, int radius) {
  int count = 0;
  for (int py = std::max(y - radius, 0); py <= std::min(y + radius, image.height - 1); ++py) {
    for (int px = std::max(x - radius, 0); px <= std::min(x + radius, image.width - 1); ++px) {
      const auto [r, g, b] = image.at(px, py);
      if (std::max({r, g, b}) - std::min({r, g, b}) > 40) ++count;
    }
  }
  return count;
}

class CameraViewsApp : public ViewerAppTest {
 protected:
  // The state once the camera looks from `view` with `projection`, the frame drawn after it.
  static State looking(const ViewerProcess& app, const std::string& view, const std::string& projection) {
    return app.wait_for([&](const State& s) { return s.at("camera_view") == view && s.at("projection") == projection; },
                        "the " + view + " view, " + projection);
  }
};

TEST_F(CameraViewsApp, NumpadKeysAndCornerButtonsLookFromTheNamedViews) {
  TempDir dir;
  const auto path = dir.write("figure.bvh", kFigure);
  ViewerProcess app({path.string()});
  wait_loaded(app, path.string());
  const unsigned long window = window_of(app);
  xdotool("key space");  // paused: the picture settles
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  const State first = looking(app, "free", "perspective");
  EXPECT_EQ(field(first.at("view_buttons"), 0).rfind("0,0,0,0", 0), std::string::npos) << first.at("view_buttons");

  // Front, in perspective: Fore (nearer) and Aft (farther) at the same height are drawn apart.
  xdotool("key KP_1");
  const State front = looking(app, "front", "perspective");
  auto p = joint_pixels(front);
  ASSERT_GE(p.size(), 8u);
  EXPECT_GE(std::hypot(p[kFore].first - p[kAft].first, p[kFore].second - p[kAft].second), 2.0)
      << front.at("joint_pixels");
  EXPECT_GT(p[kSide].first, p[kHips].first + 20);  // +X to the right

  // Orthographic: no perspective, Fore and Aft on one pixel; Side level with the Hips.
  xdotool("key KP_5");
  const State ortho = looking(app, "front", "orthographic");
  p = joint_pixels(ortho);
  EXPECT_LE(std::abs(p[kFore].first - p[kAft].first), 1) << ortho.at("joint_pixels");
  EXPECT_LE(std::abs(p[kFore].second - p[kAft].second), 1) << ortho.at("joint_pixels");
  EXPECT_LE(std::abs(p[kSide].second - p[kHips].second), 1);
  EXPECT_LT(p[kUp].second, p[kHips].second - 20);  // +Y up
  // The figure is drawn in it: the bone from Up to Fore, half way (the viewer stands the figure on its
  // lowest body point, Up's level here, and hides what is below the floor).
  const WindowImage image = settled_grab(window);
  const int mid_x = (p[kUp].first + p[kFore].first) / 2;
  const int mid_y = (p[kUp].second + p[kFore].second) / 2;
  EXPECT_GE(figure_pixels(image, mid_x, mid_y, 4), 20) << "no bone drawn at " << mid_x << "," << mid_y;

  // Right (along -X): Side behind the Hips; the front (+Z) on the left. Left: the other way.
  xdotool("key KP_3");
  p = joint_pixels(looking(app, "right", "orthographic"));
  EXPECT_LE(std::abs(p[kSide].first - p[kHips].first), 1);
  EXPECT_LT(p[kFore].first, p[kUp].first - 10);
  xdotool("key ctrl+KP_3");
  p = joint_pixels(looking(app, "left", "orthographic"));
  EXPECT_GT(p[kFore].first, p[kUp].first + 10);

  // Top (down -Y): Up over the Hips, the front at the bottom of the screen. Bottom with Ctrl.
  xdotool("key KP_7");
  p = joint_pixels(looking(app, "top", "orthographic"));
  EXPECT_LE(std::abs(p[kUp].first - p[kHips].first), 1);
  EXPECT_LE(std::abs(p[kUp].second - p[kHips].second), 1);
  EXPECT_GT(p[kFore].second, p[kUp].second + 10);
  xdotool("key ctrl+KP_7");
  looking(app, "bottom", "orthographic");

  // The corner buttons: Front, then a second click on the lit button turns to the back; the
  // projection button back to perspective.
  // Each click where the button is drawn in two frames in a row.
  const auto click = [&](int index) {
    std::string seen;
    const State state = app.wait_for(
        [&](const State& s) {
          const std::string rect = field(s.at("view_buttons"), index);
          const bool settled = rect == seen && rect.rfind("0,0,0,0", 0) != 0;
          seen = rect;
          return settled;
        },
        "the view buttons drawn in place");
    int x = 0, y = 0, w = 0, h = 0;
    ASSERT_EQ(std::sscanf(field(state.at("view_buttons"), index).c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4);
    xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x + w / 2) + " " +
            std::to_string(y + h / 2) + " sleep 0.1 click 1");
  };
  click(0);
  looking(app, "front", "orthographic");
  click(0);
  looking(app, "back", "orthographic");
  click(3);
  looking(app, "back", "perspective");
}

}  // namespace
}  // namespace bvhscope::test
