// Issue 26, "Nothing lost, again", end to end: names and paths escaped wherever text reaches a
// terminal (every command), joint names written safely by convert (with a warning), CSV cells a
// spreadsheet would run as formulas prefixed, non-finite conversions refused naming the joint, and
// the same usage errors (exit 2) from render and convert for out-of-range --frames, --fps and odd
// MP4 sizes.
#include <gtest/gtest.h>

#include <filesystem>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

constexpr const char* kEscape = "\x1b]0;x\a\x1b[31m";            // retitles the window, then red
constexpr const char* kOverride = "\xe2\x80\xae";                // U+202E RIGHT-TO-LEFT OVERRIDE
constexpr const char* kEscapeShown = "\\x1b]0;x\\x07\\x1b[31m";  // as printable() shows it

// kTwoJoints with the root named Hips<U+202E>, Chest named LeftFoot<ESC...> and a Latin-1 byte.
std::string hostile_names() {
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, std::string("JOINT LeftFoot") + kEscape + "\xe9");
  text.replace(text.find("ROOT Hips"), 9, std::string("ROOT Hips") + kOverride + "RL");
  return text;
}

// True when `text` holds a byte a terminal acts on (line ends and the BVH writer's tabs aside) or a
// character that reorders text.
bool has_unsafe_bytes(const std::string& text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f || byte == 0xe9) return true;
  }
  return text.find(kOverride) != std::string::npos;
}

// Finding: metrics printed joint names and the path raw; U+202E reached every terminal and CSV.
TEST(NothingLost, EveryCommandEscapesNamesAndPathsOnTheTerminal) {
  test::TempDir dir;
  const std::string path = dir.write(std::string("walk") + kEscape + ".bvh", hostile_names()).string();
  const std::string shown_path = dir.path().string() + "/walk" + kEscapeShown + ".bvh";
  const std::string rotations = (dir.path() / "rotations.csv").string();
  const std::string errors = (dir.path() / "errors.csv").string();
  const std::vector<std::vector<std::string>> commands = {
      {"info", path},
      {"info", path, "--json"},
      {"lint", path},
      {"metrics", path},
      {"export", path, "--rotations", rotations},
      {"compare", path, path, "--csv", errors},
      {"convert", path, "-o", "-"},
      {"render", path, "-o", (dir.path() / "no-folder" / "x.png").string(), "--select", "nobody"},
      {"render", path, "-o", (dir.path() / "a.mp4").string(), "--select", std::string("x") + kEscape},
  };
  for (const auto& args : commands) {
    const test::ProcessResult result = run_bvhscope(args);
    EXPECT_FALSE(has_unsafe_bytes(result.out)) << args[0] << " " << args.back() << ":\n" << result.out;
    EXPECT_FALSE(has_unsafe_bytes(result.err)) << args[0] << " " << args.back() << ":\n" << result.err;
  }
  EXPECT_FALSE(has_unsafe_bytes(test::read_file(rotations)));
  EXPECT_FALSE(has_unsafe_bytes(test::read_file(errors)));
  const test::ProcessResult metrics = run_bvhscope({"metrics", path});
  ASSERT_EQ(metrics.exit_code, 0) << metrics.err;
  EXPECT_NE(metrics.out.find("file: " + shown_path + "\n"), std::string::npos) << metrics.out;
  EXPECT_NE(metrics.out.find(std::string(" LeftFoot") + kEscapeShown + "\\xe9End"), std::string::npos) << metrics.out;
  const test::ProcessResult info = run_bvhscope({"info", path});
  EXPECT_NE(info.out.find("\nHips\\u{202e}RL  [Xposition"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find(std::string("\n  LeftFoot") + kEscapeShown + "\\xe9  [Zrotation"), std::string::npos)
      << info.out;
  const test::ProcessResult exported = run_bvhscope({"export", path});
  EXPECT_EQ(exported.out.substr(0, exported.out.find(',', 5)), "Time,Hips\\u{202e}RL.X") << exported.out;
  const test::ProcessResult json = run_bvhscope({"info", path, "--json"});
  EXPECT_NE(json.out.find("{\"name\":\"Hips\\u202eRL\","), std::string::npos) << json.out;
}

// Finding: convert copied control bytes, invalid UTF-8 and U+202E into the BVH it wrote.
TEST(NothingLost, ConvertWritesSafeNamesAndSaysWhichItRenamed) {
  test::TempDir dir;
  const std::string path = dir.write("names.bvh", hostile_names()).string();
  const std::string output = (dir.path() / "out.bvh").string();
  const test::ProcessResult result = run_bvhscope({"convert", path, "-o", output});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err,
            path +
                ":2:1: warning: the joint name 'Hips\\u{202e}RL' is written as 'Hips_RL' (control characters, "
                "bytes that are not UTF-8 and bidi or format characters become '_')\n" +
                path + ":6:1: warning: the joint name 'LeftFoot" + kEscapeShown +
                "\\xe9' is written as 'LeftFoot_]0;x__[31m_' (control characters, bytes that are not UTF-8 and bidi "
                "or format characters become '_')\n");
  const std::string written = test::read_file(output);
  EXPECT_NE(written.find("ROOT Hips_RL\n"), std::string::npos) << written;
  EXPECT_NE(written.find("\tJOINT LeftFoot_]0;x__[31m_\n"), std::string::npos) << written;
  EXPECT_FALSE(has_unsafe_bytes(written));
  const test::ProcessResult piped = run_bvhscope({"convert", path, "-o", "-"});
  ASSERT_EQ(piped.exit_code, 0);
  EXPECT_EQ(piped.out, written);
  // The written file loads in lint with no name warning left but the space-free names it has.
  const test::ProcessResult lint = run_bvhscope({"lint", output});
  EXPECT_EQ(lint.out.find("name-non-ascii"), std::string::npos) << lint.out;
}

