// Commands that work through many files (info, lint, metrics, compare of two folders, retarget of a
// folder): the paths of a command line expanded (a folder to its motion files in natural order, the
// viewer's rule), a --jobs option, and a runner that works on `jobs` files at a time and prints each
// file's output in the order of the list as soon as it and those before it are done, with a progress
// line on a terminal. One file's failure (an exception too) never stops the others.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "anim/diagnostic.hpp"
#include "cli/arguments.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope::cli {

// What one file's work printed and its exit status.
struct FileOutcome {
  std::string out;
  std::string err;
  int status = 0;
};

// The files a command's FILE arguments name: a file as it is (its load reports what is wrong with
// it), a folder as the motion files inside it (below it too when `recursive`).
struct FileList {
  std::vector<std::string> files;
  bool batch = false;    // several files or a folder: the output lists files (`{"files": [...]}`)
  bool refused = false;  // a folder could not be read or held no motion file (said on `err`)
};
FileList expand_file_arguments(const std::vector<std::string>& arguments, bool recursive, std::string_view command,
                               std::ostream& err);

// Each input's output in `folder`: its stem and `extension` (".csv"). An output that would overwrite
// an input of the batch (one of `inputs` or `others`, known by device and inode) or that another
// input already claims ("walk.bvh" and "walk.npy" both to walk.csv) gets a refusal instead, said
// without the command's name: "OUT would overwrite an input of this batch".
struct PlannedOutputs {
  std::vector<std::string> outputs;
  std::vector<std::string> refusals;  // empty where the output may be written
};
PlannedOutputs plan_outputs(const std::vector<std::string>& inputs, const std::string& folder,
                            std::string_view extension, const std::vector<std::string>& others = {});

// A folder's motion files each written into `output_folder` (its stem and `extension`) by
// `write_one(input, output, out, err)` (its exit status), `jobs` at a time: what each prints in the
// folder's order, an output refused by plan_outputs said instead of written, then "converted 22 of
// 23 files[detail] into OUTDIR; 1 failed (above)". Exit 1 when any failed or the folder held none.
struct FolderWrite {
  std::string_view command;         // "convert"
  std::string_view working;         // "converting" (the progress line)
  std::string_view done;            // "converted"
  std::string detail;               // after the counts: " onto target.bvh"
  std::string_view extension;       // ".glb"
  std::vector<std::string> others;  // inputs beside the folder's files (a target, a map)
};
int write_folder(
    const FolderWrite& what, const std::string& folder, const std::string& output_folder, unsigned jobs,
    const std::function<int(const std::string&, const std::string&, std::ostream&, std::ostream&)>& write_one,
    std::ostream& out, std::ostream& err);

// Whether an -o value names a folder for many outputs: it ends in '/' or is a folder already.
bool names_output_folder(const std::string& output);

// --jobs N (1..kMaxThreads); the cores this process may use when absent. nullopt with the message
// in `usage` when the value is not such a number.
std::optional<unsigned> jobs_option(const ParsedArguments& parsed, std::string_view command, UsageError& usage);

// Runs `work(i)` for i in [0, count), `jobs` at a time; prints each outcome's out and err in the
// order of i as soon as it and all before it are done. `working` names what the running files are
// doing in the progress line ("reading"). Of several files, an exception thrown by `work` (out of
// memory too) is that file's failure: `failure(i, message)` makes its outcome; one file's work runs
// on the calling thread and its exceptions reach the caller. Returns the statuses in order.
std::vector<int> run_files(std::size_t count, unsigned jobs, std::string_view working,
                           const std::function<FileOutcome(std::size_t)>& work,
                           const std::function<FileOutcome(std::size_t, const std::string&)>& failure,
                           std::ostream& out, std::ostream& err);

// The `{"files": [...]}` form of --json for several files: each file's entry is the object it
// would print alone. json_files_entry makes the text of entry `index` (a comma before all but the
// first, `object`'s trailing newline dropped); json_error_entry the entry of a file that failed,
// naming it with its located error; json_files_end closes the list with the counts.
std::string json_files_entry(std::size_t index, std::string object);
std::string json_error_entry(std::size_t index, const std::string& path, const Diagnostic& error);
// {"source", "line", "column", "message"} of an error (line and column null for the whole file).
void write_json_error(JsonWriter& json, const Diagnostic& error);
void json_files_begin(std::ostream& out);
void json_files_end(std::ostream& out, const std::vector<int>& statuses);

// The outcome of file `index` that failed with `error`: the located error on err, and its entry
// in out when the output is `json`.
FileOutcome failed_file(std::size_t index, const std::string& path, const Diagnostic& error, bool json);

// The last error among printed messages ("SOURCE:LINE:COL: error: MESSAGE" or "SOURCE: error:
// MESSAGE") as a diagnostic, for a failure's JSON entry when what failed printed it; `source` and
// the last line when none reads so.
Diagnostic error_in_messages(const std::string& messages, const std::string& source);

// How many of `statuses` are failures (kExitBadInput or worse than a lint warning).
std::size_t failed_count(const std::vector<int>& statuses);

}  // namespace bvhscope::cli
