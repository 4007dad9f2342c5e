// ImGuiLayers: ImGui's draw lists compared with the frame before's, triangle by triangle: only
// the triangles that changed count, wherever a change moves the ones after it in the buffers.
#include <gtest/gtest.h>

#include <imgui.h>

#include <vector>

#include "viewer/imgui_damage.hpp"

namespace bvhscope::viewer::imgui_layers_test {
namespace {

constexpr float kWidth = 800.0f;
constexpr float kHeight = 600.0f;

// One ImGui list a frame, drawn by `draw` under one scissor (the whole 800x600 display, or `clip`).
class Frames : public ::testing::Test {
 protected:
  std::vector<DrawnLayer> frame(const std::vector<ImVec4>& rects, ImVec4 clip = ImVec4(0, 0, kWidth, kHeight)) {
    list_._ResetForNewFrame();
    list_.PushClipRect(ImVec2(clip.x, clip.y), ImVec2(clip.z, clip.w));
    list_.PushTextureID(reinterpret_cast<ImTextureID>(1));
    for (const ImVec4& r : rects) list_.AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.z, r.w), IM_COL32(200, 100, 50, 255));
    list_.PopTextureID();
    list_.PopClipRect();
    ImDrawList* lists[] = {&list_};
    ImDrawData data;
    data.Valid = true;
    data.CmdLists = lists;
    data.CmdListsCount = 1;
    data.TotalVtxCount = list_.VtxBuffer.Size;
    data.TotalIdxCount = list_.IdxBuffer.Size;
    data.DisplayPos = ImVec2(0.0f, 0.0f);
    data.DisplaySize = ImVec2(kWidth, kHeight);
    data.FramebufferScale = ImVec2(1.0f, 1.0f);
    return layers_.update(data);
  }

  // ImGui's context first: the list takes its shared data.
  struct Context {
    ImGuiContext* context = ImGui::CreateContext();
    Context() = default;
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;
    ~Context() { ImGui::DestroyContext(context); }
  } context_;
  ImDrawList list_{ImGui::GetDrawListSharedData()};
  ImGuiLayers layers_;
};

// A track, a playhead and a readout along the top of the display (ImGui's y down).
const ImVec4 kTrack(10, 10, 60, 40);
const ImVec4 kReadout(700, 10, 780, 40);
ImVec4 playhead(float x) { return ImVec4(x, 10, x + 4, 40); }

TEST_F(Frames, TheFirstFrameOfAListHasNothingToCompareWith) {
  const std::vector<DrawnLayer> layers = frame({kTrack, playhead(300), kReadout});
  ASSERT_EQ(layers.size(), 1u);
  EXPECT_FALSE(layers[0].changed.has_value());
  // Its extent: its vertices' bounds widened by a pixel, in GL's convention (600 - 41 = 559).
  EXPECT_EQ(layers[0].extent, (PixelRect{9, 559, 772, 32}));
}

TEST_F(Frames, AMovedPlayheadChangesWhereItWasAndWhereItIsOnly) {
  (void)frame({kTrack, playhead(300), kReadout});
  const std::vector<DrawnLayer> layers = frame({kTrack, playhead(320), kReadout});
  ASSERT_TRUE(layers[0].changed.has_value());
  EXPECT_EQ(*layers[0].changed, (PixelRect{299, 559, 26, 32}));  // x 299..325: 300..304 and 320..324, a pixel wider
}

TEST_F(Frames, TrianglesAddedInTheMiddleChangeOnlyWhereTheyAre) {
  (void)frame({kTrack, playhead(300), kReadout});
  // A new box between the track and the playhead: the playhead's and the readout's vertices move
  // along in the buffers but are the same.
  const std::vector<DrawnLayer> layers = frame({kTrack, ImVec4(100, 10, 150, 40), playhead(300), kReadout});
  ASSERT_TRUE(layers[0].changed.has_value());
  EXPECT_EQ(*layers[0].changed, (PixelRect{99, 559, 52, 32}));
  // And taken away again: where it was.
  const std::vector<DrawnLayer> back = frame({kTrack, playhead(300), kReadout});
  ASSERT_TRUE(back[0].changed.has_value());
  EXPECT_EQ(*back[0].changed, (PixelRect{99, 559, 52, 32}));
}

TEST_F(Frames, AnUnchangedListHasAnEmptyChangeOrNone) {
  (void)frame({kTrack, playhead(300), kReadout});
  const std::vector<DrawnLayer> layers = frame({kTrack, playhead(300), kReadout});
  EXPECT_TRUE(!layers[0].changed.has_value() || layers[0].changed->empty());
}

TEST_F(Frames, ChangedTrianglesCountOnlyInsideTheirScissor) {
  const ImVec4 clip(0, 0, 310, kHeight);  // the playhead at 320 is cut away
  (void)frame({kTrack, playhead(300), kReadout}, clip);
  const std::vector<DrawnLayer> layers = frame({kTrack, playhead(320), kReadout}, clip);
  ASSERT_TRUE(layers[0].changed.has_value());
  EXPECT_EQ(*layers[0].changed, (PixelRect{299, 559, 6, 32}));
}

TEST_F(Frames, ANewScissorIsNotComparedTriangleByTriangle) {
  (void)frame({kTrack, playhead(300), kReadout});
  const std::vector<DrawnLayer> layers = frame({kTrack, playhead(300), kReadout}, ImVec4(0, 0, 500, kHeight));
  EXPECT_FALSE(layers[0].changed.has_value()) << "the whole extent, old and new, is redrawn";
}

}  // namespace
}  // namespace bvhscope::viewer::imgui_layers_test
