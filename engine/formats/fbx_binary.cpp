#include "formats/fbx_binary.hpp"

#include <zlib.h>

#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

namespace bvhscope {
namespace {

constexpr std::size_t kHeaderBytes = 27;  // the magic, 0x1a 0x00, the version
constexpr int kDeepest = 64;              // FBX files nest a handful of levels; more is hostile
// The tree's records and properties at most (72 and 32 bytes each in memory): a 50 MB FBX has a
// few hundred thousand; these bound what a hostile file of tiny records costs, 2.6 GB at most.
constexpr std::size_t kMostRecords = std::size_t{8} << 20;
constexpr std::uint64_t kMostProperties = std::uint64_t{64} << 20;

template <typename T>
T little(std::string_view bytes, std::size_t at) {
  T value{};
  std::memcpy(&value, bytes.data() + at, sizeof(T));
  return value;
}

std::size_t element_bytes(char type) {
  switch (type) {
    case 'd':
    case 'l':
      return 8;
    case 'f':
    case 'i':
      return 4;
    case 'b':
    case 'c':
      return 1;
    default:
      return 0;
  }
}

Diagnostic error_at(std::string_view source, std::size_t at, const std::string& message) {
  return Diagnostic{std::string(source), 0, 0, "at byte " + std::to_string(at) + ": " + message};
}

class TreeReader {
 public:
  TreeReader(std::string_view bytes, std::string_view source, FbxTree& tree)
      : bytes_(bytes), source_(source), tree_(tree), wide_(tree.version >= 7500) {}

  // The records from `at` until a null record or `end`, appended as children of `parent` (-1: top).
  std::optional<Diagnostic> read_list(std::size_t at, std::size_t end, int parent, int depth, std::size_t& next) {
    if (depth > kDeepest)
      return error_at(source_, at, "records nest deeper than " + std::to_string(kDeepest) + " levels");
    const std::size_t header = wide_ ? 25 : 13;
    while (at < end) {
      if (end - at < header) return error_at(source_, at, "a record is cut short");
      const std::uint64_t record_end = wide_ ? little<std::uint64_t>(bytes_, at) : little<std::uint32_t>(bytes_, at);
      const std::uint64_t count = wide_ ? little<std::uint64_t>(bytes_, at + 8) : little<std::uint32_t>(bytes_, at + 4);
      const std::uint64_t length =
          wide_ ? little<std::uint64_t>(bytes_, at + 16) : little<std::uint32_t>(bytes_, at + 8);
      const auto name_length = static_cast<unsigned char>(bytes_[at + header - 1]);
      if (record_end == 0 && count == 0 && length == 0 && name_length == 0) {  // the list's null record
        next = at + header;
        return std::nullopt;
      }
      if (record_end <= at || record_end > end)
        return error_at(source_, at,
                        "a record ends at byte " + std::to_string(record_end) + ", outside its parent (" +
                            std::to_string(at) + " to " + std::to_string(end) + ")");
      if (record_end - at < header)
        return error_at(source_, at, "a record ends at byte " + std::to_string(record_end) + ", inside its own header");
      const std::size_t name_at = at + header;
      if (name_length > record_end - name_at) return error_at(source_, at, "a record's name runs past its end");
      const std::size_t properties_at = name_at + name_length;
      if (length > record_end - properties_at) return error_at(source_, at, "a record's properties run past its end");
      if (count > length / 2)  // a property takes 2 bytes at least
        return error_at(source_, at, "a record claims more properties than its bytes hold");
      if (tree_.records.size() >= kMostRecords || properties_read_ + count > kMostProperties)
        return error_at(source_, at,
                        "more than " + std::to_string(kMostRecords) + " records or " + std::to_string(kMostProperties) +
                            " properties: more than a motion file holds, and more than bvhscope reads");
      properties_read_ += count;
      const int index = static_cast<int>(tree_.records.size());
      tree_.records.push_back({bytes_.substr(name_at, name_length), {}, {}, at});
      (parent < 0 ? tree_.top : tree_.records[static_cast<std::size_t>(parent)].children).push_back(index);
      std::vector<FbxProperty> properties;
      properties.reserve(static_cast<std::size_t>(count));
      std::size_t p = properties_at;
      const std::size_t properties_end = properties_at + static_cast<std::size_t>(length);
      for (std::uint64_t k = 0; k < count; ++k) {
        if (std::optional<Diagnostic> bad = read_property(p, properties_end, properties)) return bad;
      }
      if (p != properties_end)
        return error_at(source_, properties_at,
                        "a record's properties take " + std::to_string(p - properties_at) + " bytes, not the " +
                            std::to_string(length) + " it says");
      tree_.records[static_cast<std::size_t>(index)].properties = std::move(properties);
      if (properties_end < record_end) {
        std::size_t after = record_end;
        if (std::optional<Diagnostic> bad =
                read_list(properties_end, static_cast<std::size_t>(record_end), index, depth + 1, after))
          return bad;
      }
      at = static_cast<std::size_t>(record_end);
    }
    next = at;
    return std::nullopt;
  }

