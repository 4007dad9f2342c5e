// Reading BVH files from disk: a thin wrapper around parse_bvh with bounded, checked file access.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "anim/bvh_parser.hpp"
#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Largest file read; a larger one is refused with a message rather than exhausting memory.
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;

// Reads a whole regular file. Directories, FIFOs, devices and unreadable files are refused with a
// message naming the path ("walk.bvh: error: ..."); a file that shrinks while it is read yields
// what was there, one that grows is read up to its size when opened. A regular file that reports
// a size of 0 (procfs: /proc/self/status) is read to its end, as load_bvh_file does.
Result<std::string> read_text_file(const std::string& path);

// A whole file's bytes as read_text_file reads them, for readers that need them all at once (glTF,
// FBX, arrays). A big file's bytes are on huge pages (anim/huge_pages.hpp): on a virtual machine a
// fault every 4 KiB costs a big file more than reading it.
class FileBytes {
 public:
  FileBytes() = default;
  explicit FileBytes(std::string text) : text_(std::move(text)) {}
  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&& other) noexcept;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();

  [[nodiscard]] std::string_view view() const noexcept {
    return block_ != nullptr ? std::string_view(static_cast<const char*>(block_), size_) : std::string_view(text_);
  }

 private:
  friend Result<FileBytes> read_file_bytes(const std::string& path);
  std::string text_;
  void* block_ = nullptr;  // the bytes on huge pages (map_huge_block), or null for text_
  std::size_t block_size_ = 0;
  std::size_t size_ = 0;
};

Result<FileBytes> read_file_bytes(const std::string& path);

// Reads and parses a BVH file as a stream: the hierarchy first, then the frame rows block by block
// on worker threads, so memory holds the motion table and a few blocks, never the whole text.
// Same results and messages as parse_bvh on the file's text. `progress` (optional) reports bytes
// and finished rows, can cancel, and hands out the clip while its rows arrive (see LoadProgress).
Result<Clip> load_bvh_file(const std::string& path, LoadProgress* progress = nullptr, const ParseOptions& options = {});

}  // namespace bvhscope
