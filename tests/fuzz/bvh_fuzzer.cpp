// libFuzzer target: parse arbitrary bytes, then pose, sample, measure and export what loads.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include "anim/bvh_parser.hpp"
#include "anim/csv_export.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "clip_invariants.hpp"

namespace {

// Swallows output so export code runs without growing memory.
class DiscardBuffer : public std::streambuf {
 protected:
  std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
  int overflow(int c) override { return c; }
};

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "invariant broken: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bvhscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<Clip> result = parse_bvh(text, "fuzz.bvh");
  if (!result) {
    const Diagnostic& error = result.error();
    if (error.line < 1 || error.column < 1 || error.message.empty()) fail("error without a location or message");
    return 0;
  }
  const Clip& clip = result.value();
  if (const std::string broken = test::broken_invariant(clip); !broken.empty()) fail(broken);

  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  Pose pose;
  const std::size_t frames = std::min<std::size_t>(clip.motion.frame_count, 16);
  for (std::size_t frame = 0; frame < frames; ++frame) pose_frame(clip, frame, mode, pose);
  for (const double position : {-1.0, 0.25, 0.5, 1.75, 1e9}) {
    sample_pose(clip, position, Sampling::Linear, PositionMode::Replace, pose);
    sample_pose(clip, position, Sampling::Nearest, PositionMode::Add, pose);
  }
  (void)skeleton_height(clip, mode);
  (void)guess_units(skeleton_height(clip, mode));
  if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 100000) {
    DiscardBuffer discard;
    std::ostream out(&discard);
    write_positions_csv(clip, mode, out);
    write_rotations_csv(clip, out);
  }
  return 0;
}
