// Lint findings on small generated files, one per finding: a clean walking figure gets only the
// unit guess; each broken variant gets its code, severity and place (line, or frame and joint).
#include "anim/lint.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/convert.hpp"
#include "anim/file_loader.hpp"
#include "anim/lint_checks.hpp"
#include "anim/thread_policy.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// A joint of the test figure; End Sites have an empty name and no channels.
struct JointSpec {
  std::string name;
  int parent;
  std::string offset;
  std::string channels;  // "" for End Sites
};

constexpr const char* kRootChannels = "6 Xposition Yposition Zposition Zrotation Xrotation Yrotation";
constexpr const char* kRotations = "3 Zrotation Xrotation Yrotation";

// A 1.9 m figure in centimetres, +Y up, feet on y = 0 when the root is at height 100: 30 channels
// (the root's 6, then 3 per joint in this order).
std::vector<JointSpec> biped() {
  return {
      {"Hips", -1, "0 0 0", kRootChannels},      // 0, channels 0..5
      {"Spine", 0, "0 20 0", kRotations},        // 1, channels 6..8
      {"Head", 1, "0 50 0", kRotations},         // 2, channels 9..11
      {"", 2, "0 20 0", ""},                     // 3
      {"LeftUpLeg", 0, "10 0 0", kRotations},    // 4, channels 12..14
      {"LeftLeg", 4, "0 -45 0", kRotations},     // 5, channels 15..17
      {"LeftFoot", 5, "0 -45 0", kRotations},    // 6, channels 18..20
      {"", 6, "0 -10 0", ""},                    // 7
      {"RightUpLeg", 0, "-10 0 0", kRotations},  // 8, channels 21..23
      {"RightLeg", 8, "0 -45 0", kRotations},    // 9, channels 24..26
      {"RightFoot", 9, "0 -45 0", kRotations},   // 10, channels 27..29
      {"", 10, "0 -10 0", ""},                   // 11
  };
}
constexpr int kChannels = 30;

// The hierarchy text, one keyword per line; `joint_lines` receives each joint's keyword line.
std::string hierarchy(const std::vector<JointSpec>& joints, std::vector<int>* joint_lines = nullptr,
                      const std::string& root_keyword = "ROOT") {
  std::string text = "HIERARCHY\n";
  int line = 2;
  std::vector<int> open;  // joints whose block is open
  auto emit = [&](const std::string& content) {
    text += std::string(open.size() * 2, ' ') + content + "\n";
    ++line;
  };
  for (std::size_t j = 0; j < joints.size(); ++j) {
    while (!open.empty() && open.back() != joints[j].parent) {
      open.pop_back();
      emit("}");
    }
    if (joint_lines != nullptr) joint_lines->push_back(line);
    if (joints[j].parent < 0) {
      emit(root_keyword + " " + joints[j].name);
    } else if (joints[j].name.empty()) {
      emit("End Site");
    } else {
      emit("JOINT " + joints[j].name);
    }
    emit("{");
    open.push_back(static_cast<int>(j));
    emit("OFFSET " + joints[j].offset);
    if (!joints[j].channels.empty()) emit("CHANNELS " + joints[j].channels);
  }
  while (!open.empty()) {
    open.pop_back();
    emit("}");
  }
  return text;
}

using Rows = std::vector<std::vector<float>>;

// `frames` frames of a calm walk: the root 2 cm further along X each frame at height 100 (bobbing
// by a centimetre), every rotation channel swinging a few degrees (so that none is constant).
Rows walk(int frames, int channels = kChannels) {
  Rows rows;
  for (int f = 0; f < frames; ++f) {
    std::vector<float> row(static_cast<std::size_t>(channels));
    for (int c = 0; c < channels; ++c)
      row[static_cast<std::size_t>(c)] = static_cast<float>(5.0 * std::sin(0.2 * f + c));
    row[0] = 2.0f * static_cast<float>(f);
    row[1] = 100.0f + static_cast<float>(std::sin(0.3 * f));
    row[2] = static_cast<float>(std::sin(0.1 * f));
    rows.push_back(row);
  }
  return rows;
}

std::string number(float value) {
  std::string text = std::to_string(value);
  return text;
}

std::string motion_text(const Rows& rows, const std::string& frame_time = "0.0333333", long declared = -1) {
  std::string text = "MOTION\nFrames: " + std::to_string(declared < 0 ? static_cast<long>(rows.size()) : declared) +
                     "\nFrame Time: " + frame_time + "\n";
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) text += (c > 0 ? " " : "") + number(row[c]);
    text += "\n";
  }
  return text;
}

