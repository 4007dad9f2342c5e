#include "formats/pickle_reader.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <unordered_map>

namespace bvhscope {
namespace {

using Kind = PickleValue::Kind;

// The callables and classes a pickle may name: NumPy's reconstruction of arrays, dtypes and
// scalars, and protocol 2's way of writing bytes. Each is interpreted by the reader, never run.
struct KnownGlobal {
  std::string_view module;
  std::string_view name;
};
constexpr KnownGlobal kKnownGlobals[] = {
    {"numpy.core.multiarray", "_reconstruct"},
    {"numpy._core.multiarray", "_reconstruct"},
    {"numpy", "ndarray"},
    {"numpy", "dtype"},
    {"numpy.core.multiarray", "scalar"},
    {"numpy._core.multiarray", "scalar"},
    {"numpy.core.numeric", "_frombuffer"},
    {"numpy._core.numeric", "_frombuffer"},
    {"_codecs", "encode"},
};

std::string_view base_name(std::string_view global) { return global.substr(global.rfind('.') + 1); }

class PickleMachine {
 public:
  PickleMachine(std::string_view bytes, std::size_t offset, std::string_view source)
      : bytes_(bytes), at_(offset), source_(source) {}

  Result<Pickle> run() {
    for (;;) {
      if (at_ >= bytes_.size()) return fail(at_, "the pickle ends before its STOP opcode");
      opcode_at_ = at_;
      const auto opcode = static_cast<unsigned char>(bytes_[at_++]);
      if (auto problem = step(opcode)) return *problem;
      if (done_) break;
    }
    return std::move(pickle_);
  }

