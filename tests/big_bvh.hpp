// Big BVH files made up on the spot for tests of streaming and progressive loading: a 21-joint
// skeleton (a 6-channel root, four chains of five 3-channel joints) whose rows hold 4-decimal
// values, as much text as asked for, written fast by repeating a block of distinct rows.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace bvhscope::test {

struct BigBvh {
  std::size_t frames = 0;
  int channels = 0;
  int first_row_line = 0;  // the line of frame 1
  std::size_t bytes = 0;
};

// The file repeats a block of this many distinct rows.
inline constexpr int kBigBvhBlockRows = 512;

// The value of channel `channel` in frame `frame` (0-based) as written, and as a float read back.
// The root walks along X within the block.
inline double big_bvh_value(std::size_t frame, int channel) {
  const int r = static_cast<int>(frame % kBigBvhBlockRows);
  if (channel == 0) return r * 0.25;
  if (channel == 1) return 90.0;
  if (channel == 2) return 0.0;
  return 20.0 * ((r * 7 + channel * 13) % 37) / 37.0 - 10.0;
}
inline float big_bvh_float(std::size_t frame, int channel) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.4f", big_bvh_value(frame, channel));
  return std::strtof(text, nullptr);
}

// Writes about `bytes` of BVH to `path`. With `bad_frame` > 0, the first digit of that frame's
// second value (90.0000) is an x: a located error at line first_row_line + bad_frame - 1, column
// `*bad_column`. The root walks `walk_per_frame` a frame along the file's X (big_bvh_value's 0.25
// by default; at most 19 for the fixed width), or along its Z with `walk_along_z`.
inline BigBvh write_big_bvh(const std::filesystem::path& path, std::size_t bytes, std::size_t bad_frame = 0,
                            std::size_t* bad_column = nullptr, double walk_per_frame = 0.25,
                            bool walk_along_z = false) {
  std::string header =
      "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\n";
  int channels = 6;
  const char* limbs[4] = {"LeftLeg", "RightLeg", "LeftArm", "RightArm"};
  for (int limb = 0; limb < 4; ++limb) {
    for (int j = 0; j < 5; ++j) {
      header +=
          std::string(static_cast<std::size_t>(2 * (j + 1)), ' ') + "JOINT " + limbs[limb] + std::to_string(j) + "\n";
      header += std::string(static_cast<std::size_t>(2 * (j + 1)), ' ') + "{\n";
      header +=
          "    OFFSET " + std::to_string(limb % 2 == 0 ? 4 : -4) + " " + std::to_string(limb < 2 ? -8 : 8) + " 0\n";
      header += "    CHANNELS 3 Zrotation Xrotation Yrotation\n";
      channels += 3;
    }
    header += "    End Site\n    {\n      OFFSET 0 -3 0\n    }\n";
    for (int j = 0; j < 5; ++j) header += "  }\n";
  }
  header += "}\nMOTION\n";

  // A block of distinct rows; the file repeats it.
  constexpr int kBlockRows = kBigBvhBlockRows;
  std::string block;
  char value[32];
  for (int r = 0; r < kBlockRows; ++r) {
    for (int c = 0; c < channels; ++c) {
      const int walk_channel = walk_along_z ? 2 : 0;
      const double v = c == walk_channel        ? r * walk_per_frame
                       : c == 0 && walk_along_z ? 0.0
                                                : big_bvh_value(static_cast<std::size_t>(r), c);
      std::snprintf(value, sizeof(value), c == 0 ? "%9.4f" : " %9.4f", v);  // fixed width: equal rows
      block += value;
    }
    block += '\n';
  }
  const std::size_t row_bytes = block.size() / kBlockRows;  // every row has the same length
  const std::size_t frames = bytes > header.size() ? (bytes - header.size()) / row_bytes : 1;
  header += "Frames: " + std::to_string(frames) + "\nFrame Time: 0.0083333\n";
  BigBvh made;
  made.frames = frames;
  made.channels = channels;
  made.first_row_line = 1;
  for (const char c : header) made.first_row_line += c == '\n' ? 1 : 0;

  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << header;
  std::size_t written = 0;
  while (written < frames) {
    const std::size_t rows = std::min<std::size_t>(kBlockRows, frames - written);
    if (bad_frame > written && bad_frame <= written + rows) {
      std::string rows_text = block.substr(0, rows * row_bytes);
      const std::size_t row_start = (bad_frame - written - 1) * row_bytes;
      const std::size_t second_value =
          rows_text.find_first_not_of(' ', rows_text.find(' ', rows_text.find_first_not_of(' ', row_start)));
      rows_text[second_value] = 'x';
      if (bad_column != nullptr) *bad_column = second_value - row_start + 1;
      out << rows_text;
    } else {
      out.write(block.data(), static_cast<std::streamsize>(rows * row_bytes));
    }
    written += rows;
  }
  made.bytes = header.size() + frames * row_bytes;
  return made;
}

}  // namespace bvhscope::test
