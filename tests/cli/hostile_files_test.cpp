// Resource bounds end to end: hostile files and paths each end in a clear message, or load, within
// bounded time and memory (the child's peak RSS is measured).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>

#include "run_process.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;
using test::TempDir;

constexpr long kMiB = 1024;  // ru_maxrss is in KiB

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(HostileFiles, AHundredThousandNestedJointsLoad) {
  TempDir dir;
  std::string text = "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
  constexpr int kDepth = 100000;
  for (int i = 1; i < kDepth; ++i) text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET 0 1 0\n";
  text += std::string(kDepth - 1, '}') + "}\nMOTION\nFrames: 2\nFrame Time: 0.1\n0 0 0\n10 20 30\n";
  const auto result = run_bvhscope({"info", dir.write("deep.bvh", text).string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_NE(result.out.find("joints:          100000 (+0 End Sites)"), std::string::npos);
  EXPECT_NE(result.out.find("[depth 99999] J99999\n"), std::string::npos);  // indentation is capped
  EXPECT_NE(result.out.find("\ndrawing:         100,000 joints, over the 10,000 drawn in full: bones drawn as lines"),
            std::string::npos);
  EXPECT_LT(result.peak_rss_kib, 400 * kMiB);
}

TEST(HostileFiles, AMillionJointsLoad) {
  TempDir dir;
  std::string text = "HIERARCHY\nROOT Root\n{\nOFFSET 0 0 0\nCHANNELS 1 Yposition\n";
  for (int i = 0; i < 1000000; ++i) text += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 1 0 0\n}\n";
  text += "}\nMOTION\nFrames: 1\nFrame Time: 0.1\n5\n";
  const auto result = run_bvhscope({"info", "--json", dir.write("wide.bvh", text).string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("{\"name\":\"j999999\",\"parent\":0,\"offset\":[1,0,0]"), std::string::npos);
  EXPECT_LT(result.peak_rss_kib, 1200 * kMiB);
}

TEST(HostileFiles, AHugeDeclaredFrameCountFailsNothingAndAllocatesLittle) {
  TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("Frames: 2"), 9, "Frames: 1000000000000");
  const auto path = dir.write("huge.bvh", text).string();
  const auto result = run_bvhscope({"info", path});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.err,
            path + ":17:9: warning: 'Frames: 1000000000000' but the file holds 2 complete frames; loaded 2\n");
  // Against the same file declaring its true 2 frames (the process's own start-up memory, about 90 MiB
  // under the sanitizers, is in both): the declared count reserves nothing.
  const auto honest = run_bvhscope({"info", dir.write("honest.bvh", std::string(test::kTwoJoints)).string()});
  ASSERT_EQ(honest.exit_code, 0) << honest.err;
  EXPECT_LT(result.peak_rss_kib, honest.peak_rss_kib + 16 * kMiB);
}

