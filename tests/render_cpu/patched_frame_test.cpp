// PatchedFrame writing video frames straight into a frame queue's buffers: each buffer, holding
// what was last written into its slot, ends up byte for byte equal to the frame, whatever the
// order of rectangles, slots, backdrops and whole frames in between. No GL.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "render/patched_frame.hpp"

namespace bvhscope::render {
namespace {

constexpr int kWidth = 23;
constexpr int kHeight = 17;
constexpr std::size_t kFrameBytes = static_cast<std::size_t>(kWidth) * kHeight * 4;

std::vector<std::uint8_t> filled(std::size_t bytes, int seed) {
  std::vector<std::uint8_t> data(bytes);
  for (std::size_t i = 0; i < bytes; ++i)
    data[i] = static_cast<std::uint8_t>((i * 7 + static_cast<std::size_t>(seed) * 31) % 251);
  return data;
}

// The frame `rect` of `rect_rgba` over `backdrop`, built independently of PatchedFrame.
std::vector<std::uint8_t> expected_frame(const std::vector<std::uint8_t>& backdrop, const PixelRect& rect,
                                         const std::vector<std::uint8_t>& rect_rgba) {
  std::vector<std::uint8_t> frame = backdrop;
  for (int row = 0; row < rect.height; ++row) {
    for (int column = 0; column < rect.width; ++column) {
      const int frame_row = kHeight - (rect.y + rect.height) + row;  // rows top first, rect y from the bottom
      for (int c = 0; c < 4; ++c) {
        frame[(static_cast<std::size_t>(frame_row) * kWidth + static_cast<std::size_t>(rect.x + column)) * 4 +
              static_cast<std::size_t>(c)] =
            rect_rgba[(static_cast<std::size_t>(row) * static_cast<std::size_t>(rect.width) +
                       static_cast<std::size_t>(column)) *
                          4 +
                      static_cast<std::size_t>(c)];
      }
    }
  }
  return frame;
}

TEST(PatchedFrame, EveryQueueBufferEqualsTheFrameWrittenIntoIt) {
  const std::vector<std::uint8_t> backdrop = filled(kFrameBytes, 1);
  PatchedFrame patched;
  patched.set_backdrop(kWidth, kHeight, backdrop);
  std::vector<std::vector<std::uint8_t>> buffers(3, std::vector<std::uint8_t>(kFrameBytes, 0));
  const std::vector<PixelRect> rects = {{2, 3, 5, 4}, {10, 0, 13, 6}, {0, 11, 4, 6}, {},
                                        {6, 6, 9, 9}, {1, 1, 21, 15}, {3, 3, 2, 2},  {0, 0, kWidth, kHeight},
                                        {15, 8, 8, 9}};
  for (std::size_t k = 0; k < rects.size(); ++k) {
    const PixelRect& rect = rects[k];
    const std::vector<std::uint8_t> rect_rgba = filled(
        static_cast<std::size_t>(rect.width) * static_cast<std::size_t>(rect.height) * 4, static_cast<int>(k) + 2);
    patched.paste(rect, rect_rgba.data());
    const std::size_t slot = k % buffers.size();
    patched.write_into(buffers[slot].data(), slot);
    EXPECT_EQ(buffers[slot], expected_frame(backdrop, rect, rect_rgba)) << "frame " << k << " in slot " << slot;
  }
}

TEST(PatchedFrame, ANewBackdropOrAWholeFrameInBetweenRewritesTheWholeBuffer) {
  PatchedFrame patched;
  std::vector<std::vector<std::uint8_t>> buffers(2, std::vector<std::uint8_t>(kFrameBytes, 0));
  const PixelRect rect{4, 5, 6, 7};
  const std::vector<std::uint8_t> rect_rgba = filled(6 * 7 * 4, 9);
  const std::vector<std::uint8_t> first = filled(kFrameBytes, 3);
  patched.set_backdrop(kWidth, kHeight, first);
  for (std::size_t slot = 0; slot < 2; ++slot) {
    patched.paste(rect, rect_rgba.data());
    patched.write_into(buffers[slot].data(), slot);
  }
  // The camera moved: another backdrop. Each buffer still holds the old one around its rectangle.
  const std::vector<std::uint8_t> second = filled(kFrameBytes, 4);
  patched.set_backdrop(kWidth, kHeight, second);
  patched.paste(rect, rect_rgba.data());
  patched.write_into(buffers[0].data(), 0);
  EXPECT_EQ(buffers[0], expected_frame(second, rect, rect_rgba));
  // A whole frame written into slot 1 by other means, then the patched frame again.
  buffers[1] = filled(kFrameBytes, 5);
  patched.forget_slots();
  patched.paste({}, nullptr);
  patched.write_into(buffers[1].data(), 1);
  EXPECT_EQ(buffers[1], second);
}

}  // namespace
}  // namespace bvhscope::render
