// The text of a failed write that says why: the system's reason, and the folder that is missing
// when that is the cause ("cannot write /x/y/out.csv: No such file or directory (the folder /x/y
// does not exist)").
#pragma once

#include <string>

namespace bvhscope::viewer {

// `reason` as the system gave it (strerror, std::error_code::message, or an AtomicFile error that
// carries one); when the file's folder does not exist, that is the reason given instead.
std::string write_failure(const std::string& path, const std::string& reason);

}  // namespace bvhscope::viewer
