// `bvhscope thumbnail IN OUT --size N` (issue 18): with no display, a square PNG of the requested
// size showing the figure, drawn as `render` draws frame 0 of the file's first 120 frames; on a
// 100 MB file whose end is damaged it still succeeds (only the head is read); bad use is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

const std::filesystem::path kSample = std::filesystem::path(BVHSCOPE_FIXTURES_DIR) / "../../assets/sample.bvh";

ProcessResult run_without_display(const std::vector<std::string>& args, int time_limit_seconds = 120) {
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", BVHSCOPE_EXECUTABLE};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, time_limit_seconds);
}

// The sample's text with "Frames:" set to `frames` and its first `frames` frame lines.
// Frame lines past the sample's own repeat from its first.
std::string sample_with_frames(std::size_t frames) {
  const std::string text = read_file(kSample);
  const std::size_t frames_at = text.find("Frames:");
  const std::size_t time_end = text.find('\n', text.find("Frame Time:", frames_at)) + 1;
  const std::string time_line = text.substr(text.find('\n', frames_at) + 1, time_end - text.find('\n', frames_at) - 1);
  std::vector<std::string> rows;
  for (std::size_t at = time_end; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos || end == at) break;
    rows.push_back(text.substr(at, end + 1 - at));
    at = end + 1;
  }
  std::string out = text.substr(0, frames_at) + "Frames: " + std::to_string(frames) + "\n" + time_line;
  for (std::size_t i = 0; i < frames; ++i) out += rows[i % rows.size()];
  return out;
}

class Thumbnail : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-thumbnail-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(Thumbnail, NoDisplaySquareOfTheRequestedSizeShowingTheFirstFramesAsRenderDrawsThem) {
  const std::filesystem::path thumbnail = dir_ / "sample.png";
  const ProcessResult made = run_without_display({"thumbnail", kSample.string(), thumbnail.string(), "--size", "96"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(made.err, "");
  const Png png = read_png(thumbnail);
  ASSERT_EQ(png.width, 96);
  ASSERT_EQ(png.height, 96);
  // What the thumbnail shows (the figure whole and upright in the frame) is the baseline image
  // tests/baselines/thumbnail.png (tests/baselines/render_baseline_test.cpp).

  // The same picture as `render` makes of a file holding only the first 120 frames.
  const std::filesystem::path head = dir_ / "head.bvh";
  std::ofstream(head, std::ios::binary) << sample_with_frames(120);
  const std::filesystem::path rendered = dir_ / "rendered.png";
  const ProcessResult render =
      run_without_display({"render", head.string(), "-o", rendered.string(), "--size", "96x96"});
  ASSERT_EQ(render.exit_code, 0) << render.err;
  EXPECT_EQ(read_png(rendered).rgb, png.rgb);
}

TEST_F(Thumbnail, HugeFileWithADamagedEndIsPreviewedFromItsHead) {
  // About 100 MB of the sample's frames repeated, the last one damaged: a full load refuses it.
  const std::size_t row_bytes = sample_with_frames(1).size() - sample_with_frames(0).size();
  const std::size_t frames = (std::size_t{100} << 20) / row_bytes;
  const std::filesystem::path huge = dir_ / "huge.bvh";
  // The last declared frame's first value is not a number.
  std::string text = sample_with_frames(frames);
  const std::size_t last_row = text.rfind('\n', text.size() - 2) + 1;
  text.replace(last_row, text.find(' ', last_row) - last_row, "oops");
  std::ofstream(huge, std::ios::binary) << text;
  ASSERT_GE(std::filesystem::file_size(huge), (std::size_t{100} << 20) - row_bytes);

  const ProcessResult info = run_process({BVHSCOPE_EXECUTABLE, "info", huge.string()});
  EXPECT_EQ(info.exit_code, 1) << "the damage at the end is not seen by a full load";

  const std::filesystem::path thumbnail = dir_ / "huge.png";
  // 30 s: a bound against a freeze only (it takes well under a second here).
  const ProcessResult made = run_without_display({"thumbnail", huge.string(), thumbnail.string(), "--size", "96"}, 30);
  ASSERT_FALSE(made.timed_out);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::filesystem::path small = dir_ / "small.png";
  ASSERT_EQ(run_without_display({"thumbnail", kSample.string(), small.string(), "--size", "96"}).exit_code, 0);
  const Png png = read_png(thumbnail);
  ASSERT_EQ(png.width, 96);
  EXPECT_EQ(png.rgb, read_png(small).rgb) << "the first 120 frames are the sample's: the same picture";
}

TEST_F(Thumbnail, BadUseIsRefusedAndNothingIsWritten) {
  const std::filesystem::path out = dir_ / "out.png";
  const ProcessResult missing = run_without_display({"thumbnail", (dir_ / "none.bvh").string(), out.string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, (dir_ / "none.bvh").string() + ": error: cannot open: No such file or directory\n");

  const ProcessResult size = run_without_display({"thumbnail", kSample.string(), out.string(), "--size", "9"});
  EXPECT_EQ(size.exit_code, 2);
  EXPECT_NE(size.err.find("thumbnail: --size must be a whole number of pixels from 16 to 4096, not '9'"),
            std::string::npos)
      << size.err;

  const std::filesystem::path copy = dir_ / "copy.bvh";
  std::filesystem::copy_file(kSample, copy);
  const ProcessResult over = run_without_display({"thumbnail", copy.string(), copy.string()});
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_EQ(read_file(copy), read_file(kSample));
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace bvhscope::test
