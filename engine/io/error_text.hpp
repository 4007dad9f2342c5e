// The system's words for an errno value, as a string that can be joined to a message.
#pragma once

#include <cstring>
#include <string>

namespace bvhscope::io {

inline std::string error_text(int error_number) { return std::strerror(error_number); }

}  // namespace bvhscope::io
