// Rows parsed in blocks on worker threads, and files streamed from disk, give exactly the result of
// parsing the whole text at once: same values, warnings and errors, for any block size and threads.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "anim/file_loader.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

const ParseOptions kWhole{std::size_t{1} << 40, 1, {}};
const std::vector<ParseOptions> kVariants = {{1, 1, {}},    {1, 3, {}},    {100, 2, {}},
                                             {4096, 1, {}}, {4096, 4, {}}, {65536, 2, {}}};

void expect_same(const Result<Clip>& actual, const Result<Clip>& expected, const std::string& what) {
  ASSERT_EQ(actual.ok(), expected.ok()) << what << ": "
                                        << (actual.ok() ? format_diagnostic(expected.error(), Severity::Error)
                                                        : format_diagnostic(actual.error(), Severity::Error));
  if (!actual.ok()) {
    EXPECT_EQ(actual.error().line, expected.error().line) << what;
    EXPECT_EQ(actual.error().column, expected.error().column) << what;
    EXPECT_EQ(actual.error().message, expected.error().message) << what;
    return;
  }
  const Clip& a = actual.value();
  const Clip& e = expected.value();
  EXPECT_EQ(a.skeleton.names, e.skeleton.names) << what;
  EXPECT_EQ(a.motion.frame_count, e.motion.frame_count) << what;
  ASSERT_EQ(a.motion.values.size(), e.motion.values.size()) << what;
  if (!a.motion.values.empty()) {  // memcmp must not see the null data() of empty vectors
    EXPECT_EQ(std::memcmp(a.motion.values.data(), e.motion.values.data(), a.motion.values.size() * sizeof(float)), 0)
        << what;
  }
  ASSERT_EQ(a.warnings.size(), e.warnings.size()) << what;
  for (std::size_t i = 0; i < a.warnings.size(); ++i) {
    EXPECT_EQ(format_diagnostic(a.warnings[i], Severity::Warning), format_diagnostic(e.warnings[i], Severity::Warning))
        << what;
  }
}

// Parses `text` every way there is and compares each with the whole-text parse.
void check_every_way(const std::string& text, const std::string& what) {
  const Result<Clip> expected = parse_bvh(text, "same.bvh", kWhole);
  for (const ParseOptions& options : kVariants) {
    expect_same(parse_bvh(text, "same.bvh", options), expected,
                what + " in blocks of " + std::to_string(options.block_bytes) + " on " +
                    std::to_string(options.threads) + " threads");
  }
  test::TempDir dir;
  const std::string path = dir.write("same.bvh", text).string();
  const Result<Clip> expected_from_path = parse_bvh(text, path, kWhole);
  for (const ParseOptions& options : {ParseOptions{}, ParseOptions{1, 2, {}}, ParseOptions{300, 1, {}}}) {
    expect_same(load_bvh_file(path, nullptr, options), expected_from_path,
                what + " streamed in blocks of " + std::to_string(options.block_bytes));
  }
}

std::string edit(std::string_view from, std::string_view to) {
  std::string text(test::kTwoJoints);
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(BlockParsing, RowVariantsGiveTheSameResultEveryWay) {
  const std::vector<std::pair<std::string, std::string>> variants = {
      {"as is", std::string(test::kTwoJoints)},
      {"crlf",
       [] {
         std::string t(test::kTwoJoints), out;
         for (char c : t) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
         return out;
       }()},
      {"cr only",
       [] {
         std::string t(test::kTwoJoints);
         for (char& c : t) c = c == '\n' ? '\r' : c;
         return t;
       }()},
      {"blank lines", edit("0 0 0 0 0 0\n4", "0 0 0 0 0 0\n\n \t\n\n4")},
      {"fewer rows", edit("Frames: 2", "Frames: 9")},
      {"more rows", edit("Frames: 2", "Frames: 1")},
      {"no rows wanted", edit("Frames: 2", "Frames: 0")},
      {"extra garbage", edit("Frames: 2", "Frames: 1") + "junk junk\nmore\n"},
      {"cut short", std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 6)},
      {"cut in number", std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 1) + "1e"},
      {"cut then blank",
       std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 6) + "\n\n  \n"},
      {"short middle row", edit("1 2 3 0 0 0 0 0 0", "1 2 3 0 0 0 0 0")},
      {"long row", edit("1 2 3 0 0 0 0 0 0", "1 2 3 0 0 0 0 0 0 7")},
      {"bad value", edit("4 5 6 90 0", "4 5 6 x 0")},
      {"float overflow", edit("4 5 6 90 0", "4 5 6 1e39 0")},
      {"huge count", edit("Frames: 2", "Frames: 1000000000000")},
      {"motion after the brace",
       [] {
         std::string t(test::kTwoJoints);
         t.replace(t.find("}\nMOTION"), 8, "} MOTION");
         return t;
       }()},
      {"frame time over two lines", edit("Frame Time: 0.5", "Frame\nTime: 0.5")},
      {"overflow at the very end",
       std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 2) + "1e999"},
  };
  for (const auto& [name, text] : variants) check_every_way(text, name);
}

