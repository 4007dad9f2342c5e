// Helpers of the video tests: synthetic frames (a colour per frame and a white square moving
// right), ffprobe's answers, decoding one frame back, a folder's entries.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "run_process.hpp"
#include "video/child_process.hpp"

namespace bvhscope::test {

// Frame k: background (40 + 9k mod 200, 200 - 7k mod 150, 90), a 16x16 white square whose left
// edge is at x = 4 + 5k (wrapping), top at y = height / 4.
inline std::vector<std::uint8_t> synthetic_frame(int width, int height, int k) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  const int square_x = 4 + (5 * k) % std::max(1, width - 24);
  const int square_y = height / 4;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const bool square = x >= square_x && x < square_x + 16 && y >= square_y && y < square_y + 16;
      std::uint8_t* p =
          &rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4];
      p[0] = static_cast<std::uint8_t>(square ? 255 : 40 + (9 * k) % 200);
      p[1] = static_cast<std::uint8_t>(square ? 255 : 200 - (7 * k) % 150);
      p[2] = static_cast<std::uint8_t>(square ? 255 : 90);
      p[3] = 255;
    }
  }
  return rgba;
}

inline std::string tool(const char* name) {
  const char* path = std::getenv("PATH");
  const auto found = video::find_program(name, path != nullptr ? path : "/usr/bin:/bin");
  return found.value_or(std::string("/usr/bin/") + name);
}

// ffprobe's answers for one stream ("v:0", "a:0"): width, height, nb_read_frames, duration,
// codec_name, pix_fmt, r_frame_rate, color_space, field_order; and the container's: format.duration,
// format.format_name.
inline std::map<std::string, std::string> probe(const std::filesystem::path& file, const std::string& stream = "v:0") {
  const ProcessResult result = run_process(
      {tool("ffprobe"), "-v", "error", "-count_frames", "-select_streams", stream, "-show_entries",
       "stream=codec_name,width,height,pix_fmt,nb_read_frames,duration,r_frame_rate,color_space,field_order:format="
       "duration,format_name",
       "-of", "flat", file.string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::map<std::string, std::string> values;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = line.substr(0, eq);  // streams.stream.0.width, format.duration
    std::string value = line.substr(eq + 1);
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    if (key.rfind("streams.stream.0.", 0) == 0) key = key.substr(17);
    values[key] = value;
  }
  return values;
}

// Frame n of a video, decoded by ffmpeg to RGBA (empty on failure).
inline std::string decode_frame(const std::filesystem::path& file, int n) {
  const ProcessResult result = run_process({tool("ffmpeg"), "-v", "error", "-i", file.string(), "-vf",
                                            "select=eq(n\\," + std::to_string(n) + ")", "-frames:v", "1", "-f",
                                            "rawvideo", "-pix_fmt", "rgba", "pipe:1"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

inline std::vector<std::string> entries(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace bvhscope::test
