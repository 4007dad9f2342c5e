#include "formats/npz_format.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "formats/npy_format.hpp"
#include "formats/zip_archive.hpp"

namespace bvhscope {
namespace {

constexpr std::string_view kArrayExtension = ".npy";
constexpr std::size_t kListedKeys = 12;  // how many keys a message names before "..."

bool is_array_entry(std::string_view name) noexcept {
  return name.size() > kArrayExtension.size() && name.substr(name.size() - kArrayExtension.size()) == kArrayExtension;
}

// np.savez's key for an entry: its name without ".npy".
std::string key_of(const ZipEntry& entry) { return entry.name.substr(0, entry.name.size() - kArrayExtension.size()); }

std::string keys_text(const std::vector<const ZipEntry*>& arrays) {
  std::string text;
  for (std::size_t k = 0; k < arrays.size() && k < kListedKeys; ++k)
    text += (text.empty() ? "'" : ", '") + key_of(*arrays[k]) + "'";
  if (arrays.size() > kListedKeys) text += ", ... (" + std::to_string(arrays.size()) + " in all)";
  return text;
}

Diagnostic at_byte(std::string_view source, std::uint64_t at, std::string message) {
  const std::uint64_t column = std::min<std::uint64_t>(at + 1, std::numeric_limits<int>::max());
  return Diagnostic{std::string(source), 1, static_cast<int>(column), std::move(message)};
}

// The motions of one array of the archive, read as a .npy file named ARCHIVE/KEY.npy in messages.
Result<MotionFile> read_array(std::string_view bytes, const ZipEntry& entry, std::string_view source,
                              const ReadOptions& options) {
  Result<std::string> inner = read_zip_entry(bytes, entry, source);
  if (!inner) return inner.error();
  const std::string inner_source = std::string(source) + "/" + entry.name;
  return read_npy_bytes(inner.value(), inner_source, options);
}

}  // namespace

Sniffed sniff_npz(std::string_view head, bool whole) {
  if (head.size() < kZipLocalHeaderSignature.size()) {
    if (whole || kZipLocalHeaderSignature.substr(0, head.size()) != head) return Sniffed::No;
    return Sniffed::Undecided;
  }
  if (head.substr(0, kZipLocalHeaderSignature.size()) != kZipLocalHeaderSignature) return Sniffed::No;
  // A ZIP archive; a NumPy archive when its first entry is an array (its name at byte 30).
  if (head.size() < 30) return whole ? Sniffed::No : Sniffed::Undecided;
  const std::size_t name_size =
      static_cast<unsigned char>(head[26]) | static_cast<std::size_t>(static_cast<unsigned char>(head[27])) << 8;
  if (head.size() < 30 + name_size) return whole ? Sniffed::No : Sniffed::Undecided;
  return is_array_entry(head.substr(30, name_size)) ? Sniffed::Yes : Sniffed::No;
}

Result<MotionFile> read_npz_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options) {
  Result<std::vector<ZipEntry>> directory = read_zip_directory(bytes, source);
  if (!directory) return directory.error();
  std::vector<const ZipEntry*> arrays;
  std::vector<Diagnostic> warnings;
  for (const ZipEntry& entry : directory.value()) {
    if (is_array_entry(entry.name)) {
      arrays.push_back(&entry);
    } else if (!entry.name.empty() && entry.name.back() != '/') {
      warnings.push_back(
          at_byte(source, entry.directory_offset, "entry '" + entry.name + "' is not a NumPy array (.npy); left out"));
    }
  }
  if (arrays.empty())
    return Diagnostic{std::string(source), 0, 0,
                      directory.value().empty() ? "the archive is empty: it holds no arrays"
                                                : "the archive holds no NumPy arrays (.npy entries)"};
  MotionFile file;
  file.source = std::string(source);
  file.format = "NumPy archive (.npz)";
  if (!options.array_key.empty()) {
    const auto chosen = std::find_if(arrays.begin(), arrays.end(),
                                     [&](const ZipEntry* entry) { return key_of(*entry) == options.array_key; });
    if (chosen == arrays.end())
      return Diagnostic{
          std::string(source), 0, 0,
          "--key " + options.array_key + ": the archive has no such array; its arrays: " + keys_text(arrays)};
    Result<MotionFile> read = read_array(bytes, **chosen, source, options);
    if (!read) return read.error();
    file.motions = std::move(read.value().motions);
  } else {
    std::vector<std::pair<std::string, Diagnostic>> left_out;
    for (const ZipEntry* entry : arrays) {
      Result<MotionFile> read = read_array(bytes, *entry, source, options);
      if (!read) {
        if (read.error().source == source) return read.error();  // the archive itself is damaged
        left_out.emplace_back(key_of(*entry), read.error());
        continue;
      }
      for (Clip& clip : read.value().motions) {
        if (arrays.size() > 1) clip.name = key_of(*entry) + (clip.name.empty() ? "" : " / " + clip.name);
        file.motions.push_back(std::move(clip));
      }
    }
    if (file.motions.empty()) {
      if (left_out.size() == 1) return left_out.front().second;
      std::string reasons;
      for (std::size_t k = 0; k < left_out.size() && k < kListedKeys; ++k)
        reasons += "; '" + left_out[k].first + "': " + left_out[k].second.message;
      return Diagnostic{
          std::string(source), 0, 0,
          "none of the archive's " + std::to_string(arrays.size()) + " arrays reads as a motion" + reasons};
    }
    for (std::pair<std::string, Diagnostic>& array : left_out) {
      array.second.message = "left out (not a motion): " + array.second.message;
      warnings.push_back(std::move(array.second));
    }
  }
  for (Clip& clip : file.motions) clip.source = file.source;
  Clip& first = file.motions.front();
  first.warnings.insert(first.warnings.begin(), warnings.begin(), warnings.end());
  return file;
}

}  // namespace bvhscope
