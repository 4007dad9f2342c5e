// How long the viewer's message stays on screen: information expires (longer text, longer time),
// an error stays until dismissed. The clock is the frame loop's, given with each call.
#pragma once

#include <optional>
#include <string>

#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Seconds an information message with this text stays: 4 s, plus 1 s per 20 characters, at most 12 s.
double info_message_seconds(const std::string& text);

class MessageExpiry {
 public:
  // Called each frame with the message shown: true when it is information whose time is up (the
  // caller removes it). A message that changes (kind or text) starts its time again.
  bool expired(const std::optional<Message>& message, double now_seconds);
  // Seconds the current message has been shown (0 without one).
  [[nodiscard]] double age(double now_seconds) const noexcept;
  // When the message shown now expires (infinity for none, or for an error): the idle viewer wakes then.
  [[nodiscard]] double deadline() const;

 private:
  bool showing_ = false;
  Message::Kind kind_ = Message::Kind::Info;
  std::string text_;
  double since_ = 0.0;
};

}  // namespace bvhscope::viewer
