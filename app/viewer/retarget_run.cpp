#include "viewer/retarget_run.hpp"

#include <utility>

namespace bvhscope::viewer {

std::string RetargetRun::report() const {
  const char* phase = refused ? "refused" : job_phase_name(job.phase());
  return std::string(phase) + "; " + path;
}

BackgroundJob::Task retarget_task(Clip source, Clip target, const RetargetOptions& options, const std::string& path,
                                  const std::string& motion_name, std::shared_ptr<RetargetFileReport> written) {
  // Shared so that the task can be a std::function (copyable) without copying the clips.
  auto clips = std::make_shared<std::pair<Clip, Clip>>(std::move(source), std::move(target));
  return [clips, options, path, motion_name, written](const std::atomic<bool>& cancel,
                                                      const BackgroundJob::Progress& progress, std::string& error) {
    progress(0, 1);
    Result<RetargetFileReport> result =
        retarget_to_file(clips->first, clips->second, options, path, {motion_name, {}, false}, &cancel);
    if (!result) {
      if (cancel.load()) return false;  // cancelled before the file was committed: none is left
      error = format_diagnostic(result.error(), Severity::Error);
      return false;
    }
    *written = std::move(result).value();
    progress(1, 1);
    return true;
  };
}

}  // namespace bvhscope::viewer
