// The shaders embedded at build time (.incbin or generated C++ arrays, see cmake/EmbedResources.cmake)
// are byte for byte the files in shaders/.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "bvhscope_shader_sources.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(EmbeddedShaders, EveryShaderEqualsItsFileOnDisk) {
  for (const char* name :
       {"background.vert", "background.frag", "ground.vert", "ground.frag", "lines.vert", "lines.frag", "capsule.vert",
        "capsule.frag", "shadow.vert", "shadow.frag", "shadow_apply.vert", "shadow_apply.frag", "overlay.vert",
        "overlay.frag", "resolve.vert", "resolve.frag"}) {
    const std::string on_disk = read_file(std::string(BVHSCOPE_SHADERS_DIR) + "/" + name);
    const std::string_view embedded = bvhscope_shader_sources(name);
    ASSERT_FALSE(on_disk.empty()) << name;
    EXPECT_EQ(embedded.size(), on_disk.size()) << name;
    EXPECT_EQ(std::string(embedded), on_disk) << name;
    // Both paths put a zero byte after the file (the GL source may be read as a C string).
    EXPECT_EQ(embedded.data()[embedded.size()], '\0') << name;
  }
}

TEST(EmbeddedShaders, UnknownNameIsEmpty) {
  EXPECT_TRUE(bvhscope_shader_sources("no_such.vert").empty());
  EXPECT_TRUE(bvhscope_shader_sources("lines").empty());
}

}  // namespace
