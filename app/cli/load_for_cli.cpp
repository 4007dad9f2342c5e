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

// A clip registered in memory (memory_clips.hpp) as a command reads it: a copy of it (frames
// included: commands such as convert change the clip they load in place, and the registered one
// is never changed), at --source-fps when given, its warnings left out (they were reported when it
// was loaded).
// `progress` counts the bytes its frames take, for the work budget.
std::optional<Clip> registered_clip(const std::string& path, LoadProgress* progress, const MotionChoice& choice,
                                    FileListing* listing) {
  const std::optional<MemoryClip> memory = memory_clip(path);
  if (!memory) return std::nullopt;
  Clip clip = *memory->clip;
  clip.warnings.clear();
  if (choice.source_fps) clip.motion.frame_time = 1.0 / *choice.source_fps;
  if (progress != nullptr) {
    const std::uint64_t bytes = (clip.motion.values.size() + clip.motion.positions.size()) * sizeof(float);
    progress->bytes_read.fetch_add(bytes, std::memory_order_relaxed);
  }
  if (listing != nullptr) {
    listing->format = memory->format;
    listing->chosen = 0;
    listing->motions = {{clip.name, clip.motion.frame_count, clip.motion.frame_time}};
  }
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
  if (std::optional<Clip> clip = registered_clip(path, progress, choice, listing)) return std::move(*clip);
  Result<ReadOptions> options = reader_options(choice, progress);
  if (!options) return options.error();
  Result<MotionFile> file = read_motions(path, options.value());
  if (!file) return file.error();
  std::vector<Clip>& motions = file.value().motions;
  const std::size_t count = motions.size();
  if (choice.motion && *choice.motion >= count) {
    return Diagnostic{file.value().source, 0, 0,
                      "--motion " + std::to_string(*choice.motion) + ": the file holds " +
                          (count == 1 ? std::string("one motion (0)")
                                      : std::to_string(count) + " motions (0 to " + std::to_string(count - 1) + ")")};
  }
  if (listing != nullptr) {
    listing->format = file.value().format;
    listing->chosen = choice.motion.value_or(0);
    listing->motions.clear();
    for (const Clip& motion : motions) {
      const double frame_time = choice.source_fps ? 1.0 / *choice.source_fps : motion.motion.frame_time;
      listing->motions.push_back({motion.name, motion.motion.frame_count, frame_time});
    }
  }
  Clip clip = std::move(motions[choice.motion.value_or(0)]);
  if (count > 1 && !choice.motion) {
    clip.warnings.push_back(Diagnostic{
        file.value().source, 0, 0,
        "the file holds " + std::to_string(count) + " motions; the first is used (--motion K picks another)"});
  }
  if (choice.source_fps) clip.motion.frame_time = 1.0 / *choice.source_fps;
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

std::optional<std::vector<Clip>> load_all_motions_reporting(const std::string& path, std::ostream& err,
                                                            std::uint64_t* bytes, const MotionChoice& choice) {
  LoadProgress progress;
  if (std::optional<Clip> clip = registered_clip(path, &progress, choice, nullptr)) {
    if (bytes != nullptr) *bytes = progress.bytes_read.load(std::memory_order_relaxed);
    std::vector<Clip> motions;
    motions.push_back(std::move(*clip));
    return motions;
  }
  Result<ReadOptions> options = reader_options(choice, &progress);
  if (!options) {
    err << format_diagnostic(options.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  Result<MotionFile> file = read_motions(path, options.value());
  if (!file) {
    err << format_diagnostic(file.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  for (Clip& clip : file.value().motions) {
    for (const Diagnostic& warning : clip.warnings) err << format_diagnostic(warning, Severity::Warning) << '\n';
    if (choice.source_fps) clip.motion.frame_time = 1.0 / *choice.source_fps;
  }
  if (bytes != nullptr) *bytes = progress.bytes_read.load(std::memory_order_relaxed);
  return std::move(file.value().motions);
}

std::optional<std::pair<Clip, Clip>> load_two_clips_reporting(const std::string& first, const std::string& second,
                                                              std::ostream& err, std::uint64_t* bytes,
                                                              const MotionChoice& choice) {
  LoadProgress first_progress;
  LoadProgress second_progress;
  std::optional<Result<Clip>> second_loaded;
  std::exception_ptr second_failure;  // out of memory on the second load's thread: rethrown here
  const auto load_second = [&] {
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
