// Generated malformed input: every truncation point, byte flips, line deletions. Nothing may crash,
// every refusal is located, and everything that loads is consistent and poses.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "clip_invariants.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

struct Outcome {
  int loaded = 0;
  int refused = 0;
};

int count_lines(std::string_view text) {
  int lines = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) ++lines;
  }
  return lines;
}

// Parses and checks one input; records a test failure with the input's description when broken.
void check_input(const std::string& text, const std::string& description, Outcome& outcome) {
  Result<Clip> result = parse_bvh(text, "gen.bvh");
  if (!result) {
    ++outcome.refused;
    const Diagnostic& e = result.error();
    EXPECT_GE(e.line, 1) << description;
    EXPECT_LE(e.line, count_lines(text)) << description;
    EXPECT_GE(e.column, 1) << description;
    EXPECT_FALSE(e.message.empty()) << description;
    EXPECT_EQ(e.source, "gen.bvh");
    return;
  }
  ++outcome.loaded;
  const Clip& clip = result.value();
  const std::string broken = test::broken_invariant(clip);
  EXPECT_EQ(broken, "") << description;
  if (!broken.empty()) return;
  Pose pose;
  pose_frame(clip, clip.motion.frame_count / 2, PositionMode::Add, pose);
  sample_pose(clip, 0.5, Sampling::Linear, PositionMode::Replace, pose);
  (void)skeleton_height(clip, PositionMode::Add);
}

std::string small_real_file() {
  const std::string text = test::read_file(test::corpus_dir() / "edin-m__example3.bvh");
  EXPECT_FALSE(text.empty()) << "edin-m__example3.bvh is missing from the corpus";
  return text;
}

TEST(HostileInput, EveryTruncationPoint) {
  for (const std::string& text : {std::string(test::kTwoJoints), small_real_file()}) {
    Outcome outcome;
    for (std::size_t length = 0; length <= text.size(); ++length) {
      check_input(text.substr(0, length), "truncated to " + std::to_string(length) + " bytes", outcome);
    }
    // Every cut after the Frame Time line loads (complete frames kept); every cut before "Frame Time:
    // <digit>" is refused.
    const std::size_t frame_time = text.find("Frame Time:");
    const std::size_t rows = text.find('\n', frame_time) + 1;
    EXPECT_GE(outcome.loaded, static_cast<int>(text.size() - rows + 1));
    EXPECT_GE(outcome.refused, static_cast<int>(frame_time + 12));
    std::cout << "truncations of " << text.size() << " bytes: " << outcome.loaded << " loaded, " << outcome.refused
              << " refused\n";
  }
}

TEST(HostileInput, RandomByteFlips) {
  const std::string original = small_real_file();
  std::mt19937 random(7);
  std::uniform_int_distribution<std::size_t> position(0, original.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> flips(1, 4);
  Outcome outcome;
  for (int round = 0; round < 20000; ++round) {
    std::string text = original;
    const int count = flips(random);
    for (int i = 0; i < count; ++i) text[position(random)] = static_cast<char>(byte(random));
    check_input(text, "flip round " + std::to_string(round), outcome);
  }
  EXPECT_GT(outcome.refused, 0);
  EXPECT_GT(outcome.loaded, 0);  // a flip to another digit keeps the file valid
  std::cout << "byte flips: " << outcome.loaded << " loaded, " << outcome.refused << " refused\n";
}

TEST(HostileInput, RandomLineDeletionsAndDuplications) {
  const std::string original = small_real_file();
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < original.size();) {
    const std::size_t end = original.find('\n', start);
    const std::size_t stop = end == std::string::npos ? original.size() : end + 1;
    lines.push_back(original.substr(start, stop - start));
    start = stop;
  }
  std::mt19937 random(11);
  std::uniform_int_distribution<std::size_t> pick(0, lines.size() - 1);
  Outcome outcome;
  for (int round = 0; round < 5000; ++round) {
    std::vector<std::string> edited = lines;
    const std::size_t at = pick(random) % edited.size();
    if (round % 3 == 0) {
      edited.insert(edited.begin() + static_cast<std::ptrdiff_t>(at), edited[at]);
    } else {
      edited.erase(edited.begin() + static_cast<std::ptrdiff_t>(at));
      if (round % 3 == 2 && !edited.empty())
        edited.erase(edited.begin() + static_cast<std::ptrdiff_t>(pick(random) % edited.size()));
    }
    std::string text;
    for (const std::string& line : edited) text += line;
    check_input(text, "line edit round " + std::to_string(round), outcome);
  }
  EXPECT_GT(outcome.refused, 0);
  EXPECT_GT(outcome.loaded, 0);
  std::cout << "line edits: " << outcome.loaded << " loaded, " << outcome.refused << " refused\n";
}

// Every input the fuzzer ever flagged (none so far) and the hand-written hostile fixtures.
TEST(HostileInput, FuzzRegressionsAndFixturesStayFixed) {
  const std::filesystem::path tests_dir = std::filesystem::path(BVHSCOPE_FIXTURES_DIR).parent_path();
  Outcome outcome;
  for (const auto& dir : {tests_dir / "fuzz" / "regressions", tests_dir / "fixtures"}) {
    ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() == ".md") continue;
      check_input(test::read_file(entry.path()), entry.path().filename().string(), outcome);
    }
  }
  EXPECT_GE(outcome.loaded, 3);
  EXPECT_GE(outcome.refused, 2);
}

TEST(HostileInput, NamesLongerThanTheLimitAreRefused) {
  const std::string text =
      "HIERARCHY\nROOT " + std::string(5000, 'x') + "\n{\nOFFSET 0 0 0\n}\nMOTION\nFrames: 0\nFrame Time: 1\n";
  const Diagnostic error = test::parse_error(text);
  EXPECT_EQ(error.line, 2);
  EXPECT_EQ(error.column, 6);
  EXPECT_EQ(error.message, "joint name is longer than 4096 bytes");
}

}  // namespace
}  // namespace bvhscope
