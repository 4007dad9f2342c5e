// The entries of a ZIP archive held in memory, as NumPy's np.savez and np.savez_compressed write
// them (Python's zipfile: ZIP64 fields on every entry, stored or deflated): the central directory
// read from the end of the file, then any entry's bytes, inflated with zlib and checked against
// the entry's CRC-32 and sizes. Errors are located at the archive's byte (line 1, column = byte + 1)
// and name what was expected there. Encrypted entries, other compression methods and archives
// split over several disks are refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"

namespace bvhscope {

inline constexpr std::string_view kZipLocalHeaderSignature{"PK\x03\x04", 4};

struct ZipEntry {
  std::string name;                   // as stored: "pose.npy", "sub/dir/x.npy"
  std::uint16_t method = 0;           // 0: stored, 8: deflated
  std::uint32_t crc32 = 0;            // of the uncompressed bytes
  std::uint64_t compressed_size = 0;  // the bytes in the archive
  std::uint64_t size = 0;             // the bytes once inflated
  std::uint64_t local_header_offset = 0;
  std::size_t directory_offset = 0;  // where its central directory record is (for messages)
};

// Inflated bytes per compressed byte above which an entry is refused as a decompression bomb:
// deflate itself cannot do better than 1032 to 1.
inline constexpr std::uint64_t kZipMaximumRatio = 1032;

// The entries of the archive `bytes` (named `source` in messages), in central directory order.
// Refused: no end-of-central-directory record, a directory or entry that runs past the end of the
// bytes, several disks.
Result<std::vector<ZipEntry>> read_zip_directory(std::string_view bytes, std::string_view source);

// The bytes of `entry` of the archive `bytes`, inflated and checked: its local header, its method
// (stored or deflated), its encryption (refused), its sizes (a ratio above kZipMaximumRatio is
// refused before anything is inflated) and its CRC-32.
Result<std::string> read_zip_entry(std::string_view bytes, const ZipEntry& entry, std::string_view source);

}  // namespace bvhscope
