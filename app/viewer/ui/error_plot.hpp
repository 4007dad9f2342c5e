// The difference over time, in the strip under the view: each compared clip's mean joint error
// (MPJPE) at every reference frame in the clip's colour, the selected joint's own error, the
// reference's playhead and the values under the mouse; clicking or dragging scrubs the clock to
// that reference frame, and a button jumps to the worst one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "model/channel_curves.hpp"
#include "viewer/actions.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Envelopes rebuilt when a result, the plot width or the selected joint changes (never per frame).
struct ErrorPlotCache {
  struct Curve {
    int clip_id = 0;
    std::uint64_t serial = 0;  // ClipComparison::serial of the result it was built from
    std::size_t first_frame = 0;
    CurveEnvelope envelope;  // centimetres (reference units when its unit is unknown), compared frames
    ImU32 colour = 0;
  };
  std::vector<Curve> curves;
  std::size_t columns = 0;
  int joint_clip = 0;  // the compared clip whose joint error is drawn (0: none)
  int joint_pair = -1;
  std::uint64_t joint_serial = 0;
  std::size_t joint_first_frame = 0;
  CurveEnvelope joint;  // as the curves
  std::vector<float> scratch;
  std::vector<ImVec2> points;
};

// A compared clip has a result to plot.
[[nodiscard]] bool error_plot_wanted(const ViewerState& state);
void draw_error_plot(const ImVec2& size, const ViewerState& state, ErrorPlotCache& cache, Actions& actions);

}  // namespace bvhscope::viewer
