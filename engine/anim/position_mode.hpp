// Position channels vs OFFSET: whether a joint's position channels add to its OFFSET or replace it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "anim/clip.hpp"

namespace bvhscope {

// Add: translation = OFFSET + channel values (the Biovision description).
// Replace: a position channel replaces the OFFSET component of its axis (MotionBuilder-style
// exporters, Bandai Namco, MakeHuman: they write absolute values into the channels).
enum class PositionMode : std::uint8_t { Add, Replace };
enum class PositionModeRequest : std::uint8_t { Auto, Add, Replace };

struct PositionModeDecision {
  PositionMode mode = PositionMode::Add;
  bool automatic = true;
  std::string reason;  // one sentence for people: why this mode
};

// Auto looks at frame 0: a position channel whose value repeats its joint's non-zero OFFSET
// component (within 2 %) means the file writes absolute values, so replace; otherwise add.
PositionModeDecision decide_position_mode(const Clip& clip, PositionModeRequest request);

std::string_view position_mode_name(PositionMode mode) noexcept;  // "add" / "replace"
std::optional<PositionModeRequest> parse_position_mode_request(std::string_view text) noexcept;

}  // namespace bvhscope