// The 1-based line of the first line starting with `start`.
int line_of(const std::string& text, const std::string& start) {
  int line = 1;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text.compare(at, start.size(), start) == 0) return line;
    at = text.find('\n', at);
    if (at == std::string::npos) break;
    ++at;
    ++line;
  }
  return 0;
}

LintReport lint_text(const std::string& text, const LintOptions& options = {}) {
  Result<Clip> clip = parse_bvh(text, "test.bvh");
  EXPECT_TRUE(clip.ok()) << (clip.ok() ? "" : clip.error().message);
  if (!clip.ok()) return {};
  return lint_clip(clip.value(), options);
}

std::vector<std::string> codes(const LintReport& report) {
  std::vector<std::string> list;
  for (const LintFinding& finding : report.findings) list.push_back(finding.code);
  return list;
}

const LintFinding* find(const LintReport& report, const std::string& code) {
  for (const LintFinding& finding : report.findings) {
    if (finding.code == code) return &finding;
  }
  return nullptr;
}

#define EXPECT_FINDING(report, code_text, severity_value, line_value, frame_value, joint_value)                \
  do {                                                                                                         \
    const LintReport& report_ = (report); /* a temporary lives as long as this reference */                    \
    const LintFinding* found_ = find(report_, code_text);                                                      \
    ASSERT_NE(found_, nullptr) << "no " << code_text << " among " << ::testing::PrintToString(codes(report_)); \
    EXPECT_EQ(found_->severity, severity_value) << found_->message;                                            \
    EXPECT_EQ(found_->place.line, line_value) << found_->message;                                              \
    EXPECT_EQ(found_->place.frame, frame_value) << found_->message;                                            \
    EXPECT_EQ(found_->place.joint, joint_value) << found_->message;                                            \
  } while (false)

TEST(Lint, ACleanWalkGetsOnlyItsUnit) {
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(walk(40)));
  ASSERT_EQ(codes(report), std::vector<std::string>{"units"});
  EXPECT_EQ(report.findings[0].severity, LintSeverity::Info);
  EXPECT_EQ(report.findings[0].message, "lengths look like centimetres: the figure is about 1.9 m tall");
  EXPECT_EQ(report.worst(), LintSeverity::Info);
}

TEST(Lint, FewerFramesThanDeclaredIsAnErrorAtTheCount) {
  const std::string text = hierarchy(biped()) + motion_text(walk(30), "0.0333333", 40);
  const LintReport report = lint_text(text);
  EXPECT_FINDING(report, "frame-count", LintSeverity::Error, line_of(text, "Frames:"), -1, -1);
  EXPECT_EQ(find(report, "frame-count")->place.column, 9);
  EXPECT_EQ(report.worst(), LintSeverity::Error);
  EXPECT_EQ(report.findings.front().code, "frame-count");  // errors come first
}

TEST(Lint, MoreFrameLinesThanDeclaredIsAWarningAtTheFirstExtraLine) {
  const std::string text = hierarchy(biped()) + motion_text(walk(30), "0.0333333", 28);
  const LintReport report = lint_text(text);
  EXPECT_FINDING(report, "frame-count", LintSeverity::Warning, line_of(text, "Frame Time:") + 29, -1, -1);
}

TEST(Lint, ALastFrameCutShortIsAnError) {
  std::string text = hierarchy(biped()) + motion_text(walk(30));
  text.resize(text.size() - 20);  // into the last row, mid-way
  text.resize(text.rfind(' '));
  const LintReport report = lint_text(text);
  EXPECT_FINDING(report, "cut-frame", LintSeverity::Error, line_of(text, "Frame Time:") + 30, -1, -1);
}

TEST(Lint, FrameTimeZeroIsAWarningAtItsLine) {
  const std::string text = hierarchy(biped()) + motion_text(walk(30), "0");
  const LintReport report = lint_text(text);
  EXPECT_FINDING(report, "frame-time", LintSeverity::Warning, line_of(text, "Frame Time:"), -1, -1);
}

TEST(Lint, AFrameTimeThatIsARateIsCalledOne) {
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(walk(30), "30"));
  EXPECT_FINDING(report, "frame-time", LintSeverity::Warning, 0, -1, -1);
  EXPECT_EQ(find(report, "frame-time")->message,
            "'Frame Time: 30' is 30 seconds per frame: it looks like a rate (30 frames per second)");
  EXPECT_EQ(find(report, "frame-time")->hint, "Frame Time is seconds per frame: bvhscope convert --fps 30");
}

