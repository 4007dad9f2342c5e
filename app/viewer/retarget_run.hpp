// File > Retarget onto Another Skeleton's run: the worker moving the motion and writing the file
// (retarget_to_file in a BackgroundJob, on shares of the two clips), where it writes, what it
// reports back, and whether the last request was refused before it started.
#pragma once

#include <memory>
#include <string>

#include "anim/clip.hpp"
#include "model/background_job.hpp"
#include "retarget/retarget_file.hpp"

namespace bvhscope::viewer {

struct RetargetRun {
  // "PHASE; PATH" (PHASE a job_phase_name, or "refused"), the state report's retarget.
  [[nodiscard]] std::string report() const;

  BackgroundJob job;
  std::string path;
  std::string target_name;  // the skeleton's clip, for the outcome line
  std::shared_ptr<RetargetFileReport> written;
  bool refused = false;
};

// The task: `source` onto `target` (shares: see share_clip) written to `path`; false with `error`
// (the located message, or the system's) and no file left.
BackgroundJob::Task retarget_task(Clip source, Clip target, const RetargetOptions& options, const std::string& path,
                                  const std::string& motion_name, std::shared_ptr<RetargetFileReport> written);

}  // namespace bvhscope::viewer
