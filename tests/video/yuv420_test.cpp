// RGBA to 4:2:0 before ffmpeg (video/yuv420): BT.709's limited-range values for the primaries,
// white, black and grey (the values the standard's tables give), the planes' layout and sizes for
// even and odd frames, and each chroma sample the mean of its 2x2 block (of its pixels inside an
// odd frame's edge).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "video/yuv420.hpp"
#include "video/yuv420_frames.hpp"

namespace bvhscope::video {
namespace {

struct YCbCr {
  int y, cb, cr;
};

// A 2x2 frame of one colour, converted: its four Y' values must agree; the one chroma sample.
YCbCr convert_flat(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  std::vector<std::uint8_t> rgba;
  for (int i = 0; i < 4; ++i) rgba.insert(rgba.end(), {r, g, b, 255});
  std::array<std::uint8_t, 6> yuv{};
  EXPECT_EQ(yuv420_frame_bytes(2, 2), yuv.size());
  rgba_to_yuv420(rgba.data(), 2, 2, yuv.data());
  for (int i = 1; i < 4; ++i) EXPECT_EQ(yuv[static_cast<std::size_t>(i)], yuv[0]);
  return {yuv[0], yuv[4], yuv[5]};
}

void expect_ycbcr(const YCbCr& got, int y, int cb, int cr, const char* colour) {
  EXPECT_EQ(got.y, y) << colour;
  EXPECT_EQ(got.cb, cb) << colour;
  EXPECT_EQ(got.cr, cr) << colour;
}

TEST(Yuv420, ThePrimariesWhiteBlackAndGreyHaveBt709sLimitedRangeValues) {
  // ITU-R BT.709 with 8-bit limited range: Y' 16..235, Cb and Cr 16..240 around 128.
  expect_ycbcr(convert_flat(255, 255, 255), 235, 128, 128, "white");
  expect_ycbcr(convert_flat(0, 0, 0), 16, 128, 128, "black");
  expect_ycbcr(convert_flat(128, 128, 128), 126, 128, 128, "grey");  // 16 + 219 * 128 / 255 = 125.9
  expect_ycbcr(convert_flat(255, 0, 0), 63, 102, 240, "red");
  expect_ycbcr(convert_flat(0, 255, 0), 173, 42, 26, "green");
  expect_ycbcr(convert_flat(0, 0, 255), 32, 240, 118, "blue");
  expect_ycbcr(convert_flat(255, 255, 0), 219, 16, 138, "yellow");
}

TEST(Yuv420, PlanesAreLumaThenHalfSizeChromaRoundedUp) {
  EXPECT_EQ(yuv420_frame_bytes(480, 480), 480U * 480 + 2 * 240 * 240);
  EXPECT_EQ(yuv420_frame_bytes(1280, 720), 1280U * 720 * 3 / 2);
  EXPECT_EQ(yuv420_frame_bytes(5, 3), 15U + 2 * 3 * 2);
  EXPECT_EQ(yuv420_frame_bytes(1, 1), 3U);
}

TEST(Yuv420, EachChromaSampleIsTheMeanOfItsBlockAndAnOddEdgeTakesThePixelsThere) {
  // 3x3: the blocks are 2x2 (top left), 1x2 (top right column), 2x1 (bottom row), 1x1 (corner).
  // White and black alternate by column in the 2x2 block: its mean is mid grey (Cb = Cr = 128);
  // the right column is blue, the bottom row red, the corner green.
  const std::array<std::array<std::uint8_t, 3>, 9> pixels = {{
      {255, 255, 255},
      {0, 0, 0},
      {0, 0, 255},  //
      {255, 255, 255},
      {0, 0, 0},
      {0, 0, 255},  //
      {255, 0, 0},
      {255, 0, 0},
      {0, 255, 0},
  }};
  std::vector<std::uint8_t> rgba;
  for (const auto& p : pixels) rgba.insert(rgba.end(), {p[0], p[1], p[2], 255});
  std::vector<std::uint8_t> yuv(yuv420_frame_bytes(3, 3));
  rgba_to_yuv420(rgba.data(), 3, 3, yuv.data());
  const std::vector<std::uint8_t> luma(yuv.begin(), yuv.begin() + 9);
  EXPECT_EQ(luma, (std::vector<std::uint8_t>{235, 16, 32, 235, 16, 32, 63, 63, 173}));
  const std::vector<std::uint8_t> cb(yuv.begin() + 9, yuv.begin() + 13);
  const std::vector<std::uint8_t> cr(yuv.begin() + 13, yuv.end());
  EXPECT_EQ(cb, (std::vector<std::uint8_t>{128, 240, 102, 42}));
  EXPECT_EQ(cr, (std::vector<std::uint8_t>{128, 118, 240, 26}));
}

TEST(Yuv420, AlphaIsIgnored) {
  std::vector<std::uint8_t> opaque = {10, 200, 30, 255, 10, 200, 30, 255, 10, 200, 30, 255, 10, 200, 30, 255};
  std::vector<std::uint8_t> clear = opaque;
  for (std::size_t i = 3; i < clear.size(); i += 4) clear[i] = 0;
  std::array<std::uint8_t, 6> a{};
  std::array<std::uint8_t, 6> b{};
  rgba_to_yuv420(opaque.data(), 2, 2, a.data());
  rgba_to_yuv420(clear.data(), 2, 2, b.data());
  EXPECT_EQ(a, b);
}

// A frame of pseudo-random pixels.
std::vector<std::uint8_t> noise_frame(int width, int height, unsigned seed) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  unsigned state = seed;
  for (std::uint8_t& value : rgba) {
    state = state * 1664525u + 1013904223u;
    value = static_cast<std::uint8_t>(state >> 24);
  }
  return rgba;
}

TEST(Yuv420, ARectangleConvertedOverTheLastFrameGivesTheWholeFramesConversion) {
  // Rectangles at odd and even places and sizes, at the frame's edges, on even and odd frames: the
  // 2x2 blocks they touch are converted again, so the chroma of a block half inside is right too.
  for (const auto& [width, height] : std::vector<std::pair<int, int>>{{64, 48}, {37, 23}}) {
    const std::vector<std::uint8_t> before = noise_frame(width, height, 1);
    for (const std::array<int, 4>& rect : std::vector<std::array<int, 4>>{{5, 3, 7, 9},
                                                                          {0, 0, 1, 1},
                                                                          {10, 10, 2, 2},
                                                                          {width - 3, height - 5, 3, 5},
                                                                          {0, 0, width, height},
                                                                          {width - 1, 0, 1, height},
                                                                          {-4, -4, 8, 8}}) {
      std::vector<std::uint8_t> after = before;
      const std::vector<std::uint8_t> other = noise_frame(width, height, 2);
      for (int y = std::max(rect[1], 0); y < std::min(rect[1] + rect[3], height); ++y) {
        for (int x = std::max(rect[0], 0); x < std::min(rect[0] + rect[2], width); ++x) {
          const std::size_t at =
              (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
          std::copy_n(other.begin() + static_cast<std::ptrdiff_t>(at), 4,
                      after.begin() + static_cast<std::ptrdiff_t>(at));
        }
      }
      std::vector<std::uint8_t> patched(yuv420_frame_bytes(width, height));
      rgba_to_yuv420(before.data(), width, height, patched.data());
      rgba_to_yuv420_rect(after.data(), width, height, rect[0], rect[1], rect[2], rect[3], patched.data());
      std::vector<std::uint8_t> whole(yuv420_frame_bytes(width, height));
      rgba_to_yuv420(after.data(), width, height, whole.data());
      EXPECT_EQ(patched, whole) << width << "x" << height << " rect " << rect[0] << "," << rect[1] << " " << rect[2]
                                << "x" << rect[3];
    }
  }
}

// BT.709 limited range from the standard's formula in doubles, rounded: Y' of one pixel, Cb and Cr
// of the mean of some pixels' R, G, B.
int reference_luma(double r, double g, double b) {
  return static_cast<int>(std::lround(16.0 + 219.0 / 255.0 * (0.2126 * r + 0.7152 * g + 0.0722 * b)));
}
std::pair<int, int> reference_chroma(double r, double g, double b) {
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return {static_cast<int>(std::lround(128.0 + 224.0 / 255.0 * (b - y) / (2.0 * (1.0 - 0.0722)))),
          static_cast<int>(std::lround(128.0 + 224.0 / 255.0 * (r - y) / (2.0 * (1.0 - 0.2126))))};
}

TEST(Yuv420, EveryPixelOfWideNoiseFramesMatchesTheFormulaWithinARoundingStep) {
  // Wide enough that the conversion's vector loops run many times, with odd widths and heights
  // for their ends; each sample against the formula (the fixed-point sums may round the other way
  // at a half: at most one step off, never more).
  for (const auto& [width, height] : std::vector<std::pair<int, int>>{{131, 67}, {1280, 6}, {33, 5}}) {
    const std::vector<std::uint8_t> rgba = noise_frame(width, height, 4);
    std::vector<std::uint8_t> yuv(yuv420_frame_bytes(width, height));
    rgba_to_yuv420(rgba.data(), width, height, yuv.data());
    const auto w = static_cast<std::size_t>(width);
    const auto h = static_cast<std::size_t>(height);
    const std::size_t chroma_w = (w + 1) / 2;
    const std::size_t chroma_h = (h + 1) / 2;
    int worst = 0;
    for (std::size_t y = 0; y < h; ++y) {
      for (std::size_t x = 0; x < w; ++x) {
        const std::uint8_t* p = &rgba[(y * w + x) * 4];
        worst = std::max(worst, std::abs(yuv[y * w + x] - reference_luma(p[0], p[1], p[2])));
      }
    }
    for (std::size_t cy = 0; cy < chroma_h; ++cy) {
      for (std::size_t cx = 0; cx < chroma_w; ++cx) {
        double sum[3] = {0.0, 0.0, 0.0};
        int count = 0;
        for (std::size_t y = 2 * cy; y < std::min(2 * cy + 2, h); ++y) {
          for (std::size_t x = 2 * cx; x < std::min(2 * cx + 2, w); ++x) {
            for (std::size_t c = 0; c < 3; ++c) sum[c] += rgba[(y * w + x) * 4 + c];
            ++count;
          }
        }
        const auto [cb, cr] = reference_chroma(sum[0] / count, sum[1] / count, sum[2] / count);
        worst = std::max(worst, std::abs(yuv[w * h + cy * chroma_w + cx] - cb));
        worst = std::max(worst, std::abs(yuv[w * h + chroma_w * chroma_h + cy * chroma_w + cx] - cr));
      }
    }
    EXPECT_LE(worst, 1) << width << "x" << height;
  }
}

TEST(Yuv420, ARectangleOutsideTheFrameChangesNothing) {
  const std::vector<std::uint8_t> frame = noise_frame(16, 16, 3);
  std::vector<std::uint8_t> yuv(yuv420_frame_bytes(16, 16), 7);
  rgba_to_yuv420_rect(frame.data(), 16, 16, 16, 0, 4, 4, yuv.data());
  rgba_to_yuv420_rect(frame.data(), 16, 16, 0, -8, 4, 8, yuv.data());
  rgba_to_yuv420_rect(frame.data(), 16, 16, 3, 3, 0, 5, yuv.data());
  EXPECT_EQ(yuv, std::vector<std::uint8_t>(yuv420_frame_bytes(16, 16), 7));
}

// Planes at strides wider than their rows (an encoder's frame): each row what the packed frame's
// is, the padding after it untouched; a rectangle over the last frame there gives the whole frame.
TEST(Yuv420, PaddedPlanesGetThePackedRowsAndTheirPaddingIsLeftAlone) {
  constexpr std::uint8_t kPadding = 0xAB;
  for (const std::pair<int, int>& size : std::vector<std::pair<int, int>>{{64, 48}, {37, 23}}) {
    const int width = size.first;  // not a structured binding: the lambda below names it (clang 14)
    const int height = size.second;
    const std::size_t y_width = static_cast<std::size_t>(width);
    const std::size_t c_width = (y_width + 1) / 2;
    const std::size_t c_height = (static_cast<std::size_t>(height) + 1) / 2;
    const std::size_t y_stride = y_width + 13;
    const std::size_t cb_stride = c_width + 7;
    const std::size_t cr_stride = c_width + 2;  // each plane its own stride
    std::vector<std::uint8_t> y_plane(y_stride * static_cast<std::size_t>(height), kPadding);
    std::vector<std::uint8_t> cb_plane(cb_stride * c_height, kPadding);
    std::vector<std::uint8_t> cr_plane(cr_stride * c_height, kPadding);
    const Yuv420Planes planes{y_plane.data(), cb_plane.data(), cr_plane.data(), y_stride, cb_stride, cr_stride};
    const std::vector<std::uint8_t> before = noise_frame(width, height, 3);
    const std::vector<std::uint8_t> after = noise_frame(width, height, 4);
    rgba_to_yuv420_rect(before.data(), width, height, 0, 0, width, height, planes);
    // The second frame differs everywhere; converting all of it as a rectangle over the first
    // must give its own conversion.
    rgba_to_yuv420_rect(after.data(), width, height, -2, -2, width + 4, height + 4, planes);
    std::vector<std::uint8_t> packed(yuv420_frame_bytes(width, height));
    rgba_to_yuv420(after.data(), width, height, packed.data());
    const auto expect_rows = [&](const std::vector<std::uint8_t>& plane, std::size_t stride, std::size_t row_bytes,
                                 std::size_t rows, std::size_t packed_at, const char* name) {
      for (std::size_t row = 0; row < rows; ++row) {
        for (std::size_t i = 0; i < stride; ++i) {
          const std::uint8_t want = i < row_bytes ? packed[packed_at + row * row_bytes + i] : kPadding;
          ASSERT_EQ(plane[row * stride + i], want)
              << name << " row " << row << " byte " << i << " of " << width << "x" << height;
        }
      }
    };
    expect_rows(y_plane, y_stride, y_width, static_cast<std::size_t>(height), 0, "Y'");
    const std::size_t cb_at = y_width * static_cast<std::size_t>(height);
    expect_rows(cb_plane, cb_stride, c_width, c_height, cb_at, "Cb");
    expect_rows(cr_plane, cr_stride, c_width, c_height, cb_at + c_width * c_height, "Cr");
  }
}

// A sink's frames converted into an encoder's frame (Yuv420Frames::convert_into): the first whole
// even when its changes are noted, each later one only where it changed, and every frame then
// its own whole conversion.
TEST(Yuv420, FramesConvertedWhereTheyChangedIntoTheEncodersPlanesAreEachTheirWholeConversion) {
  constexpr int kWide = 40;
  constexpr int kHigh = 30;
  constexpr std::size_t kSlots = 3;
  const std::size_t y_stride = kWide + 24;
  const std::size_t c_stride = kWide / 2 + 12;
  std::vector<std::uint8_t> y_plane(y_stride * kHigh);
  std::vector<std::uint8_t> cb_plane(c_stride * kHigh / 2);
  std::vector<std::uint8_t> cr_plane(c_stride * kHigh / 2);
  const Yuv420Planes planes{y_plane.data(), cb_plane.data(), cr_plane.data(), y_stride, c_stride, c_stride};
  Yuv420Frames frames(kWide, kHigh, kSlots);
  std::vector<std::uint8_t> frame = noise_frame(kWide, kHigh, 5);
  const std::vector<std::uint8_t> other = noise_frame(kWide, kHigh, 6);
  const std::vector<std::vector<FrameRegion>> changes = {
      {{3, 4, 5, 6}}, {{0, 0, 2, 2}, {31, 21, 9, 9}}, {{11, 7, 1, 13}}, {{20, 0, 20, 30}}};
  for (std::size_t index = 0; index < changes.size(); ++index) {
    if (index > 0) {  // the frame changes inside its regions only
      for (const FrameRegion& region : changes[index]) {
        for (int y = region.y; y < region.y + region.height; ++y) {
          for (int x = region.x; x < region.x + region.width; ++x) {
            const std::size_t at = (static_cast<std::size_t>(y) * kWide + static_cast<std::size_t>(x)) * 4;
            for (std::size_t c = 0; c < 4; ++c) frame[at + c] = static_cast<std::uint8_t>(other[at + c] + index);
          }
        }
      }
    }
    frames.note_changes(index % kSlots, &changes[index]);
    frames.convert_into(frame.data(), index, planes);
    std::vector<std::uint8_t> whole(yuv420_frame_bytes(kWide, kHigh));
    rgba_to_yuv420(frame.data(), kWide, kHigh, whole.data());
    const Yuv420Planes packed = packed_yuv420_planes(whole.data(), kWide, kHigh);
    for (std::size_t row = 0; row < kHigh; ++row) {
      ASSERT_TRUE(std::equal(packed.y + row * packed.y_stride, packed.y + row * packed.y_stride + kWide,
                             y_plane.begin() + static_cast<std::ptrdiff_t>(row * y_stride)))
          << "frame " << index << " Y' row " << row;
    }
    for (std::size_t row = 0; row < kHigh / 2; ++row) {
      const auto at = static_cast<std::ptrdiff_t>(row * c_stride);
      ASSERT_TRUE(std::equal(packed.cb + row * packed.cb_stride, packed.cb + row * packed.cb_stride + kWide / 2,
                             cb_plane.begin() + at))
          << "frame " << index << " Cb row " << row;
      ASSERT_TRUE(std::equal(packed.cr + row * packed.cr_stride, packed.cr + row * packed.cr_stride + kWide / 2,
                             cr_plane.begin() + at))
          << "frame " << index << " Cr row " << row;
    }
  }
}

}  // namespace
}  // namespace bvhscope::video
