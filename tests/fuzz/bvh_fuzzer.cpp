// libFuzzer target: parse arbitrary bytes, then pose, sample, measure and export what loads.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <ostream>
#include <streambuf>
#include <string_view>

#include "anim/bvh_parser.hpp"
#include "anim/csv_export.hpp"
#include "anim/file_loader.hpp"
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

// The same text parsed in blocks, on threads, or streamed from a file must give the same outcome.
void check_same(const bvhscope::Result<bvhscope::Clip>& a, const bvhscope::Result<bvhscope::Clip>& b,
                const char* what) {
  if (a.ok() != b.ok()) fail(std::string(what) + ": one way loads, the other refuses");
  if (!a.ok()) {
    if (a.error().line != b.error().line || a.error().column != b.error().column || a.error().message != b.error().message) {
      fail(std::string(what) + ": different errors: " + a.error().message + " / " + b.error().message);
    }
    return;
  }
  const std::size_t values = a.value().motion.values.size();
  if (values != b.value().motion.values.size() ||
      (values > 0 && std::memcmp(a.value().motion.values.data(), b.value().motion.values.data(),
                                 values * sizeof(float)) != 0) ||
      a.value().warnings.size() != b.value().warnings.size()) {
    fail(std::string(what) + ": different clips");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bvhscope;
  if (size < 1) return 0;
  // The first byte picks how the rows are cut and threaded; the rest is the file.
  const ParseOptions blocked{static_cast<std::size_t>(data[0] & 63) + 1, static_cast<unsigned>(data[0] >> 6) + 1, {}};
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Result<Clip> result = parse_bvh(text, "fuzz.bvh", ParseOptions{std::size_t{1} << 30, 1, {}});
  check_same(parse_bvh(text, "fuzz.bvh", blocked), result, "blocks");
  {
    char path[] = "/tmp/bvh-fuzz-XXXXXX";
    const int fd = ::mkstemp(path);
    if (fd >= 0) {
      const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
      ::close(fd);
      if (written) {
        Result<Clip> streamed = load_bvh_file(path, nullptr, blocked);
        const Result<Clip> same_source = parse_bvh(text, path, ParseOptions{std::size_t{1} << 30, 1, {}});
        ::unlink(path);
        check_same(streamed, same_source, "streamed");
      } else {
        ::unlink(path);
      }
    }
  }
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
