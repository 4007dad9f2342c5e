#include "formats/zip_archive.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>

namespace bvhscope {
namespace {

constexpr std::string_view kEndSignature{"PK\x05\x06", 4};
constexpr std::string_view kZip64EndSignature{"PK\x06\x06", 4};
constexpr std::string_view kZip64LocatorSignature{"PK\x06\x07", 4};
constexpr std::string_view kDirectorySignature{"PK\x01\x02", 4};
constexpr std::size_t kEndRecordBytes = 22;
constexpr std::size_t kZip64LocatorBytes = 20;
constexpr std::size_t kZip64EndBytes = 56;
constexpr std::size_t kDirectoryRecordBytes = 46;
constexpr std::size_t kLocalHeaderBytes = 30;
constexpr std::uint16_t kZip64ExtraId = 0x0001;
constexpr std::uint32_t kAll32 = 0xFFFFFFFFu;
constexpr std::uint16_t kAll16 = 0xFFFFu;

// Little-endian fields at byte `at` of `bytes` (the caller has checked that they are there).
std::uint64_t little_endian(std::string_view bytes, std::size_t at, std::size_t width) noexcept {
  std::uint64_t value = 0;
  for (std::size_t b = width; b-- > 0;) value = (value << 8) | static_cast<unsigned char>(bytes[at + b]);
  return value;
}
std::uint16_t u16(std::string_view bytes, std::size_t at) noexcept {
  return static_cast<std::uint16_t>(little_endian(bytes, at, 2));
}
std::uint32_t u32(std::string_view bytes, std::size_t at) noexcept {
  return static_cast<std::uint32_t>(little_endian(bytes, at, 4));
}
std::uint64_t u64(std::string_view bytes, std::size_t at) noexcept { return little_endian(bytes, at, 8); }

Diagnostic error_at(std::string_view source, std::uint64_t at, std::string message) {
  const std::uint64_t column = std::min<std::uint64_t>(at + 1, std::numeric_limits<int>::max());
  return Diagnostic{std::string(source), 1, static_cast<int>(column), std::move(message)};
}

// Whether [at, at + length) lies within `size` bytes.
bool within(std::uint64_t at, std::uint64_t length, std::size_t size) noexcept {
  return at <= size && length <= size - at;
}

// Where the end-of-central-directory record starts: the last signature with a whole record after
// it whose comment reaches exactly to the end (searched over the longest comment, 65535 bytes).
std::size_t find_end_record(std::string_view bytes) noexcept {
  if (bytes.size() < kEndRecordBytes) return std::string_view::npos;
  const std::size_t lowest = bytes.size() >= kEndRecordBytes + kAll16 ? bytes.size() - kEndRecordBytes - kAll16 : 0;
  for (std::size_t at = bytes.size() - kEndRecordBytes + 1; at-- > lowest;) {
    if (bytes.substr(at, 4) == kEndSignature && at + kEndRecordBytes + u16(bytes, at + 20) == bytes.size()) return at;
  }
  for (std::size_t at = bytes.size() - kEndRecordBytes + 1; at-- > lowest;) {  // a comment with junk after it
    if (bytes.substr(at, 4) == kEndSignature) return at;
  }
  return std::string_view::npos;
}

struct Directory {
  std::uint64_t entries = 0;
  std::uint64_t size = 0;
  std::uint64_t offset = 0;
};

// The central directory's place and entry count, from the end record and, where its fields are
// saturated, the ZIP64 end record it points to.
Result<Directory> read_end_records(std::string_view bytes, std::string_view source) {
  const std::size_t end = find_end_record(bytes);
  if (end == std::string_view::npos) {
    return error_at(source, bytes.size(),
                    "no end-of-central-directory record (PK\\5\\6) in the last " +
                        std::to_string(std::min<std::size_t>(bytes.size(), kEndRecordBytes + kAll16)) +
                        " bytes: not a whole ZIP archive (cut short?)");
  }
  if (u16(bytes, end + 4) != 0 || u16(bytes, end + 6) != 0)
    return error_at(source, end + 4, "an archive split over several disks is not read");
  Directory directory{u16(bytes, end + 10), u32(bytes, end + 12), u32(bytes, end + 16)};
  const bool saturated = directory.entries == kAll16 || directory.size == kAll32 || directory.offset == kAll32;
  const bool has_locator =
      end >= kZip64LocatorBytes && bytes.substr(end - kZip64LocatorBytes, 4) == kZip64LocatorSignature;
  if (!has_locator) {
    if (saturated)
      return error_at(source, end, "the end record's fields are saturated (ZIP64) but no ZIP64 locator precedes it");
    return directory;
  }
  const std::size_t locator = end - kZip64LocatorBytes;
  const std::uint64_t record = u64(bytes, locator + 8);
  if (!within(record, kZip64EndBytes, bytes.size()) || bytes.substr(record, 4) != kZip64EndSignature)
    return error_at(source, locator + 8,
                    "the ZIP64 locator points at byte " + std::to_string(record) +
                        ", where there is no ZIP64 end record (PK\\6\\6)");
  if (u32(bytes, record + 16) != 0 || u32(bytes, record + 20) != 0)
    return error_at(source, record + 16, "an archive split over several disks is not read");
  return Directory{u64(bytes, record + 32), u64(bytes, record + 40), u64(bytes, record + 48)};
}

// The ZIP64 extra field's values replace the record's saturated sizes and offset, in that order.
std::optional<Diagnostic> apply_zip64_extra(std::string_view bytes, std::size_t extra, std::size_t extra_size,
                                            ZipEntry& entry, std::string_view source) {
  std::size_t at = extra;
  while (at + 4 <= extra + extra_size) {
    const std::uint16_t id = u16(bytes, at);
    const std::size_t size = u16(bytes, at + 2);
    if (at + 4 + size > extra + extra_size)
      return error_at(source, at, "an extra field of " + std::to_string(size) + " bytes runs past its record");
    if (id == kZip64ExtraId) {
      std::size_t field = at + 4;
      const auto take = [&](std::uint64_t& value) -> bool {
        if (field + 8 > at + 4 + size) return false;
        value = u64(bytes, field);
        field += 8;
        return true;
      };
      if ((entry.size == kAll32 && !take(entry.size)) ||
          (entry.compressed_size == kAll32 && !take(entry.compressed_size)) ||
          (entry.local_header_offset == kAll32 && !take(entry.local_header_offset)))
        return error_at(source, at, "the ZIP64 extra field is too short for the sizes its record leaves to it");
    }
    at += 4 + size;
  }
  return std::nullopt;
}

}  // namespace

Result<std::vector<ZipEntry>> read_zip_directory(std::string_view bytes, std::string_view source) {
  Result<Directory> found = read_end_records(bytes, source);
  if (!found) return found.error();
  const Directory& directory = found.value();
  if (!within(directory.offset, directory.size, bytes.size()))
    return error_at(source, directory.offset,
                    "the central directory (" + std::to_string(directory.size) + " bytes at byte " +
                        std::to_string(directory.offset) + ") runs past the end of the file (" +
                        std::to_string(bytes.size()) + " bytes)");
  if (directory.entries > directory.size / kDirectoryRecordBytes)
    return error_at(source, directory.offset,
                    "the archive declares " + std::to_string(directory.entries) + " entries; its central directory (" +
                        std::to_string(directory.size) + " bytes) has room for " +
                        std::to_string(directory.size / kDirectoryRecordBytes));
  std::vector<ZipEntry> entries;
  entries.reserve(static_cast<std::size_t>(directory.entries));
  std::size_t at = static_cast<std::size_t>(directory.offset);
  const std::size_t directory_end = at + static_cast<std::size_t>(directory.size);
  for (std::uint64_t k = 0; k < directory.entries; ++k) {
    if (at + kDirectoryRecordBytes > directory_end || bytes.substr(at, 4) != kDirectorySignature)
      return error_at(source, at,
                      "expected central directory record " + std::to_string(k + 1) + " of " +
                          std::to_string(directory.entries) + " (PK\\1\\2) here");
    ZipEntry entry;
    entry.directory_offset = at;
    entry.method = u16(bytes, at + 10);
    entry.crc32 = u32(bytes, at + 16);
    entry.compressed_size = u32(bytes, at + 20);
    entry.size = u32(bytes, at + 24);
    const std::size_t name_size = u16(bytes, at + 28);
    const std::size_t extra_size = u16(bytes, at + 30);
    const std::size_t comment_size = u16(bytes, at + 32);
    entry.local_header_offset = u32(bytes, at + 42);
    const std::size_t record_end = at + kDirectoryRecordBytes + name_size + extra_size + comment_size;
    if (record_end > directory_end)
      return error_at(source, at, "central directory record " + std::to_string(k + 1) + " runs past the directory");
    entry.name = std::string(bytes.substr(at + kDirectoryRecordBytes, name_size));
    if (auto refused = apply_zip64_extra(bytes, at + kDirectoryRecordBytes + name_size, extra_size, entry, source))
      return *refused;
    entries.push_back(std::move(entry));
    at = record_end;
  }
  return entries;
}

Result<std::string> read_zip_entry(std::string_view bytes, const ZipEntry& entry, std::string_view source) {
  const std::string named = "entry '" + entry.name + "'";
  const std::uint64_t header = entry.local_header_offset;
  if (!within(header, kLocalHeaderBytes, bytes.size()) || bytes.substr(header, 4) != kZipLocalHeaderSignature)
    return error_at(source, header, "expected the local header of " + named + " (PK\\3\\4) here");
  const std::uint16_t flags = u16(bytes, header + 6);
  if ((flags & 0x1) != 0) return error_at(source, header + 6, named + " is encrypted");
  const std::uint64_t data = header + kLocalHeaderBytes + u16(bytes, header + 26) + u16(bytes, header + 28);
  if (!within(data, entry.compressed_size, bytes.size()))
    return error_at(source, header,
                    named + "'s " + std::to_string(entry.compressed_size) + " bytes run past the end of the file (" +
                        std::to_string(bytes.size()) + " bytes)");
  const std::string_view packed = bytes.substr(static_cast<std::size_t>(data), entry.compressed_size);
  std::string out;
  if (entry.method == 0) {
    if (entry.size != entry.compressed_size)
      return error_at(source, entry.directory_offset,
                      named + " is stored uncompressed, yet its sizes differ (" +
                          std::to_string(entry.compressed_size) + " bytes stored, " + std::to_string(entry.size) +
                          " declared)");
    out.assign(packed);
  } else if (entry.method == 8) {
    if (entry.size / kZipMaximumRatio > entry.compressed_size)
      return error_at(source, entry.directory_offset,
                      named + " declares " + std::to_string(entry.size) + " bytes from " +
                          std::to_string(entry.compressed_size) + " compressed: more than deflate's " +
                          std::to_string(kZipMaximumRatio) + " to 1 (a decompression bomb?)");
    if (entry.size > std::numeric_limits<uInt>::max() || packed.size() > std::numeric_limits<uInt>::max())
      return error_at(source, entry.directory_offset, named + " is larger than 4 GiB, which is not read");
    out.resize(static_cast<std::size_t>(entry.size));
    z_stream stream{};
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
      return error_at(source, data, "zlib could not start inflating " + named);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
    stream.avail_in = static_cast<uInt>(packed.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&stream, Z_FINISH);
    const std::uint64_t consumed = stream.total_in, produced = stream.total_out;
    const std::string reason = stream.msg != nullptr ? stream.msg : "";
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
      if (status == Z_DATA_ERROR)
        return error_at(source, data + consumed, named + " is not valid deflate data: " + reason);
      if (status == Z_BUF_ERROR && produced == out.size())
        return error_at(source, entry.directory_offset,
                        named + " inflates to more than the " + std::to_string(entry.size) + " bytes it declares");
      return error_at(source, data + consumed,
                      named + " ends after " + std::to_string(produced) + " of its " + std::to_string(entry.size) +
                          " bytes: its compressed data is cut short");
    }
    if (produced != entry.size)
      return error_at(source, entry.directory_offset,
                      named + " inflates to " + std::to_string(produced) + " bytes, not the " +
                          std::to_string(entry.size) + " it declares");
  } else {
    return error_at(source, header + 8,
                    named + " is compressed by method " + std::to_string(entry.method) +
                        "; only stored (0) and deflated (8) entries are read");
  }
  const uLong crc = crc32_z(crc32(0L, nullptr, 0), reinterpret_cast<const Bytef*>(out.data()), out.size());
  if (crc != entry.crc32) {
    char text[64];
    std::snprintf(text, sizeof text, "its CRC-32 is %08lx, not the %08x recorded", static_cast<unsigned long>(crc),
                  static_cast<unsigned>(entry.crc32));
    return error_at(source, data, named + " is damaged: " + text);
  }
  return out;
}

}  // namespace bvhscope
