#include "cli/file_batch.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <filesystem>
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <sstream>
#include <thread>

#include <sys/stat.h>

#include "anim/printable.hpp"
#include "anim/thread_policy.hpp"
#include "cli/commands.hpp"
#include "cli/progress_line.hpp"
#include "formats/json_writer.hpp"
#include "model/bvh_paths.hpp"

namespace bvhscope::cli {

FileList expand_file_arguments(const std::vector<std::string>& arguments, bool recursive, std::string_view command,
                               std::ostream& err) {
  FileList list;
  list.batch = arguments.size() > 1;
  for (const std::string& argument : arguments) {
    std::error_code code;
    if (!std::filesystem::is_directory(argument, code)) {
      list.files.push_back(argument);  // its load says what is wrong with it
      continue;
    }
    list.batch = true;
    const BvhPaths found = expand_bvh_paths({argument}, recursive);
    for (const std::string& refused : found.refused) {
      err << "bvhscope: " << command << ": " << printable(refused) << '\n';
      list.refused = true;
    }
    list.files.insert(list.files.end(), found.files.begin(), found.files.end());
  }
  return list;
}

PlannedOutputs plan_outputs(const std::vector<std::string>& inputs, const std::string& folder,
                            std::string_view extension, const std::vector<std::string>& others) {
  PlannedOutputs plan;
  for (const std::string& input : inputs)
    plan.outputs.push_back((std::filesystem::path(folder) / std::filesystem::path(input).stem()).string() +
                           std::string(extension));
  plan.refusals.resize(plan.outputs.size());
  const auto identity = [](const std::string& path) -> std::optional<std::pair<dev_t, ino_t>> {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::nullopt;
    return std::pair{info.st_dev, info.st_ino};
  };
  std::set<std::pair<dev_t, ino_t>> known;
  for (const std::vector<std::string>* list : {&inputs, &others})
    for (const std::string& input : *list)
      if (const auto found = identity(input)) known.insert(*found);
  std::map<std::string, std::size_t> claimed;
  for (std::size_t i = 0; i < plan.outputs.size(); ++i) {
    const std::string absolute = std::filesystem::absolute(plan.outputs[i]).lexically_normal().string();
    if (const auto found = identity(plan.outputs[i]); found && known.count(*found) != 0) {
      plan.refusals[i] = plan.outputs[i] + " would overwrite an input of this batch";
    } else if (const auto [first, fresh] = claimed.emplace(absolute, i); !fresh) {
      plan.refusals[i] =
          plan.outputs[i] + " is also the output of " + inputs[first->second] + " (one output per file name)";
    }
  }
  return plan;
}

int write_folder(
    const FolderWrite& what, const std::string& folder, const std::string& output_folder, unsigned jobs,
    const std::function<int(const std::string&, const std::string&, std::ostream&, std::ostream&)>& write_one,
    std::ostream& out, std::ostream& err) {
  const BvhPaths paths = expand_bvh_paths({folder});
  for (const std::string& refused : paths.refused)
    err << "bvhscope: " << what.command << ": " << printable(refused) << '\n';
  if (paths.files.empty()) return kExitBadInput;
  std::error_code code;
  std::filesystem::create_directories(output_folder, code);
  if (code) {
    err << printable(output_folder) << ": error: " << printable(code.message()) << '\n';
    return kExitBadInput;
  }
  // Before anything is written: no output may be an input of the batch or another input's output.
  const PlannedOutputs plan = plan_outputs(paths.files, output_folder, what.extension, what.others);
  const std::vector<int> statuses = run_files(
      paths.files.size(), jobs, what.working,
      [&](std::size_t i) {
        if (!plan.refusals[i].empty())
          return FileOutcome{
              {},
              "bvhscope: " + std::string(what.command) + ": " + printable(plan.refusals[i]) + "; nothing was written\n",
              kExitBadInput};
        std::ostringstream file_out;
        std::ostringstream file_err;
        const int status = write_one(paths.files[i], plan.outputs[i], file_out, file_err);
        return FileOutcome{file_out.str(), file_err.str(), status};
      },
      [&](std::size_t i, const std::string& message) {  // out of memory, or any exception: this file's failure
        return FileOutcome{{},
                           printable(paths.files[i]) + ": error: " + printable(message) + "; nothing was written\n",
                           kExitBadInput};
      },
      out, err);
  const auto failed = static_cast<std::size_t>(
      std::count_if(statuses.begin(), statuses.end(), [](int status) { return status != kExitOk; }));
  out << what.done << ' ' << statuses.size() - failed << " of " << statuses.size() << " files" << what.detail
      << " into " << printable(output_folder);
  if (failed > 0) out << "; " << failed << " failed (above)";
  out << '\n';
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  return failed > 0 ? kExitBadInput : kExitOk;
}

bool names_output_folder(const std::string& output) {
  std::error_code code;
  return (!output.empty() && output.back() == '/') || std::filesystem::is_directory(output, code);
}

std::optional<unsigned> jobs_option(const ParsedArguments& parsed, std::string_view command, UsageError& usage) {
  const auto text = parsed.value("--jobs");
  if (!text) return available_threads();
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || end != text->data() + text->size() || value < 1 || value > kMaxThreads) {
    usage.message = std::string(command) + ": --jobs must be a whole number from 1 to " + std::to_string(kMaxThreads) +
                    ", not '" + *text + "'";
    return std::nullopt;
  }
  return value;
}

