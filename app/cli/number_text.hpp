// Numbers as the command line prints them: fixed decimals for figures a person reads, the shortest
// text that reads back to the same double for values another program parses.
#pragma once

#include <string>

namespace bvhscope::cli {

// `value` with `decimals` digits after the point ("12.340"); the shortest form when that would not fit.
std::string fixed(double value, int decimals);
// The shortest text that reads back to exactly `value` ("0.1", "1e+300").
std::string shortest(double value);

}  // namespace bvhscope::cli
