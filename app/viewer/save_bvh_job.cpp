#include "viewer/save_bvh_job.hpp"

#include <utility>

#include "anim/diagnostic.hpp"
#include "io/atomic_file.hpp"

namespace bvhscope::viewer {

bool conversion_writes_values(const ConvertOptions& options) {
  // A trim or a resample writes a new table first, but only after the position rule is applied.
  return options.position_mode != PositionModeRequest::Add || options.lengths || options.up || options.mirror ||
         options.three_channels || options.rotation_order || options.in_place || options.ground || options.unwrap;
}

BackgroundJob::Task save_bvh_task(Clip clip, const ConvertOptions& options, const BvhWriteOptions& write,
                                  const std::string& path, std::shared_ptr<SaveBvhSummary> summary) {
  // Shared so that the task can be a std::function (copyable) without copying the clip.
  auto shared = std::make_shared<Clip>(std::move(clip));
  return [shared, options, write, path, summary](const std::atomic<bool>& cancel,
                                                 const BackgroundJob::Progress& progress, std::string& error) {
    progress(0, 2);
    Clip input = std::move(*shared);
    if (conversion_writes_values(options)) {
      Clip own = input;  // a deep copy of the table (FrameValues' value semantics), here on the worker
      input = std::move(own);
    }
    ConvertReport report;
    Result<Clip> converted = convert_clip(std::move(input), options, &report);
    if (!converted) {
      error = format_diagnostic(converted.error(), Severity::Error);
      return false;
    }
    if (cancel.load()) return false;
    progress(1, 2);
    const Clip& result = converted.value();
    std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
    if (!file) return false;
    write_bvh(result, file->stream(), write);
    if (cancel.load()) return false;  // the temporary file goes with `file`
    if (!file->commit(error)) return false;
    summary->frames = result.motion.frame_count;
    summary->joints = result.skeleton.joint_count() - result.skeleton.end_site_count();
    summary->length_factor = report.length_factor;
    summary->safe_names = report.safe_names.size();
    progress(2, 2);
    return true;
  };
}

}  // namespace bvhscope::viewer