TEST(Lint, MotionTooFastForItsFrameTimeIsAHint) {
  // The walk's root moves 2 cm a frame: at 1000 fps that is 20 m/s.
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(walk(30), "0.001"));
  EXPECT_FINDING(report, "frame-time", LintSeverity::Warning, 0, -1, -1);
  EXPECT_NE(find(report, "frame-time")->message.find("at 1000 fps the fastest joint typically moves"),
            std::string::npos)
      << find(report, "frame-time")->message;
  // The same motion at 30 fps is a walk.
  EXPECT_EQ(find(lint_text(hierarchy(biped()) + motion_text(walk(30), "0.0333333")), "frame-time"), nullptr);
}

TEST(Lint, MixedRotationOrdersAreInfoAtTheOddJoint) {
  std::vector<JointSpec> joints = biped();
  joints[1].channels = "3 Xrotation Yrotation Zrotation";
  std::vector<int> lines;
  const LintReport report = lint_text(hierarchy(joints, &lines) + motion_text(walk(30)));
  EXPECT_FINDING(report, "mixed-rotation-orders", LintSeverity::Info, lines[1], -1, 1);
  EXPECT_EQ(find(report, "mixed-rotation-orders")->message,
            "rotation orders differ (ZXY x8, XYZ x1); 'Spine' uses XYZ");
  EXPECT_EQ(find(report, "mixed-rotation-orders")->hint,
            "legal BVH, but some readers assume one order: bvhscope convert --rotation-order ZXY keeps every pose");
}

// The biped with 6 channels on Spine (channels 6..11): its positions written by `position`.
std::string spine_positions_text(const std::function<float(int frame, int axis)>& position, std::vector<int>* lines) {
  std::vector<JointSpec> joints = biped();
  joints[1].channels = kRootChannels;
  Rows rows = walk(30, kChannels + 3);
  for (int f = 0; f < 30; ++f) {
    for (int axis = 0; axis < 3; ++axis)
      rows[static_cast<std::size_t>(f)][static_cast<std::size_t>(6 + axis)] = position(f, axis);
  }
  return hierarchy(joints, lines) + motion_text(rows);
}

TEST(Lint, ConstantPositionChannelsBelowTheRootAreInfo) {
  std::vector<int> lines;
  const LintReport report = lint_text(spine_positions_text([](int, int) { return 0.0f; }, &lines));
  EXPECT_FINDING(report, "joint-position-channels", LintSeverity::Info, lines[1], -1, 1);
  EXPECT_EQ(find(report, "moving-joint-positions"), nullptr);
  EXPECT_EQ(find(report, "constant-channel"), nullptr);  // reported once, as joint-position-channels
}

TEST(Lint, MovingPositionChannelsBelowTheRootAreAWarning) {
  std::vector<int> lines;
  const LintReport report = lint_text(
      spine_positions_text([](int f, int axis) { return axis == 1 ? static_cast<float>(f % 5) : 0.0f; }, &lines));
  EXPECT_FINDING(report, "moving-joint-positions", LintSeverity::Warning, lines[1], -1, 1);
  EXPECT_EQ(find(report, "moving-joint-positions")->message,
            "'Spine' has position channels below the root that move: Yposition from 0 to 4");
}

// Lint and convert --channels 3 share one rule for a still position channel (0.1 % of the figure's
// height, 1.9 cm here): export noise (+-1e-6) and a 0.1 cm wobble are folded into OFFSET as their
// mean, a 0.5 cm or 4 cm movement is refused by convert and a warning for lint.
TEST(Lint, PositionChannelsBelowTheRootAreStillOrMovingForLintAndConvertAlike) {
  struct Case {
    float low;
    float high;
    bool still;
  };
  for (const Case& c : {Case{4.999999f, 5.000001f, true}, Case{4.95f, 5.05f, true}, Case{4.75f, 5.25f, false},
                        Case{3.0f, 7.0f, false}}) {
    SCOPED_TRACE(std::to_string(c.high - c.low));
    std::vector<int> lines;
    const std::string text =
        spine_positions_text([&](int f, int axis) { return axis == 1 ? (f % 2 == 0 ? c.low : c.high) : 0.0f; }, &lines);
    const LintReport report = lint_text(text);
    ConvertOptions options;
    options.three_channels = true;
    const Result<Clip> converted = convert_clip(test::parse_ok(text, "test.bvh"), options);
    if (c.still) {
      EXPECT_FINDING(report, "joint-position-channels", LintSeverity::Info, lines[1], -1, 1);
      EXPECT_NE(find(report, "joint-position-channels")->hint.find("bvhscope convert --channels 3 folds"),
                std::string::npos);
      EXPECT_EQ(find(report, "moving-joint-positions"), nullptr);
      ASSERT_TRUE(converted.ok()) << format_diagnostic(converted.error(), Severity::Error);
      const Skeleton& skeleton = converted.value().skeleton;
      EXPECT_EQ(skeleton.channel_counts[1], 3);
      // Spine's OFFSET (0, 20, 0) plus the channels' mean (0, (low + high) / 2, 0): 5 exactly in floats.
      EXPECT_EQ(skeleton.offsets[1], glm::vec3(0.0f, 25.0f, 0.0f));
    } else {
      EXPECT_FINDING(report, "moving-joint-positions", LintSeverity::Warning, lines[1], -1, 1);
      EXPECT_EQ(find(report, "joint-position-channels"), nullptr);
      ASSERT_FALSE(converted.ok());
      EXPECT_EQ(converted.error().line, lines[1]);
      EXPECT_NE(converted.error().message.find("--channels 3: joint 'Spine' has a moving Yposition channel"),
                std::string::npos)
          << converted.error().message;
    }
  }
}

