// The ground cache (render/ground_cache.hpp), as the viewer's window uses it on a software
// renderer: a frame whose ground was copied from the cache is the frame drawn whole, byte for byte,
// into a framebuffer without multisampling; the ground is drawn into the cache only when what it
// shows changed (the camera, the grid's colours or place, the framebuffer's size), not when the
// figures move; while the camera moves frame after frame, whole views draw their ground straight
// into the frame, and once it holds the whole view is asked for from the cache. EGL, no display
// needed.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "anim/file_loader.hpp"
#include "gfx/render_target.hpp"
#include "model/prepared_clip.hpp"
#include "render/ground_cache.hpp"
#include "render/offscreen_renderer.hpp"
#include "test_support.hpp"

namespace bvhscope::render {
namespace ground_cache_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;

std::vector<PreparedClip> the_sample() {
  Result<Clip> clip = load_bvh_file(test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh");
  if (!clip) throw std::runtime_error("cannot load the sample");
  std::vector<PreparedClip> clips;
  clips.push_back(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto));
  return clips;
}

class GroundCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    OffscreenOptions options;
    options.width = kWidth;
    options.height = kHeight;
    std::string error;
    offscreen_ = OffscreenRenderer::create(the_sample(), options, error);
    ASSERT_NE(offscreen_, nullptr) << error;
    offscreen_->draw_frame(0.0);  // frames the camera; the EGL context is current from here
    window_ = gfx::RenderTarget::create(kWidth, kHeight, 0, error);
    ASSERT_TRUE(window_.has_value()) << error;
  }

  // The frame drawn whole into the window, as the viewer draws it without the cache.
  std::vector<std::uint8_t> whole() {
    OffscreenClips& clips = offscreen_->clips();
    window_->bind();
    gfx::clear_framebuffer(kWidth, kHeight, 0.125f, 0.133f, 0.149f);
    clips.draw();
    return window_->read_rgba();
  }

  // A frame with its ground put by the cache (begin_frame, then put_ground for each of `regions`,
  // the whole view for std::nullopt), the scene drawn over it there; the rest stays cleared.
  // `grid` and `style` as the cache is told (what its ground shows; the scene's own style when
  // none).
  std::vector<std::uint8_t> cached(const GroundGrid& grid = {}, gfx::SceneStyle* style = nullptr,
                                   std::vector<std::optional<gfx::Viewport>> regions = {std::nullopt}) {
    OffscreenClips& clips = offscreen_->clips();
    window_->bind();
    gfx::clear_framebuffer(kWidth, kHeight, 0.125f, 0.133f, 0.149f);
    const gfx::SceneStyle own = clips.style();
    const gfx::SceneStyle& told = style != nullptr ? *style : own;
    cache_.begin_frame(clips.view(), told, grid, kWidth, kHeight);
    for (const std::optional<gfx::Viewport>& region : regions) {
      gfx::SceneView view = clips.view();
      view.region = region;
      EXPECT_TRUE(cache_.put_ground(view, told, grid, kWidth, kHeight,
                                    [&](const gfx::SceneView& at) { clips.draw_ground(at.region); }));
      clips.draw(region, true);
    }
    return window_->read_rgba();
  }
  std::vector<std::uint8_t> cached_part(const gfx::Viewport& part, const GroundGrid& grid = {},
                                        gfx::SceneStyle* style = nullptr) {
    return cached(grid, style, {part});
  }
  // A frame that draws nothing in the view (the cache only told what it shows).
  void frame_without_view() {
    OffscreenClips& clips = offscreen_->clips();
    cache_.begin_frame(clips.view(), clips.style(), {}, kWidth, kHeight);
  }

  // The pixels of `a` and `b` that differ inside `region` (rows of the images top first).
  static std::size_t differing_in(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b,
                                  const gfx::Viewport& region) {
    std::size_t count = 0;
    for (int y = region.y; y < region.y + region.height; ++y) {
      for (int x = region.x; x < region.x + region.width; ++x) {
        const std::size_t at = (static_cast<std::size_t>(kHeight - 1 - y) * kWidth + static_cast<std::size_t>(x)) * 4;
        for (std::size_t c = 0; c < 4; ++c) count += a[at + c] != b[at + c] ? 1 : 0;
      }
    }
    return count;
  }

  static std::size_t differing(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    if (a.size() != b.size()) return a.size() + b.size();
    std::size_t count = 0;
    for (std::size_t i = 0; i < a.size(); ++i) count += a[i] != b[i] ? 1 : 0;
    return count;
  }

  std::unique_ptr<OffscreenRenderer> offscreen_;
  std::optional<gfx::RenderTarget> window_;
  GroundCache cache_;
};