std::vector<int> run_files(std::size_t count, unsigned jobs, std::string_view working,
                           const std::function<FileOutcome(std::size_t)>& work,
                           const std::function<FileOutcome(std::size_t, const std::string&)>& failure,
                           std::ostream& out, std::ostream& err) {
  struct Slot {
    FileOutcome outcome;
    bool done = false;
  };
  if (count == 1) {  // one file: nothing to go on with, out of memory ends the command (exit 3) as anywhere
    FileOutcome outcome = work(0);
    out << outcome.out << std::flush;
    err << outcome.err;
    return {outcome.status};
  }
  std::vector<Slot> slots(count);
  std::mutex mutex;
  std::size_t printed = 0;
  std::size_t running = 0;
  std::atomic<std::size_t> next{0};
  const bool terminal = stderr_is_terminal();
  const auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      {
        const std::lock_guard lock(mutex);
        ++running;
        if (terminal) draw_progress(err, printed, count, running, working);
      }
      FileOutcome outcome;
      try {
        outcome = work(i);
      } catch (const std::bad_alloc&) {
        outcome = failure(i, "out of memory");
      } catch (const std::exception& error) {  // one file's failure, never the batch's
        outcome = failure(i, error.what());
      }
      const std::lock_guard lock(mutex);
      slots[i] = {std::move(outcome), true};
      --running;
      if (terminal) clear_progress(err);
      for (; printed < count && slots[printed].done; ++printed) {
        out << slots[printed].outcome.out << std::flush;
        err << slots[printed].outcome.err;
        slots[printed].outcome.out.clear();  // thousands of files: keep only what waits to be printed
        slots[printed].outcome.out.shrink_to_fit();
      }
      if (terminal && printed < count) draw_progress(err, printed, count, running, working);
    }
  };
  const unsigned threads_wanted = std::max(1u, static_cast<unsigned>(std::min<std::size_t>(jobs, count)));
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < threads_wanted; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
  if (terminal) clear_progress(err);
  std::vector<int> statuses;
  statuses.reserve(count);
  for (const Slot& slot : slots) statuses.push_back(slot.outcome.status);
  return statuses;
}

std::string json_files_entry(std::size_t index, std::string object) {
  while (!object.empty() && object.back() == '\n') object.pop_back();
  return (index > 0 ? ",\n" : "") + object;
}

std::string json_error_entry(std::size_t index, const std::string& path, const Diagnostic& error) {
  std::ostringstream text;
  JsonWriter json(text);
  json.begin_object();
  json.key("file");
  json.value(path);
  json.key("error");
  write_json_error(json, error);
  json.end_object();
  return json_files_entry(index, text.str());
}

void write_json_error(JsonWriter& json, const Diagnostic& error) {
  json.begin_object();
  json.key("source");
  json.value(error.source);
  json.key("line");
  error.line > 0 ? json.value(error.line) : json.null_value();
  json.key("column");
  error.column > 0 ? json.value(error.column) : json.null_value();
  json.key("message");
  json.value(error.message);
  json.end_object();
}

FileOutcome failed_file(std::size_t index, const std::string& path, const Diagnostic& error, bool json) {
  FileOutcome outcome;
  outcome.err = format_diagnostic(error, Severity::Error) + '\n';
  if (json) outcome.out = json_error_entry(index, path, error);
  outcome.status = kExitBadInput;
  return outcome;
}

Diagnostic error_in_messages(const std::string& messages, const std::string& source) {
  std::vector<std::string> lines;
  std::istringstream in(messages);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  constexpr std::string_view kMark = ": error: ";
  for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
    const std::size_t mark = line->find(kMark);
    if (mark == std::string::npos) continue;
    Diagnostic error{line->substr(0, mark), 0, 0, line->substr(mark + kMark.size())};
    // SOURCE:LINE:COL: the two numbers at the end of the place, when there are two.
    const auto number_at_end = [](std::string& place, int& value) {
      const std::size_t colon = place.rfind(':');
      if (colon == std::string::npos || colon + 1 == place.size()) return false;
      int parsed = 0;
      const auto [end, ec] = std::from_chars(place.data() + colon + 1, place.data() + place.size(), parsed);
      if (ec != std::errc{} || end != place.data() + place.size()) return false;
      value = parsed;
      place.resize(colon);
      return true;
    };
    std::string place = error.source;
    int column = 0;
    int line_number = 0;
    if (number_at_end(place, column) && number_at_end(place, line_number)) {
      error.source = place;
      error.line = line_number;
      error.column = column;
    }
    return error;
  }
  return Diagnostic{source, 0, 0, lines.empty() ? std::string("failed") : lines.back()};
}

void json_files_begin(std::ostream& out) { out << "{\"files\": [\n"; }

void json_files_end(std::ostream& out, const std::vector<int>& statuses) {
  out << "\n], \"count\": " << statuses.size() << ", \"failed\": " << failed_count(statuses) << "}\n";
}

std::size_t failed_count(const std::vector<int>& statuses) {
  return static_cast<std::size_t>(
      std::count_if(statuses.begin(), statuses.end(), [](int status) { return status == kExitBadInput; }));
}

}  // namespace bvhscope::cli
