#include "anim/text_cursor.hpp"

namespace bvhscope {

void TextCursor::skip_blanks() noexcept {
  while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  if (pos_ >= text_.size()) touched_end_ = true;
}

bool TextCursor::consume_line_end() noexcept {
  if (pos_ >= text_.size()) {
    touched_end_ = true;
    return false;
  }
  if (text_[pos_] == '\r') {
    ++pos_;
    if (pos_ >= text_.size()) touched_end_ = true;  // a CR that may be the start of a CRLF
    if (pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
  } else if (text_[pos_] == '\n') {
    ++pos_;
  } else {
    return false;
  }
  ++line_;
  line_start_ = pos_;
  return true;
}

void TextCursor::skip_whitespace() noexcept {
  for (;;) {
    skip_blanks();
    if (!consume_line_end()) return;
  }
}

Token TextCursor::read_token() noexcept {
  Token token;
  token.line = line_;
  token.column = column();
  const std::size_t begin = pos_;
  if (pos_ < text_.size() && (text_[pos_] == '{' || text_[pos_] == '}')) {
    ++pos_;
  } else {
    while (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '{' && text_[pos_] != '}') ++pos_;
  }
  if (pos_ >= text_.size()) touched_end_ = true;
  token.text = text_.substr(begin, pos_ - begin);
  return token;
}

Token TextCursor::next_token() noexcept {
  skip_whitespace();
  return read_token();
}

Token TextCursor::next_token_on_line() noexcept {
  skip_blanks();
  return read_token();
}

Token TextCursor::rest_of_line(std::size_t max_bytes) noexcept {
  skip_blanks();
  Token token;
  token.line = line_;
  token.column = column();
  const std::size_t begin = pos_;
  while (pos_ < text_.size() && !is_line_end(text_[pos_])) {
    if (pos_ - begin > max_bytes) {  // too long to be what the caller wants: stop scanning here
      token.text = text_.substr(begin, pos_ - begin);
      return token;
    }
    ++pos_;
  }
  if (pos_ >= text_.size()) touched_end_ = true;
  std::size_t end = pos_;
  while (end > begin && is_blank(text_[end - 1])) --end;
  token.text = text_.substr(begin, end - begin);
  consume_line_end();
  return token;
}

}  // namespace bvhscope
