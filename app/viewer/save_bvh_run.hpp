// File > Save as BVH's run: the worker writing the file (save_bvh_task in a BackgroundJob), where
// the last request writes, what the write reports back, whether the last request was refused
// before it started, and the clip whose own file the running save replaces.
#pragma once

#include <memory>
#include <string>

#include "model/background_job.hpp"
#include "viewer/save_bvh_job.hpp"

namespace bvhscope::viewer {

struct SaveBvhRun {
  // "PHASE; PATH" (PHASE a job_phase_name, or "refused": the last request was turned down before
  // anything started), the state report's save_bvh.
  [[nodiscard]] std::string report() const;

  BackgroundJob job;
  std::string path;  // where the last save request writes
  std::shared_ptr<SaveBvhSummary> summary;
  bool refused = false;   // the last request was turned down before it started
  int replaced_clip = 0;  // the clip whose own file the running save replaces (0: none)
};

}  // namespace bvhscope::viewer
