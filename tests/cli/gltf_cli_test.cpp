// `bvhscope convert X -o X.glb|X.gltf|X.fbx` end to end: metres and +Y up by default (the guess and the
// detection decide; --units and --up override), a unit nobody can tell written as it is with a
// warning that says so, BVH-only options refused, and nothing written when the writer refuses.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace gltf_cli_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using test::run_bvhscope;

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The JSON chunk of a GLB.
std::string glb_json(const std::string& bytes) {
  if (bytes.size() < 20 || bytes.compare(0, 4, "glTF") != 0) return {};
  std::uint32_t length = 0;
  for (int i = 3; i >= 0; --i)
    length = (length << 8) | static_cast<unsigned char>(bytes[12 + static_cast<std::size_t>(i)]);
  return bytes.substr(20, length);
}

TEST(ConvertToGltf, ACentimetreZUpFileIsWrittenInMetresWithYUp) {
  test::TempDir dir;
  const std::string input = (test::corpus_dir() / "pybvh__bvh_example.bvh").string();
  const std::string out = (dir.path() / "example.glb").string();
  const auto converted = run_bvhscope({"convert", input, "-o", out});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.err, "");
  EXPECT_EQ(converted.out,
            "wrote " + out + ": 75 frames at 30.000 fps, 29 nodes, 25 animated properties; metres, +y up\n");
  const std::string json = glb_json(read_bytes(out));
  EXPECT_NE(json.find(R"("animations":[{"name":"pybvh__bvh_example")"), std::string::npos)
      << json;  // the animation: the input's stem
  // The figure stands on +Y at a human height in metres: `info` on the BVH that the same change makes.
  const std::string bvh = (dir.path() / "example.bvh").string();
  ASSERT_EQ(run_bvhscope({"convert", input, "--units", "m", "--up", "+y", "-o", bvh}).exit_code, 0);
  const auto info = run_bvhscope({"info", bvh});
  EXPECT_NE(info.out.find("up axis:         +y"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("unit guess:      metres"), std::string::npos) << info.out;
}

TEST(ConvertToGltf, AnUnknownUnitIsWrittenAsItIsAndSaidSo) {
  test::TempDir dir;
  const std::string input = (test::fixtures_dir() / "two_joints.bvh").string();
  const std::string out = (dir.path() / "two.gltf").string();
  const auto converted = run_bvhscope({"convert", input, "-o", out});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.err, input +
                               ": warning: its length unit cannot be told from the figure, so lengths are written as "
                               "they are, not converted to glTF's metres (--from-units says what they are)\n");
  EXPECT_EQ(converted.out,
            "wrote " + out + ": 2 frames at 2.000 fps, 3 nodes, 3 animated properties; lengths as read, +y up\n");
  const std::string json = read_bytes(out);
  EXPECT_NE(
      json.find(R"({"name":"Chest","translation":[0,10,0],"children":[2]},{"name":"ChestEnd","translation":[0,5,0]})"),
      std::string::npos)
      << json;
  // Given the unit, lengths are converted: centimetres to metres.
  const auto given = run_bvhscope({"convert", input, "--units", "m", "--from-units", "cm", "-o", out, "--force"});
  ASSERT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(given.err, "");
  EXPECT_NE(read_bytes(out).find(R"({"name":"Chest","translation":[0,0.1,0])"), std::string::npos);
}

TEST(ConvertToGltf, FbxIsWrittenInMetresWithYUpAndReadsBack) {
  test::TempDir dir;
  const std::string input = (test::corpus_dir() / "pybvh__bvh_example.bvh").string();
  const std::string out = (dir.path() / "example.fbx").string();
  const auto converted = run_bvhscope({"convert", input, "-o", out});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.out,
            "wrote " + out + ": 75 frames at 30.000 fps, 29 models, 75 animation curves; metres, +y up\n");
  EXPECT_EQ(read_bytes(out).substr(0, 20), "Kaydara FBX Binary  ");
  const auto info = run_bvhscope({"info", out});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("in the FBX file: \"pybvh__bvh_example\""), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("frames:          75"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("up axis:         +y"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("unit guess:      metres"), std::string::npos) << info.out;
}

TEST(ConvertToGltf, BvhOnlyOptionsAreRefusedAndNothingIsWritten) {
  test::TempDir dir;
  const std::string input = (test::fixtures_dir() / "two_joints.bvh").string();
  const std::string out = (dir.path() / "two.glb").string();
  const auto refused = run_bvhscope({"convert", input, "-o", out, "--precision", "3"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err,
            "bvhscope: convert: --precision is for BVH text; glTF keeps every float as it is\n"
            "Try 'bvhscope --help'.\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(ConvertToGltf, BodyAddsASkinnedMeshAndIsForGltfOnly) {
  test::TempDir dir;
  const std::string input = (test::corpus_dir() / "pybvh__bvh_example.bvh").string();
  const std::string out = (dir.path() / "example.glb").string();
  const auto converted = run_bvhscope({"convert", input, "--body", "-o", out});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.err, "");
  // 28 bones of 74 vertices each (tests/formats/capsule_body_test.cpp).
  EXPECT_EQ(converted.out, "wrote " + out +
                               ": 75 frames at 30.000 fps, 29 nodes, 25 animated properties, a skinned body of 2072 "
                               "vertices; metres, +y up\n");
  const std::string json = glb_json(read_bytes(out));
  EXPECT_NE(json.find(R"({"name":"body","mesh":0,"skin":0})"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("skins":[{"inverseBindMatrices":)"), std::string::npos) << json;
  // bvhscope reads the file back as the same 29 joints: the body's node is no joint.
  const auto info = run_bvhscope({"info", out});
  EXPECT_NE(info.out.find("joints:          24 (+5 End Sites)"), std::string::npos) << info.out;

  for (const std::string other : {"example.bvh", "example.fbx"}) {
    const std::string refused_path = (dir.path() / other).string();
    const auto refused = run_bvhscope({"convert", input, "--body", "-o", refused_path});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_EQ(refused.err,
              "bvhscope: convert: --body is for glTF (-o OUT.glb or OUT.gltf, or --format glb|gltf): a skinned capsule "
              "body for viewers that show meshes only\nTry 'bvhscope --help'.\n");
    EXPECT_FALSE(std::filesystem::exists(refused_path));
  }
}

TEST(ConvertToGltf, RetargetWritesABodyToo) {
  test::TempDir dir;
  const std::string source = (test::corpus_dir() / "bvh11__131_01.bvh").string();
  const std::string target = (test::corpus_dir() / "pybvh__bvh_example.bvh").string();
  const std::string out = (dir.path() / "moved.gltf").string();
  const auto moved = run_bvhscope({"retarget", source, "--to", target, "--body", "--frames", "0:9", "-o", out});
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  std::ifstream in(out);
  const std::string json{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(json.find(R"({"name":"body","mesh":0,"skin":0})"), std::string::npos);
  const auto refused =
      run_bvhscope({"retarget", source, "--to", target, "--body", "-o", (dir.path() / "m.bvh").string()});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("retarget: --body is for glTF"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace gltf_cli_test
}  // namespace bvhscope