TEST(Lint, PositionChannelsThatRepeatTheOffsetAreAWarning) {
  // Both legs carry positions equal to their OFFSET (+-10 0 0) in every frame: absolute positions.
  std::vector<JointSpec> joints = biped();
  joints[4].channels = kRootChannels;
  joints[8].channels = kRootChannels;
  Rows rows = walk(30, kChannels + 6);
  for (auto& row : rows) {
    row[12] = 10.0f;  // LeftUpLeg positions: channels 12..14
    row[13] = 0.0f;
    row[14] = 0.0f;
    row[24] = -10.0f;  // RightUpLeg positions: channels 24..26 (LeftUpLeg's 6 and LeftLeg, LeftFoot before)
    row[25] = 0.0f;
    row[26] = 0.0f;
  }
  std::vector<int> lines;
  const LintReport report = lint_text(hierarchy(joints, &lines) + motion_text(rows));
  EXPECT_FINDING(report, "position-repeats-offset", LintSeverity::Warning, lines[4], -1, 4);
  EXPECT_FINDING(report, "joint-position-channels", LintSeverity::Info, lines[4], -1, 4);
  EXPECT_EQ(find(report, "joint-position-channels")->count, 2u);
  // Read with add, the same file has no absolute positions to speak of.
  LintOptions add;
  add.position = PositionModeRequest::Add;
  EXPECT_EQ(find(lint_text(hierarchy(joints) + motion_text(rows), add), "position-repeats-offset"), nullptr);
}

TEST(Lint, ChannelsThatNeverChangeAreInfoGroupedInOne) {
  Rows rows = walk(30);
  for (auto& row : rows) {
    row[10] = 7.5f;  // Head Xrotation
    row[15] = 0.0f;  // LeftLeg Zrotation
  }
  std::vector<int> lines;
  const LintReport report = lint_text(hierarchy(biped(), &lines) + motion_text(rows));
  EXPECT_FINDING(report, "constant-channel", LintSeverity::Info, lines[2], -1, 2);
  const LintFinding& finding = *find(report, "constant-channel");
  EXPECT_EQ(finding.message, "'Head' Xrotation is 7.5 in every frame (2 of 30 channels never change)");
  EXPECT_EQ(finding.count, 2u);
  ASSERT_EQ(finding.more_places.size(), 1u);
  EXPECT_EQ(finding.more_places[0].joint, 5);
  EXPECT_EQ(finding.more_places[0].line, lines[5]);
}

TEST(Lint, AZeroLengthBoneIsInfoAtItsJoint) {
  std::vector<JointSpec> joints = biped();
  joints[5].offset = "0 0 0";  // LeftLeg on LeftUpLeg
  std::vector<int> lines;
  const LintReport report = lint_text(hierarchy(joints, &lines) + motion_text(walk(30)));
  EXPECT_FINDING(report, "zero-length-bone", LintSeverity::Info, lines[5], -1, 5);
  EXPECT_EQ(find(report, "zero-length-bone")->count, 1u);
}

