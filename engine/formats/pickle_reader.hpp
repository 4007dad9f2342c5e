// A restricted reader of Python pickles: exactly what np.save writes for an object array (MDM's
// results.npy: a dict of NumPy arrays, lists, strings and numbers), protocols 2 to 5. It builds
// values and never runs anything: the only callables it knows are NumPy's array and dtype
// reconstruction, its scalar constructor and _codecs.encode (protocol 2's bytes), each interpreted
// here; any other global or opcode is refused, located at its byte (line 1, column = byte + 1).
// The values live in one arena (indices, not pointers), so that cycles and deep nesting cost
// nothing to build or free; their number is bounded (kMaxPickleValues).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"

namespace bvhscope {

inline constexpr std::size_t kMaxPickleValues = 200'000;
inline constexpr std::size_t kNoPickleValue = static_cast<std::size_t>(-1);

struct PickleValue {
  enum class Kind : std::uint8_t {
    None,
    Bool,
    Int,
    Float,
    Text,   // str (UTF-8)
    Bytes,  // bytes: a view into the pickle, or owned in `text`
    List,
    Tuple,
    Dict,    // items: key, value, key, value...
    Global,  // a callable or class the reader knows (text: "module.name")
    Dtype,   // text: the type's name ("f4", "i8", "O8"); byte_order '<', '>', '|' or '='
    Array,   // an ndarray: dtype, shape, fortran, data (a Bytes value, or a List for objects)
  };
  Kind kind = Kind::None;
  std::int64_t integer = 0;  // Bool, Int
  double number = 0.0;       // Float
  std::string text;
  std::string_view view;  // Bytes read in place
  bool owned = false;     // Bytes: held in `text` rather than `view`
  std::vector<std::size_t> items;
  char byte_order = '|';
  std::size_t dtype = kNoPickleValue;
  std::vector<std::size_t> shape;
  bool fortran = false;
  std::size_t data = kNoPickleValue;
  std::size_t at = 0;  // the byte of the file where the value was made

  [[nodiscard]] std::string_view bytes() const noexcept { return owned ? std::string_view(text) : view; }
};

struct Pickle {
  std::vector<PickleValue> values;
  std::size_t top = kNoPickleValue;  // what the pickle returns (STOP)
  std::size_t end = 0;               // the byte after STOP

  [[nodiscard]] const PickleValue& operator[](std::size_t index) const { return values[index]; }
  // The value of `key` in a Dict value, or kNoPickleValue.
  [[nodiscard]] std::size_t find(std::size_t dict, std::string_view key) const;
  // "a dict", "a list", "an ndarray of 'f4'"... for messages.
  [[nodiscard]] std::string describe(std::size_t value) const;
};

// Reads the pickle at `offset` of `bytes` (the whole file, named `source` in messages).
Result<Pickle> read_pickle(std::string_view bytes, std::size_t offset, std::string_view source);

}  // namespace bvhscope