 private:
  std::optional<Diagnostic> step(unsigned char opcode) {
    switch (opcode) {
      case 0x80: {  // PROTO
        std::uint64_t version = 0;
        if (auto e = unsigned_le(1, version)) return e;
        if (version < 2 || version > 5)
          return fail(opcode_at_, "pickle protocol " + std::to_string(version) + " is not read (2 to 5 are)");
        return std::nullopt;
      }
      case 0x95: {  // FRAME: a length to skip
        std::uint64_t ignored = 0;
        return unsigned_le(8, ignored);
      }
      case '.': {  // STOP
        std::size_t top = 0;
        if (auto e = pop(top)) return e;
        pickle_.top = top;
        pickle_.end = at_;
        done_ = true;
        return std::nullopt;
      }
      case '(':  // MARK
        marks_.push_back(stack_.size());
        return std::nullopt;
      case '0': {  // POP
        std::size_t ignored = 0;
        return pop(ignored);
      }
      case '1': {  // POP_MARK
        std::vector<std::size_t> ignored;
        return pop_to_mark(ignored);
      }
      case '2':  // DUP
        if (stack_.empty()) return fail(opcode_at_, "DUP on an empty stack");
        return push_existing(stack_.back());
      case 'N':
        return push(make(Kind::None));
      case 0x88:
      case 0x89: {  // NEWTRUE, NEWFALSE
        PickleValue v = make(Kind::Bool);
        v.integer = opcode == 0x88 ? 1 : 0;
        return push(std::move(v));
      }
      case 'K':
      case 'M':
      case 'J': {  // BININT1, BININT2, BININT
        const int size = opcode == 'K' ? 1 : opcode == 'M' ? 2 : 4;
        std::uint64_t raw = 0;
        if (auto e = unsigned_le(size, raw)) return e;
        PickleValue v = make(Kind::Int);
        v.integer =
            size == 4 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(raw)) : static_cast<std::int64_t>(raw);
        return push(std::move(v));
      }
      case 0x8a: {  // LONG1: a little-endian two's complement integer of n bytes
        std::uint64_t size = 0;
        if (auto e = unsigned_le(1, size)) return e;
        if (size > 8) return fail(opcode_at_, "an integer of " + std::to_string(size) + " bytes is too large");
        std::uint64_t raw = 0;
        if (size > 0)
          if (auto e = unsigned_le(static_cast<int>(size), raw)) return e;
        if (size > 0 && size < 8 && (raw >> (size * 8 - 1)) != 0) raw |= ~std::uint64_t{0} << (size * 8);
        PickleValue v = make(Kind::Int);
        v.integer = static_cast<std::int64_t>(raw);
        return push(std::move(v));
      }
      case 'G': {  // BINFLOAT: big-endian double
        if (auto e = need(8)) return e;
        std::uint64_t raw = 0;
        for (int i = 0; i < 8; ++i)
          raw = (raw << 8) | static_cast<unsigned char>(bytes_[at_ + static_cast<std::size_t>(i)]);
        at_ += 8;
        PickleValue v = make(Kind::Float);
        v.number = std::bit_cast<double>(raw);
        return push(std::move(v));
      }
      case 0x8c:
      case 'X':
      case 0x8d:
      case 'U':
      case 'T': {  // SHORT_BINUNICODE, BINUNICODE, BINUNICODE8; SHORT_BINSTRING, BINSTRING (Python 2 str)
        const int size = (opcode == 0x8c || opcode == 'U') ? 1 : opcode == 0x8d ? 8 : 4;
        std::string_view text;
        if (auto e = counted(size, text)) return e;
        PickleValue v = make(Kind::Text);
        v.text = std::string(text);
        return push(std::move(v));
      }
      case 'C':
      case 'B':
      case 0x8e:
      case 0x96: {  // SHORT_BINBYTES, BINBYTES, BINBYTES8, BYTEARRAY8
        const int size = opcode == 'C' ? 1 : opcode == 'B' ? 4 : 8;
        PickleValue v = make(Kind::Bytes);
        if (auto e = counted(size, v.view)) return e;
        return push(std::move(v));
      }
      case ')':
        return push(make(Kind::Tuple));
      case ']':
        return push(make(Kind::List));
      case '}':
        return push(make(Kind::Dict));
      case 0x85:
      case 0x86:
      case 0x87: {  // TUPLE1, TUPLE2, TUPLE3
        PickleValue v = make(Kind::Tuple);
        v.items.resize(static_cast<std::size_t>(opcode - 0x84));
        for (std::size_t i = v.items.size(); i-- > 0;)
          if (auto e = pop(v.items[i])) return e;
        return push(std::move(v));
      }
      case 't':
      case 'l':
      case 'd': {  // TUPLE, LIST, DICT: the items above the mark
        PickleValue v = make(opcode == 't' ? Kind::Tuple : opcode == 'l' ? Kind::List : Kind::Dict);
        if (auto e = pop_to_mark(v.items)) return e;
        if (v.kind == Kind::Dict && v.items.size() % 2 != 0) return fail(opcode_at_, "DICT with a key and no value");
        return push(std::move(v));
      }
      case 'a':
      case 'e': {  // APPEND, APPENDS
        std::vector<std::size_t> items;
        if (opcode == 'a') {
          items.resize(1);
          if (auto e = pop(items[0])) return e;
        } else if (auto e = pop_to_mark(items)) {
          return e;
        }
        return extend(Kind::List, items, "APPEND");
      }
      case 's':
      case 'u': {  // SETITEM, SETITEMS
        std::vector<std::size_t> items;
        if (opcode == 's') {
          items.resize(2);
          if (auto e = pop(items[1])) return e;
          if (auto e = pop(items[0])) return e;
        } else if (auto e = pop_to_mark(items)) {
          return e;
        }
        if (items.size() % 2 != 0) return fail(opcode_at_, "SETITEMS with a key and no value");
        return extend(Kind::Dict, items, "SETITEM");
      }
      case 'q':
      case 'r': {  // BINPUT, LONG_BINPUT
        std::uint64_t key = 0;
        if (auto e = unsigned_le(opcode == 'q' ? 1 : 4, key)) return e;
        if (stack_.empty()) return fail(opcode_at_, "PUT on an empty stack");
        if (memo_.size() >= kMaxPickleValues) return fail(opcode_at_, "the pickle's memo grows past its bound");
        memo_[key] = stack_.back();
        return std::nullopt;
      }
      case 0x94:  // MEMOIZE
        if (stack_.empty()) return fail(opcode_at_, "MEMOIZE on an empty stack");
        if (memo_.size() >= kMaxPickleValues) return fail(opcode_at_, "the pickle's memo grows past its bound");
        memo_[memo_.size()] = stack_.back();
        return std::nullopt;
      case 'h':
      case 'j': {  // BINGET, LONG_BINGET
        std::uint64_t key = 0;
        if (auto e = unsigned_le(opcode == 'h' ? 1 : 4, key)) return e;
        const auto found = memo_.find(key);
        if (found == memo_.end()) return fail(opcode_at_, "GET of memo " + std::to_string(key) + ", never PUT");
        return push_existing(found->second);
      }
      case 'c': {  // GLOBAL: "module\nname\n"
        std::string_view module;
        std::string_view name;
        if (auto e = line(module)) return e;
        if (auto e = line(name)) return e;
        return push_global(module, name);
      }
      case 0x93: {  // STACK_GLOBAL
        std::size_t name = 0;
        std::size_t module = 0;
        if (auto e = pop(name)) return e;
        if (auto e = pop(module)) return e;
        if (value(module).kind != Kind::Text || value(name).kind != Kind::Text)
          return fail(opcode_at_, "STACK_GLOBAL needs two strings");
        const std::string module_text = value(module).text;
        const std::string name_text = value(name).text;
        return push_global(module_text, name_text);
      }
      case 'R':
        return reduce();
      case 'b':
        return build();
      default:
        return fail(opcode_at_, "pickle opcode " + opcode_text(opcode) +
                                    " is not one np.save writes for arrays, lists, strings and numbers; the pickle is "
                                    "refused (nothing in it is run)");
    }
  }