TEST(Lint, ARestPoseThatIsAPointIsAWarning) {
  // Every OFFSET is 0 0 0; every joint has positions that give the figure its shape.
  std::vector<JointSpec> joints = biped();
  Rows rows(10);
  for (auto& joint : joints) {
    if (joint.parent >= 0) joint.offset = "0 0 0";
    if (!joint.channels.empty()) joint.channels = kRootChannels;
  }
  const float shape[12][3] = {{0, 100, 0}, {0, 20, 0}, {0, 50, 0},  {0, 0, 0},   {10, 0, 0},  {0, -45, 0},
                              {0, -45, 0}, {0, 0, 0},  {-10, 0, 0}, {0, -45, 0}, {0, -45, 0}, {0, 0, 0}};
  for (std::size_t f = 0; f < rows.size(); ++f) {
    for (std::size_t j = 0; j < joints.size(); ++j) {
      if (joints[j].channels.empty()) continue;
      for (int axis = 0; axis < 3; ++axis)
        rows[f].push_back(shape[j][axis] + (j == 0 && axis == 0 ? 2.0f * static_cast<float>(f) : 0.0f));
      for (int axis = 0; axis < 3; ++axis) rows[f].push_back(static_cast<float>(f % 3));
    }
  }
  std::vector<int> lines;
  const LintReport report = lint_text(hierarchy(joints, &lines) + motion_text(rows));
  EXPECT_FINDING(report, "collapsed-rest-pose", LintSeverity::Warning, lines[0], -1, 0);
  EXPECT_EQ(find(report, "zero-length-bone"), nullptr);
}

TEST(Lint, AwkwardAndDuplicateNames) {
  std::vector<JointSpec> joints = biped();
  for (auto& joint : joints) {
    if (!joint.name.empty()) joint.name = "mixamorig:" + joint.name;
  }
  joints[4].name = "mixamorig:Left Up Leg";
  joints[8].name = "mixamorig:Hüfte";
  joints[9].name = "mixamorig:LeftLeg";  // the second LeftLeg
  std::vector<int> lines;
  const std::string text = hierarchy(joints, &lines) + motion_text(walk(30));
  const LintReport report = lint_text(text);
  EXPECT_FINDING(report, "name-space", LintSeverity::Warning, lines[4], -1, 4);
  EXPECT_FINDING(report, "name-non-ascii", LintSeverity::Warning, lines[8], -1, 8);
  EXPECT_FINDING(report, "name-prefix", LintSeverity::Info, lines[0], -1, 0);
  EXPECT_EQ(find(report, "name-prefix")->count, 9u);
  EXPECT_EQ(find(report, "name-prefix")->hint,
            "tools matching joints by name want plain names: bvhscope convert --strip-prefix mixamorig:");
  // The parser's warning, at the second name (after "JOINT ").
  EXPECT_FINDING(report, "duplicate-name", LintSeverity::Warning, lines[9], -1, -1);
  EXPECT_EQ(find(report, "duplicate-name")->place.column, 11);  // 4 spaces and "JOINT " before it
}

TEST(Lint, ARootWrittenAsJointIsAWarning) {
  const LintReport report = lint_text(hierarchy(biped(), nullptr, "JOINT") + motion_text(walk(30)));
  EXPECT_FINDING(report, "root-keyword", LintSeverity::Warning, 2, -1, -1);
}

// The walk with Head's channels (9..11: Z, X, Y) set at frames `from`.. to the values given, the
// last held to the end.
Rows head_rows(const std::vector<std::array<float, 3>>& head, int from) {
  Rows rows = walk(30);
  for (std::size_t f = static_cast<std::size_t>(from); f < rows.size(); ++f) {
    const std::array<float, 3>& values = head[std::min(f - static_cast<std::size_t>(from), head.size() - 1)];
    for (int axis = 0; axis < 3; ++axis)
      rows[f][static_cast<std::size_t>(9 + axis)] = values[static_cast<std::size_t>(axis)];
  }
  return rows;
}

TEST(Lint, AnAngleWrappingPast180IsAWrapAtItsFrame) {
  // Yrotation 170, 175, 179, -179, -175: a steady turn of 2-5 degrees written past +-180.
  Rows rows = head_rows({{0, 0, 170}, {0, 0, 175}, {0, 0, 179}, {0, 0, -179}, {0, 0, -175}}, 10);
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "euler-wrap", LintSeverity::Info, 0, 13, 2);
  EXPECT_EQ(find(report, "euler-wrap")->message,
            "'Head' Yrotation goes from 179 to -179: the same angle, wrapped (the pose turns 2 deg)");
  EXPECT_EQ(find(report, "euler-wrap")->count, 1u);
  EXPECT_EQ(find(report, "euler-flip"), nullptr);
  EXPECT_EQ(find(report, "rotation-jump"), nullptr);
}

TEST(Lint, TheOtherEulerSolutionIsAFlip) {
  // (a, b, c) and (a + 180, 180 - b, c + 180) are one orientation in any Tait-Bryan order: the
  // head turns 2 degrees about each axis from frame 10 to 11, written the other way.
  Rows rows = head_rows({{10, 80, 20}, {12 + 180, 180 - 81, 22 + 180}}, 10);
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "euler-flip", LintSeverity::Warning, 0, 11, 2);
  EXPECT_EQ(find(report, "euler-wrap"), nullptr);
  EXPECT_EQ(find(report, "rotation-jump"), nullptr);
}

