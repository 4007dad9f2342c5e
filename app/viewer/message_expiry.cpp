#include "viewer/message_expiry.hpp"

#include <algorithm>
#include <limits>

namespace bvhscope::viewer {

double info_message_seconds(const std::string& text) {
  return std::min(4.0 + static_cast<double>(text.size()) / 20.0, 12.0);
}

bool MessageExpiry::expired(const std::optional<Message>& message, double now_seconds) {
  if (!message) {
    showing_ = false;
    return false;
  }
  if (!showing_ || message->kind != kind_ || message->text != text_) {
    showing_ = true;
    kind_ = message->kind;
    text_ = message->text;
    since_ = now_seconds;
  }
  return kind_ == Message::Kind::Info && now_seconds - since_ >= info_message_seconds(text_);
}

double MessageExpiry::age(double now_seconds) const noexcept { return showing_ ? now_seconds - since_ : 0.0; }

double MessageExpiry::deadline() const {
  if (!showing_ || kind_ != Message::Kind::Info) return std::numeric_limits<double>::infinity();
  return since_ + info_message_seconds(text_);
}

}  // namespace bvhscope::viewer
