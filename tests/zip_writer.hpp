// Tests' ZIP writer: the bytes of an archive as np.savez and np.savez_compressed write one (Python's
// zipfile), from the format's description (PKWARE's APPNOTE), so that the reader is tested against
// bytes it did not make: stored or deflated members (zlib's raw deflate), optionally the ZIP64
// local headers NumPy forces on every member and the ZIP64 end records of large archives. The
// CRC-32 is computed here bit by bit, not by zlib.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace bvhscope::test {

struct ZipMember {
  std::string name;
  std::string bytes;
  bool deflate = false;
  bool zip64_local = false;  // as NumPy writes: 0xFFFFFFFF sizes, the real ones in a ZIP64 extra field
};

inline std::uint32_t bitwise_crc32(const std::string& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const char c : bytes) {
    crc ^= static_cast<unsigned char>(c);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

inline void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

inline std::string raw_deflate(const std::string& bytes) {
  z_stream stream{};
  deflateInit2(&stream, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, bytes.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// `zip64_end`: the end-of-central-directory record saturated, the real values in a ZIP64 end
// record and its locator before it.
inline std::string zip_bytes(const std::vector<ZipMember>& members, bool zip64_end = false) {
  std::string out, directory;
  for (const ZipMember& member : members) {
    const std::string packed = member.deflate ? raw_deflate(member.bytes) : member.bytes;
    const std::uint32_t crc = bitwise_crc32(member.bytes);
    const std::uint16_t method = member.deflate ? 8 : 0;
    const std::size_t offset = out.size();
    // Local file header.
    put_le(out, 0x04034b50, 4);
    put_le(out, member.zip64_local ? 45 : 20, 2);  // version needed
    put_le(out, 0, 2);                             // flags
    put_le(out, method, 2);
    put_le(out, 0, 2);     // time
    put_le(out, 0x21, 2);  // date: 1980-01-01
    put_le(out, crc, 4);
    put_le(out, member.zip64_local ? 0xFFFFFFFFu : packed.size(), 4);
    put_le(out, member.zip64_local ? 0xFFFFFFFFu : member.bytes.size(), 4);
    put_le(out, member.name.size(), 2);
    put_le(out, member.zip64_local ? 20 : 0, 2);
    out += member.name;
    if (member.zip64_local) {
      put_le(out, 0x0001, 2);
      put_le(out, 16, 2);
      put_le(out, member.bytes.size(), 8);
      put_le(out, packed.size(), 8);
    }
    out += packed;
    // Its central directory record.
    put_le(directory, 0x02014b50, 4);
    put_le(directory, 0x031e, 2);  // made by: Unix, 3.0
    put_le(directory, member.zip64_local ? 45 : 20, 2);
    put_le(directory, 0, 2);
    put_le(directory, method, 2);
    put_le(directory, 0, 2);
    put_le(directory, 0x21, 2);
    put_le(directory, crc, 4);
    put_le(directory, packed.size(), 4);
    put_le(directory, member.bytes.size(), 4);
    put_le(directory, member.name.size(), 2);
    put_le(directory, 0, 2);            // extra
    put_le(directory, 0, 2);            // comment
    put_le(directory, 0, 2);            // disk
    put_le(directory, 0, 2);            // internal attributes
    put_le(directory, 0x01800000u, 4);  // external: a regular file, rw-------
    put_le(directory, offset, 4);
    directory += member.name;
  }
  const std::size_t directory_offset = out.size();
  out += directory;
  if (zip64_end) {
    const std::size_t record = out.size();
    put_le(out, 0x06064b50, 4);
    put_le(out, 44, 8);  // the record's size after this field
    put_le(out, 45, 2);
    put_le(out, 45, 2);
    put_le(out, 0, 4);
    put_le(out, 0, 4);
    put_le(out, members.size(), 8);
    put_le(out, members.size(), 8);
    put_le(out, directory.size(), 8);
    put_le(out, directory_offset, 8);
    put_le(out, 0x07064b50, 4);  // the locator
    put_le(out, 0, 4);
    put_le(out, record, 8);
    put_le(out, 1, 4);
  }
  put_le(out, 0x06054b50, 4);
  put_le(out, 0, 2);
  put_le(out, 0, 2);
  put_le(out, zip64_end ? 0xFFFFu : members.size(), 2);
  put_le(out, zip64_end ? 0xFFFFu : members.size(), 2);
  put_le(out, zip64_end ? 0xFFFFFFFFu : directory.size(), 4);
  put_le(out, zip64_end ? 0xFFFFFFFFu : directory_offset, 4);
  put_le(out, 0, 2);  // comment
  return out;
}

}  // namespace bvhscope::test