TEST(Lint, AHalfTurnInOneFrameIsARotationJump) {
  Rows rows = head_rows({{0, 0, 0}, {0, 200, 0}, {0, 200, 0}}, 10);
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "rotation-jump", LintSeverity::Warning, 0, 11, 2);
  EXPECT_EQ(find(report, "rotation-jump")->message,
            "'Head' Xrotation goes from 0 to 200: the joint turns 160 deg in one frame");
}

TEST(Lint, ALegThrownOutForOneFrameIsAGlitch) {
  Rows rows = walk(30);
  rows[12][13] = 120.0f;  // LeftUpLeg Xrotation, frame 12 only: its foot swings far out and back
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "glitch-frame", LintSeverity::Warning, 0, 12, 7);  // the foot's End Site moves most
  EXPECT_EQ(find(report, "glitch-frame")->count, 1u);
}

TEST(Lint, AFirstFrameInTheRestPoseIsCalledSo) {
  Rows rows = walk(30);
  for (std::size_t f = 0; f < rows.size(); ++f) {
    for (std::size_t c = 3; c < rows[f].size(); ++c) rows[f][c] = f == 0 ? 0.0f : rows[f][c];
    if (f > 0) rows[f][13] = 60.0f;  // LeftUpLeg Xrotation: the leg lifted from frame 1 on
  }
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "rest-pose-frame", LintSeverity::Warning, 0, 0, 7);
  EXPECT_EQ(find(report, "glitch-frame"), nullptr);
  // Not a rest pose, the same jump is a first frame that does not follow the motion.
  rows[0][20] = 30.0f;
  for (std::size_t c = 3; c < 12; ++c) rows[0][c] = 3.0f;
  const LintReport turned = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(turned, "glitch-frame", LintSeverity::Warning, 0, 0, 7);
  EXPECT_EQ(find(turned, "rest-pose-frame"), nullptr);
}

TEST(Lint, ARootThatJumpsIsAWarningAtTheFrame) {
  Rows rows = walk(30);
  for (std::size_t f = 20; f < rows.size(); ++f) rows[f][0] += 300.0f;
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  EXPECT_FINDING(report, "root-jump", LintSeverity::Warning, 0, 20, 0);
  EXPECT_EQ(find(report, "root-jump")->message, "the root 'Hips' moves 302 in one frame (159 % of the figure's size)");
  EXPECT_EQ(find(report, "glitch-frame"), nullptr);
}

TEST(Lint, AFigureBelowTheGroundIsAWarningAndOneAboveInfo) {
  Rows low = walk(30);
  for (auto& row : low) {
    row[1] = 80.0f;  // the feet 20 cm under y = 0: the hips and legs straight
    for (std::size_t c : {3, 4, 5}) row[c] = 0.0f;
    for (std::size_t c = 12; c < 30; ++c) row[c] = 0.0f;
  }
  const LintReport below = lint_text(hierarchy(biped()) + motion_text(low));
  EXPECT_FINDING(below, "below-floor", LintSeverity::Warning, 0, -1, -1);
  EXPECT_EQ(find(below, "below-floor")->message,
            "the figure stands 20 (11 % of the figure's size) below the ground plane (its lowest contact level, "
            "along the up axis)");
  Rows high = walk(30);
  for (auto& row : high) row[1] = 130.0f;
  EXPECT_FINDING(lint_text(hierarchy(biped()) + motion_text(high)), "above-floor", LintSeverity::Info, 0, -1, -1);
}

TEST(Lint, AZUpFigureIsInfo) {
  std::vector<JointSpec> joints = biped();
  for (auto& joint : joints) {
    // (x, y, z) -> (x, -z, y): +Y up becomes +Z up.
    float x = 0, y = 0, z = 0;
    std::sscanf(joint.offset.c_str(), "%f %f %f", &x, &y, &z);
    joint.offset = std::to_string(x) + " " + std::to_string(-z) + " " + std::to_string(y);
  }
  Rows rows = walk(30);
  for (auto& row : rows) {
    row[2] = row[1];  // the root's height along Z
    row[1] = 0.0f;
  }
  const LintReport report = lint_text(hierarchy(joints) + motion_text(rows));
  EXPECT_FINDING(report, "up-axis", LintSeverity::Info, 0, -1, -1);
  EXPECT_EQ(find(report, "up-axis")->hint, "bvhscope convert --up +y turns it upright");
  // Told the axis, lint does not repeat it.
  LintOptions told;
  told.up.axis = UpAxis::PosZ;
  EXPECT_EQ(find(lint_text(hierarchy(joints) + motion_text(rows), told), "up-axis"), nullptr);
}

