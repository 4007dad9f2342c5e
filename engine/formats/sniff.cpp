#include "formats/sniff.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "anim/printable.hpp"

namespace bvhscope {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// What the start of unknown content is, for the message refusing it: its first word (at most 16
// bytes, escaped for a terminal), or what kind of bytes it is.
std::string describe_start(std::string_view head, bool whole) {
  std::size_t at = head.substr(0, kUtf8Bom.size()) == kUtf8Bom ? kUtf8Bom.size() : 0;
  while (at < head.size() && blank(head[at])) ++at;
  if (at == head.size()) return whole ? "an empty file" : "only blank space";
  std::size_t end = at;
  while (end < head.size() && end - at < 16 && !blank(head[end])) ++end;
  const std::string word = "'" + printable(head.substr(at, end - at)) + "'";
  return head.find('\0') != std::string_view::npos ? "binary data starting with " + word : word;
}

}  // namespace

Result<const MotionFormat*> sniff_format(std::string_view head, bool whole, std::string_view source) {
  for (const MotionFormat& format : motion_formats()) {
    if (format.sniff(head, whole) == Sniffed::Yes) return &format;
  }
  // Content that is nothing known: the format its name says reads it and says what is wrong.
  if (const MotionFormat* named = format_for_extension(source)) return named;
  return Diagnostic{std::string(source), 1, 1,
                    "not a motion file bvhscope reads: found " + describe_start(head, whole) +
                        "; known formats: " + known_formats_text()};
}

std::optional<FileHead> read_file_head(const std::string& path) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; only regular files are read (a FIFO's
  // bytes read here would be lost to its reader).
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  FileHead head;
  head.bytes.resize(kSniffBytes);
  std::size_t filled = 0;
  for (;;) {
    const ssize_t got = ::read(fd, head.bytes.data() + filled, kSniffBytes - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      return std::nullopt;
    }
    filled += static_cast<std::size_t>(got);
    if (got == 0) {
      head.whole = true;
      break;
    }
    if (filled == kSniffBytes) break;
  }
  ::close(fd);
  head.bytes.resize(filled);
  return head;
}

}  // namespace bvhscope
