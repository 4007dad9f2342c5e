// What an open dialog answers, as files: one path, or several on lines of their own (zenity
// --multiple --separator=NEWLINE), with '|' and spaces kept inside names.
#include "viewer/file_dialog.hpp"

#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

TEST(ChosenPaths, OneFileOrSeveralOnLinesOfTheirOwn) {
  EXPECT_EQ(chosen_paths("/a/walk.bvh"), std::vector<std::string>{"/a/walk.bvh"});
  EXPECT_EQ(chosen_paths("/a/walk|run.bvh\n/b/c d.npy\n"), (std::vector<std::string>{"/a/walk|run.bvh", "/b/c d.npy"}));
  EXPECT_EQ(chosen_paths("/a/x.bvh\r\n\n/b/y.glb"), (std::vector<std::string>{"/a/x.bvh", "/b/y.glb"}));
  EXPECT_TRUE(chosen_paths("").empty());
  EXPECT_TRUE(chosen_paths("\n\n").empty());
}

}  // namespace
}  // namespace bvhscope::viewer
