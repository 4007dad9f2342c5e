// The headless subcommands (info, export, metrics, compare, lint, render) and the top-level dispatch of the bvhscope
// command line.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace bvhscope::cli {

// 1 also when an output (standard output, a file) could not be written; 3 is main()'s internal error;
// 4 is lint's "warnings but no error" (lint exits 1 when a file has an error).
enum ExitCode : int { kExitOk = 0, kExitBadInput = 1, kExitUsage = 2, kExitInternal = 3, kExitLintWarnings = 4 };

int run_info(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_export(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Motion-quality numbers of one clip: skating, jitter, floating, penetration, bone drift, root.
int run_metrics(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Compares two clips of one motion joint by joint (MPJPE, per joint, per frame; README: compare).
int run_compare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Checks files for problems and prints the findings (README: lint); exit 0, 4 (warnings) or 1 (errors).
int run_lint(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Writes a clip as clean BVH with the conversions asked for (README: convert).
int run_convert(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// A folder's (or files') report page: figures, lint, metrics, previews, comparisons (README: report).
int run_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Moves a humanoid motion onto another humanoid skeleton (README: retarget).
int run_retarget(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// Renders one frame offscreen to a PNG (needs a display for the GL context, e.g. Xvfb).
int run_render(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_thumbnail(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Flushes `out`; when writing failed (a full disk, a closed pipe) says so on `err` with the
// system's reason ("No space left on device": kept by an io::OutputStream) and returns
// kExitBadInput, else kExitOk.
int finish_output(std::ostream& out, std::ostream& err);

// Prints the full --help text.
void print_help(std::ostream& out);
// `bvhscope COMMAND --help`: the usage entries of one subcommand (from the same text as --help).
// False when COMMAND has none.
bool print_command_help(std::ostream& out, std::string_view command);
// "bvhscope: MESSAGE" and a hint to --help on err; returns kExitUsage.
int usage_error(std::ostream& err, const std::string& message);

}  // namespace bvhscope::cli
