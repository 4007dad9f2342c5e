// What a headless render of clips is asked for (`bvhscope render`, `thumbnail`, File > Export
// video, the grid): the frame and size, the display choices, a selected joint, a comparison, a
// filmstrip; and what a still comes back as (pixels, where the joints were drawn, what was drawn
// with less detail). Plain values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/compare_start.hpp"

namespace bvhscope::render {

struct OffscreenOptions {
  std::size_t frame = 0;  // 0-based; clamped to the clip
  int width = 1280;
  int height = 720;
  bool ui = false;    // draw the panels too, laid out as in the viewer (app/viewer's OffscreenViewer)
  bool solid = true;  // solid bones (false: lines)
  bool grid = true;
  bool shadow = true;
  bool joints = true;
  bool axes = true;
  bool trajectory = false;
  std::string select;                   // a joint of the last clip to select (inspector, highlight, trail, curves)
  bool trail = true;                    // the selected joint's trail
  int labels = 1;                       // joint labels: 0 none, 1 the selected chain, 2 all joints (--ui)
  std::optional<CompareStart> compare;  // the first clip the reference, the others compared with it
  // A filmstrip: this many poses of the (one) clip spread evenly over its frames
  // strip_first..strip_last, older ones fainter, in one picture; `frame` must be strip_last.
  int strip = 0;
  std::size_t strip_first = 0;
  std::size_t strip_last = 0;
};

struct OffscreenImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
  // Window pixel of every joint of the last (active) clip (x right, y down), as the camera projects it.
  std::vector<std::pair<float, float>> joint_pixels;
  // Each clip drawn with less than full detail (a huge skeleton): its file, and what is left out.
  struct Notice {
    std::string file;
    std::string text;
  };
  std::vector<Notice> notices;
};

}  // namespace bvhscope::render
