// Outputs never destroy inputs and never leave half files: an output naming an input (however it
// is spelled) or the other output is refused before anything is written; a failed write says why
// and exits 1; an interrupted export leaves neither the target nor its temporary file.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "big_bvh.hpp"
#include "run_process.hpp"
#include "stepped_child.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

std::string walk() { return (test::corpus_dir() / "edin-m__walk1.bvh").string(); }

TEST(OutputSafety, AnOutputNamingTheInputIsRefusedHoweverItIsSpelled) {
  test::TempDir dir;
  const std::string original = test::read_file(walk());
  const auto input = dir.write("v.bvh", original);
  std::filesystem::create_directories(dir.path() / "h");
  std::filesystem::create_symlink(input, dir.path() / "link.bvh");
  std::filesystem::create_hard_link(input, dir.path() / "hard.bvh");
  const std::vector<std::string> spellings = {input.string(), (dir.path() / "h" / ".." / "v.bvh").string(),
                                              (dir.path() / "link.bvh").string(), (dir.path() / "hard.bvh").string()};
  for (const std::string& spelling : spellings) {
    for (const char* option : {"-o", "--rotations"}) {
      const auto result = run_bvhscope({"export", input.string(), option, spelling});
      EXPECT_EQ(result.exit_code, 2) << option << ' ' << spelling;
      EXPECT_EQ(result.err, "bvhscope: export: " + spelling + " would overwrite the input " + input.string() +
                                "; nothing was written\n");
    }
    const auto render = run_bvhscope({"render", input.string(), "-o", spelling});
    EXPECT_EQ(render.exit_code, 2) << spelling;
    EXPECT_EQ(render.err, "bvhscope: render: " + spelling + " would overwrite the input " + input.string() +
                              "; nothing was written\n");
  }
  EXPECT_EQ(test::read_file(input), original);
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "link.bvh"));
}

TEST(OutputSafety, TwoOutputsNamingOneFileAreRefused) {
  test::TempDir dir;
  const std::string out = (dir.path() / "o.csv").string();
  const auto result = run_bvhscope({"export", walk(), "-o", out, "--rotations", (dir.path() / "." / "o.csv").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "bvhscope: export: " + out + " is named for two outputs (" +
                            (dir.path() / "." / "o.csv").string() + "); nothing was written\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  const auto empty = run_bvhscope({"export", walk(), "-o", ""});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err, "bvhscope: export: -o needs a file name ('-' for stdout)\nTry 'bvhscope --help'.\n");
}

TEST(OutputSafety, AFailedWriteSaysWhyAndExitsWithOne) {
  const auto full = run_bvhscope({"export", walk(), "-o", "/dev/full"});
  EXPECT_EQ(full.exit_code, 1);
  EXPECT_NE(full.err.find("/dev/full: error: cannot write /dev/full: No space left on device\n"), std::string::npos)
      << full.err;
  test::TempDir dir;
  const std::string missing = (dir.path() / "no" / "such" / "out.csv").string();
  const auto nowhere = run_bvhscope({"export", walk(), "-o", missing});
  EXPECT_EQ(nowhere.exit_code, 1);
  EXPECT_NE(nowhere.err.find(missing + ": error: cannot create a file in " + (dir.path() / "no" / "such").string() +
                             ": No such file or directory\n"),
            std::string::npos)
      << nowhere.err;
  const auto folder = run_bvhscope({"export", walk(), "-o", dir.path().string()});
  EXPECT_EQ(folder.exit_code, 1);
  EXPECT_NE(folder.err.find(dir.path().string() + ": error: is a folder\n"), std::string::npos) << folder.err;
  EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << "no temporary file left behind";
}

TEST(OutputSafety, AnExistingTargetIsReplacedWholeKeepingItsModeAndLinks) {
  test::TempDir dir;
  const auto real = dir.write("real.csv", "old\n");
  std::filesystem::permissions(real, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
                                         std::filesystem::perms::group_read);
  std::filesystem::create_symlink(real, dir.path() / "link.csv");
  const auto result = run_bvhscope({"export", walk(), "-o", (dir.path() / "link.csv").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "link.csv"));
  EXPECT_EQ(test::read_file(real), run_bvhscope({"export", walk()}).out);
  struct stat info {};
  ASSERT_EQ(::stat(real.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 2u) << "the file and the link, no temporary file";
}

// SIGTERM and SIGINT while a big export writes: the process dies of the signal, the target was
// never created and the temporary file is gone.
TEST(OutputSafety, AnInterruptedExportLeavesNoFile) {
  test::TempDir dir;
  const auto big = dir.path() / "big.bvh";
  test::write_big_bvh(big, std::size_t{60} << 20);
  for (const int signal_number : {SIGTERM, SIGINT}) {
    const auto out_dir = dir.path() / ("out" + std::to_string(signal_number));
    std::filesystem::create_directories(out_dir);
    const std::string target = (out_dir / "positions.csv").string();
    std::vector<std::string> args = {BVHSCOPE_EXECUTABLE, "export", big.string(), "-o", target};
    // The child runs in bursts and is looked at while stopped: the signal comes while it writes,
    // however late this test is scheduled (SteppedChild).
    test::SteppedChild child(args);
    ASSERT_TRUE(
        child.run_until([&] { return test::holds_written_part(out_dir); }, "the temporary file holding some rows"));
    const int status = child.signal_and_wait(signal_number);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the export ended before the signal";
    EXPECT_EQ(WTERMSIG(status), signal_number);
    EXPECT_TRUE(std::filesystem::is_empty(out_dir)) << "neither the target nor a temporary file";
  }
}

}  // namespace
}  // namespace bvhscope
