// Output written in place to a file descriptor (standard output) as a checked stream: buffered,
// every write checked, the first failure's reason kept, so that a command whose output could not
// be written says why ("No space left on device") instead of ending as if it had succeeded.
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace bvhscope::io {

namespace detail {
class FdBuffer;
}

class OutputStream : public std::ostream {
 public:
  explicit OutputStream(int fd);
  ~OutputStream() override;  // flushes what is left (its failure is only seen through finish())
  OutputStream(const OutputStream&) = delete;
  OutputStream& operator=(const OutputStream&) = delete;

  // Writes out what is buffered; false with `error` set to the system's reason when any write
  // failed (then the stream is bad as well).
  bool finish(std::string& error);

 private:
  std::unique_ptr<detail::FdBuffer> buffer_;
};

}  // namespace bvhscope::io
