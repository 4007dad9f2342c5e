#include "cli/memory_clips.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

namespace bvhscope::cli {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, MemoryClip, std::less<>> clips;
  std::atomic<unsigned long long> next{0};
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

MemoryClips::~MemoryClips() {
  Registry& shared = registry();
  const std::lock_guard lock(shared.mutex);
  for (const std::string& name : names_) shared.clips.erase(name);
}

std::string MemoryClips::add(std::shared_ptr<const Clip> clip, std::string format) {
  Registry& shared = registry();
  std::string name = std::string(kMemoryClipPrefix) + std::to_string(shared.next.fetch_add(1));
  const std::lock_guard lock(shared.mutex);
  shared.clips.emplace(name, MemoryClip{name, std::move(clip), std::move(format)});
  names_.push_back(name);
  return name;
}

std::optional<MemoryClip> memory_clip(std::string_view path) {
  if (!path.starts_with(kMemoryClipPrefix)) return std::nullopt;
  Registry& shared = registry();
  const std::lock_guard lock(shared.mutex);
  const auto found = shared.clips.find(path);
  if (found == shared.clips.end()) return std::nullopt;
  return found->second;
}

}  // namespace bvhscope::cli
