#include "io/output_stream.hpp"

#include <cerrno>
#include <cstring>

#include "io/fd_buffer.hpp"

namespace bvhscope::io {

OutputStream::OutputStream(int fd) : std::ostream(nullptr), buffer_(std::make_unique<detail::FdBuffer>(fd)) {
  rdbuf(buffer_.get());
}

OutputStream::~OutputStream() {
  buffer_->flush_all();
  rdbuf(nullptr);
}

bool OutputStream::finish(std::string& error) {
  const bool flushed = buffer_->flush_all();
  if (flushed && buffer_->error() == 0 && good()) return true;
  setstate(std::ios::badbit);
  error = std::strerror(buffer_->error() != 0 ? buffer_->error() : EIO);
  return false;
}

}  // namespace bvhscope::io
