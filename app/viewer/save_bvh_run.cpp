#include "viewer/save_bvh_run.hpp"

namespace bvhscope::viewer {

std::string SaveBvhRun::report() const {
  const char* phase = refused ? "refused" : job_phase_name(job.phase());
  return std::string(phase) + "; " + path;
}

}  // namespace bvhscope::viewer