  static std::string opcode_text(unsigned char opcode) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "0x";
    text += kHex[opcode >> 4];
    text += kHex[opcode & 15];
    if (opcode >= 0x21 && opcode <= 0x7e) text += std::string(" ('") + static_cast<char>(opcode) + "')";
    return text;
  }

  // ---- values and the stack ----
  PickleValue make(Kind kind) const {
    PickleValue v;
    v.kind = kind;
    v.at = opcode_at_;
    return v;
  }
  PickleValue& value(std::size_t index) { return pickle_.values[index]; }

  std::optional<Diagnostic> push(PickleValue v) {
    if (pickle_.values.size() >= kMaxPickleValues)
      return fail(opcode_at_, "the pickle holds more than " + std::to_string(kMaxPickleValues) +
                                  " values, more than a file of results does");
    references_ += v.items.size();
    pickle_.values.push_back(std::move(v));
    return push_existing(pickle_.values.size() - 1);
  }
  std::optional<Diagnostic> push_existing(std::size_t index) {
    if (stack_.size() >= kMaxPickleValues)
      return fail(opcode_at_, "the pickle's stack grows past " + std::to_string(kMaxPickleValues) + " values");
    stack_.push_back(index);
    return std::nullopt;
  }
  std::optional<Diagnostic> pop(std::size_t& index) {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
      return fail(opcode_at_, "the opcode takes a value the pickle's stack does not hold");
    index = stack_.back();
    stack_.pop_back();
    return std::nullopt;
  }
  std::optional<Diagnostic> pop_to_mark(std::vector<std::size_t>& items) {
    if (marks_.empty()) return fail(opcode_at_, "the opcode needs a MARK the pickle did not set");
    const std::size_t mark = marks_.back();
    marks_.pop_back();
    items.assign(stack_.begin() + static_cast<std::ptrdiff_t>(mark), stack_.end());
    stack_.resize(mark);
    return std::nullopt;
  }
  std::optional<Diagnostic> extend(Kind kind, const std::vector<std::size_t>& items, const char* what) {
    if (stack_.empty() || value(stack_.back()).kind != kind)
      return fail(opcode_at_,
                  std::string(what) + " into something that is not a " + (kind == Kind::List ? "list" : "dict"));
    references_ += items.size();
    if (references_ > 4 * kMaxPickleValues)
      return fail(opcode_at_,
                  "the pickle's lists and dicts hold more than " + std::to_string(4 * kMaxPickleValues) + " items");
    std::vector<std::size_t>& target = value(stack_.back()).items;
    target.insert(target.end(), items.begin(), items.end());
    return std::nullopt;
  }

