// The FBX writer: the binary container (header, version, the node records' offsets, the footer),
// and a positions motion refused with the way out. What the file means is judged by three.js's
// FBXLoader and by bvhscope's own FBX reader (tests/independent/written_files_check.py).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "formats/fbx_writer.hpp"
#include "formats/read_motions.hpp"

namespace bvhscope {
namespace fbx_writer_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

std::uint32_t u32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

Clip walk() {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                               .joint("Knee", "Hips", {0, -4, 0}, test::kRotationsZXY)
                               .end_site("Knee", {0, -4, 0.5})
                               .frame_time(0.5)
                               .frame({0, 10, 0, 0, 0, 0, 0, 0, 0})
                               .frame({1, 12, 3, 10, 20, 90, 30, 180, 0})
                               .text();
  Result<Clip> clip = parse_bvh(text, "walk.bvh");
  EXPECT_TRUE(clip.ok());
  return std::move(clip).value();
}

TEST(FbxWriter, TheContainerIsBinaryFbx74WithItsFooter) {
  std::ostringstream out;
  const Result<FbxWriteReport> report = write_fbx(walk(), PositionMode::Add, out);
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report.value().models, 3);
  EXPECT_EQ(report.value().curves, 9);  // the hips' translation and rotation, the knee's rotation
  const std::string bytes = out.str();
  EXPECT_EQ(report.value().bytes, bytes.size());
  EXPECT_EQ(bytes.substr(0, 23), std::string("Kaydara FBX Binary  \0\x1a\0", 23));
  EXPECT_EQ(u32(bytes, 23), 7400u);
  // The first record, FBXHeaderExtension: its end offset inside the file, its name after the counts.
  EXPECT_GT(u32(bytes, 27), 27u);
  EXPECT_LT(u32(bytes, 27), bytes.size());
  EXPECT_EQ(bytes.substr(40, 18), "FBXHeaderExtension");
  // The footer: the version again 136 bytes before the end, and the closing magic.
  EXPECT_EQ(u32(bytes, bytes.size() - 140), 7400u);
  EXPECT_EQ(static_cast<unsigned char>(bytes[bytes.size() - 16]), 0xf8);
  EXPECT_EQ(static_cast<unsigned char>(bytes.back()), 0x0b);
  EXPECT_EQ((bytes.size() - 160) % 16, 0u);
}

TEST(FbxWriter, ItReadsBackToTheSameSkeletonAndFrames) {
  const Clip clip = walk();
  std::ostringstream out;
  ASSERT_TRUE(write_fbx(clip, PositionMode::Add, out).ok());
  const Result<MotionFile> back = read_motions_from_bytes(out.str(), "walk.fbx");
  ASSERT_TRUE(back.ok()) << back.error().message;
  const Clip& read = back.value().motions[0];
  EXPECT_EQ(read.skeleton.names, clip.skeleton.names);
  EXPECT_EQ(read.skeleton.parents, clip.skeleton.parents);
  EXPECT_EQ(read.motion.frame_count, 2u);
  EXPECT_NEAR(read.motion.frame_time, 0.5, 1e-6);
}

TEST(FbxWriter, JointPositionsWithoutRotationsAreRefused) {
  Clip clip;
  clip.source = "points.npy";
  clip.motion.frame_count = 1;
  clip.motion.position_joints = 1;
  clip.motion.positions = FrameValues{0.0f, 1.0f, 0.0f};
  std::ostringstream out;
  const Result<FbxWriteReport> report = write_fbx(clip, PositionMode::Add, out);
  ASSERT_FALSE(report.ok());
  EXPECT_NE(report.error().message.find("convert fits rotations to them first"), std::string::npos);
  EXPECT_TRUE(out.str().empty());
}

TEST(FbxWriter, ATranslationPastTheLargestFloatIsRefusedWithItsJointAndFrame) {
  // Hips at the largest float in its OFFSET and its channel at frame 1: added, infinity, which an
  // FBX key (a float) cannot hold. The fuzz stage found a binary FBX read so and written with inf.
  Clip clip = walk();
  clip.skeleton.offsets[0].x = 3.0e38f;
  clip.motion.values[static_cast<std::size_t>(clip.motion.channel_count)] = 3.0e38f;  // frame 1's Xposition
  std::ostringstream out;
  const Result<FbxWriteReport> report = write_fbx(clip, PositionMode::Add, out);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().message,
            "joint 'Hips': its translation at frame 1 is not a finite number as a float (past the largest float); "
            "nothing was written");
  EXPECT_TRUE(out.str().empty());
}

}  // namespace
}  // namespace fbx_writer_test
}  // namespace bvhscope
