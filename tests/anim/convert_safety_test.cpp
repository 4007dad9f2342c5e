// Issue 26, "Nothing lost, again", in the engine: a 200 000-deep chain written without recursion and
// with bounded indentation, read back equal; joint names with characters a terminal or a reader
// may act on written with '_'; a conversion whose numbers overflow refused, naming the joint;
// --frames outside the clip refused.
#include <gtest/gtest.h>

#include <sstream>

#include "anim/bvh_writer.hpp"
#include "anim/convert.hpp"
#include "anim/file_loader.hpp"
#include "huge_bvh.hpp"
#include "io/address_sanitizer.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

#if defined(BVHSCOPE_ADDRESS_SANITIZER)
constexpr std::size_t kDeepChain = 20000;  // AddressSanitizer: a tenth (still far past the old stack limit)
#else
constexpr std::size_t kDeepChain = 200000;
#endif

// The most tabs any line of `text` starts with.
std::size_t deepest_indent(const std::string& text) {
  std::size_t deepest = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t tabs = 0;
    while (at + tabs < text.size() && text[at + tabs] == '\t') ++tabs;
    deepest = std::max(deepest, tabs);
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return deepest;
}

// Finding: a 50 000-level chain overflowed the stack in the recursive writer (convert and the
// viewer's Save as BVH died with SIGSEGV), and one tab per level made 200 000 levels 20 GB.
TEST(ConvertSafety, ADeepChainIsWrittenWithBoundedIndentAndReadsBackEqual) {
  test::TempDir dir;
  const auto path = dir.path() / "deep.bvh";
  const std::size_t bytes = test::write_deep_chain(path, kDeepChain);
  Result<Clip> loaded = load_bvh_file(path.string());
  ASSERT_TRUE(loaded) << format_diagnostic(loaded.error(), Severity::Error);
  const Clip& clip = loaded.value();
  ASSERT_EQ(clip.skeleton.joint_count(), static_cast<int>(kDeepChain));

  std::ostringstream out;
  write_bvh(clip, out);
  const std::string text = out.str();
  EXPECT_EQ(deepest_indent(text), 25u);  // 24 levels of indent, and the tab inside a block
  EXPECT_LT(text.size(), 4 * bytes);
  EXPECT_EQ(text.substr(0, 30), "HIERARCHY\nROOT J0\n{\n\tOFFSET 0 ");
  EXPECT_NE(text.find("\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t}\n"), std::string::npos);

  const Clip read = test::parse_ok(text, "written.bvh");
  EXPECT_TRUE(read.warnings.empty());
  EXPECT_EQ(read.skeleton.names, clip.skeleton.names);
  EXPECT_EQ(read.skeleton.parents, clip.skeleton.parents);
  EXPECT_EQ(read.skeleton.offsets, clip.skeleton.offsets);
  EXPECT_EQ(read.skeleton.channel_kinds, clip.skeleton.channel_kinds);
  EXPECT_EQ(read.motion.frame_count, clip.motion.frame_count);
  EXPECT_TRUE(std::equal(read.motion.values.begin(), read.motion.values.end(), clip.motion.values.begin(),
                         clip.motion.values.end()));
}

Clip clip_with_names(const std::string& root, const std::string& chest) {
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, "JOINT " + chest);
  text.replace(text.find("ROOT Hips"), 9, "ROOT " + root);
  return test::parse_ok(text);
}