  // ---- reading the bytes ----
  std::optional<Diagnostic> need(std::size_t count) {
    if (count > bytes_.size() - at_) return fail(opcode_at_, "the pickle ends inside an opcode");
    return std::nullopt;
  }
  std::optional<Diagnostic> unsigned_le(int size, std::uint64_t& out) {
    if (auto e = need(static_cast<std::size_t>(size))) return e;
    out = 0;
    for (int i = size; i-- > 0;)
      out = (out << 8) | static_cast<unsigned char>(bytes_[at_ + static_cast<std::size_t>(i)]);
    at_ += static_cast<std::size_t>(size);
    return std::nullopt;
  }
  std::optional<Diagnostic> counted(int size_bytes, std::string_view& out) {
    std::uint64_t count = 0;
    if (auto e = unsigned_le(size_bytes, count)) return e;
    if (count > bytes_.size() - at_)
      return fail(opcode_at_, "a string of " + std::to_string(count) + " bytes, but the file ends after " +
                                  std::to_string(bytes_.size() - at_));
    out = bytes_.substr(at_, static_cast<std::size_t>(count));
    at_ += static_cast<std::size_t>(count);
    return std::nullopt;
  }
  std::optional<Diagnostic> line(std::string_view& out) {
    const std::size_t end = bytes_.find('\n', at_);
    if (end == std::string_view::npos || end - at_ > 256) return fail(opcode_at_, "GLOBAL without its two lines");
    out = bytes_.substr(at_, end - at_);
    at_ = end + 1;
    return std::nullopt;
  }

  // ---- globals, calls and builds ----
  std::optional<Diagnostic> push_global(std::string_view module, std::string_view name) {
    for (const KnownGlobal& known : kKnownGlobals) {
      if (known.module == module && known.name == name) {
        PickleValue v = make(Kind::Global);
        v.text = std::string(module) + "." + std::string(name);
        return push(std::move(v));
      }
    }
    return fail(opcode_at_, "the pickle names " + std::string(module) + "." + std::string(name) +
                                "; only the NumPy arrays, lists, strings and numbers np.save writes are read "
                                "(nothing in a pickle is run)");
  }

  // The items of a Tuple value, `count` of them (or at least `count` when `at_least`).
  std::optional<Diagnostic> tuple_of(std::size_t index, std::size_t count, bool at_least, const char* what,
                                     std::vector<std::size_t>& items) {
    const PickleValue& v = value(index);
    if (v.kind != Kind::Tuple || (at_least ? v.items.size() < count : v.items.size() != count))
      return fail(opcode_at_, std::string(what) + ": expected a tuple of " + (at_least ? "at least " : "") +
                                  std::to_string(count) + ", found " + pickle_.describe(index));
    items = v.items;
    return std::nullopt;
  }

  std::optional<Diagnostic> read_shape(std::size_t index, std::vector<std::size_t>& shape) {
    const PickleValue& v = value(index);
    if (v.kind != Kind::Tuple) return fail(opcode_at_, "an array's shape is " + pickle_.describe(index));
    shape.clear();
    for (const std::size_t item : v.items) {
      const PickleValue& d = value(item);
      if (d.kind != Kind::Int || d.integer < 0 || d.integer > (std::int64_t{1} << 48))
        return fail(opcode_at_, "an array's shape holds " + pickle_.describe(item));
      shape.push_back(static_cast<std::size_t>(d.integer));
    }
    return std::nullopt;
  }

