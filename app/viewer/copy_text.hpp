// The one number format of every Copy button: fixed four decimals, no negative zero, numbers
// separated by ", " ("-0.0000" reads "0.0000"; a vector reads "0.1250, -1.0000, 2.5000").
#pragma once

#include <initializer_list>
#include <string>

namespace bvhscope::viewer {

std::string copy_number(double value);
std::string copy_numbers(std::initializer_list<double> values);

}  // namespace bvhscope::viewer
