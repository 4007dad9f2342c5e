// Huge skeletons made up on the spot for tests of issue 12: a chain of nested JOINTs as deep as
// asked (a 6-channel root, then 3-channel joints, 2 frames), and a fan of sibling JOINTs under one
// ROOT, each with an End Site (2 frames). Both are written straight to a file.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>

namespace bvhscope::test {

// A chain of `depth` joints (J0 the ROOT, J1 inside it, ...), each one unit above its parent; frame
// 1 is the rest pose, frame 2 turns the root. Returns the file's size in bytes.
inline std::size_t write_deep_chain(const std::filesystem::path& path, std::size_t depth) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string text =
      "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
  for (std::size_t i = 1; i < depth; ++i) {
    text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    if (text.size() > (1u << 20)) {
      out << text;
      text.clear();
    }
  }
  text += std::string(depth, '}');
  text += "\nMOTION\nFrames: 2\nFrame Time: 0.1\n";
  out << text;
  std::string zeros;
  for (std::size_t i = 1; i < depth; ++i) zeros += " 0 0 0";
  out << "0 0 0 0 0 0" << zeros << "\n0 0 0 10 20 30" << zeros << "\n";
  out.flush();
  return static_cast<std::size_t>(out.tellp());
}

// One ROOT with `rays` child JOINTs, each ten units out in one of 16 directions around it with an
// End Site three units up; `frames` frames (at least 2) of the root going up and down. Returns the
// file's size in bytes.
inline std::size_t write_wide_fan(const std::filesystem::path& path, std::size_t rays, std::size_t frames = 2) {
  static constexpr std::array<const char*, 16> kOffsets = {
      "10 0 0",  "9 0 4",   "7 0 7",   "4 0 9",   "0 0 10",  "-4 0 9", "-7 0 7", "-9 0 4",
      "-10 0 0", "-9 0 -4", "-7 0 -7", "-4 0 -9", "0 0 -10", "4 0 -9", "7 0 -7", "9 0 -4"};
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string text = "HIERARCHY\nROOT Root\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n";
  for (std::size_t i = 0; i < rays; ++i) {
    text += "JOINT j" + std::to_string(i) + "\n{\nOFFSET " + kOffsets[i % kOffsets.size()] +
            "\nEnd Site\n{\nOFFSET 0 3 0\n}\n}\n";
    if (text.size() > (1u << 20)) {
      out << text;
      text.clear();
    }
  }
  text += "}\nMOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: 0.1\n";
  for (std::size_t f = 0; f < frames; ++f) text += f % 2 == 0 ? "0 0 0\n" : "0 1 0\n";
  out << text;
  out.flush();
  return static_cast<std::size_t>(out.tellp());
}

}  // namespace bvhscope::test