  std::optional<Diagnostic> reduce() {
    std::size_t arguments = 0;
    std::size_t callable = 0;
    if (auto e = pop(arguments)) return e;
    if (auto e = pop(callable)) return e;
    if (value(callable).kind != Kind::Global)
      return fail(opcode_at_, "REDUCE calls " + pickle_.describe(callable) + ", which is not a callable");
    const std::string_view name = base_name(value(callable).text);
    std::vector<std::size_t> args;
    if (name == "_reconstruct") {  // _reconstruct(ndarray, shape, b'b'): an empty array, filled by BUILD
      if (auto e = tuple_of(arguments, 3, false, "_reconstruct", args)) return e;
      if (value(args[0]).kind != Kind::Global || base_name(value(args[0]).text) != "ndarray")
        return fail(opcode_at_, "_reconstruct of " + pickle_.describe(args[0]) + ", not numpy.ndarray");
      return push(make(Kind::Array));
    }
    if (name == "dtype") {  // dtype('f4', align, copy); the byte order comes with BUILD
      if (auto e = tuple_of(arguments, 1, true, "numpy.dtype", args)) return e;
      if (value(args[0]).kind != Kind::Text || value(args[0]).text.empty() || value(args[0]).text.size() > 16)
        return fail(opcode_at_, "numpy.dtype of " + pickle_.describe(args[0]));
      PickleValue v = make(Kind::Dtype);
      v.text = value(args[0]).text;
      if (v.text.size() > 1 && std::string_view("<>|=").find(v.text[0]) != std::string_view::npos) {
        v.byte_order = v.text[0];
        v.text.erase(0, 1);
      }
      return push(std::move(v));
    }
    if (name == "scalar") {  // scalar(dtype, bytes): a number
      if (auto e = tuple_of(arguments, 2, false, "numpy scalar", args)) return e;
      return push_scalar(args[0], args[1]);
    }
    if (name == "_frombuffer") {  // _frombuffer(bytes, dtype, shape, order): protocol 5's arrays
      if (auto e = tuple_of(arguments, 4, false, "_frombuffer", args)) return e;
      PickleValue v = make(Kind::Array);
      if (value(args[0]).kind != Kind::Bytes || value(args[1]).kind != Kind::Dtype)
        return fail(opcode_at_, "_frombuffer of " + pickle_.describe(args[0]) + " as " + pickle_.describe(args[1]));
      if (auto e = read_shape(args[2], v.shape)) return e;
      v.data = args[0];
      v.dtype = args[1];
      v.fortran = value(args[3]).kind == Kind::Text && value(args[3]).text == "F";
      return push(std::move(v));
    }
    // _codecs.encode(text, 'latin1'): protocol 2's bytes, each character one byte.
    if (auto e = tuple_of(arguments, 2, false, "_codecs.encode", args)) return e;
    if (value(args[0]).kind != Kind::Text || value(args[1]).kind != Kind::Text ||
        (value(args[1]).text != "latin1" && value(args[1]).text != "latin-1"))
      return fail(opcode_at_, "_codecs.encode other than of a string to latin1");
    PickleValue v = make(Kind::Bytes);
    v.owned = true;
    const std::string& text = value(args[0]).text;
    v.text.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c < 0x80) {
        v.text += static_cast<char>(c);
      } else if ((c == 0xc2 || c == 0xc3) && i + 1 < text.size()) {  // U+0080..U+00FF in UTF-8
        v.text += static_cast<char>(((c & 0x03) << 6) | (static_cast<unsigned char>(text[++i]) & 0x3f));
      } else {
        return fail(opcode_at_, "_codecs.encode of a character beyond latin1");
      }
    }
    return push(std::move(v));
  }

  std::optional<Diagnostic> push_scalar(std::size_t dtype, std::size_t data) {
    const PickleValue& type = value(dtype);
    const PickleValue& raw = value(data);
    if (type.kind != Kind::Dtype || raw.kind != Kind::Bytes)
      return fail(opcode_at_, "a NumPy scalar of " + pickle_.describe(data) + " as " + pickle_.describe(dtype));
    const std::string_view b = raw.bytes();
    const char kind = type.text.empty() ? '?' : type.text[0];
    const std::size_t size = type.text.size() > 1 ? static_cast<std::size_t>(std::atoi(type.text.c_str() + 1)) : 0;
    if (b.size() != size || (size != 1 && size != 2 && size != 4 && size != 8) ||
        std::string_view("iubf").find(kind) == std::string_view::npos || (kind == 'f' && size < 4))
      return fail(opcode_at_, "a NumPy scalar of type '" + type.text + "' is not read");
    std::uint64_t bits = 0;
    const bool big = type.byte_order == '>';
    for (std::size_t i = 0; i < size; ++i) bits = (bits << 8) | static_cast<unsigned char>(b[big ? i : size - 1 - i]);
    PickleValue v = make(kind == 'f' ? Kind::Float : Kind::Int);
    if (kind == 'f') {
      v.number = size == 4 ? static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)))
                           : std::bit_cast<double>(bits);
    } else if (kind == 'i' && size < 8 && (bits >> (size * 8 - 1)) != 0) {
      v.integer = static_cast<std::int64_t>(bits | (~std::uint64_t{0} << (size * 8)));
    } else {
      v.integer = static_cast<std::int64_t>(bits);
    }
    return push(std::move(v));
  }

  std::optional<Diagnostic> build() {
    std::size_t state = 0;
    if (auto e = pop(state)) return e;
    if (stack_.empty()) return fail(opcode_at_, "BUILD with nothing to build");
    const std::size_t target = stack_.back();
    std::vector<std::size_t> items;
    if (value(target).kind == Kind::Dtype) {  // (version, byte order, ...)
      if (auto e = tuple_of(state, 2, true, "a dtype's state", items)) return e;
      const PickleValue& order = value(items[1]);
      if (order.kind != Kind::Text || order.text.size() != 1 ||
          std::string_view("<>|=").find(order.text[0]) == std::string_view::npos)
        return fail(opcode_at_, "a dtype's byte order is " + pickle_.describe(items[1]));
      value(target).byte_order = order.text[0];
      return std::nullopt;
    }
    if (value(target).kind != Kind::Array || value(target).dtype != kNoPickleValue)
      return fail(opcode_at_, "BUILD of " + pickle_.describe(target) + " (only NumPy arrays and dtypes are built)");
    // (version, shape, dtype, fortran, data): data is bytes, or a list of the objects.
    if (auto e = tuple_of(state, 5, false, "an array's state", items)) return e;
    std::vector<std::size_t> shape;
    if (auto e = read_shape(items[1], shape)) return e;
    if (value(items[2]).kind != Kind::Dtype)
      return fail(opcode_at_, "an array's dtype is " + pickle_.describe(items[2]));
    const Kind data = value(items[4]).kind;
    if (data != Kind::Bytes && data != Kind::List)
      return fail(opcode_at_, "an array's data is " + pickle_.describe(items[4]));
    PickleValue& array = value(target);
    array.shape = std::move(shape);
    array.dtype = items[2];
    array.fortran = value(items[3]).kind == Kind::Bool && value(items[3]).integer != 0;
    array.data = items[4];
    return std::nullopt;
  }

  Diagnostic fail(std::size_t byte, std::string message) const {
    const int column = static_cast<int>(std::min<std::size_t>(byte + 1, std::numeric_limits<int>::max()));
    return Diagnostic{std::string(source_), 1, column, std::move(message)};
  }

  std::string_view bytes_;
  std::size_t at_;
  std::size_t opcode_at_ = 0;
  std::string_view source_;
  Pickle pickle_;
  std::vector<std::size_t> stack_;
  std::vector<std::size_t> marks_;
  std::unordered_map<std::uint64_t, std::size_t> memo_;
  std::size_t references_ = 0;
  bool done_ = false;
};

}  // namespace

