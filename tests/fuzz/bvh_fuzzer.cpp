// libFuzzer target: parse arbitrary bytes, then pose, sample, measure and export what loads, and
// derive the per-frame data the viewer and render draw (baked positions within a budget, paths,
// speeds, trails, curve envelopes, the up axis and figure measures, bone radii), and convert what
// loads (plain, unwrap, a rotation order, three channels, 24 fps, mirror): written, read back, compared.
// Joint arrays (.npy, .npz), glTF (.glb, .gltf) and binary FBX go to their readers, by their first
// bytes (ASCII FBX goes to assimp in a child process, which the fuzzer leaves alone).
#include <unistd.h>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string_view>

#include "anim/baked_positions.hpp"
#include "anim/bone_radii.hpp"
#include "anim/bvh_parser.hpp"
#include "anim/bvh_writer.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/clip_timeline.hpp"
#include "anim/convert.hpp"
#include "anim/csv_export.hpp"
#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "clip_invariants.hpp"
#include "formats/fbx_binary.hpp"
#include "formats/fbx_format.hpp"
#include "formats/fbx_writer.hpp"
#include "formats/gltf_format.hpp"
#include "formats/gltf_writer.hpp"
#include "formats/npy_array.hpp"
#include "formats/npy_format.hpp"
#include "formats/npz_format.hpp"
#include "formats/zip_archive.hpp"
#include "model/channel_curves.hpp"

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
    if (a.error().line != b.error().line || a.error().column != b.error().column ||
        a.error().message != b.error().message) {
      fail(std::string(what) + ": different errors: " + a.error().message + " / " + b.error().message);
    }
    return;
  }
  const std::size_t values = a.value().motion.values.size();
  if (values != b.value().motion.values.size() ||
      (values > 0 &&
       std::memcmp(a.value().motion.values.data(), b.value().motion.values.data(), values * sizeof(float)) != 0) ||
      a.value().warnings.size() != b.value().warnings.size()) {
    fail(std::string(what) + ": different clips");
  }
}

// The per-frame data derived from a loaded clip: bounded by the budget, and exact where it is baked.
void check_derived_data(const bvhscope::Clip& clip, bvhscope::PositionMode mode) {
  using namespace bvhscope;
  constexpr std::size_t kBudget = 4096;  // positions: small, so fuzzing stays fast and steps are exercised
  const BakedPositions baked = bake_positions(clip, mode, 1, {}, kBudget);
  const auto joints = static_cast<std::size_t>(clip.skeleton.joint_count());
  if (baked.clip_frame_count != clip.motion.frame_count) fail("baked: wrong clip frame count");
  if (baked.positions().size() != baked.frame_count * joints) fail("baked: table size");
  if (joints > 0 && baked.frame_count > 2 && baked.positions().size() > std::max<std::size_t>(kBudget, 2 * joints)) {
    fail("baked: over budget");
  }
  if (baked.frame_count > 0) {
    if (baked.clip_frame(baked.frame_count - 1) + 1 != clip.motion.frame_count) fail("baked: last frame missing");
    Pose pose;
    for (const std::size_t index : {std::size_t{0}, baked.frame_count / 2, baked.frame_count - 1}) {
      const std::size_t frame = baked.clip_frame(index);
      if (baked.index_of(frame) != index) fail("baked: index_of disagrees with clip_frame");
      pose_frame(clip, frame, mode, pose);
      for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
        const glm::vec3 a = baked.at(index, j);
        const glm::vec3 b = pose.position(j);
        if (std::memcmp(&a, &b, sizeof a) != 0) fail("baked: differs from pose_frame");
      }
    }
  }
  (void)baked_bounds(baked);
  if (joints > 0) {
    const int joint = static_cast<int>(clip.motion.frame_count % joints);
    const std::vector<float> speed = joint_speed(baked, joint, clip.motion.frame_time);
    if (speed.size() != baked.frame_count) fail("speed: wrong length");
    (void)series_envelope(speed, 300);
    const std::vector<glm::vec3> trail =
        joint_trail(baked, joint, -3, static_cast<std::ptrdiff_t>(clip.motion.frame_count) + 3);
    if (trail.size() != baked.frame_count) fail("trail: the whole clip is not every baked frame");
    (void)joint_path(baked, joint);
  }
  for (int channel = 0; channel < std::min(clip.motion.channel_count, 8); ++channel) {
    const CurveEnvelope curve = channel_envelope(clip.motion, channel, 257);
    if (clip.motion.frame_count > 0 && curve.low.size() * curve.frames_per_bucket < clip.motion.frame_count) {
      fail("envelope: frames left out");
    }
  }
  const FigureAnalysis analysis = analyse_figure(clip, mode, UpAxisRequest{});
  const std::vector<float> bones = bone_radii(clip.skeleton, analysis.figure.extent);
  (void)joint_radii(clip.skeleton, bones, analysis.figure.extent);
  const ClipTiming timing{&clip.motion, 0.0};
  const TimelineSpan span = timeline_span(std::span<const ClipTiming>(&timing, 1));
  if (timeline_frames(span.end - span.start, clip.motion.frame_time) <
      std::max<std::size_t>(clip.motion.frame_count, 1)) {
    fail("timeline: shorter than the clip");
  }
}

