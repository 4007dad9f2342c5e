// read_file_bytes: a whole file's bytes, small files in a string and big ones (8 MiB and more) in
// memory mapped for them (huge pages asked for): the same bytes as read_text_file either way, and
// the same refusals.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>
#include <string>

#include "anim/file_loader.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace file_bytes_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

std::string patterned(std::size_t size) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
  return bytes;
}

TEST(FileBytes, SmallAndBigFilesReadAsTheirBytes) {
  test::TempDir dir;
  for (const std::size_t size : {std::size_t{0}, std::size_t{5}, std::size_t{8} << 20, (std::size_t{9} << 20) + 3}) {
    const std::string path = (dir.path() / ("f" + std::to_string(size))).string();
    const std::string written = patterned(size);
    std::ofstream(path, std::ios::binary) << written;
    Result<FileBytes> read = read_file_bytes(path);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read.value().view().size(), size);
    EXPECT_TRUE(read.value().view() == written) << size;
    const char* where = read.value().view().data();
    FileBytes moved = std::move(read).value();
    EXPECT_TRUE(moved.view() == written) << size;
    // Mapped bytes (8 MiB and more) stay where they are when their owner moves.
    if (size >= (std::size_t{8} << 20)) {
      EXPECT_EQ(moved.view().data(), where) << size;
    }
  }
}

TEST(FileBytes, WhatCannotBeReadIsRefusedAsReadTextFileRefusesIt) {
  test::TempDir dir;
  const std::string missing = (dir.path() / "missing.fbx").string();
  const Result<FileBytes> none = read_file_bytes(missing);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, read_text_file(missing).error().message);
  const Result<FileBytes> folder = read_file_bytes(dir.path().string());
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().message, read_text_file(dir.path().string()).error().message);
  const std::string fifo = (dir.path() / "pipe").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Result<FileBytes> piped = read_file_bytes(fifo);
  ASSERT_FALSE(piped.ok());
  EXPECT_EQ(piped.error().message, read_text_file(fifo).error().message);
}

}  // namespace
}  // namespace file_bytes_test
}  // namespace bvhscope
