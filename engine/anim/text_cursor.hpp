// TextCursor: walks BVH text by whitespace-separated tokens while tracking 1-based line and column.
#pragma once

#include <cstddef>
#include <string_view>

namespace bvhscope {

struct Token {
  std::string_view text;  // empty at the end of the text
  int line = 0;
  int column = 0;
  [[nodiscard]] bool at_end() const noexcept { return text.empty(); }
};

class TextCursor {
 public:
  explicit TextCursor(std::string_view text) noexcept : text_(text) {}

  // The next token, skipping spaces, tabs and line ends. '{' and '}' are tokens of their own.
  Token next_token() noexcept;
  // Like next_token, but only on the current line: an empty token when the line has no more.
  Token next_token_on_line() noexcept;
  // The rest of the current line, trimmed, without its line end (which is consumed). Stops after
  // `max_bytes` + 1 bytes, so a huge line is never scanned whole (the caller refuses it).
  Token rest_of_line(std::size_t max_bytes = static_cast<std::size_t>(-1) - 1) noexcept;
  // Skips spaces and tabs (not line ends).
  void skip_blanks() noexcept;
  // Consumes one line end (LF, CRLF or CR) if the cursor is at one; true if it did.
  bool consume_line_end() noexcept;
  // Skips whitespace including line ends.
  void skip_whitespace() noexcept;

  [[nodiscard]] bool at_end() const noexcept { return pos_ >= text_.size(); }
  [[nodiscard]] std::size_t position() const noexcept { return pos_; }
  [[nodiscard]] int line() const noexcept { return line_; }
  [[nodiscard]] int column() const noexcept { return static_cast<int>(pos_ - line_start_) + 1; }
  [[nodiscard]] std::string_view text() const noexcept { return text_; }
  // True once reading ran into the end of the text: with a prefix of a file, more text might have
  // changed the outcome.
  [[nodiscard]] bool touched_end() const noexcept { return touched_end_; }

  void resume_at(std::size_t pos) noexcept { pos_ = pos; }

 private:
  Token read_token() noexcept;

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  bool touched_end_ = false;
};

constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
constexpr bool is_line_end(char c) noexcept { return c == '\n' || c == '\r'; }
constexpr bool is_space(char c) noexcept { return is_blank(c) || is_line_end(c); }

}  // namespace bvhscope