// Largest coordinate of any joint over a few poses: the scale that pose differences are judged against.
float pose_scale(const bvhscope::Clip& clip, bvhscope::PositionMode mode, std::size_t frames) {
  bvhscope::Pose pose;
  float largest = 1.0f;
  for (std::size_t frame = 0; frame < frames; ++frame) {
    bvhscope::pose_frame(clip, frame, mode, pose);
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
      const glm::vec3 p = pose.position(j);
      largest = std::max({largest, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
    }
  }
  return largest;
}

// `bvhscope convert` on what loads: the conversion either refuses with a message or gives a clip
// whose BVH reads back to the same skeleton and floats, and (with no option that moves joints on
// purpose) the same poses as the input within float rounding of the figure's scale.
void check_convert_round_trip(const bvhscope::Clip& clip, std::uint8_t choice) {
  using namespace bvhscope;
  if (clip.motion.frame_count * static_cast<std::size_t>(std::max(clip.motion.channel_count, 1)) > 20000) return;
  ConvertOptions options;
  bool same_poses = true;
  switch (choice % 6) {
    case 0:
      break;  // the plain rewrite in the add rule
    case 1:
      options.unwrap = true;
      break;
    case 2: {
      static constexpr const char* kOrders[] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
      options.rotation_order = parse_rotation_order(kOrders[(choice >> 3) % 6]);
      break;
    }
    case 3:
      options.three_channels = true;
      same_poses = false;
      break;  // folds still channels (their mean)
    case 4:
      options.fps = 24.0;
      same_poses = false;
      break;
    default:
      options.mirror = true;
      same_poses = false;
      break;
  }
  ConvertReport report;
  Result<Clip> converted = convert_clip(share_clip(clip), options, &report);
  if (!converted) {
    if (converted.error().message.empty()) fail("convert: a refusal without a message");
    return;
  }
  const Clip& out = converted.value();
  std::ostringstream text;
  write_bvh(out, text, BvhWriteOptions{std::nullopt, 1});
  const Result<Clip> back = parse_bvh(text.str(), "converted.bvh", ParseOptions{std::size_t{1} << 30, 1, {}});
  if (!back) fail("convert: its output does not load: " + back.error().message);
  const Clip& read = back.value();
  if (read.skeleton.names != out.skeleton.names || read.skeleton.parents != out.skeleton.parents ||
      read.skeleton.channel_kinds != out.skeleton.channel_kinds || read.motion.frame_count != out.motion.frame_count) {
    fail("convert: the output reads back as another skeleton or frame count");
  }
  for (int j = 0; j < out.skeleton.joint_count(); ++j) {
    const glm::vec3 a = read.skeleton.offsets[static_cast<std::size_t>(j)];
    const glm::vec3 b = out.skeleton.offsets[static_cast<std::size_t>(j)];
    if (a != b) fail("convert: an OFFSET reads back changed");
  }
  const std::size_t values = out.motion.values.size();
  if (read.motion.values.size() != values ||
      (values > 0 && std::memcmp(read.motion.values.data(), out.motion.values.data(), values * sizeof(float)) != 0)) {
    fail("convert: frame values read back changed");
  }
  if (!same_poses || out.motion.frame_count != clip.motion.frame_count) return;
  // Angles of many turns (1e7 degrees) keep less than a degree once written as floats near another
  // turn (--unwrap, other orders): compare poses only where floats hold the values finely.
  for (std::size_t i = 0; i < clip.motion.values.size(); ++i) {
    if (!(std::abs(clip.motion.values.data()[i]) < 1e4f)) return;
  }
  const std::size_t frames = std::min<std::size_t>(clip.motion.frame_count, 8);
  const float scale = pose_scale(clip, report.input_mode, frames);
  if (!(scale < 1e6f)) return;  // float rounding of huge values says nothing
  Pose before;
  Pose after;
  for (std::size_t frame = 0; frame < frames; ++frame) {
    pose_frame(clip, frame, report.input_mode, before);
    pose_frame(read, frame, PositionMode::Add, after);
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
      const float distance = glm::length(before.position(j) - after.position(j));
      if (!(distance <= 1e-3f * scale)) {
        fail("convert: joint " + std::to_string(j) + " moved by " + std::to_string(distance) + " in frame " +
             std::to_string(frame) + " (scale " + std::to_string(scale) + ")");
      }
    }
  }
}

