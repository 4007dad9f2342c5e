// Clips already in memory that the commands read as if they were files: a program embedding the
// commands (the Python module) hands its loaded motions to `info`, `compare`, `render`... under
// names of their own while a command runs, instead of writing them out and reading them again.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.hpp"

namespace bvhscope::cli {

// The names such clips go by ("bvhscope-motion:" and a number); no file is read for them.
inline constexpr std::string_view kMemoryClipPrefix = "bvhscope-motion:";

struct MemoryClip {
  std::string name;                  // kMemoryClipPrefix + a number unique in this process
  std::shared_ptr<const Clip> clip;  // never changed (each command takes a copy)
  std::string format;                // what read it ("BVH"), for `info`
};

// Registers clips for as long as it lives (the commands of one run), each under a name of its own.
class MemoryClips {
 public:
  MemoryClips() = default;
  ~MemoryClips();
  MemoryClips(const MemoryClips&) = delete;
  MemoryClips& operator=(const MemoryClips&) = delete;

  // The name the commands read `clip` by.
  std::string add(std::shared_ptr<const Clip> clip, std::string format);

 private:
  std::vector<std::string> names_;
};

// The registered clip of that name, if `path` is one.
std::optional<MemoryClip> memory_clip(std::string_view path);

}  // namespace bvhscope::cli
