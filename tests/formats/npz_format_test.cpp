// NumPy archives (.npz) through the reader seam: every array of joint positions a motion named by
// its key, others left out with a warning, --key, stored and deflated members, NumPy's ZIP64
// headers, and located refusals of damaged archives (cut short, a wrong CRC, a decompression bomb,
// encryption, another method). The archives are written by the tests' own writer (zip_writer.hpp)
// around .npy files from npy_writer.hpp; tests/independent checks archives NumPy itself wrote.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "formats/npz_format.hpp"
#include "formats/read_motions.hpp"
#include "formats/zip_archive.hpp"
#include "npy_writer.hpp"
#include "zip_writer.hpp"

namespace bvhscope {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

// Frame f, joint j, coordinate c of motion `seed` in the archives.
double npz_value(int seed, std::size_t f, std::size_t j, std::size_t c) {
  return seed * 100.0 + static_cast<double>(f) * 4.0 + static_cast<double>(j) * 0.5 + static_cast<double>(c) * 0.125;
}

std::string npz_positions_npy(int seed, std::size_t frames, std::size_t joints) {
  std::vector<double> values;
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t j = 0; j < joints; ++j)
      for (std::size_t c = 0; c < 3; ++c) values.push_back(npz_value(seed, f, j, c));
  return test::npy_bytes({"<f4", false, {frames, joints, 3}}, values);
}

std::string npz_error_text(const Result<MotionFile>& file) {
  return file ? std::string("(read)") : format_diagnostic(file.error(), Severity::Error);
}

// Every position of `clip` equals the array's (5 joints: no layout, so unconnected points in the
// array's order).
void expect_npz_motion(const Clip& clip, int seed, std::size_t frames, std::size_t joints) {
  ASSERT_EQ(clip.motion.frame_count, frames);
  ASSERT_EQ(clip.motion.position_joints, static_cast<int>(joints));
  for (std::size_t f = 0; f < frames; ++f) {
    const std::span<const float> row = clip.motion.joint_positions(f);
    for (std::size_t j = 0; j < joints; ++j)
      for (std::size_t c = 0; c < 3; ++c)
        ASSERT_EQ(row[j * 3 + c], static_cast<float>(npz_value(seed, f, j, c))) << "frame " << f << " joint " << j;
  }
}

TEST(NpzFormat, EveryArrayOfPositionsIsAMotionNamedByItsKey) {
  for (const bool deflate : {false, true}) {
    for (const bool zip64 : {false, true}) {
      SCOPED_TRACE(std::string(deflate ? "deflated" : "stored") + (zip64 ? ", ZIP64" : ""));
      const std::string archive = test::zip_bytes({{"walk.npy", npz_positions_npy(1, 4, 5), deflate, zip64},
                                                   {"run.npy", npz_positions_npy(2, 3, 5), deflate, zip64}},
                                                  zip64);
      const Result<MotionFile> file = read_npz_bytes(archive, "a.npz", {});
      ASSERT_TRUE(file.ok()) << npz_error_text(file);
      EXPECT_EQ(file.value().format, "NumPy archive (.npz)");
      ASSERT_EQ(file.value().motions.size(), 2u);
      EXPECT_EQ(file.value().motions[0].name, "walk");
      EXPECT_EQ(file.value().motions[1].name, "run");
      EXPECT_EQ(file.value().motions[0].source, "a.npz");
      EXPECT_TRUE(file.value().motions[0].warnings.empty());
      expect_npz_motion(file.value().motions[0], 1, 4, 5);
      expect_npz_motion(file.value().motions[1], 2, 3, 5);
      EXPECT_DOUBLE_EQ(file.value().motions[1].motion.frame_time, 1.0 / 30.0);
    }
  }
}

TEST(NpzFormat, ABatchInsideIsNamedByKeyAndMotion) {
  std::vector<double> values;
  for (std::size_t m = 0; m < 2; ++m)
    for (std::size_t f = 0; f < 3; ++f)
      for (std::size_t j = 0; j < 5; ++j)
        for (std::size_t c = 0; c < 3; ++c) values.push_back(npz_value(static_cast<int>(m), f, j, c));
  const std::string archive = test::zip_bytes({{"samples.npy", test::npy_bytes({"<f4", false, {2, 3, 5, 3}}, values)},
                                               {"reference.npy", npz_positions_npy(7, 3, 5)}});
  const Result<MotionFile> file = read_npz_bytes(archive, "a.npz", {});
  ASSERT_TRUE(file.ok()) << npz_error_text(file);
  ASSERT_EQ(file.value().motions.size(), 3u);
  EXPECT_EQ(file.value().motions[0].name, "samples / motion 0");
  EXPECT_EQ(file.value().motions[1].name, "samples / motion 1");
  EXPECT_EQ(file.value().motions[2].name, "reference");
  expect_npz_motion(file.value().motions[1], 1, 3, 5);
}