// A motion another format's reader made (`what`: "glTF"): the model's invariants, then posed,
// sampled and measured like a BVH clip; its position mode, for the checks that follow.
bvhscope::PositionMode check_read_motion(const bvhscope::Clip& clip, const std::string& what) {
  using namespace bvhscope;
  if (const std::string broken = test::broken_invariant(clip); !broken.empty()) fail(what + ": " + broken);
  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  Pose pose;
  for (std::size_t frame = 0; frame < std::min<std::size_t>(clip.motion.frame_count, 16); ++frame)
    pose_frame(clip, frame, mode, pose);
  for (const double position : {-1.0, 0.25, 1e9}) sample_pose(clip, position, Sampling::Linear, mode, pose);
  check_derived_data(clip, mode);
  return mode;
}

// Bytes starting as a NumPy array (or a ZIP archive: a .npz of them) go to the joint-array reader:
// a refusal has a message; what loads holds the model's invariants and poses, samples, measures
// and exports like a BVH clip.
void check_joint_array(std::string_view bytes, bool archive) {
  using namespace bvhscope;
  const Result<MotionFile> file =
      archive ? read_npz_bytes(bytes, "fuzz.npz", {}) : read_npy_bytes(bytes, "fuzz.npy", {});
  if (!file) {
    if (file.error().message.empty()) fail("joint array: an error without a message");
    return;
  }
  if (file.value().motions.empty()) fail("joint array: a file without motions");
  for (std::size_t m = 0; m < std::min<std::size_t>(file.value().motions.size(), 4); ++m) {
    const Clip& clip = file.value().motions[m];
    if (!clip.motion.holds_positions()) fail("joint array: a motion without positions");
    const PositionMode mode = check_read_motion(clip, "joint array");
    (void)guess_units(skeleton_height(clip, mode));
    if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 100000) {
      DiscardBuffer discard;
      std::ostream out(&discard);
      write_positions_csv(clip, mode, out);
    }
    if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 20000) {
      // Into BVH: channels fitted to the positions. Refused only with a message (numbers past the
      // float range); what converts holds the invariants, is finite, and writes.
      ConvertReport report;
      const Result<Clip> converted = convert_clip(clip, ConvertOptions{}, &report);
      if (!converted) {
        if (converted.error().message.empty()) fail("joint array: convert refused without a message");
        continue;
      }
      if (!report.fit) fail("joint array: converted without a fit report");
      if (const std::string broken = test::broken_invariant(converted.value()); !broken.empty())
        fail("joint array, converted: " + broken);
      if (converted.value().motion.holds_positions()) fail("joint array: converted but still positions");
      if (find_non_finite(converted.value())) fail("joint array: converted with a value that is not finite");
      bool modest = true;  // positions where float rounding leaves the fit's error meaningful
      for (std::size_t i = 0; i < clip.motion.positions.size(); ++i)
        modest = modest && std::abs(clip.motion.positions.data()[i]) < 1e6f;
      if (modest &&
          (!(report.fit->max_error >= 0.0) || !(report.fit->mean_error <= report.fit->max_error * (1 + 1e-9))))
        fail("joint array: the fit's error is not a distance");
      DiscardBuffer discard;
      std::ostream out(&discard);
      write_bvh(converted.value(), out, {});
    }
  }
}