TEST(HostileFiles, AOneGigabyteLineIsRefusedInBoundedMemory) {
  TempDir dir;
  const auto path = dir.path() / "long-line.bvh";
  {
    std::ofstream file(path, std::ios::binary);
    file << "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 1 Xposition\n}\nMOTION\nFrames: 1\nFrame Time: 0.1\n";
    const std::string chunk = [] {
      std::string values;
      for (int i = 0; i < (1 << 19); ++i) values += "1 ";
      return values;
    }();  // 1 MiB
    for (int i = 0; i < 1024; ++i) file << chunk;
    file << "\n";
  }
  const auto result = run_bvhscope({"info", path.string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, path.string() + ":10:1: error: frame 1: its line is longer than 1048640 bytes\n");
  // Streamed: a frame line is never buffered past 64 bytes per channel + 1 MiB, so memory stays small:
  // against info on a small file (the process's own start-up memory, about 90 MiB under the
  // sanitizers, is in both), well under the gigabyte.
  const auto small = run_bvhscope({"info", dir.write("small.bvh", std::string(test::kTwoJoints)).string()});
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_LT(result.peak_rss_kib, small.peak_rss_kib + 96 * kMiB);
  EXPECT_FALSE(result.timed_out);  // its 120 s bound (run_process), against a hang
}

TEST(HostileFiles, AOneGigabyteNameLineIsRefusedInBoundedMemory) {
  TempDir dir;
  const auto path = dir.path() / "long-name.bvh";
  {
    std::ofstream file(path, std::ios::binary);
    file << "HIERARCHY\nROOT ";
    const std::string chunk(1 << 20, 'n');
    for (int i = 0; i < 1024; ++i) file << chunk;
    file << "\n{\nOFFSET 0 0 0\n}\nMOTION\nFrames: 0\nFrame Time: 0.1\n";
  }
  const auto result = run_bvhscope({"info", path.string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, path.string() + ":2:6: error: joint name is longer than 4096 bytes\n");
  // A name is never buffered past its 4096-byte limit: against info on a small file (the process's
  // own start-up memory, which grows with the program and is most of it under the sanitizers, is in
  // both), well under the gigabyte. An absolute 150 MiB failed in the sanitizer tree at 151 MiB.
  const auto small = run_bvhscope({"info", dir.write("small.bvh", std::string(test::kTwoJoints)).string()});
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_LT(result.peak_rss_kib, small.peak_rss_kib + 96 * kMiB);
  EXPECT_FALSE(result.timed_out);
}

TEST(HostileFiles, SpecialFilesAreRefusedWithoutHanging) {
  TempDir dir;
  const auto fifo = dir.path() / "pipe.bvh";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const auto from_fifo = run_bvhscope({"info", fifo.string()}, 20);
  EXPECT_FALSE(from_fifo.timed_out);
  EXPECT_EQ(from_fifo.exit_code, 1);
  EXPECT_EQ(from_fifo.err, fifo.string() + ": error: cannot open a FIFO, expected a .bvh file\n");

  const auto loop_a = dir.path() / "a.bvh";
  const auto loop_b = dir.path() / "b.bvh";
  std::filesystem::create_symlink(loop_b, loop_a);
  std::filesystem::create_symlink(loop_a, loop_b);
  const auto from_loop = run_bvhscope({"info", loop_a.string()}, 20);
  EXPECT_EQ(from_loop.exit_code, 1);
  EXPECT_EQ(from_loop.err, loop_a.string() + ": error: cannot open: Too many levels of symbolic links\n");

  const auto empty = run_bvhscope({"info", dir.write("empty.bvh", "").string()});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_EQ(empty.err, (dir.path() / "empty.bvh").string() + ":1:1: error: empty file: expected HIERARCHY\n");
}

TEST(HostileFiles, UnreadableFilesAreExplained) {
  TempDir dir;
  const auto path = dir.write("secret.bvh", test::kTwoJoints);
  std::filesystem::permissions(path, std::filesystem::perms::none);
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all | std::filesystem::perms::others_exec |
                                               std::filesystem::perms::group_exec);
  // Root reads anything, so as root the child drops to 'nobody' to meet the permission check.
  std::vector<std::string> argv;
  if (::geteuid() == 0) argv = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
  argv.insert(argv.end(), {BVHSCOPE_EXECUTABLE, "info", path.string()});
  const auto result = test::run_process(argv);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, path.string() + ": error: cannot open: Permission denied\n");
}

TEST(HostileFiles, PathsWithSpacesAndNonUtf8BytesWork) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "take 2");
  const auto path = dir.write("take 2/caf\xe9 walk.bvh", test::kTwoJoints);
  const auto result = run_bvhscope({"info", path.string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // Bytes that are not UTF-8 are printed as \xNN (issue 26: they reached the terminal raw).
  EXPECT_EQ(first_line(result.out), "file:            " + dir.path().string() + "/take 2/caf\\xe9 walk.bvh");
  const auto bad = dir.write("take 2/\xff\xfe.bvh", "HIERARCHY\n");
  const auto refused = run_bvhscope({"info", bad.string()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err,
            dir.path().string() + "/take 2/\\xff\\xfe.bvh:2:1: error: unexpected end of file: expected ROOT\n");
}

TEST(HostileFiles, TheInputFileIsNeverWritten) {
  TempDir dir;
  const auto path = dir.write("walk.bvh", test::kTwoJoints);
  const auto before = std::filesystem::last_write_time(path);
  ASSERT_EQ(run_bvhscope({"export", path.string(), "-o", (dir.path() / "walk.csv").string()}).exit_code, 0);
  EXPECT_EQ(std::filesystem::last_write_time(path), before);
  EXPECT_EQ(test::read_file(path), test::kTwoJoints);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator{}), 2);
}

}  // namespace
}  // namespace bvhscope