 private:
  std::optional<Diagnostic> read_property(std::size_t& p, std::size_t end, std::vector<FbxProperty>& out) {
    if (p >= end) return error_at(source_, p, "a record has fewer property bytes than properties");
    const char type = bytes_[p];
    const std::size_t at = p;
    ++p;
    std::size_t size = 0;
    switch (type) {
      case 'Y':
        size = 2;
        break;
      case 'C':
        size = 1;
        break;
      case 'I':
      case 'F':
        size = 4;
        break;
      case 'D':
      case 'L':
        size = 8;
        break;
      case 'S':
      case 'R':
        if (end - p < 4) return error_at(source_, at, "a string property is cut short");
        size = little<std::uint32_t>(bytes_, p);
        p += 4;
        break;
      default: {
        if (element_bytes(type) == 0)
          return error_at(source_, at, "a property of unknown type '" + std::string(1, type) + "'");
        if (end - p < 12) return error_at(source_, at, "an array property is cut short");
        const std::size_t stored = little<std::uint32_t>(bytes_, p + 8);
        if (stored > end - p - 12) return error_at(source_, at, "an array property runs past its record");
        out.push_back({type, bytes_.substr(p, 12 + stored), at});
        p += 12 + stored;
        return std::nullopt;
      }
    }
    if (size > end - p) return error_at(source_, at, "a property runs past its record");
    out.push_back({type, bytes_.substr(p, size), at});
    p += size;
    return std::nullopt;
  }

  std::string_view bytes_;
  std::string_view source_;
  FbxTree& tree_;
  bool wide_;
  std::uint64_t properties_read_ = 0;
};

// An array property's elements as bytes: a view of the file for a stored array, or inflated into
// `scratch`.
Result<std::string_view> array_bytes(FbxTree& tree, const FbxProperty& property, std::unique_ptr<char[]>& scratch) {
  const std::size_t each = element_bytes(property.type);
  if (each == 0 || property.value.size() < 12)
    return error_at(tree.source, property.at,
                    "an array was expected, not a property of type '" + std::string(1, property.type) + "'");
  const std::uint32_t count = little<std::uint32_t>(property.value, 0);
  const std::uint32_t encoding = little<std::uint32_t>(property.value, 4);
  const std::string_view stored = property.value.substr(12);
  const std::uint64_t wanted = static_cast<std::uint64_t>(count) * each;
  std::uint64_t left = tree.inflate_budget->load();
  do {
    if (wanted > left)
      return error_at(tree.source, property.at,
                      "an array of " + std::to_string(count) + " elements is more than the file's arrays may hold (" +
                          std::to_string(left) + " bytes left)");
  } while (!tree.inflate_budget->compare_exchange_weak(left, left - wanted));
  if (encoding == 0) {
    if (stored.size() != wanted)
      return error_at(
          tree.source, property.at,
          "an array of " + std::to_string(count) + " elements holds " + std::to_string(stored.size()) + " bytes");
    return stored;
  }
  if (encoding != 1)
    return error_at(tree.source, property.at,
                    "an array's encoding is " + std::to_string(encoding) + " (0 and 1 are known)");
  if (wanted >= std::numeric_limits<uInt>::max())  // zlib counts its output in 32 bits
    return error_at(tree.source, property.at,
                    "a compressed array of " + std::to_string(wanted) + " bytes: 4 GiB and more is not read");
  // One byte more than declared tells an array that inflates to more than it says.
  scratch.reset(new char[static_cast<std::size_t>(wanted) + 1]);
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) return error_at(tree.source, property.at, "zlib could not start");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(stored.data()));
  stream.avail_in = static_cast<uInt>(stored.size());
  stream.next_out = reinterpret_cast<Bytef*>(scratch.get());
  stream.avail_out = static_cast<uInt>(wanted + 1);
  const int status = inflate(&stream, Z_FINISH);
  const std::size_t produced = static_cast<std::size_t>(wanted + 1) - stream.avail_out;
  const std::string zlib_message = stream.msg != nullptr ? stream.msg : "";
  inflateEnd(&stream);
  if (status != Z_STREAM_END || produced != wanted)
    return error_at(tree.source, property.at,
                    "a compressed array of " + std::to_string(count) + " elements does not inflate to its " +
                        std::to_string(wanted) + " bytes (" +
                        (zlib_message.empty() ? std::to_string(produced) + " bytes" : "zlib: " + zlib_message) + ")");
  return std::string_view(scratch.get(), static_cast<std::size_t>(wanted));
}