// Bytes starting as a GLB ("glTF") or a JSON object go to the glTF reader: a refusal has a
// message; what loads holds the model's invariants, poses, samples and measures like a BVH clip,
// and writes as glTF that reads back with the same skeleton and frame count.
void check_gltf(std::string_view bytes) {
  using namespace bvhscope;
  const Result<MotionFile> file = read_gltf_bytes(bytes, "fuzz.glb", {});
  if (!file) {
    if (file.error().message.empty()) fail("glTF: an error without a message");
    return;
  }
  if (file.value().motions.empty()) fail("glTF: a file without motions");
  for (std::size_t m = 0; m < std::min<std::size_t>(file.value().motions.size(), 4); ++m) {
    const Clip& clip = file.value().motions[m];
    const PositionMode mode = check_read_motion(clip, "glTF");
    if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 20000) {
      std::ostringstream written;
      const Result<GltfWriteReport> report = write_gltf(clip, mode, written);
      if (!report) {
        if (report.error().message.empty()) fail("glTF: a write refused without a message");
        continue;
      }
      const Result<MotionFile> back = read_gltf_bytes(written.str(), "back.glb", {});
      if (!back) fail("glTF: what bvhscope wrote does not read back: " + back.error().message);
      if (back.value().motions[0].skeleton.joint_count() != clip.skeleton.joint_count() ||
          back.value().motions[0].motion.frame_count != clip.motion.frame_count)
        fail("glTF: read back with another skeleton or frame count");
    }
  }
}

// Binary FBX: a refusal has a message; what loads holds the model's invariants and writes as FBX
// that reads back with the same skeleton and frame count.
void check_fbx(std::string_view bytes) {
  using namespace bvhscope;
  const Result<MotionFile> file = read_fbx_bytes(bytes, "fuzz.fbx", {});
  if (!file) {
    if (file.error().message.empty()) fail("FBX: an error without a message");
    return;
  }
  if (file.value().motions.empty()) fail("FBX: a file without motions");
  for (std::size_t m = 0; m < std::min<std::size_t>(file.value().motions.size(), 4); ++m) {
    const Clip& clip = file.value().motions[m];
    const PositionMode mode = check_read_motion(clip, "FBX");
    if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 20000) {
      std::ostringstream written;
      const Result<FbxWriteReport> report = write_fbx(clip, mode, written);
      if (!report) {
        if (report.error().message.empty()) fail("FBX: a write refused without a message");
        continue;
      }
      const Result<MotionFile> back = read_fbx_bytes(written.str(), "back.fbx", {});
      if (!back) fail("FBX: what bvhscope wrote does not read back: " + back.error().message);
      if (back.value().motions[0].skeleton.joint_count() != clip.skeleton.joint_count() ||
          back.value().motions[0].motion.frame_count != clip.motion.frame_count)
        fail("FBX: read back with another skeleton or frame count");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bvhscope;
  if (size < 1) return 0;
  // The first byte picks how the rows are cut and threaded; the rest is the file.
  const ParseOptions blocked{static_cast<std::size_t>(data[0] & 63) + 1, static_cast<unsigned>(data[0] >> 6) + 1, {}};
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (text.substr(0, kNpyMagic.size()) == kNpyMagic || text.substr(0, 4) == kZipLocalHeaderSignature) {
    check_joint_array(text, text.substr(0, 4) == kZipLocalHeaderSignature);
    return 0;
  }
  if (text.substr(0, 4) == "glTF" || text.substr(0, 1) == "{") {
    check_gltf(text);
    return 0;
  }
  if (text.substr(0, kFbxBinaryMagic.size()) == kFbxBinaryMagic) {
    check_fbx(text);
    return 0;
  }
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
  for (const Diagnostic& warning : clip.warnings)
    if (warning.line < 1 || warning.column < 1) fail("a BVH warning without its line and column");

  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  Pose pose;
  const std::size_t frames = std::min<std::size_t>(clip.motion.frame_count, 16);
  for (std::size_t frame = 0; frame < frames; ++frame) pose_frame(clip, frame, mode, pose);
  for (const double position : {-1.0, 0.25, 0.5, 1.75, 1e9}) {
    sample_pose(clip, position, Sampling::Linear, PositionMode::Replace, pose);
    sample_pose(clip, position, Sampling::Nearest, PositionMode::Add, pose);
  }
  check_derived_data(clip, mode);
  (void)skeleton_height(clip, mode);
  (void)guess_units(skeleton_height(clip, mode));
  if (clip.motion.frame_count * static_cast<std::size_t>(clip.skeleton.joint_count()) < 100000) {
    DiscardBuffer discard;
    std::ostream out(&discard);
    write_positions_csv(clip, mode, out);
    write_rotations_csv(clip, out);
  }
  check_convert_round_trip(clip, static_cast<std::uint8_t>(data[size - 1] ^ (size & 0xff)));
  return 0;
}
