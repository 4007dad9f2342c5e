// The first window's size and place (app/viewer/window_fit): the default size kept when 90% of the
// work area holds it, cut to that share otherwise; a saved size cut to the work area; centred.
#include <gtest/gtest.h>

#include "viewer/settings.hpp"
#include "viewer/window_fit.hpp"

namespace bvhscope::viewer {
namespace {

TEST(WindowFit, TheDefaultSizeIsKeptWhereItFitsAndCentred) {
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 1920, 1080}, 1.0f), (ScreenRect{240, 90, 1440, 900}));
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 1920, 1050}, 1.0f), (ScreenRect{240, 75, 1440, 900}));
}

TEST(WindowFit, TheDefaultSizeTakesAtMostNinetyPercentOfASmallWorkArea) {
  // 1280x800 less a 30 px panel at the top: 90% is 1152 x 693.
  EXPECT_EQ(fit_window(1440, 900, false, {0, 30, 1280, 770}, 1.0f), (ScreenRect{64, 68, 1152, 693}));
  // Only the axis that does not fit is cut.
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 1600, 900}, 1.0f), (ScreenRect{80, 45, 1440, 810}));
}

TEST(WindowFit, ASavedSizeIsCutToTheWorkAreaOnly) {
  EXPECT_EQ(fit_window(3000, 2000, true, {0, 0, 1920, 1080}, 1.0f), (ScreenRect{0, 0, 1920, 1080}));
  EXPECT_EQ(fit_window(1400, 780, true, {0, 30, 1280, 770}, 1.0f), (ScreenRect{0, 30, 1280, 770}));
  EXPECT_EQ(fit_window(1000, 700, true, {0, 0, 1280, 800}, 1.0f), (ScreenRect{140, 50, 1000, 700}));
}

TEST(WindowFit, TheContentScaleAndTheWorkAreasOriginCount) {
  // GLFW doubles the size asked on a 2x monitor: 1440x900 becomes 2880x1800 pixels.
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 3840, 2160}, 2.0f), (ScreenRect{480, 180, 1440, 900}));
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 2560, 1600}, 2.0f), (ScreenRect{128, 80, 1152, 720}));
  // A primary monitor to the right of another.
  EXPECT_EQ(fit_window(1440, 900, false, {1920, 0, 1920, 1080}, 1.0f), (ScreenRect{2160, 90, 1440, 900}));
  // No work area reported: the size as asked.
  EXPECT_EQ(fit_window(1440, 900, false, {0, 0, 0, 0}, 1.0f), (ScreenRect{0, 0, 1440, 900}));
}

TEST(WindowFit, SettingsSayWhetherTheSizeWasSaved) {
  EXPECT_FALSE(parse_settings("").window_size_saved);
  EXPECT_FALSE(parse_settings("show_grid=0\n").window_size_saved);
  EXPECT_FALSE(parse_settings("window_width=12\n").window_size_saved) << "out of range: the default stays";
  EXPECT_TRUE(parse_settings("window_width=1000\n").window_size_saved);
  EXPECT_TRUE(parse_settings("window_height=700\n").window_size_saved);
}

}  // namespace
}  // namespace bvhscope::viewer