// Finding: a joint named =HYPERLINK(...) reached export's and compare's CSV as a formula.
TEST(NothingLost, CsvCellsThatWouldRunAsFormulasArePrefixed) {
  test::TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, "JOINT =1+2");
  text.replace(text.find("ROOT Hips"), 9, "ROOT -Hips");
  const std::string path = dir.write("formula.bvh", text).string();
  const test::ProcessResult exported = run_bvhscope({"export", path});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.out.substr(0, exported.out.find('\n')),
            "Time,'-Hips.X,'-Hips.Y,'-Hips.Z,'=1+2.X,'=1+2.Y,'=1+2.Z,'=1+2End.X,'=1+2End.Y,'=1+2End.Z");
  const std::string errors = (dir.path() / "errors.csv").string();
  const test::ProcessResult compared = run_bvhscope({"compare", path, path, "--csv", errors});
  ASSERT_EQ(compared.exit_code, 0) << compared.err;
  const std::string csv = test::read_file(errors);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "frame,mean_error,'-Hips,'=1+2,'=1+2End") << csv;
}

// Finding: convert --units 10 on huge offsets wrote "inf" and exited 0; info then failed on it.
TEST(NothingLost, ConversionsThatOverflowAreRefusedNamingTheJoint) {
  test::TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("OFFSET 0 10 0"), 13, "OFFSET 0 3e38 0");
  const std::string path = dir.write("huge.bvh", text).string();
  const std::string output = (dir.path() / "out.bvh").string();
  for (const std::vector<std::string>& units :
       {std::vector<std::string>{"--units", "10"}, std::vector<std::string>{"--units", "mm", "--from-units", "m"}}) {
    std::vector<std::string> args = {"convert", path, "-o", output};
    args.insert(args.end(), units.begin(), units.end());
    const test::ProcessResult result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 1) << units[1];
    EXPECT_EQ(result.err, path +
                              ":6:1: error: joint 'Chest': its OFFSET Y would be inf, past the largest float a BVH "
                              "file holds; nothing was written\n");
    EXPECT_FALSE(std::filesystem::exists(output));
  }
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()), 1);
}

