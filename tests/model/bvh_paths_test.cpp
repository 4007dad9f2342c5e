// Which files a drop or the command line opens (engine/model/bvh_paths): folders as their .bvh files
// in natural order, hidden entries skipped, subfolders on request, every refusal with its reason.
#include <gtest/gtest.h>

#include <filesystem>

#include "model/bvh_paths.hpp"
#include "test_support.hpp"

namespace bvhscope::viewer {
namespace {

TEST(BvhPaths, NaturalOrderComparesNumbersAsNumbers) {
  EXPECT_TRUE(natural_less("walk2.bvh", "walk10.bvh"));
  EXPECT_FALSE(natural_less("walk10.bvh", "walk2.bvh"));
  EXPECT_TRUE(natural_less("Run.bvh", "walk.bvh"));  // case ignored first
  EXPECT_TRUE(natural_less("a.bvh", "a1.bvh"));
  EXPECT_TRUE(natural_less("take_007.bvh", "take_8.bvh"));
  EXPECT_FALSE(natural_less("x.bvh", "x.bvh"));
  // Equal but for case or leading zeros: still a strict order.
  EXPECT_NE(natural_less("A.bvh", "a.bvh"), natural_less("a.bvh", "A.bvh"));
  EXPECT_NE(natural_less("t01.bvh", "t1.bvh"), natural_less("t1.bvh", "t01.bvh"));
}

TEST(BvhPaths, AFolderOpensItsBvhFilesInNaturalOrder) {
  test::TempDir dir;
  for (const char* name : {"walk10.bvh", "walk2.bvh", "Walk1.BVH", "notes.txt", ".hidden.bvh"})
    (void)dir.write(name, "x");
  std::filesystem::create_directories(dir.path() / "sub");
  (void)dir.write("sub/deep.bvh", "x");
  std::filesystem::create_directories(dir.path() / ".git");
  (void)dir.write(".git/inside.bvh", "x");
  const std::string root = dir.path().string();

  const BvhPaths flat = expand_bvh_paths({root});
  EXPECT_EQ(flat.files, (std::vector<std::string>{root + "/Walk1.BVH", root + "/walk2.bvh", root + "/walk10.bvh"}));
  EXPECT_TRUE(flat.refused.empty());

  const BvhPaths deep = expand_bvh_paths({root}, true);
  EXPECT_EQ(deep.files, (std::vector<std::string>{root + "/sub/deep.bvh", root + "/Walk1.BVH", root + "/walk2.bvh",
                                                  root + "/walk10.bvh"}));
}

TEST(BvhPaths, FilesKeepTheirOrderAndEveryRefusalSaysWhy) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "empty");
  const std::string empty = (dir.path() / "empty").string();
  const BvhPaths out = expand_bvh_paths({"b.bvh", "notes.txt", empty, "a.bvh", "/no/such/file.bvh"});
  EXPECT_EQ(out.files, (std::vector<std::string>{"b.bvh", "a.bvh", "/no/such/file.bvh"}));
  EXPECT_EQ(out.refused, (std::vector<std::string>{
                             "notes.txt: not a BVH file (bvhscope opens .bvh motion-capture files)",
                             empty + ": no motion files (.bvh, .npy, .npz, .glb, .gltf, .fbx) in this folder"}));
}

// A file named otherwise opens when its content is a motion file's (a BVH saved as .txt); in a
// folder only the names count (a folder of notes is not read to find out).
TEST(BvhPaths, AFileNamedOtherwiseOpensByItsContent) {
  test::TempDir dir;
  const std::string bvh_text = dir.write("walk.txt", test::kTwoJoints).string();
  const std::string notes = dir.write("notes.txt", "shopping list\n").string();
  const BvhPaths out = expand_bvh_paths({bvh_text, notes});
  EXPECT_EQ(out.files, (std::vector<std::string>{bvh_text}));
  EXPECT_EQ(out.refused,
            (std::vector<std::string>{notes + ": not a BVH file (bvhscope opens .bvh motion-capture files)"}));
  EXPECT_EQ(expand_bvh_paths({dir.path().string()}).refused,
            (std::vector<std::string>{dir.path().string() +
                                      ": no motion files (.bvh, .npy, .npz, .glb, .gltf, .fbx) in this folder"}));
}

}  // namespace
}  // namespace bvhscope::viewer