// A NUL byte is refused at the same place however the rows are cut and parsed: in a value, after a
// row, on a line of its own, past the declared count, and in a header longer than 4 KiB.
TEST(BlockParsing, NulBytesAreRefusedAtTheSamePlaceEveryWay) {
  const std::string nul(1, '\0');
  const auto late = [](std::string text) {  // past the first 4 KiB, where binary files are told apart at once
    text.replace(text.find("ROOT Hips"), 9, "ROOT " + std::string(4090, 'H'));
    return text;
  };
  const std::vector<std::pair<std::string, std::string>> variants = {
      {"in a value", late(edit("4 5 6 90", "4 5 6 9" + nul))},
      {"after a row", late(edit("0 0 0\n4", "0 0 0 " + nul + "\n4"))},
      {"a line of its own", late(edit("0 0 0\n4", "0 0 0\n\n" + nul + "\n4"))},
      {"past the count", late(edit("Frames: 2", "Frames: 1")) + "1 2 3\n\n 4 " + nul + "\n"},
      {"past the count, crlf", late(edit("Frames: 2", "Frames: 1")) + "1 2\r\n" + nul + "\r\n"},
      {"in a joint name", late(edit("JOINT Chest", "JOINT Ch" + nul + "est"))},
  };
  for (const auto& [name, text] : variants) {
    const Result<Clip> whole = parse_bvh(text, "same.bvh", kWhole);
    ASSERT_FALSE(whole.ok()) << name;
    EXPECT_NE(whole.error().message.find("a NUL byte"), std::string::npos) << name << ": " << whole.error().message;
    check_every_way(text, name);
  }
  // A NUL after a bad value is not what stops the parse: the bad value is.
  const std::string bad_first = late(edit("4 5 6 90", "4 5 6 x")) + nul;
  const Result<Clip> refused = parse_bvh(bad_first, "same.bvh", kWhole);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message.rfind("expected a number, found 'x' in frame 2, channel 4 (HHH", 0), 0u);
  check_every_way(bad_first, "a NUL after a bad value");
}

TEST(BlockParsing, EveryTruncationOfARealFile) {
  const std::string text = test::read_file(test::corpus_dir() / "edin-m__example3.bvh");
  ASSERT_FALSE(text.empty());
  const std::size_t rows = text.find("Frame Time:");
  for (std::size_t length = rows; length <= text.size(); length += 3) {
    const std::string prefix = text.substr(0, length);
    const Result<Clip> expected = parse_bvh(prefix, "same.bvh", kWhole);
    for (const ParseOptions& options : kVariants) {
      expect_same(parse_bvh(prefix, "same.bvh", options), expected, "truncated to " + std::to_string(length));
    }
  }
}

TEST(BlockParsing, EveryCorpusFileEveryWay) {
  const auto files = test::corpus_files();
  ASSERT_EQ(files.size(), 23u);
  for (const auto& file : files) check_every_way(test::read_file(file), file.filename().string());
}

