#include "cli/memory_clips.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

namespace bvhscope::cli {
namespace {

// The clips current on each thread that has some. A map under a lock rather than a thread_local:
// the engine is also built as position-independent code for the Python module, where a
// thread_local costs a call per use and makes the executable name the dynamic loader as a library.
struct CurrentClips {
  std::mutex mutex;
  std::map<std::thread::id, const MemoryClips*> by_thread;
};

CurrentClips& current() {
  static CurrentClips instance;
  return instance;
}

// Makes `clips` current on this thread (null: none) and returns what was.
const MemoryClips* make_current(const MemoryClips* clips) {
  CurrentClips& all = current();
  const std::lock_guard lock(all.mutex);
  const auto found = all.by_thread.find(std::this_thread::get_id());
  const MemoryClips* previous = found == all.by_thread.end() ? nullptr : found->second;
  if (clips != nullptr) {
    all.by_thread[std::this_thread::get_id()] = clips;
  } else if (found != all.by_thread.end()) {
    all.by_thread.erase(found);
  }
  return previous;
}

}  // namespace

MemoryClips::MemoryClips() : previous_(make_current(this)) {}

MemoryClips::~MemoryClips() { make_current(previous_); }

std::string MemoryClips::add(std::shared_ptr<const Clip> clip, FileListing listing) {
  std::string name = clip->source;
  for (int copy = 2;; ++copy) {
    const MemoryClip* taken = find(name);
    if (taken == nullptr) break;
    if (taken->clip == clip) return name;  // the same motion given twice: one name, as one file twice
    name = clip->source + " (" + std::to_string(copy) + ")";
  }
  clips_.push_back(MemoryClip{name, std::move(clip), std::move(listing)});
  return name;
}

const MemoryClip* MemoryClips::find(std::string_view name) const noexcept {
  const auto found = std::find_if(clips_.begin(), clips_.end(), [&](const MemoryClip& m) { return m.name == name; });
  return found == clips_.end() ? nullptr : &*found;
}

const MemoryClip* memory_clip(std::string_view path) {
  const MemoryClips* clips = current_memory_clips();
  return clips != nullptr ? clips->find(path) : nullptr;
}

ShareMemoryClips::ShareMemoryClips(const MemoryClips* clips) : previous_(make_current(clips)) {}

ShareMemoryClips::~ShareMemoryClips() { make_current(previous_); }

const MemoryClips* current_memory_clips() {
  CurrentClips& all = current();
  const std::lock_guard lock(all.mutex);
  const auto found = all.by_thread.find(std::this_thread::get_id());
  return found == all.by_thread.end() ? nullptr : found->second;
}

}  // namespace bvhscope::cli