TEST(NpzFormat, ArraysThatAreNotMotionsAreLeftOutWithAWarning) {
  const std::string archive =
      test::zip_bytes({{"poses.npy", npz_positions_npy(3, 2, 5)},
                       {"betas.npy", test::npy_bytes({"<f4", false, {10}}, std::vector<double>(10, 0.5))},
                       {"README.txt", "not an array"}});
  const Result<MotionFile> file = read_npz_bytes(archive, "a.npz", {});
  ASSERT_TRUE(file.ok()) << npz_error_text(file);
  ASSERT_EQ(file.value().motions.size(), 1u);
  const Clip& poses = file.value().motions[0];
  EXPECT_EQ(poses.name, "poses");
  expect_npz_motion(poses, 3, 2, 5);
  ASSERT_EQ(poses.warnings.size(), 2u);
  EXPECT_THAT(
      format_diagnostic(poses.warnings[0], Severity::Warning),
      MatchesRegex("a\\.npz:1:[0-9]+: warning: entry 'README\\.txt' is not a NumPy array \\(\\.npy\\); left out"));
  EXPECT_THAT(format_diagnostic(poses.warnings[1], Severity::Warning),
              StartsWith("a.npz/betas.npy: warning: left out (not a motion): shape (10,) is not joint positions; "
                         "expected (frames, joints, 3)"));
}

TEST(NpzFormat, KeyPicksOneArrayAndAnUnknownKeyNamesTheArrays) {
  const std::string archive =
      test::zip_bytes({{"walk.npy", npz_positions_npy(1, 4, 5)}, {"run.npy", npz_positions_npy(2, 3, 5)}});
  ReadOptions options;
  options.array_key = "run";
  const Result<MotionFile> file = read_npz_bytes(archive, "a.npz", options);
  ASSERT_TRUE(file.ok()) << npz_error_text(file);
  ASSERT_EQ(file.value().motions.size(), 1u);
  expect_npz_motion(file.value().motions[0], 2, 3, 5);
  options.array_key = "jog";
  EXPECT_EQ(npz_error_text(read_npz_bytes(archive, "a.npz", options)),
            "a.npz: error: --key jog: the archive has no such array; its arrays: 'walk', 'run'");
  // A key whose array is not a motion says why, located in that array.
  const std::string with_betas = test::zip_bytes(
      {{"walk.npy", npz_positions_npy(1, 4, 5)}, {"betas.npy", test::npy_bytes({"<f4", false, {10}}, {})}});
  options.array_key = "betas";
  EXPECT_THAT(npz_error_text(read_npz_bytes(with_betas, "a.npz", options)), StartsWith("a.npz/betas.npy: error: "));
}

TEST(NpzFormat, AnArchiveWithoutMotionsIsRefusedNamingEachArray) {
  const std::string archive =
      test::zip_bytes({{"betas.npy", test::npy_bytes({"<f4", false, {10}}, std::vector<double>(10, 0.0))},
                       {"trans.npy", test::npy_bytes({"<f4", false, {4, 2}}, std::vector<double>(8, 0.0))}});
  const std::string text = npz_error_text(read_npz_bytes(archive, "a.npz", {}));
  EXPECT_THAT(text, StartsWith("a.npz: error: none of the archive's 2 arrays reads as a motion; 'betas': shape "
                               "(10,) is not joint positions"));
  EXPECT_THAT(text, HasSubstr("; 'trans': shape (4, 2) is not joint positions"));
  EXPECT_EQ(npz_error_text(read_npz_bytes(test::zip_bytes({}), "empty.npz", {})),
            "empty.npz: error: the archive is empty: it holds no arrays");
  EXPECT_EQ(npz_error_text(read_npz_bytes(test::zip_bytes({{"notes.txt", "x"}}), "t.npz", {})),
            "t.npz: error: the archive holds no NumPy arrays (.npy entries)");
}

// The central directory record of the archive's first member (the end record's last field).
std::size_t npz_directory_at(const std::string& archive) {
  const std::size_t end = archive.size() - 22;
  std::size_t at = 0;
  for (int i = 3; i >= 0; --i)
    at = (at << 8) | static_cast<unsigned char>(archive[end + 16 + static_cast<std::size_t>(i)]);
  return at;
}

void npz_patch(std::string& archive, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    archive[at + static_cast<std::size_t>(i)] = static_cast<char>((value >> (8 * i)) & 0xff);
}