TEST(Streaming, ReportsProgressAndHandsOutTheClipEarly) {
  std::string text(test::kTwoJoints);
  text = text.substr(0, text.find("Frames:")) + "Frames: 5000\nFrame Time: 0.01\n";
  for (int f = 0; f < 5000; ++f) text += std::to_string(f) + " 2 3 0 0 0 0 0 0\n";
  test::TempDir dir;
  const std::string path = dir.write("progress.bvh", text).string();
  LoadProgress progress;
  int starts = 0;
  std::size_t joints_at_start = 0;
  std::size_t table_at_start = 0;
  progress.on_start = [&](const Clip& clip) {
    ++starts;
    joints_at_start = static_cast<std::size_t>(clip.skeleton.joint_count());
    table_at_start = clip.motion.values.size();
  };
  const Result<Clip> clip = load_bvh_file(path, &progress, ParseOptions{1024, 2, {}});
  ASSERT_TRUE(clip.ok());
  EXPECT_EQ(starts, 1);
  EXPECT_EQ(joints_at_start, 3u);
  EXPECT_EQ(table_at_start, 5000u * 9u);  // the table is allocated before the rows arrive
  EXPECT_EQ(progress.frames_ready.load(), 5000u);
  EXPECT_EQ(progress.bytes_read.load(), text.size());
  EXPECT_EQ(progress.bytes_total.load(), text.size());
  EXPECT_EQ(clip.value().motion.values[4999 * 9], 4999.0f);
}

// ParseOptions::before_commit (where the viewer's loader waits for a frame to be on screen) runs
// once before each block's rows are written and published, in file order, and after_commit once
// after (where it tells the frame loop of the first rows); they change nothing.
TEST(Streaming, BeforeAndAfterEachBlockIsCommittedTheHooksRun) {
  std::string text(test::kTwoJoints);
  text = text.substr(0, text.find("Frames:")) + "Frames: 30000\nFrame Time: 0.01\n";
  for (int f = 0; f < 30000; ++f) text += std::to_string(f % 10) + " 2 3 0 0 0 0 0 0\n";
  test::TempDir dir;
  const std::string path = dir.write("hook.bvh", text).string();
  for (const unsigned threads : {1u, 2u}) {
    LoadProgress progress;
    std::vector<std::size_t> published_at_hook;
    std::vector<std::size_t> published_after;
    ParseOptions options{4096, threads, {}};
    options.before_commit = [&] { published_at_hook.push_back(progress.frames_ready.load()); };
    options.after_commit = [&] { published_after.push_back(progress.frames_ready.load()); };
    const Result<Clip> hooked = load_bvh_file(path, &progress, options);
    const Result<Clip> plain = load_bvh_file(path, nullptr, ParseOptions{4096, threads, {}});
    expect_same(hooked, plain, "threads " + std::to_string(threads));
    // 18 bytes a row (540 kB), blocks of about 4096 bytes past the first read: over 100 blocks.
    ASSERT_GE(published_at_hook.size(), 10u);
    EXPECT_EQ(published_at_hook.front(), 0u);
    for (std::size_t i = 1; i < published_at_hook.size(); ++i)
      EXPECT_GT(published_at_hook[i], published_at_hook[i - 1]) << "block " << i;
    EXPECT_LT(published_at_hook.back(), 30000u);  // the last block's rows came after its hook
    EXPECT_EQ(progress.frames_ready.load(), 30000u);
    // after_commit: once after each block, its rows published (what the next block's hook saw).
    ASSERT_EQ(published_after.size(), published_at_hook.size());
    for (std::size_t i = 0; i + 1 < published_after.size(); ++i)
      EXPECT_EQ(published_after[i], published_at_hook[i + 1]) << "block " << i;
    EXPECT_GT(published_after.front(), 0u);
    EXPECT_EQ(published_after.back(), 30000u);
  }
}

TEST(Streaming, MotionAfterABraceStillStreamsTheRows) {
  std::string text(test::kTwoJoints);
  text.replace(text.find("}\nMOTION"), 8, "} MOTION");
  test::TempDir dir;
  const Result<Clip> clip = load_bvh_file(dir.write("brace.bvh", text).string());
  ASSERT_TRUE(clip.ok()) << format_diagnostic(clip.error(), Severity::Error);
  EXPECT_EQ(clip.value().motion.frame_count, 2u);
  EXPECT_TRUE(clip.value().warnings.empty());
}

// A file cut or rewritten by another program while it loads: a clean outcome, bounded by the size
// the file had when it was opened, never a crash or a table reallocated under the viewer.
std::string many_rows(int frames) {
  std::string text(test::kTwoJoints);
  text = text.substr(0, text.find("Frames:")) + "Frames: " + std::to_string(frames) + "\nFrame Time: 0.01\n";
  for (int f = 0; f < frames; ++f) text += std::to_string(f) + " 2 3 0 0 0 0 0 0\n";
  return text;
}