// Findings: render --fps 1e-300 passed validation; an odd MP4 size exited 1; convert --frames 0:100
// on a short clip trimmed silently where render refused.
TEST(NothingLost, RenderAndConvertGiveTheSameUsageErrors) {
  test::TempDir dir;
  const std::string path = dir.write("two.bvh", std::string(test::kTwoJoints)).string();
  const std::string video = (dir.path() / "a.mp4").string();
  const test::ProcessResult fps = run_bvhscope({"render", path, "-o", video, "--fps", "1e-300"});
  EXPECT_EQ(fps.exit_code, 2);
  EXPECT_EQ(fps.err.substr(0, fps.err.find('\n')),
            "bvhscope: render: --fps must be a number of frames per second from 0.1 to 1000, not '1e-300'");
  const test::ProcessResult odd = run_bvhscope({"render", path, "-o", video, "--size", "641x480"});
  EXPECT_EQ(odd.exit_code, 2);
  EXPECT_EQ(odd.err.substr(0, odd.err.find('\n')),
            "bvhscope: render: MP4 (H.264, yuv420p) needs an even width and height, not 641x480 (use 642x480)");
  const std::string range = "--frames 0:100 is outside the clip's frames 0:1";
  const test::ProcessResult rendered = run_bvhscope({"render", path, "-o", video, "--frames", "0:100"});
  EXPECT_EQ(rendered.exit_code, 2);
  EXPECT_EQ(rendered.err.substr(0, rendered.err.find('\n')), "bvhscope: render: " + range);
  const test::ProcessResult strip =
      run_bvhscope({"render", path, "-o", (dir.path() / "s.png").string(), "--strip", "3", "--frames", "0:100"});
  EXPECT_EQ(strip.exit_code, 2);
  EXPECT_EQ(strip.err.substr(0, strip.err.find('\n')), "bvhscope: render: " + range);
  // Finding: a video that cannot be created named its path twice.
  const std::string missing = (dir.path() / "no-folder" / "a.mp4").string();
  const test::ProcessResult uncreated = run_bvhscope({"render", path, "-o", missing});
  EXPECT_EQ(uncreated.exit_code, 1);
  EXPECT_EQ(uncreated.err, missing + ": error: cannot create a file in " + (dir.path() / "no-folder").string() +
                               ": No such file or directory\n");
  const std::string output = (dir.path() / "out.bvh").string();
  const test::ProcessResult converted = run_bvhscope({"convert", path, "-o", output, "--frames", "0:100"});
  EXPECT_EQ(converted.exit_code, 2);
  EXPECT_EQ(converted.err.substr(0, converted.err.find('\n')), "bvhscope: convert: " + range);
  EXPECT_FALSE(std::filesystem::exists(output));
  EXPECT_FALSE(std::filesystem::exists(video));
}

// Finding: on a chain of one-channel hinges under a ZXY root (as the deep chain of the finding),
// lint's hint proposed "--rotation-order X", which convert refuses: it now proposes a whole order.
TEST(NothingLost, LintProposesARotationOrderConvertTakes) {
  test::TempDir dir;
  test::BvhBuilder hinges;
  hinges.root("J0", {0, 0, 0}, test::kPositionsZXY);
  for (int i = 1; i < 6; ++i)
    hinges.joint("J" + std::to_string(i), "J" + std::to_string(i - 1), {0, 1, 0}, "Xrotation");
  const std::string text = hinges.end_site("J5", {0, 1, 0})
                               .frame_time(0.1)
                               .frame({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
                               .frame({0, 0, 0, 10, 20, 30, 5, 5, 5, 5, 5})
                               .text();
  const std::string path = dir.write("hinges.bvh", text).string();
  const test::ProcessResult lint = run_bvhscope({"lint", path});
  const std::string hint =
      "  hint: legal BVH, but some readers assume one order: bvhscope convert --rotation-order ZXY keeps every pose\n";
  EXPECT_NE(lint.out.find("rotation orders differ (ZXY x1, X x5); 'J0' uses ZXY [mixed-rotation-orders]\n" + hint),
            std::string::npos)
      << lint.out;
  const test::ProcessResult converted =
      run_bvhscope({"convert", path, "-o", (dir.path() / "out.bvh").string(), "--rotation-order", "ZXY"});
  EXPECT_EQ(converted.exit_code, 0) << converted.err;
}

}  // namespace
}  // namespace bvhscope
