// The baseline program for bench/info_vs_baseline.sh: reads a BVH file into memory and converts
// every frame value with std::from_chars<float> into one float array, single-threaded, checking
// nothing else. What `bvhscope info` is compared with, in wall time and peak memory.
//
//   bvhscope_bench_from_chars FILE.bvh      prints "floats=N checksum=S"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string_view>

#include "support/bench_data.hpp"

int main(int argc, char** argv) {
  using namespace bvhscope::bench;
  if (argc != 2) {
    std::fprintf(stderr, "usage: bvhscope_bench_from_chars FILE.bvh\n");
    return 2;
  }
  const int fd = ::open(argv[1], O_RDONLY | O_CLOEXEC);
  struct stat info {};
  if (fd < 0 || ::fstat(fd, &info) != 0) {
    std::perror(argv[1]);
    return 1;
  }
  const auto size = static_cast<std::size_t>(info.st_size);
  const auto bytes = std::make_unique_for_overwrite<char[]>(size);
  std::size_t filled = 0;
  while (filled < size) {
    const ssize_t got = ::read(fd, bytes.get() + filled, size - filled);
    if (got <= 0) break;
    filled += static_cast<std::size_t>(got);
  }
  ::close(fd);
  const std::string_view text(bytes.get(), filled);

  // Sized from the header ("Frames:" x values on the first row), bounded by what the text can hold.
  std::size_t capacity = declared_frames(text) * first_row_values(text);
  if (capacity > filled / 2 + 1) capacity = filled / 2 + 1;
  const auto values = std::make_unique_for_overwrite<float[]>(capacity);
  const auto count = from_chars_floats(text.substr(motion_offset(text)), values.get(), capacity);
  if (!count) {
    std::fprintf(stderr, "bvhscope_bench_from_chars: a value std::from_chars refuses\n");
    return 1;
  }
  double checksum = 0.0;
  for (std::size_t i = 0; i < *count; i += 4096) checksum += static_cast<double>(values[i]);
  std::printf("floats=%zu checksum=%.6g\n", *count, checksum);
  return 0;
}