// Finding: convert copied control bytes, invalid UTF-8 and U+202E of joint names into its BVH.
TEST(ConvertSafety, UnsafeCharactersInNamesAreWrittenAsUnderscores) {
  Clip clip = clip_with_names("Hips\xe2\x80\xaeLR", "Chest\x1b[31m\xe9 \xc2\x85x");
  ConvertReport report;
  Result<Clip> converted = convert_clip(std::move(clip), {}, &report);
  ASSERT_TRUE(converted) << format_diagnostic(converted.error(), Severity::Error);
  EXPECT_EQ(converted.value().skeleton.names[0], "Hips_LR");
  EXPECT_EQ(converted.value().skeleton.names[1], "Chest_[31m_ _x");
  ASSERT_EQ(report.safe_names.size(), 2u);
  EXPECT_EQ(report.safe_names[0].joint, 0);
  EXPECT_EQ(report.safe_names[0].old_name, "Hips\xe2\x80\xaeLR");
  EXPECT_EQ(report.safe_names[0].new_name, "Hips_LR");
  EXPECT_EQ(report.safe_names[1].joint, 1);
  std::ostringstream out;
  write_bvh(converted.value(), out);
  EXPECT_NE(out.str().find("ROOT Hips_LR\n"), std::string::npos);
  EXPECT_NE(out.str().find("\tJOINT Chest_[31m_ _x\n"), std::string::npos);
}

TEST(ConvertSafety, NamesThatBecomeOneAreMadeUniqueAndValidUtf8IsKept) {
  Clip clip = clip_with_names(
      "H\xc3\xbc"
      "fte\x01",
      "H\xc3\xbc"
      "fte\x02");
  ConvertReport report;
  Result<Clip> converted = convert_clip(std::move(clip), {}, &report);
  ASSERT_TRUE(converted);
  EXPECT_EQ(converted.value().skeleton.names[0],
            "H\xc3\xbc"
            "fte_");
  EXPECT_EQ(converted.value().skeleton.names[1],
            "H\xc3\xbc"
            "fte__2");
  EXPECT_EQ(report.renamed_duplicates, 1);
}

TEST(ConvertSafety, ARenameToAnUnsafeNameIsRefused) {
  ConvertOptions options;
  options.renames = {{"Chest", "Chest\xe2\x80\xae"}};
  Result<Clip> converted = convert_clip(test::parse_ok(test::kTwoJoints), options);
  ASSERT_FALSE(converted);
  EXPECT_EQ(format_diagnostic(converted.error(), Severity::Error),
            "test.bvh:6:1: error: the joint name 'Chest\\u{202e}' holds a byte that is not UTF-8, a C1 control or a "
            "bidi or format character (a BVH joint name cannot)");
}

// Finding: --units 10 on offsets near the float limit wrote "inf" and exited 0.
TEST(ConvertSafety, AResultThatIsNotFiniteIsRefusedNamingTheJoint) {
  std::string text(test::kTwoJoints);
  text.replace(text.find("OFFSET 0 10 0"), 13, "OFFSET 0 3e38 0");
  ConvertOptions options;
  options.lengths = LengthConversion{0.0, std::nullopt, 10.0};
  Result<Clip> converted = convert_clip(test::parse_ok(text), options);
  ASSERT_FALSE(converted);
  EXPECT_EQ(format_diagnostic(converted.error(), Severity::Error),
            "test.bvh:6:1: error: joint 'Chest': its OFFSET Y would be inf, past the largest float a BVH file holds");

  std::string moving(test::kTwoJoints);
  moving.replace(moving.find("4 5 6 90"), 8, "4 -3e38 6 90");
  converted = convert_clip(test::parse_ok(moving), options);
  ASSERT_FALSE(converted);
  EXPECT_EQ(format_diagnostic(converted.error(), Severity::Error),
            "test.bvh:2:1: error: joint 'Hips', frame 1, Yposition: the value would be -inf, past the largest float a "
            "BVH file holds");
}

// Finding: --frames 0:100 on a 3-frame clip trimmed silently.
TEST(ConvertSafety, FramesOutsideTheClipAreRefused) {
  ConvertOptions options;
  options.first_frame = 0;
  options.last_frame = 100;
  Result<Clip> converted = convert_clip(test::parse_ok(test::kTwoJoints), options);
  ASSERT_FALSE(converted);
  EXPECT_EQ(converted.error().message, "--frames 0:100 is outside the clip's frames 0:1");
}

}  // namespace
}  // namespace bvhscope
