// Writing a whole buffer to a file descriptor (a pipe to a child, a child's report to its parent):
// the writes repeated until every byte is out, again after EINTR.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <string_view>

namespace bvhscope::io {

// false when a write failed (errno says why: EPIPE when the reader is gone) or wrote nothing.
inline bool write_all(int fd, std::string_view bytes) noexcept {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace bvhscope::io