std::size_t Pickle::find(std::size_t dict, std::string_view key) const {
  if (dict >= values.size() || values[dict].kind != Kind::Dict) return kNoPickleValue;
  const std::vector<std::size_t>& items = values[dict].items;
  for (std::size_t i = 0; i + 1 < items.size(); i += 2)
    if (values[items[i]].kind == Kind::Text && values[items[i]].text == key) return items[i + 1];
  return kNoPickleValue;
}

std::string Pickle::describe(std::size_t index) const {
  if (index >= values.size()) return "nothing";
  const PickleValue& v = values[index];
  switch (v.kind) {
    case Kind::None:
      return "None";
    case Kind::Bool:
      return v.integer != 0 ? "True" : "False";
    case Kind::Int:
      return "the integer " + std::to_string(v.integer);
    case Kind::Float:
      return "a float";
    case Kind::Text:
      return "a string";
    case Kind::Bytes:
      return "bytes";
    case Kind::List:
      return "a list of " + std::to_string(v.items.size());
    case Kind::Tuple:
      return "a tuple of " + std::to_string(v.items.size());
    case Kind::Dict:
      return "a dict";
    case Kind::Global:
      return std::string(v.text);
    case Kind::Dtype:
      return "the dtype '" + v.text + "'";
    case Kind::Array:
      return v.dtype < values.size() ? "an ndarray of '" + values[v.dtype].text + "'" : std::string("an ndarray");
  }
  return "a value";
}

Result<Pickle> read_pickle(std::string_view bytes, std::size_t offset, std::string_view source) {
  if (offset > bytes.size()) offset = bytes.size();
  return PickleMachine(bytes, offset, source).run();
}

}  // namespace bvhscope