TEST(Lint, AFileWithoutFramesSaysSo) {
  const LintReport report = lint_text(hierarchy(biped()) + motion_text({}));
  EXPECT_FINDING(report, "no-frames", LintSeverity::Info, 0, -1, -1);
  EXPECT_EQ(report.worst(), LintSeverity::Info);
}

TEST(Lint, AFileThatDoesNotLoadIsOneErrorAtItsPlace) {
  Diagnostic error{"bad.bvh", 7, 3, "expected '{', found 'OFFSET'"};
  const LintReport report = lint_load_failure(error);
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].code, "load-error");
  EXPECT_EQ(report.findings[0].severity, LintSeverity::Error);
  EXPECT_EQ(report.findings[0].place.line, 7);
  EXPECT_EQ(report.findings[0].place.column, 3);
  EXPECT_EQ(report.findings[0].message, "expected '{', found 'OFFSET'");
  EXPECT_EQ(report.findings[0].hint, "the file was not loaded: fix the text there (no other check ran)");
}

TEST(Lint, ManyOccurrencesStayOneFindingWithTheirCount) {
  // The head's Yrotation turns 3.6 degrees a frame: it wraps at frames 50, 150, ..., 950: 10 wraps, 1 finding.
  Rows rows = walk(1000);
  for (int f = 0; f < 1000; ++f)
    rows[static_cast<std::size_t>(f)][11] = static_cast<float>(std::fmod(f * 36.0 / 10.0 + 180.0, 360.0) - 180.0);
  const LintReport report = lint_text(hierarchy(biped()) + motion_text(rows));
  const LintFinding* wraps = find(report, "euler-wrap");
  ASSERT_NE(wraps, nullptr);
  EXPECT_EQ(wraps->count, 10u);
  EXPECT_EQ(wraps->place.frame, 50);
  ASSERT_EQ(wraps->more_places.size(), kLintMorePlaces);
  EXPECT_EQ(wraps->more_places[0].frame, 150);
  const std::vector<std::string> all = codes(report);
  EXPECT_EQ(std::count(all.begin(), all.end(), "euler-wrap"), 1);
}

// The viewer hands lint a hook that puts the threads posing the frames in the background: it runs
// on every one of them, and the findings are those of a lint without it.
TEST(Lint, ThePosingThreadsStartThroughTheHook) {
  const test::ScopedEnv two(kThreadsVariable, "2");  // two workers whatever the machine has
  const std::string text = hierarchy(biped()) + motion_text(walk(4000));
  std::atomic<int> started{0};
  LintOptions hooked;
  hooked.on_worker_start = [&started] { started.fetch_add(1); };
  const LintReport with_hook = lint_text(text, hooked);
  const LintReport plain = lint_text(text);
  EXPECT_EQ(started.load(), 2);
  ASSERT_EQ(with_hook.findings.size(), plain.findings.size());
  for (std::size_t i = 0; i < plain.findings.size(); ++i) {
    EXPECT_EQ(with_hook.findings[i].code, plain.findings[i].code);
    EXPECT_EQ(with_hook.findings[i].message, plain.findings[i].message);
  }
}

