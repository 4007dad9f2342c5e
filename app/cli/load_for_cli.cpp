#include "cli/load_for_cli.hpp"

#include <exception>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

#include "anim/file_loader.hpp"
#include "cli/memory_clips.hpp"
#include "formats/npy_array.hpp"
#include "formats/read_motions.hpp"
#include "formats/skeleton_file.hpp"

namespace bvhscope::cli {
namespace {

// A clip in memory (memory_clips.hpp) as a command reads it: a copy sharing its frames (a command
// that changes frames in place makes them its own first: from_memory), its warnings kept (lint and
// info report them), at --source-fps when given. `progress` counts the bytes its frames take, for
// the work budget.
std::optional<Clip> clip_in_memory(const std::string& path, LoadProgress* progress, const MotionChoice& choice,
                                   FileListing* listing) {
  const MemoryClip* memory = memory_clip(path);
  if (memory == nullptr) return std::nullopt;
  Clip clip = share_clip(*memory->clip);
  if (choice.source_fps) clip.motion.frame_time = 1.0 / *choice.source_fps;
  if (progress != nullptr) {
    const std::uint64_t bytes = (clip.motion.values.size() + clip.motion.positions.size()) * sizeof(float);
    progress->bytes_read.fetch_add(bytes, std::memory_order_relaxed);
  }
  if (listing != nullptr) *listing = memory->listing;
  return clip;
}

}  // namespace

Result<ReadOptions> reader_options(const MotionChoice& choice, LoadProgress* progress) {
  ReadOptions options;
  options.progress = progress;
  options.array_key = choice.array_key;
  if (!choice.skeleton_path.empty()) {
    Result<JointTree> tree = read_skeleton_file(choice.skeleton_path);
    if (!tree) return tree.error();
    options.skeleton = std::make_shared<const JointTree>(std::move(tree).value());
  }
  const auto read_vector = [](const std::string& path, std::vector<double>& into) -> std::optional<Diagnostic> {
    if (path.empty()) return std::nullopt;
    Result<std::string> bytes = read_text_file(path);
    if (!bytes) return bytes.error();
    Result<std::vector<double>> values = read_npy_vector(bytes.value(), path);
    if (!values) return values.error();
    into = std::move(values).value();
    return std::nullopt;
  };
  if (auto refused = read_vector(choice.mean_path, options.feature_mean)) return *refused;
  if (auto refused = read_vector(choice.std_path, options.feature_std)) return *refused;
  return options;
}

Result<Clip> load_motion(const std::string& path, LoadProgress* progress, const MotionChoice& choice,
                         FileListing* listing) {
  // A clip in memory is the one its listing names (no --motion for it).
  if (std::optional<Clip> clip = clip_in_memory(path, progress, choice, listing)) return std::move(*clip);
  FileListing all;
  Result<std::vector<Clip>> read = load_all_motions(path, progress, choice, &all);
  if (!read) return read.error();
  std::vector<Clip>& motions = read.value();
  const std::size_t count = motions.size();
  if (choice.motion && *choice.motion >= count) {
    return Diagnostic{path, 0, 0,
                      "--motion " + std::to_string(*choice.motion) + ": the file holds " +
                          (count == 1 ? std::string("one motion (0)")
                                      : std::to_string(count) + " motions (0 to " + std::to_string(count - 1) + ")")};
  }
  Clip clip = std::move(motions[choice.motion.value_or(0)]);
  if (count > 1 && !choice.motion) {
    clip.warnings.push_back(Diagnostic{
        path, 0, 0,
        "the file holds " + std::to_string(count) + " motions; the first is used (--motion K picks another)"});
  }
  if (listing != nullptr) {
    *listing = std::move(all);
    listing->chosen = choice.motion.value_or(0);
  }
  return clip;
}

std::optional<Clip> load_clip_reporting(const std::string& path, std::ostream& err, std::uint64_t* bytes,
                                        const MotionChoice& choice, FileListing* listing) {
  LoadProgress progress;
  Result<Clip> loaded = load_motion(path, &progress, choice, listing);
  if (!loaded) {
    err << format_diagnostic(loaded.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Diagnostic& warning : loaded.value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  if (bytes != nullptr) *bytes = progress.bytes_read.load(std::memory_order_relaxed);
  return std::move(loaded).value();
}

Result<std::vector<Clip>> load_all_motions(const std::string& path, LoadProgress* progress, const MotionChoice& choice,
                                           FileListing* listing) {
  if (std::optional<Clip> clip = clip_in_memory(path, progress, choice, listing)) {
    std::vector<Clip> motions;
    motions.push_back(std::move(*clip));
    return motions;
  }
  Result<ReadOptions> options = reader_options(choice, progress);
  if (!options) return options.error();
  Result<MotionFile> file = read_motions(path, options.value());
  if (!file) return file.error();
  if (listing != nullptr) {
    listing->format = file.value().format;
    listing->chosen = 0;
    listing->motions.clear();
  }
  for (Clip& clip : file.value().motions) {
    if (choice.source_fps) clip.motion.frame_time = 1.0 / *choice.source_fps;
    if (listing != nullptr) listing->motions.push_back({clip.name, clip.motion.frame_count, clip.motion.frame_time});
  }
  return std::move(file.value().motions);
}

std::optional<std::vector<Clip>> load_all_motions_reporting(const std::string& path, std::ostream& err,
                                                            std::uint64_t* bytes, const MotionChoice& choice) {
  LoadProgress progress;
  Result<std::vector<Clip>> motions = load_all_motions(path, &progress, choice);
  if (!motions) {
    err << format_diagnostic(motions.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Clip& clip : motions.value()) {
    for (const Diagnostic& warning : clip.warnings) err << format_diagnostic(warning, Severity::Warning) << '\n';
  }
  if (bytes != nullptr) *bytes = progress.bytes_read.load(std::memory_order_relaxed);
  return std::move(motions).value();
}

bool from_memory(const std::string& path) { return memory_clip(path) != nullptr; }

std::optional<std::pair<Clip, Clip>> load_two_clips_reporting(const std::string& first, const std::string& second,
                                                              std::ostream& err, std::uint64_t* bytes,
                                                              const MotionChoice& choice) {
  LoadProgress first_progress;
  LoadProgress second_progress;
  std::optional<Result<Clip>> second_loaded;
  std::exception_ptr second_failure;                      // out of memory on the second load's thread: rethrown here
  const MemoryClips* in_memory = current_memory_clips();  // the clips the second load may name
  const auto load_second = [&] {
    const ShareMemoryClips shared(in_memory);
    try {
      second_loaded.emplace(load_motion(second, &second_progress, choice));
    } catch (...) {
      second_failure = std::current_exception();
    }
  };
  std::thread second_load;
  try {
    second_load = std::thread(load_second);
  } catch (const std::system_error&) {
    load_second();  // no memory for a thread's stack: one load after the other
  }
  std::optional<Result<Clip>> first_loaded;
  try {
    first_loaded.emplace(load_motion(first, &first_progress, choice));
  } catch (...) {
    second_progress.cancel.store(true, std::memory_order_relaxed);
    if (second_load.joinable()) second_load.join();
    throw;
  }
  if (!*first_loaded) second_progress.cancel.store(true, std::memory_order_relaxed);
  if (second_load.joinable()) second_load.join();
  if (!*first_loaded) {
    err << format_diagnostic(first_loaded->error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  if (second_failure) std::rethrow_exception(second_failure);
  for (const Diagnostic& warning : first_loaded->value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  if (!*second_loaded) {
    err << format_diagnostic(second_loaded->error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (const Diagnostic& warning : second_loaded->value().warnings)
    err << format_diagnostic(warning, Severity::Warning) << '\n';
  if (bytes != nullptr)
    *bytes = first_progress.bytes_read.load(std::memory_order_relaxed) +
             second_progress.bytes_read.load(std::memory_order_relaxed);
  return std::pair<Clip, Clip>(std::move(*first_loaded).value(), std::move(*second_loaded).value());
}

}  // namespace bvhscope::cli
