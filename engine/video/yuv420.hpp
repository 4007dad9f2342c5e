// RGBA frames to planar Y'CbCr 4:2:0 (BT.709, limited range) before they reach ffmpeg: the MP4
// and WebM encoders take yuv420p, and a frame piped as 4:2:0 is 1.5 bytes a pixel instead of 4,
// with no colour conversion left for ffmpeg to do. The video is tagged BT.709 (video_format), so
// players and decoders turn it back into the colours drawn.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bvhscope::video {

// Where a 4:2:0 frame's three planes are, each row `stride` bytes after the one above it (Y' at
// full size, Cb and Cr at half the width and height, rounded up).
struct Yuv420Planes {
  std::uint8_t* y = nullptr;
  std::uint8_t* cb = nullptr;
  std::uint8_t* cr = nullptr;
  std::size_t y_stride = 0;
  std::size_t cb_stride = 0;
  std::size_t cr_stride = 0;
};

// Bytes of a width x height 4:2:0 frame: the full-size Y plane, then Cb and Cr at half the width
// and height, rounded up (ffmpeg's yuv420p layout, planes packed without padding).
[[nodiscard]] std::size_t yuv420_frame_bytes(int width, int height) noexcept;
// The planes of such a packed frame at `yuv`.
[[nodiscard]] Yuv420Planes packed_yuv420_planes(std::uint8_t* yuv, int width, int height) noexcept;

// Converts `rgba` (width * height pixels, rows top first; alpha ignored) into `yuv` (of
// yuv420_frame_bytes). Each chroma sample is the mean of its 2x2 pixels (of those inside the
// frame, at an odd edge).
void rgba_to_yuv420(const std::uint8_t* rgba, int width, int height, std::uint8_t* yuv) noexcept;
// The same for the pixels of the rectangle x, y (from the top left), w x h alone, widened to the
// 2x2 blocks it touches (clipped to the frame): the rest of `yuv` is left as it was. When `yuv`
// held the conversion of a frame that differs from `rgba` only inside the rectangle, it then
// holds exactly rgba_to_yuv420(rgba).
void rgba_to_yuv420_rect(const std::uint8_t* rgba, int width, int height, int x, int y, int w, int h,
                         std::uint8_t* yuv) noexcept;
// The same into planes anywhere (an encoder's frame, whose rows may be padded).
void rgba_to_yuv420_rect(const std::uint8_t* rgba, int width, int height, int x, int y, int w, int h,
                         const Yuv420Planes& planes) noexcept;

}  // namespace bvhscope::video
