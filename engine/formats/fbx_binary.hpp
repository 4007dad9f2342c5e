// Binary FBX (7.x) as a tree of records, read here rather than by assimp (fbx_child.hpp, which
// stays for ASCII FBX): a record is a name, typed properties and child records. Every offset,
// count and length is checked against the bytes before it is used; arrays are decoded (and
// inflated, zlib) only when asked for, within a budget of bytes for the whole file, so that a few
// compressed bytes cannot claim gigabytes.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <memory_resource>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"

namespace bvhscope {

// What binary FBX starts with (then 0x1a 0x00 and the version).
inline constexpr std::string_view kFbxBinaryMagic{"Kaydara FBX Binary  \0", 21};

struct FbxProperty {
  char type = 0;           // Y C I F D L (scalars), S R (bytes), f d l i b c (arrays)
  std::string_view value;  // the scalar's bytes, the string's, or the array's whole encoding
  std::size_t at = 0;      // the property's type code's offset in the file
};

struct FbxRecord {
  std::string_view name;
  std::vector<FbxProperty> properties;
  std::vector<int> children;  // indices into FbxTree::records
  std::size_t at = 0;         // the record's offset in the file
};

// A whole file's records; the top-level ones are `top`.
class FbxTree {
 public:
  std::uint32_t version = 0;  // 7100, 7400, 7500...
  std::vector<FbxRecord> records;
  std::vector<int> top;

  // The first child of `parent` (-1: a top-level record) named `name`, or -1.
  [[nodiscard]] int child(int parent, std::string_view name) const;

  // A scalar property as a number (Y C I F D L), or nothing for another type.
  [[nodiscard]] static std::optional<double> number(const FbxProperty& property);
  [[nodiscard]] static std::optional<std::int64_t> integer(const FbxProperty& property);
  // S or R: the bytes; nothing for another type.
  [[nodiscard]] static std::optional<std::string_view> text(const FbxProperty& property);
  // An array property's element count without decoding it; nothing for a scalar.
  [[nodiscard]] static std::optional<std::uint32_t> array_length(const FbxProperty& property);

  // An array property's values (f d l i b c arrays, converted), inflating it if it is
  // compressed; an error located at the property for another type, a bad encoding or an array
  // past the budget. Safe to call from several threads at once (each with memory of its own). The
  // values are in `memory`.
  Result<std::pmr::vector<float>> floats(const FbxProperty& property,  // doubles rounded to floats
                                         std::pmr::memory_resource* memory = std::pmr::get_default_resource());
  Result<std::pmr::vector<double>> doubles(const FbxProperty& property,
                                           std::pmr::memory_resource* memory = std::pmr::get_default_resource());
  Result<std::pmr::vector<std::int64_t>> integers(const FbxProperty& property,
                                                  std::pmr::memory_resource* memory = std::pmr::get_default_resource());

  std::string source;  // for messages
  // Bytes arrays may still decode to, shared by the threads that decode them.
  std::unique_ptr<std::atomic<std::uint64_t>> inflate_budget = std::make_unique<std::atomic<std::uint64_t>>(0);
};

// The records of the binary FBX file `bytes` (it starts with "Kaydara FBX Binary  \0"), named
// `source` in messages: a version other than 7.x, a record past its parent's end or the file's, or
// a property cut short is a located error ("at byte N").
Result<FbxTree> read_fbx_tree(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
