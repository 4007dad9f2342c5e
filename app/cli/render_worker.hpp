// `render --each`'s worker processes: each renders file after file in one process with one GL
// context, shaders and targets (render/offscreen_session), instead of a process, a context and a
// shader compile per file. The batch (render_each) sends a worker one job at a time on its stdin and
// reads one report per job on its stdout; a worker that crashes takes only its current file with
// it, and the batch starts another for the files left.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::render {
class OffscreenSession;
}

namespace bvhscope::cli {

// The first argument of `bvhscope render` that makes it a worker (internal: the options after it
// are the batch's own, given to every file).
inline constexpr std::string_view kEachWorkerFlag = "--each-worker";

// `bvhscope render ARGS` for one output (run_render's own work, minus --each and the worker flag),
// with `session`'s context: errors and warnings to `err`, the exit status returned.
using RenderFiles =
    std::function<int(const std::vector<std::string>& args, std::ostream& err, render::OffscreenSession* session)>;

// The worker's loop: jobs from stdin (job_record's), each rendered by `render` as `render -o OUTPUT
// SHARED... -- INPUT` with one session, a report on stdout after each (report_record's). Returns 0
// at the end of stdin.
int run_render_worker(const std::vector<std::string>& shared_args, const RenderFiles& render);

// The messages between the batch and a worker. A job: its output and input, each ended by a NUL
// (no path holds one). A report: "STATUS BYTES\n" then that many bytes of the job's stderr.
std::string job_record(const std::string& output, const std::string& input);
std::string report_record(int status, std::string_view text);
struct WorkerReport {
  int status = 0;
  std::string text;
};
// The first whole report at the start of `received`, taken out of it; nullopt while it is not all
// there. A malformed start sets `broken` (the worker is then stopped).
std::optional<WorkerReport> take_report(std::string& received, bool& broken);

}  // namespace bvhscope::cli
