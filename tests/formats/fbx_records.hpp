// Binary FBX 7.x files built in tests record by record, independent of bvhscope's writer: the
// FBX tests (fbx_binary_test, fbx_skin_test) make small files of exactly what they check.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::test {

// A binary FBX 7.4 file built here record by record, independent of bvhscope's writer.
class Record {
 public:
  explicit Record(std::string name) : name_(std::move(name)) {}
  Record& i32(std::int32_t v) { return scalar('I', v); }
  Record& i64(std::int64_t v) { return scalar('L', v); }
  Record& f64(double v) { return scalar('D', v); }
  Record& str(std::string_view text) {
    props_ += 'S';
    put(static_cast<std::uint32_t>(text.size()));
    props_.append(text);
    ++count_;
    return *this;
  }
  template <typename T>
  Record& array(char type, const std::vector<T>& values, bool compress = false) {
    std::string raw(values.size() * sizeof(T), '\0');
    if (!values.empty()) std::memcpy(raw.data(), values.data(), raw.size());
    std::string stored = raw;
    if (compress) {
      uLongf length = compressBound(static_cast<uLong>(raw.size()));
      stored.assign(length, '\0');
      compress2(reinterpret_cast<Bytef*>(stored.data()), &length, reinterpret_cast<const Bytef*>(raw.data()),
                static_cast<uLong>(raw.size()), 6);
      stored.resize(length);
    }
    props_ += type;
    put(static_cast<std::uint32_t>(values.size()));
    put(static_cast<std::uint32_t>(compress ? 1 : 0));
    put(static_cast<std::uint32_t>(stored.size()));
    props_ += stored;
    ++count_;
    return *this;
  }
  Record& child(std::string name) {
    children_.emplace_back(std::move(name));
    return children_.back();
  }
  // A Properties70 entry: P: name, type, label, flags, then the values.
  Record& p3(std::string_view name, double x, double y, double z) {
    child("P").str(name).str("Vector3D").str("Vector").str("A").f64(x).f64(y).f64(z);
    return *this;
  }
  Record& p_int(std::string_view name, std::int32_t value) {
    child("P").str(name).str("enum").str("").str("").i32(value);
    return *this;
  }
  Record& p_double(std::string_view name, double value) {
    child("P").str(name).str("double").str("Number").str("").f64(value);
    return *this;
  }
  Record& p_time(std::string_view name, std::int64_t value) {
    child("P").str(name).str("KTime").str("Time").str("").i64(value);
    return *this;
  }
  // FBX 7.4 and older: 32-bit end offset, property count and length; 7.5 on (`wide`): 64-bit.
  void write(std::string& out, bool wide = false) const {
    const std::size_t start = out.size();
    const std::size_t number = wide ? 8 : 4;
    out.append(3 * number, '\0');
    out += static_cast<char>(name_.size());
    out += name_;
    out += props_;
    for (const Record& c : children_) c.write(out, wide);
    if (!children_.empty() || count_ == 0) out.append(3 * number + 1, '\0');
    const std::uint64_t fields[3] = {out.size(), static_cast<std::uint64_t>(count_), props_.size()};
    for (std::size_t f = 0; f < 3; ++f) std::memcpy(out.data() + start + f * number, &fields[f], number);
  }

 private:
  template <typename T>
  void put(T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    props_.append(bytes, sizeof(T));
  }
  template <typename T>
  Record& scalar(char type, T value) {
    props_ += type;
    put(value);
    ++count_;
    return *this;
  }
  std::string name_;
  std::string props_;
  int count_ = 0;
  std::vector<Record> children_;
};

inline std::string named(std::string_view name, std::string_view kind) {
  return std::string(name) + std::string("\0\1", 2) + std::string(kind);
}

constexpr std::int64_t kSecond = 46186158000;

// A file of `objects` and `connections` under the usual header, at 4 frames a second (TimeMode
// custom), one unit a metre (UnitScaleFactor 100), +Y up.
inline std::string fbx_file(const Record& objects, const Record& connections, const Record* definitions = nullptr,
                            std::uint32_t version = 7400) {
  std::string out("Kaydara FBX Binary  \0\x1a\0", 23);
  out.append(reinterpret_cast<const char*>(&version), 4);
  Record header("FBXHeaderExtension");
  header.child("FBXHeaderVersion").i32(1003);
  header.child("FBXVersion").i32(static_cast<std::int32_t>(version));
  const bool wide = version >= 7500;
  header.write(out, wide);
  Record global("GlobalSettings");
  global.child("Version").i32(1000);
  Record& settings = global.child("Properties70");
  settings.p_int("UpAxis", 1).p_int("UpAxisSign", 1).p_int("FrontAxis", 2).p_int("FrontAxisSign", 1);
  settings.p_int("CoordAxis", 0).p_int("CoordAxisSign", 1).p_double("UnitScaleFactor", 100.0);
  settings.p_int("TimeMode", 14).p_double("CustomFrameRate", 4.0);
  global.write(out, wide);
  if (definitions != nullptr) definitions->write(out, wide);
  objects.write(out, wide);
  connections.write(out, wide);
  out.append(wide ? 25 : 13, '\0');
  return out;
}

inline Record& model(Record& objects, std::int64_t id, std::string_view name) {
  Record& m = objects.child("Model").i64(id).str(named(name, "Model")).str("LimbNode");
  m.child("Version").i32(232);
  return m.child("Properties70");
}

inline void connect(Record& connections, std::int64_t child, std::int64_t parent, std::string_view property = {}) {
  Record& c = connections.child("C").str(property.empty() ? "OO" : "OP").i64(child).i64(parent);
  if (!property.empty()) c.str(property);
}

}  // namespace bvhscope::test