template <typename Out>
Result<std::pmr::vector<Out>> array_values(FbxTree& tree, const FbxProperty& property,
                                           std::pmr::memory_resource* memory) {
  std::unique_ptr<char[]> scratch;
  Result<std::string_view> bytes = array_bytes(tree, property, scratch);
  if (!bytes) return bytes.error();
  const std::string_view raw = bytes.value();
  const std::size_t each = element_bytes(property.type);
  std::pmr::vector<Out> values(raw.size() / each, memory);
  const auto convert = [&](auto sample) {
    using In = decltype(sample);
    if constexpr (std::is_same_v<In, Out>) {  // the file's little-endian bytes are the values
      if (!raw.empty()) std::memcpy(values.data(), raw.data(), raw.size());
    } else {
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<Out>(little<In>(raw, i * sizeof(In)));
    }
  };
  switch (property.type) {
    case 'd':
      convert(double{});
      break;
    case 'f':
      convert(float{});
      break;
    case 'l':
      convert(std::int64_t{});
      break;
    case 'i':
      convert(std::int32_t{});
      break;
    default:
      convert(std::uint8_t{});
      break;
  }
  return values;
}

}  // namespace

int FbxTree::child(int parent, std::string_view name) const {
  const std::vector<int>& list = parent < 0 ? top : records[static_cast<std::size_t>(parent)].children;
  for (const int index : list)
    if (records[static_cast<std::size_t>(index)].name == name) return index;
  return -1;
}

std::optional<double> FbxTree::number(const FbxProperty& property) {
  switch (property.type) {
    case 'Y':
      return little<std::int16_t>(property.value, 0);
    case 'C':
      return static_cast<unsigned char>(property.value[0]) != 0 ? 1.0 : 0.0;
    case 'I':
      return little<std::int32_t>(property.value, 0);
    case 'F':
      return little<float>(property.value, 0);
    case 'D':
      return little<double>(property.value, 0);
    case 'L':
      return static_cast<double>(little<std::int64_t>(property.value, 0));
    default:
      return std::nullopt;
  }
}

std::optional<std::int64_t> FbxTree::integer(const FbxProperty& property) {
  switch (property.type) {
    case 'Y':
      return little<std::int16_t>(property.value, 0);
    case 'C':
      return static_cast<unsigned char>(property.value[0]);
    case 'I':
      return little<std::int32_t>(property.value, 0);
    case 'L':
      return little<std::int64_t>(property.value, 0);
    default:
      return std::nullopt;
  }
}

std::optional<std::string_view> FbxTree::text(const FbxProperty& property) {
  if (property.type != 'S' && property.type != 'R') return std::nullopt;
  return property.value;
}

std::optional<std::uint32_t> FbxTree::array_length(const FbxProperty& property) {
  if (element_bytes(property.type) == 0 || property.value.size() < 12) return std::nullopt;
  return little<std::uint32_t>(property.value, 0);
}

Result<std::pmr::vector<float>> FbxTree::floats(const FbxProperty& property, std::pmr::memory_resource* memory) {
  return array_values<float>(*this, property, memory);
}

Result<std::pmr::vector<double>> FbxTree::doubles(const FbxProperty& property, std::pmr::memory_resource* memory) {
  return array_values<double>(*this, property, memory);
}

Result<std::pmr::vector<std::int64_t>> FbxTree::integers(const FbxProperty& property,
                                                         std::pmr::memory_resource* memory) {
  if (property.type == 'f' || property.type == 'd')
    return error_at(source, property.at, "an array of whole numbers was expected, not of floats");
  return array_values<std::int64_t>(*this, property, memory);
}

Result<FbxTree> read_fbx_tree(std::string_view bytes, std::string_view source) {
  if (bytes.size() < kHeaderBytes || bytes.substr(0, kFbxBinaryMagic.size()) != kFbxBinaryMagic)
    return Diagnostic{std::string(source), 0, 0, "not a binary FBX file (no 'Kaydara FBX Binary' header)"};
  FbxTree tree;
  tree.source = std::string(source);
  tree.version = little<std::uint32_t>(bytes, 23);
  if (tree.version < 7000 || tree.version >= 8000)
    return Diagnostic{std::string(source), 0, 0,
                      "it is binary FBX version " + std::to_string(tree.version) +
                          "; only binary FBX 7.x (FBX 2011 and later) is read (re-export it as FBX 2011 or later)"};
  // Arrays may inflate to 64 times the file and 256 MiB more: plenty for animation curves and
  // meshes, not a zlib bomb's gigabytes.
  tree.inflate_budget->store(64 * static_cast<std::uint64_t>(bytes.size()) + (std::uint64_t{256} << 20));
  TreeReader reader(bytes, source, tree);
  std::size_t next = kHeaderBytes;
  if (std::optional<Diagnostic> bad = reader.read_list(kHeaderBytes, bytes.size(), -1, 0, next)) return *bad;
  if (tree.top.empty()) return Diagnostic{std::string(source), 0, 0, "it holds no records"};
  return tree;
}

}  // namespace bvhscope
