// Clips already in memory that the commands read as if they were files: a program embedding the
// commands (the Python module) hands its loaded motions to `info`, `compare`, `render`... while a
// command runs on its thread, instead of writing them out and reading them again. Each goes by the
// path it was read from (made unique within the run), so that messages name it and an output may
// not overwrite it, exactly as for the file.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.hpp"
#include "cli/load_for_cli.hpp"

namespace bvhscope::cli {

struct MemoryClip {
  std::string name;                  // what the commands read it by: its source, unique in the run
  std::shared_ptr<const Clip> clip;  // never changed: a command gets a copy sharing its frames
  FileListing listing;               // its file's motions as `info` lists them, this one chosen
};

// The clips of the commands run on this thread while it lives (one at a time on a thread).
class MemoryClips {
 public:
  MemoryClips();
  ~MemoryClips();
  MemoryClips(const MemoryClips&) = delete;
  MemoryClips& operator=(const MemoryClips&) = delete;

  // The name the commands read `clip` by: its source, or its source and " (2)"... when another
  // clip of the run has that source (the same clip added again keeps its name).
  std::string add(std::shared_ptr<const Clip> clip, FileListing listing);
  [[nodiscard]] const MemoryClip* find(std::string_view name) const noexcept;

 private:
  std::vector<MemoryClip> clips_;
  const MemoryClips* previous_;
};

// The clip in memory that `path` names for the command running on this thread, if any.
const MemoryClip* memory_clip(std::string_view path);

// A helper thread of a command (a second load beside the first) reads the same clips in memory as
// the thread that started it: `clips` is current on this thread while it lives.
class ShareMemoryClips {
 public:
  explicit ShareMemoryClips(const MemoryClips* clips);
  ~ShareMemoryClips();
  ShareMemoryClips(const ShareMemoryClips&) = delete;
  ShareMemoryClips& operator=(const ShareMemoryClips&) = delete;

 private:
  const MemoryClips* previous_;
};

// The clips current on this thread (null when none): what a helper thread is handed.
const MemoryClips* current_memory_clips();

}  // namespace bvhscope::cli
