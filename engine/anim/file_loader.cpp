#include "anim/file_loader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "anim/bvh_header.hpp"
#include "anim/bvh_parser.hpp"
#include "anim/huge_pages.hpp"

namespace bvhscope {
namespace {

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] int get() const noexcept { return fd_; }

 private:
  int fd_;
};

Diagnostic file_error(const std::string& path, std::string message) {
  return Diagnostic{path, 0, 0, std::move(message)};
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Opens a regular file for reading; the refusals name what the path is instead.
Result<int> open_regular_file(const std::string& path, std::uint64_t& size) {
  // O_NONBLOCK so that opening a FIFO without a writer cannot hang; FIFOs are refused below.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return file_error(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    return file_error(path, std::string("cannot read: ") + std::strerror(error));
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return file_error(path, std::string("cannot open ") + kind_of(info.st_mode) + ", expected a .bvh file");
  }
  size = static_cast<std::uint64_t>(info.st_size);
  if (size > kMaxFileBytes) {
    ::close(fd);
    return file_error(path, "file is " + std::to_string(size >> 20) + " MiB; files over " +
                                std::to_string(kMaxFileBytes >> 30) + " GiB are not loaded");
  }
  return fd;
}

// Appends up to `count` bytes from the file; returns how many were read (0 at the end).
Result<std::size_t> read_more(int fd, const std::string& path, std::string& buffer, std::size_t count) {
  const std::size_t old_size = buffer.size();
  buffer.resize(old_size + count);
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data() + old_size, count);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      buffer.resize(old_size);
      return file_error(path, std::string("cannot read: ") + std::strerror(errno));
    }
    buffer.resize(old_size + static_cast<std::size_t>(got));
    return static_cast<std::size_t>(got);
  }
}

// The frame rows of a file, read block by block after the header.
class FileBlocks final : public BlockSource {
 public:
  FileBlocks(int fd, const std::string& path, std::string carry, std::uint64_t unread, int channels,
             LoadProgress* progress)
      : fd_(fd),
        path_(path),
        carry_(std::move(carry)),
        unread_(unread),
        max_line_bytes_(max_frame_line_bytes(channels)),
        progress_(progress) {}

  std::uint64_t remaining_bytes() const override { return carry_.size() + unread_; }

  Result<std::optional<RowBlockText>> next(std::size_t block_bytes) override {
    std::string buffer = take_spare();
    buffer.assign(carry_);
    carry_.clear();
    for (;;) {
      // Never past the size the file had when it was opened: a file that grows is not chased.
      while (unread_ > 0 && buffer.size() < block_bytes) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(unread_, block_bytes - buffer.size()));
        Result<std::size_t> got = read_more(fd_, path_, buffer, want);
        if (!got) return got.error();
        if (got.value() == 0) {
          unread_ = 0;  // the file shrank
        } else {
          unread_ -= std::min<std::uint64_t>(unread_, got.value());
          if (progress_ != nullptr) progress_->bytes_read.fetch_add(got.value(), std::memory_order_relaxed);
        }
      }
      if (buffer.empty()) return std::optional<RowBlockText>{};
      const std::size_t cut = unread_ == 0 ? buffer.size() : last_line_end(buffer);
      if (cut > 0) {
        carry_.assign(buffer, cut, std::string::npos);
        buffer.resize(cut);
        RowBlockText block;
        block.storage = std::move(buffer);
        return std::optional<RowBlockText>(std::move(block));
      }
      if (buffer.size() >= max_line_bytes_) {
        // One line longer than any frame line can be: refused without reading the rest of it.
        RowBlockText block;
        block.storage = std::move(buffer);
        block.overlong_line = true;
        unread_ = 0;
        return std::optional<RowBlockText>(std::move(block));
      }
      block_bytes = std::min(block_bytes * 2, max_line_bytes_);  // a long line: read on until it ends
    }
  }

  // Buffers of committed blocks come back here to be reused (no fresh pages per block).
  void recycle(std::string buffer) override {
    if (spare_.size() < 8) spare_.push_back(std::move(buffer));
  }

 private:
  // Just past the last line end whose kind is certain (a final CR may be the start of a CRLF).
  static std::size_t last_line_end(const std::string& buffer) {
    const std::size_t lf = buffer.rfind('\n');
    if (lf != std::string::npos) return lf + 1;
    if (buffer.size() < 2) return 0;
    const std::size_t cr = buffer.rfind('\r', buffer.size() - 2);
    return cr == std::string::npos ? 0 : cr + 1;
  }

  std::string take_spare() {
    if (spare_.empty()) return {};
    std::string buffer = std::move(spare_.back());
    spare_.pop_back();
    buffer.clear();
    return buffer;
  }

  int fd_;
  const std::string& path_;
  std::string carry_;
  std::uint64_t unread_;
  std::size_t max_line_bytes_;
  LoadProgress* progress_;
  std::vector<std::string> spare_;
};

// Reads to the end a regular file that reports no size (procfs and sysfs files such as
// /proc/self/status say 0 but hold text), up to kMaxFileBytes; its length becomes `size`.
std::optional<Diagnostic> read_unsized_file(int fd, const std::string& path, std::string& text, std::uint64_t& size) {
  std::size_t chunk = std::size_t{64} << 10;
  for (;;) {
    Result<std::size_t> got = read_more(fd, path, text, chunk);
    if (!got) return got.error();
    if (got.value() == 0) break;
    if (text.size() > kMaxFileBytes) {
      return file_error(path, "file is over " + std::to_string(kMaxFileBytes >> 30) + " GiB; it is not loaded");
    }
    chunk = std::min<std::size_t>(chunk * 2, std::size_t{64} << 20);
  }
  size = text.size();
  return std::nullopt;
}

