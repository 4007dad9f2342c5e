// A buffered streambuf over a file descriptor that checks every write and keeps the first
// failure's errno (AtomicFile's file, OutputStream's standard output). Internal to engine/io.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <streambuf>
#include <vector>

namespace bvhscope::io::detail {

class FdBuffer : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd), buffer_(std::size_t{1} << 16) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  [[nodiscard]] int error() const noexcept { return error_; }
  bool flush_all() { return drain() && error_ == 0; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    if (count >= static_cast<std::streamsize>(buffer_.size())) {
      if (!drain() || !write_all(data, static_cast<std::size_t>(count))) return 0;
      return count;
    }
    return std::streambuf::xsputn(data, count);
  }

 private:
  bool drain() {
    const std::size_t pending = static_cast<std::size_t>(pptr() - pbase());
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return pending == 0 || write_all(buffer_.data(), pending);
  }
  bool write_all(const char* data, std::size_t size) {
    if (error_ != 0) return false;
    while (size > 0) {
      const ssize_t written = ::write(fd_, data, size);
      if (written < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        return false;
      }
      data += written;
      size -= static_cast<std::size_t>(written);
    }
    return true;
  }

  int fd_;
  int error_ = 0;
  std::vector<char> buffer_;
};

}  // namespace bvhscope::io::detail
