// File > Save as BVH: the background task converting a loaded clip (convert_clip, what `bvhscope
// convert` runs) and writing it through a temporary file renamed over the target. It runs in a
// BackgroundJob (the viewer's generic worker state machine: Running -> Written | Failed |
// Cancelled); Cancel is honoured before the rename, so a cancelled save leaves no file.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "anim/bvh_writer.hpp"
#include "anim/clip.hpp"
#include "anim/convert.hpp"
#include "model/background_job.hpp"

namespace bvhscope::viewer {

// What the options change in place in the motion table: a shared table must then be copied first
// (on the worker) so that the clip on screen is left as it is.
bool conversion_writes_values(const ConvertOptions& options);

// What a finished save wrote (filled by the task before it returns true).
struct SaveBvhSummary {
  std::size_t frames = 0;
  int joints = 0;  // not counting End Sites
  double length_factor = 1.0;
  std::size_t safe_names = 0;  // joint names whose unsafe characters were written as '_'
};

// The task: converts `clip` (a share: see share_clip) with `options` and writes it to `path` with
// `write`; false with `error` naming the reason (the conversion's located message, or the
// system's: "cannot create a file in FOLDER: No such file or directory") and no file left.
BackgroundJob::Task save_bvh_task(Clip clip, const ConvertOptions& options, const BvhWriteOptions& write,
                                  const std::string& path, std::shared_ptr<SaveBvhSummary> summary);

}  // namespace bvhscope::viewer