// Channel ranges over a long motion, in slices on two workers, against a single pass written out
// here: equal value for value, with NaNs (ignored after frame 0; one in frame 0 stays) and signed
// zeros (the first one met is kept) where slices meet.
TEST(Lint, ChannelRangesInSlicesAreThoseOfOnePass) {
  Motion motion;
  motion.channel_count = 5;
  motion.frame_count = 20000;
  motion.values = FrameValues(motion.frame_count * 5);
  for (std::size_t f = 0; f < motion.frame_count; ++f) {
    for (std::size_t c = 0; c < 5; ++c)
      motion.values[f * 5 + c] = static_cast<float>(std::sin(0.001 * static_cast<double>(f * (c + 1)))) * 10.0f;
  }
  const float nan = std::numeric_limits<float>::quiet_NaN();
  motion.values[0 * 5 + 0] = nan;        // channel 0: NaN in frame 0
  motion.values[4097 * 5 + 1] = nan;     // channel 1: NaN at the start of the second slice, then numbers
  motion.values[5000 * 5 + 1] = -50.0f;  // in that slice
  for (std::size_t f = 0; f < motion.frame_count; ++f) motion.values[f * 5 + 2] = 1.0f;  // channel 2: 0s of both signs
  motion.values[5 * 5 + 2] = -0.0f;
  motion.values[6000 * 5 + 2] = 0.0f;
  std::vector<lint::ChannelRange> expected(5);
  for (std::size_t c = 0; c < 5; ++c) expected[c] = {motion.values[c], motion.values[c]};
  for (std::size_t f = 1; f < motion.frame_count; ++f) {
    for (std::size_t c = 0; c < 5; ++c) {
      const float v = motion.values[f * 5 + c];
      if (v < expected[c].min) expected[c].min = v;
      if (expected[c].max < v) expected[c].max = v;
    }
  }
  ASSERT_TRUE(std::isnan(expected[0].min));
  ASSERT_EQ(expected[1].min, -50.0f);
  ASSERT_TRUE(std::signbit(expected[2].min));
  for (const char* threads : {"1", "2"}) {
    const test::ScopedEnv set(kThreadsVariable, threads);
    std::atomic<int> started{0};
    const std::vector<lint::ChannelRange> ranges = lint::channel_ranges(motion, [&started] { started.fetch_add(1); });
    EXPECT_EQ(started.load(), threads[0] == '2' ? 2 : 0) << threads;
    ASSERT_EQ(ranges.size(), expected.size());
    for (std::size_t c = 0; c < 5; ++c) {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(ranges[c].min), std::bit_cast<std::uint32_t>(expected[c].min))
          << "channel " << c << ", " << threads << " thread(s)";
      EXPECT_EQ(std::bit_cast<std::uint32_t>(ranges[c].max), std::bit_cast<std::uint32_t>(expected[c].max))
          << "channel " << c << ", " << threads << " thread(s)";
    }
  }
}

// The corpus as judged by reading the frames each finding points at (README: lint): the warnings
// and errors lint must find in each real file, and none more. Infos are not pinned here.
TEST(LintCorpus, EachFileGetsExactlyTheProblemsItHas) {
  const std::map<std::string, std::vector<std::string>> expected = {
      {"20tab__test_freebvh.bvh", {}},
      {"20tab__test_mocapbank.bvh", {}},
      {"assimp__01_01.bvh", {"rest-pose-frame"}},                  // frame 0 has every rotation 0 (CMU)
      {"assimp__Boxing_Toes.bvh", {"frame-count", "euler-flip"}},  // 3070 rows; LeftHip at X -90, frame 2896
      {"bandai1__dataset-1_dash_normal_001.bvh", {"position-repeats-offset", "moving-joint-positions"}},
      {"bandai2__dataset-2_wave-left-hand_active_011.bvh", {"position-repeats-offset", "moving-joint-positions"}},
      {"bvh11__131_01.bvh", {"euler-flip", "rotation-jump"}},  // RThumb turns 171 deg at frame 237, back at 243
      {"creativeinquiry__05_20-daz.bvh", {"glitch-frame"}},    // frame 0: the hip turned 0 then 23 deg
      {"edin-m__0008_ChaCha001.bvh", {}},
      {"edin-m__example3.bvh", {}},
      {"edin-m__walk1.bvh", {"duplicate-name"}},
      {"pybvh__bvh_example.bvh", {}},
      {"pybvh__bvh_test2.bvh", {}},
      {"pybvh__bvh_test3.bvh", {}},
      {"pybvh__full_precision_frame_time.bvh", {}},
      {"pybvh__rotation_first_root.bvh", {}},
      {"pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh", {"position-repeats-offset"}},  // root Y ~ OFFSET Y 35.4
      {"rgbdacq__02_03.bvh", {}},
      {"rgbdacq__102_01cc.bvh", {"rest-pose-frame", "below-floor"}},  // the feet 145 units under 0
      {"rgbdacq__blenderHeaderWithHeadAndOneMotion.bvh", {"below-floor"}},
      {"rgbdacq__example.bvh", {"euler-flip"}},  // LeftLowArm at X -81: Z and Y swing 234 deg together
      {"rgbdacq__lhand.bvh", {}},
      {"rgbdacq__makehuman.bvh", {"position-repeats-offset", "below-floor"}},
  };
  const std::vector<std::filesystem::path> files = test::corpus_files();
  ASSERT_EQ(files.size(), expected.size());
  for (const std::filesystem::path& path : files) {
    Result<Clip> clip = load_bvh_file(path.string());
    ASSERT_TRUE(clip.ok()) << path;
    const LintReport report = lint_clip(clip.value());
    std::vector<std::string> problems;
    for (const LintFinding& finding : report.findings) {
      if (finding.severity != LintSeverity::Info) problems.push_back(finding.code);
    }
    const auto wanted = expected.find(path.filename().string());
    ASSERT_NE(wanted, expected.end()) << path;
    EXPECT_EQ(problems, wanted->second) << path;
  }
}

}  // namespace
}  // namespace bvhscope
