// The reader seam: a file's format chosen by its content (BVH with or without a byte-order mark,
// after blank space, under any name), refusals located and naming what was found and the formats
// known, and the same motions from a path as from the bytes.
#include "formats/read_motions.hpp"

#include <gtest/gtest.h>

#include <string>

#include "formats/bvh_format.hpp"
#include "formats/sniff.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

constexpr std::string_view kKnown =
    "known formats: BVH (.bvh, starts with HIERARCHY); NumPy array (.npy, joint positions, starts with \\x93NUMPY); "
    "NumPy archive (.npz, arrays of joint positions, a ZIP archive of .npy files); "
    "glTF (.glb, .gltf, starts with glTF, or JSON with an asset); FBX (.fbx, binary or ASCII FBX 7.x)";

std::string error_text(const Result<MotionFile>& result) {
  return result ? std::string("loaded") : format_diagnostic(result.error(), Severity::Error);
}

TEST(SniffBvh, HierarchyFirstAfterAByteOrderMarkAndBlankSpaceInAnyCase) {
  EXPECT_EQ(sniff_bvh("HIERARCHY\nROOT a", false), Sniffed::Yes);
  EXPECT_EQ(sniff_bvh("\xEF\xBB\xBFHIERARCHY\r\n", false), Sniffed::Yes);
  EXPECT_EQ(sniff_bvh(" \t\r\n\n  hierarchy\tROOT", false), Sniffed::Yes);
  EXPECT_EQ(sniff_bvh("Hierarchy", true), Sniffed::Yes);
  EXPECT_EQ(sniff_bvh("HIERARCHYX\n", false), Sniffed::No);
  EXPECT_EQ(sniff_bvh("hello world", false), Sniffed::No);
  EXPECT_EQ(sniff_bvh("\x93NUMPY", false), Sniffed::No);
  EXPECT_EQ(sniff_bvh("HIER", true), Sniffed::No);
  EXPECT_EQ(sniff_bvh("HIER", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_bvh("   \n", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_bvh("", true), Sniffed::Undecided);
}

TEST(ReadMotions, BvhUnderAnyNameIsOpenedByItsContent) {
  test::TempDir dir;
  const std::string text = "\xEF\xBB\xBF  \r\n\t" + std::string(test::kTwoJoints);
  for (const std::string name : {"walk.txt", "walk", "walk.BVH", "walk.npy"}) {
    const Result<MotionFile> file = read_motions(dir.write(name, text).string());
    ASSERT_TRUE(file.ok()) << name << ": " << error_text(file);
    EXPECT_EQ(file.value().format, "BVH") << name;
    ASSERT_EQ(file.value().motions.size(), 1u) << name;
    const Clip& clip = file.value().motions.front();
    EXPECT_EQ(clip.skeleton.names, (std::vector<std::string>{"Hips", "Chest", "ChestEnd"})) << name;
    EXPECT_EQ(clip.motion.frame_count, 2u) << name;
    EXPECT_EQ(clip.motion.frame(1)[3], 90.0f) << name;
  }
}

TEST(ReadMotions, ABvhFileThatIsNotBvhIsRefusedWhereItGoesWrong) {
  test::TempDir dir;
  const std::string path = dir.write("walk.bvh", "hello world\n").string();
  EXPECT_EQ(error_text(read_motions(path)),
            path + ":1:1: error: expected HIERARCHY at the start of the file, found 'hello'");
  const std::string empty = dir.write("empty.bvh", "").string();
  EXPECT_EQ(error_text(read_motions(empty)), empty + ":1:1: error: empty file: expected HIERARCHY");
}

TEST(ReadMotions, UnknownContentUnderAnotherNameNamesWhatWasFoundAndTheKnownFormats) {
  test::TempDir dir;
  const std::string notes = dir.write("notes.txt", "  Name:\tbash\nState: R\n").string();
  EXPECT_EQ(error_text(read_motions(notes)),
            notes + ":1:1: error: not a motion file bvhscope reads: found 'Name:'; " + std::string(kKnown));
  const std::string image = dir.write("image.dat", std::string("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16)).string();
  EXPECT_EQ(error_text(read_motions(image)),
            image + ":1:1: error: not a motion file bvhscope reads: found binary data starting with '\\x89PNG'; " +
                std::string(kKnown));
  const std::string empty = dir.write("empty.txt", "").string();
  EXPECT_EQ(error_text(read_motions(empty)),
            empty + ":1:1: error: not a motion file bvhscope reads: found an empty file; " + std::string(kKnown));
  EXPECT_EQ(error_text(read_motions_from_bytes("hello", "bytes")),
            "bytes:1:1: error: not a motion file bvhscope reads: found 'hello'; " + std::string(kKnown));
}

TEST(ReadMotions, WhatCannotBeReadGetsTheMessagesLoadsAlwaysGave) {
  test::TempDir dir;
  const std::string folder = dir.path().string();
  EXPECT_EQ(error_text(read_motions(folder)), folder + ": error: cannot open a directory, expected a .bvh file");
  const std::string missing = (dir.path() / "missing.bvh").string();
  EXPECT_EQ(error_text(read_motions(missing)), missing + ": error: cannot open: No such file or directory");
}

TEST(ReadMotions, BytesAndPathGiveTheSameMotions) {
  test::TempDir dir;
  const std::string text = test::read_file(test::fixtures_dir() / "with_warnings.bvh");
  ASSERT_FALSE(text.empty());
  const std::string path = dir.write("copy.txt", text).string();
  const Result<MotionFile> from_path = read_motions(path);
  const Result<MotionFile> from_bytes = read_motions_from_bytes(text, path);
  ASSERT_TRUE(from_path.ok()) << error_text(from_path);
  ASSERT_TRUE(from_bytes.ok()) << error_text(from_bytes);
  ASSERT_EQ(from_path.value().motions.size(), 1u);
  ASSERT_EQ(from_bytes.value().motions.size(), 1u);
  const Clip& a = from_path.value().motions.front();
  const Clip& b = from_bytes.value().motions.front();
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.skeleton.names, b.skeleton.names);
  EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
  EXPECT_EQ(a.skeleton.offsets, b.skeleton.offsets);
  EXPECT_EQ(a.skeleton.channel_kinds, b.skeleton.channel_kinds);
  EXPECT_EQ(a.motion.frame_count, b.motion.frame_count);
  EXPECT_EQ(a.motion.frame_time, b.motion.frame_time);
  EXPECT_EQ(std::vector<float>(a.motion.values.begin(), a.motion.values.end()),
            std::vector<float>(b.motion.values.begin(), b.motion.values.end()));
  ASSERT_EQ(a.warnings.size(), b.warnings.size());
  ASSERT_FALSE(a.warnings.empty());  // the fixture has some: both paths must give them alike
  for (std::size_t i = 0; i < a.warnings.size(); ++i) {
    EXPECT_EQ(format_diagnostic(a.warnings[i], Severity::Warning), format_diagnostic(b.warnings[i], Severity::Warning));
  }
}

TEST(ReadMotions, TheStreamingLoadStillReportsItsProgressAndPreview) {
  test::TempDir dir;
  const std::string path = dir.write("walk.bvh", test::kTwoJoints).string();
  LoadProgress progress;
  int previews = 0;
  progress.on_start = [&](const Clip& clip) {
    ++previews;
    EXPECT_EQ(clip.skeleton.joint_count(), 3);
  };
  ReadOptions options;
  options.progress = &progress;
  const Result<MotionFile> file = read_motions(path, options);
  ASSERT_TRUE(file.ok()) << error_text(file);
  EXPECT_EQ(previews, 1);
  EXPECT_EQ(progress.bytes_read.load(), test::kTwoJoints.size());
  EXPECT_EQ(progress.frames_ready.load(), 2u);
}

TEST(ReadMotionHead, APreviewOfAFileUnderAnyNameStopsAtItsFrames) {
  test::TempDir dir;
  const Result<Clip> head = read_motion_head(dir.write("walk.txt", test::kTwoJoints).string(), 1);
  ASSERT_TRUE(head.ok()) << format_diagnostic(head.error(), Severity::Error);
  EXPECT_EQ(head.value().motion.frame_count, 1u);
}

TEST(MotionFileNames, KnownExtensionsOrKnownContent) {
  test::TempDir dir;
  EXPECT_TRUE(has_motion_file_extension("a/walk.BvH"));
  EXPECT_FALSE(has_motion_file_extension("a/.bvh"));
  EXPECT_FALSE(has_motion_file_extension("walk.txt"));
  EXPECT_TRUE(is_motion_file("/no/such/walk.bvh"));  // its load says what is wrong
  EXPECT_TRUE(is_motion_file(dir.write("walk.txt", test::kTwoJoints).string()));
  EXPECT_FALSE(is_motion_file(dir.write("notes.txt", "Hierarchy: of needs\n").string()));
  EXPECT_FALSE(is_motion_file((dir.path() / "missing.txt").string()));
}

}  // namespace
}  // namespace bvhscope