TEST(NpzFormat, DamagedArchivesAreRefusedAtTheirByte) {
  const std::string member = npz_positions_npy(1, 4, 5);
  const std::string good = test::zip_bytes({{"walk.npy", member, true}});
  const std::size_t data = 30 + 8;  // the local header and the name "walk.npy"

  const std::string cut = good.substr(0, good.size() - 5);
  EXPECT_EQ(npz_error_text(read_npz_bytes(cut, "a.npz", {})),
            "a.npz:1:" + std::to_string(cut.size() + 1) +
                ": error: no end-of-central-directory record (PK\\5\\6) in the last " + std::to_string(cut.size()) +
                " bytes: not a whole ZIP archive (cut short?)");

  std::string stored = test::zip_bytes({{"walk.npy", member}});
  stored[data + 200] = static_cast<char>(stored[data + 200] ^ 0x10);
  char recorded[16];
  std::snprintf(recorded, sizeof recorded, "%08x", test::bitwise_crc32(member));
  EXPECT_THAT(npz_error_text(read_npz_bytes(stored, "a.npz", {})),
              MatchesRegex("a\\.npz:1:39: error: entry 'walk\\.npy' is damaged: its CRC-32 is [0-9a-f]{8}, not the " +
                           std::string(recorded) + " recorded"));

  std::string bomb = good;
  const std::size_t directory = npz_directory_at(bomb);
  const std::uint64_t compressed = directory - data;  // one member: its data ends where the directory starts
  npz_patch(bomb, directory + 24, compressed * 2000, 4);
  EXPECT_EQ(npz_error_text(read_npz_bytes(bomb, "a.npz", {})),
            "a.npz:1:" + std::to_string(directory + 1) + ": error: entry 'walk.npy' declares " +
                std::to_string(compressed * 2000) + " bytes from " + std::to_string(compressed) +
                " compressed: more than deflate's 1032 to 1 (a decompression bomb?)");

  std::string encrypted = good;
  encrypted[6] = 1;
  EXPECT_EQ(npz_error_text(read_npz_bytes(encrypted, "a.npz", {})), "a.npz:1:7: error: entry 'walk.npy' is encrypted");

  std::string bzip2 = good;
  bzip2[8] = 12;
  npz_patch(bzip2, npz_directory_at(bzip2) + 10, 12, 2);
  EXPECT_EQ(npz_error_text(read_npz_bytes(bzip2, "a.npz", {})),
            "a.npz:1:9: error: entry 'walk.npy' is compressed by method 12; only stored (0) and deflated (8) entries "
            "are read");

  std::string garbled = good;
  for (std::size_t k = data; k < data + 8; ++k) garbled[k] = static_cast<char>(0xff);
  EXPECT_THAT(npz_error_text(read_npz_bytes(garbled, "a.npz", {})),
              MatchesRegex("a\\.npz:1:[0-9]+: error: entry 'walk\\.npy' is not valid deflate data: .+"));

  std::string longer = good;  // the directory declares more bytes than the data inflates to
  npz_patch(longer, npz_directory_at(longer) + 24, member.size() + 10, 4);
  EXPECT_EQ(npz_error_text(read_npz_bytes(longer, "a.npz", {})),
            "a.npz:1:" + std::to_string(npz_directory_at(longer) + 1) + ": error: entry 'walk.npy' inflates to " +
                std::to_string(member.size()) + " bytes, not the " + std::to_string(member.size() + 10) +
                " it declares");

  std::string cut_member = good;  // the deflate stream stops half-way: its compressed size halved
  const std::size_t directory_of_cut = npz_directory_at(cut_member);
  npz_patch(cut_member, directory_of_cut + 20, (directory_of_cut - data) / 2, 4);
  EXPECT_THAT(npz_error_text(read_npz_bytes(cut_member, "a.npz", {})),
              MatchesRegex("a\\.npz:1:[0-9]+: error: entry 'walk\\.npy' ends after [0-9]+ of its " +
                           std::to_string(member.size()) + " bytes: its compressed data is cut short"));
}

TEST(NpzSniff, AZipWhoseFirstEntryIsAnArray) {
  const std::string archive = test::zip_bytes({{"walk.npy", npz_positions_npy(1, 2, 5)}});
  EXPECT_EQ(sniff_npz(archive, true), Sniffed::Yes);
  EXPECT_EQ(sniff_npz(test::zip_bytes({{"word/document.xml", "<x/>"}}), true), Sniffed::No);
  EXPECT_EQ(sniff_npz("PK", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_npz("PK", true), Sniffed::No);
  EXPECT_EQ(sniff_npz(archive.substr(0, 20), false), Sniffed::Undecided);
  EXPECT_EQ(sniff_npz("HIERARCHY", false), Sniffed::No);
  // Through the seam, under any name: the content decides.
  const Result<MotionFile> file = read_motions_from_bytes(archive, "download", {});
  ASSERT_TRUE(file.ok()) << npz_error_text(file);
  EXPECT_EQ(file.value().format, "NumPy archive (.npz)");
}

}  // namespace
}  // namespace bvhscope
