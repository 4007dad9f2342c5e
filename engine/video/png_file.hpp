// png_file: one PNG image written as an io::AtomicFile (a temporary file beside the target, renamed at
// the end), or its bytes in memory; the encoder shared by stills (`render -o F.png`, thumbnails, File > Export) and PNG
// sequences.
#pragma once

#include <cstdint>
#include <string>

namespace bvhscope::video {

// RGBA rows, top first, `width` x `height`; false with `error` set (why, without the path) on failure,
// and then no file is left under `path`.
bool write_png_file(const std::string& path, int width, int height, const std::uint8_t* rgba, std::string& error);

// The PNG file's bytes of the same image, in memory (a page's data: URI); empty when it cannot be encoded.
std::string encode_png(int width, int height, const std::uint8_t* rgba);

}  // namespace bvhscope::video