// Reads the open file into `into` until `size` bytes or its end: what is there (a file that shrinks
// yields less, one that grows is read to the size it had when opened). How many bytes were read.
Result<std::size_t> read_up_to(int fd, const std::string& path, char* into, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t got = ::read(fd, into + done, size - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return file_error(path, std::string("cannot read: ") + std::strerror(errno));
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  return done;
}

// The text of the open file `fd` of `size` bytes (0: read to its end).
Result<std::string> read_opened_text(int fd, const std::string& path, std::uint64_t size) {
  std::string text;
  if (size == 0) {
    if (auto error = read_unsized_file(fd, path, text, size)) return *error;
    return text;
  }
  text.resize(static_cast<std::size_t>(size));
  Result<std::size_t> got = read_up_to(fd, path, text.data(), text.size());
  if (!got) return got.error();
  text.resize(got.value());
  return text;
}

}  // namespace

Result<std::string> read_text_file(const std::string& path) {
  std::uint64_t size = 0;
  Result<int> opened = open_regular_file(path, size);
  if (!opened) return opened.error();
  const FileDescriptor file(opened.value());
  return read_opened_text(file.get(), path, size);
}

FileBytes::FileBytes(FileBytes&& other) noexcept
    : text_(std::move(other.text_)),
      block_(std::exchange(other.block_, nullptr)),
      block_size_(std::exchange(other.block_size_, 0)),
      size_(std::exchange(other.size_, 0)) {}

FileBytes& FileBytes::operator=(FileBytes&& other) noexcept {
  if (this != &other) {
    unmap_huge_block(block_, block_size_);
    text_ = std::move(other.text_);
    block_ = std::exchange(other.block_, nullptr);
    block_size_ = std::exchange(other.block_size_, 0);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

FileBytes::~FileBytes() { unmap_huge_block(block_, block_size_); }

Result<FileBytes> read_file_bytes(const std::string& path) {
  constexpr std::uint64_t kMappedFrom = std::uint64_t{8} << 20;  // smaller files: a string is as quick
  std::uint64_t size = 0;
  Result<int> opened = open_regular_file(path, size);
  if (!opened) return opened.error();
  const FileDescriptor file(opened.value());
  if (size < kMappedFrom) {
    Result<std::string> text = read_opened_text(file.get(), path, size);
    if (!text) return text.error();
    return FileBytes(std::move(text).value());
  }
  FileBytes bytes;
  bytes.block_ = map_huge_block(static_cast<std::size_t>(size));
  if (bytes.block_ == nullptr) return file_error(path, std::string("cannot read: ") + std::strerror(ENOMEM));
  bytes.block_size_ = static_cast<std::size_t>(size);
  Result<std::size_t> got =
      read_up_to(file.get(), path, static_cast<char*>(bytes.block_), static_cast<std::size_t>(size));
  if (!got) return got.error();
  bytes.size_ = got.value();
  return bytes;
}

Result<Clip> load_bvh_file(const std::string& path, LoadProgress* progress, const ParseOptions& options) {
  std::uint64_t size = 0;
  Result<int> opened = open_regular_file(path, size);
  if (!opened) return opened.error();
  const FileDescriptor file(opened.value());
  if (progress != nullptr) progress->bytes_total.store(size, std::memory_order_relaxed);

  // The header: read more until the parser no longer runs into the end of what was read. It
  // must see the line end after the frame time, so a cut-off value is never taken as complete.
  // Each read doubles what is buffered, so the attempts parse at most twice the header in all.
  std::string head;
  if (size == 0) {  // a procfs file (or an empty one): read whole, then parsed like any other
    if (auto error = read_unsized_file(file.get(), path, head, size)) return *error;
    if (progress != nullptr) {
      progress->bytes_total.store(size, std::memory_order_relaxed);
      progress->bytes_read.fetch_add(size, std::memory_order_relaxed);
    }
  }
  bool at_end = false;
  std::size_t chunk = std::size_t{64} << 10;
  std::optional<Result<BvhHeader>> header;
  while (!header) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(chunk, size - std::min<std::uint64_t>(size, head.size())));
    Result<std::size_t> got = want > 0 ? read_more(file.get(), path, head, want) : Result<std::size_t>(std::size_t{0});
    if (!got) return got.error();
    at_end = got.value() == 0 || head.size() >= size;
    if (progress != nullptr) progress->bytes_read.fetch_add(got.value(), std::memory_order_relaxed);
    bool touched_end = false;
    Result<BvhHeader> attempt = parse_bvh_header(head, path, &touched_end);
    const bool complete = attempt.ok() ? attempt.value().rows_offset < head.size() : !touched_end;
    const std::size_t last_line = head.find_last_of("\r\n");
    const bool line_too_long = head.size() - (last_line == std::string::npos ? 0 : last_line + 1) > kMaxHeaderLineBytes;
    if (complete || at_end || line_too_long) header.emplace(std::move(attempt));
    chunk = std::max(chunk, head.size());
  }
  if (!*header) return header->error();
  const std::size_t header_bytes = header->value().rows_offset;

  const std::uint64_t unread = size > head.size() ? size - head.size() : 0;
  FileBlocks blocks(file.get(), path, head.substr(header_bytes), at_end ? 0 : unread,
                    header->value().clip.motion.channel_count, progress);
  head = std::string();
  if (auto error = parse_rows(header->value(), blocks, options, progress)) return *error;
  return std::move(header->value().clip);
}

}  // namespace bvhscope
