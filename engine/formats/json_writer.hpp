// A minimal streaming JSON writer for --json outputs and glTF files (escaping, commas, nesting).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  void key(std::string_view name);
  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(long long number);
  void value(int number) { value(static_cast<long long>(number)); }
  void value(unsigned long long number);
  void value(float number);   // shortest form that reads back as the same float
  void value(double number);  // shortest form that reads back as the same double
  void null_value();

 private:
  void before_value();
  void write_string(std::string_view text);

  std::ostream& out_;
  std::vector<bool> first_in_scope_;
  bool after_key_ = false;
};

}  // namespace bvhscope
