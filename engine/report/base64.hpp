// Base64 (RFC 4648, with padding) for images embedded in a page as data: URIs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bvhscope::report {

std::string base64(std::string_view bytes);

}  // namespace bvhscope::report