TEST(Streaming, AFileThatShrinksWhileLoadingKeepsTheCompleteFrames) {
  test::TempDir dir;
  const std::string text = many_rows(20000);
  const std::string path = dir.write("shrinking.bvh", text).string();
  LoadProgress progress;
  const float* table = nullptr;
  progress.on_start = [&](const Clip& clip) {
    table = clip.motion.values.data();
    std::filesystem::resize_file(path, text.size() / 2);  // another program truncates the file
  };
  const Result<Clip> clip = load_bvh_file(path, &progress, ParseOptions{4096, 2, {}});
  ASSERT_TRUE(clip.ok()) << format_diagnostic(clip.error(), Severity::Error);
  const std::size_t frames = clip.value().motion.frame_count;
  EXPECT_GT(frames, 5000u);
  EXPECT_LT(frames, 20000u);
  for (std::size_t f = 0; f < frames; ++f) ASSERT_EQ(clip.value().motion.values[f * 9], static_cast<float>(f));
  ASSERT_GE(clip.value().warnings.size(), 1u);
  EXPECT_EQ(clip.value().warnings.back().message, "'Frames: 20000' but the file holds " + std::to_string(frames) +
                                                      " complete frames; loaded " + std::to_string(frames));
  EXPECT_NE(table, nullptr);
}

TEST(Streaming, AFileThatGrowsWhileLoadingIsReadToItsOpenedSize) {
  test::TempDir dir;
  const std::string text = many_rows(1000);
  const std::string path = dir.write("growing.bvh", text).string();
  LoadProgress progress;
  const float* table = nullptr;
  progress.on_start = [&](const Clip& clip) {
    table = clip.motion.values.data();
    std::ofstream(path, std::ios::app) << many_rows(50000).substr(text.size() / 2);  // appended while loading
  };
  const Result<Clip> clip = load_bvh_file(path, &progress, ParseOptions{4096, 2, {}});
  ASSERT_TRUE(clip.ok()) << format_diagnostic(clip.error(), Severity::Error);
  EXPECT_EQ(clip.value().motion.frame_count, 1000u);
  EXPECT_EQ(clip.value().motion.values.data(), table) << "the table handed out was never reallocated";
}

TEST(Streaming, AFileRewrittenWhileLoadingEndsCleanly) {
  test::TempDir dir;
  const std::string text = many_rows(20000);
  const std::string path = dir.write("rewritten.bvh", text).string();
  LoadProgress progress;
  progress.on_start = [&](const Clip&) {
    std::string garbage(text.size(), 'x');
    for (std::size_t i = 80; i < garbage.size(); i += 81) garbage[i] = '\n';
    std::fstream(path, std::ios::in | std::ios::out | std::ios::binary)
        .write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  };
  const Result<Clip> clip = load_bvh_file(path, &progress, ParseOptions{4096, 2, {}});
  // The first 64 KiB (the header and about 2600 rows) were read before the rewrite; what follows
  // is the rewritten text, refused where it starts being read, with its location.
  // (The read may have ended inside a row, so the column and the token's first bytes vary.)
  ASSERT_FALSE(clip.ok());
  EXPECT_GT(clip.error().line, 1000);
  EXPECT_GE(clip.error().column, 1);
  EXPECT_EQ(clip.error().message.rfind("expected a number, found '", 0), 0u) << clip.error().message;
  EXPECT_NE(clip.error().message.find("xxxx"), std::string::npos) << clip.error().message;
}

TEST(Streaming, CanBeCancelled) {
  test::TempDir dir;
  const std::string path = dir.write("cancel.bvh", test::kTwoJoints).string();
  LoadProgress progress;
  progress.on_start = [&](const Clip&) { progress.cancel = true; };
  const Result<Clip> clip = load_bvh_file(path, &progress);
  ASSERT_FALSE(clip.ok());
  EXPECT_EQ(format_diagnostic(clip.error(), Severity::Error), path + ": error: loading was cancelled");
}

}  // namespace
}  // namespace bvhscope
