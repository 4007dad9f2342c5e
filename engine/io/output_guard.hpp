// Before anything is written: refuse an output that names one of the command's inputs (the same
// file by device and inode, however its path is spelled, links included) or another output.
#pragma once

#include <optional>
#include <span>
#include <string>

namespace bvhscope::io {

// A message ("OUT would overwrite the input IN") when `output` is one of `inputs`, or is the
// same as one of `other_outputs`; nullopt when it is safe to write.
std::optional<std::string> output_conflict(const std::string& output, std::span<const std::string> inputs,
                                           std::span<const std::string> other_outputs = {});

}  // namespace bvhscope::io
