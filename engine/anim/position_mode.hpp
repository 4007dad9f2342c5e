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
  std::string reason;   // one sentence for people: why this mode
  bool certain = true;  // false when the motion could not tell (a tie the picture did not decide,
                        // no channel near its OFFSET or near zero) and the Biovision rule was assumed
};

// Auto looks at the whole motion (up to 1024 frames spread over it): each position channel on a
// non-zero OFFSET votes "absolute" when its median distance to the OFFSET is small (under 25 % of
// it and half its distance to zero), "displacement" when its values stay near zero the same way;
// replace wins with more absolute votes than displacement votes. A tie (one vote each way) is
// decided by the picture: posed each way, the mode whose figure stands on the file's floor (its
// lowest point near the origin along its up axis) with the root in the body wins; add when both
// look alike.
PositionModeDecision decide_position_mode(const Clip& clip, PositionModeRequest request);

std::string_view position_mode_name(PositionMode mode) noexcept;  // "add" / "replace"
std::optional<PositionModeRequest> parse_position_mode_request(std::string_view text) noexcept;

}  // namespace bvhscope
