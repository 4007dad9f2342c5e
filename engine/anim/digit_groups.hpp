// Whole numbers for messages, their digits grouped by threes ("10,001 joints x 1,000,000 frames"),
// as the drawing-detail notice and the work budget's refusal print them.
#pragma once

#include <cstdint>
#include <string>

namespace bvhscope {

// "1,234,567".
std::string digit_groups(std::uint64_t value);

}  // namespace bvhscope