TEST_F(GroundCacheTest, AFrameOverTheCachedGroundIsTheWholeFrameAndTheGroundIsDrawnOnlyWhenItChanges) {
  OffscreenClips& clips = offscreen_->clips();
  const std::vector<std::uint8_t> first = cached();
  EXPECT_EQ(cache_.redraws(), 1);
  EXPECT_EQ(differing(first, whole()), 0u);
  // The figure moves, the camera holds: copied, not drawn, and still the whole frame (in part too).
  const gfx::Viewport part{40, 30, 150, 170};
  for (const double frame : {10.0, 25.5, 40.0}) {
    clips.pose_at(frame);
    const std::vector<std::uint8_t> over = cached();
    EXPECT_EQ(differing(over, whole()), 0u) << "frame " << frame;
    EXPECT_GT(differing(over, first), 0u) << "frame " << frame << ": the figure moved";
    EXPECT_EQ(differing_in(cached_part(part), whole(), part), 0u) << "frame " << frame;
  }
  EXPECT_EQ(cache_.redraws(), 1);
  // The camera turns once: the ground is drawn again into the cache, and the frame is the whole one.
  clips.camera().yaw += 0.4f;
  EXPECT_EQ(differing(cached(), whole()), 0u);
  EXPECT_EQ(cache_.redraws(), 2);
  EXPECT_EQ(differing_in(cached_part(part), whole(), part), 0u);
  EXPECT_EQ(cache_.redraws(), 2);
  EXPECT_EQ(cache_.direct_draws(), 0);
  EXPECT_FALSE(cache_.needs_whole_view());
  // The camera turns frame after frame: from the second frame on, the ground is drawn straight into
  // the frame (both rectangles of a frame with two) and the cache is left as it was.
  for (int step = 0; step < 4; ++step) {
    clips.camera().yaw += 0.2f;
    const std::vector<std::uint8_t> two = cached({}, nullptr, {std::nullopt, part});
    EXPECT_EQ(differing(two, whole()), 0u) << "step " << step;
    EXPECT_FALSE(cache_.needs_whole_view()) << "step " << step << ": the camera moves";
  }
  EXPECT_EQ(cache_.redraws(), 3);
  EXPECT_EQ(cache_.direct_draws(), 6);
  EXPECT_TRUE(cache_.direct_on_screen());
  // When the camera holds, the window shows ground drawn straight: the whole view comes from the
  // cache next (drawn into it again); a part of it copied leaves the rest as it was.
  EXPECT_EQ(differing_in(cached_part(part), whole(), part), 0u);
  EXPECT_TRUE(cache_.needs_whole_view());
  EXPECT_EQ(cache_.redraws(), 4);
  EXPECT_EQ(differing(cached(), whole()), 0u);
  EXPECT_FALSE(cache_.direct_on_screen()) << "the whole view came from the cache";
  frame_without_view();
  EXPECT_FALSE(cache_.needs_whole_view());
  EXPECT_EQ(cache_.redraws(), 4);
  EXPECT_EQ(cache_.direct_draws(), 6);
  // Another grid: drawn again into the cache; the grid hidden at the next frame (a second change in
  // a row, as a moving camera's) is drawn straight.
  GroundGrid moved;
  moved.center.y = 0.5f;
  cached_part(part, moved);
  EXPECT_EQ(cache_.redraws(), 5);
  gfx::SceneStyle plain = clips.style();
  plain.show_grid = false;
  cached_part(part, moved, &plain);
  EXPECT_EQ(cache_.redraws(), 5);
  EXPECT_EQ(cache_.direct_draws(), 7);
}

// Paused, the frames between two camera jumps draw nothing in the view (a key held, a panel): the
// jumps are two single changes, each drawn into the cache, not a camera moving frame after frame.
TEST_F(GroundCacheTest, TwoJumpsWithFramesBetweenAreNotAMovingCamera) {
  OffscreenClips& clips = offscreen_->clips();
  cached();
  clips.camera().yaw += 0.3f;
  EXPECT_EQ(differing(cached(), whole()), 0u);
  frame_without_view();
  frame_without_view();
  clips.camera().yaw += 0.3f;
  EXPECT_EQ(differing(cached(), whole()), 0u);
  EXPECT_EQ(cache_.direct_draws(), 0);
  EXPECT_EQ(cache_.redraws(), 3);
  EXPECT_FALSE(cache_.direct_on_screen());
  frame_without_view();
  EXPECT_FALSE(cache_.needs_whole_view());
}

}  // namespace
}  // namespace ground_cache_test
}  // namespace bvhscope::render
