// The headless overlay's font (gfx::FontAtlas) measures text exactly as the viewer's ImGui font
// does, so labels, tags and captions placed for either land in the same boxes. No GL: ImGui's
// atlas is built on the CPU.
#include <gtest/gtest.h>

#include <imgui.h>

#include <string>

#include "gfx/font_atlas.hpp"
#include "gfx/ui_font.hpp"
#include "viewer/imgui_overlay.hpp"
#include "viewer/ui_theme.hpp"

namespace bvhscope::viewer {
namespace {

class OverlayMetricsTest : public ::testing::TestWithParam<float> {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // No imgui.ini: the scales run as parallel processes in one folder, and one writing the file as
    // another reads it was a heap overflow in ImGui's loader under ASan.
    io.IniFilename = nullptr;
    apply_ui_theme(GetParam());
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
    io.DisplaySize = ImVec2(800.0f, 600.0f);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
  }
  void TearDown() override {
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
};

TEST_P(OverlayMetricsTest, FontAtlasMeasuresTextAsImGuisUiFont) {
  ASSERT_FALSE(gfx::ui_font_ttf().empty()) << "the build embeds DejaVuSans.ttf (fonts-dejavu-core)";
  EXPECT_FLOAT_EQ(ImGui::GetFontSize(), 15.0f * GetParam());
  std::string error;
  const std::optional<gfx::FontAtlas> atlas = gfx::FontAtlas::bake(gfx::ui_font_ttf(), ImGui::GetFontSize(), error);
  ASSERT_TRUE(atlas) << error;
  const gfx::FontMetrics headless(*atlas);
  const ImGuiTextMetrics imgui;
  EXPECT_FLOAT_EQ(headless.line_height(), imgui.line_height());
  for (const char* text :
       {"Hips", "mixamorig:LeftUpLeg", "RightHandThumb1 #12", "  ", "walk_01.bvh", "20tab__test_freebvh.bvh",
        "Caption with spaces, digits 0123456789 (and) [brackets]", "W", "i", "Jos\xC3\xA9 \xC3\x85ngstr\xC3\xB6m"}) {
    EXPECT_EQ(headless.measure(text), imgui.measure(text)) << text;
  }
}

INSTANTIATE_TEST_SUITE_P(ContentScales, OverlayMetricsTest, ::testing::Values(1.0f, 2.0f));

}  // namespace
}  // namespace bvhscope::viewer
