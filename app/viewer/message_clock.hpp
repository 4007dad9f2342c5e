// The message's timing: when an information message expires (MessageExpiry) and the frame loop's
// clock at the last poll, so the state report can say how long the message has been shown.
#pragma once

#include "viewer/message_expiry.hpp"

namespace bvhscope::viewer {

struct MessageClock {
  // Whole seconds the message on screen has been shown (0 without one).
  [[nodiscard]] int seconds_shown() const noexcept { return static_cast<int>(expiry.age(now_seconds)); }

  MessageExpiry expiry;      // information messages go after a while
  double now_seconds = 0.0;  // the frame loop's clock at the last poll_background
};

}  // namespace bvhscope::viewer
