// `bvhscope render FILE... --each -o OUTDIR/ [--format KIND] [--jobs N]`: one render per FILE, named
// after it (OUTDIR/STEM.mp4 ...), several at once by worker processes (each `bvhscope render FILE
// -o OUT` with the other options, so each has its own GL context and a crash stays in its file).
// Per-file errors on stderr while the others go on, a summary, a progress bar on a terminal, and
// an interrupt stops the workers (each removes its temporary file).
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

// What each FILE becomes: a video (mp4 by default, webm, gif), a PNG still (png: --frame N or a
// --strip filmstrip), or a PNG sequence in a folder of its own (frames: OUTDIR/STEM/).
enum class EachFormat { Mp4, WebM, Gif, Png, Frames };
std::optional<EachFormat> parse_each_format(std::string_view text) noexcept;

struct EachJob {
  std::string input;
  std::string output;
};

// Each input's output in `directory` (ending in '/'): its stem and the format's extension. nullopt
// with `error` naming both inputs when two share a stem (their outputs would be the same file).
std::optional<std::vector<EachJob>> plan_each(const std::vector<std::string>& inputs, const std::string& directory,
                                              EachFormat format, std::string& error);

// The workers the machine's cores allow: available_threads() (BVHSCOPE_THREADS, else the CPUs this
// process may run on), at least 1.
std::size_t available_cores();

// Runs the jobs, `workers` at a time, each as `bvhscope render -o OUTPUT SHARED... -- INPUT`.
// Returns 0 when every file was rendered, 1 when any failed; an interrupt (SIGINT, SIGTERM,
// SIGHUP) stops the workers, says how far it got and ends the process by that signal.
int run_each(const std::vector<EachJob>& jobs, const std::vector<std::string>& shared_args, std::size_t workers,
             std::ostream& err);

}  // namespace bvhscope::cli
