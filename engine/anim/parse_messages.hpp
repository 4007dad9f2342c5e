// Wording shared by the parser's messages: how a token is shown, and what is wrong with a number.
#pragma once

#include <string>
#include <string_view>

#include "anim/number_parser.hpp"

namespace bvhscope {

// A token as it appears inside a message: quoted, cut at 40 bytes (at a character boundary),
// control characters escaped as printable() does.
std::string quoted(std::string_view text);

// "expected a number, found '…'", "number '…' is out of range", or "… too large for a 32-bit float".
std::string number_problem(NumberStatus status, std::string_view text);

}  // namespace bvhscope
