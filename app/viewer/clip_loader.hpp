// Loads BVH files on a worker thread so the UI stays live: requests are queued and loaded one at a
// time (several dropped files load one after the other), results collected by the frame loop.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "anim/result.hpp"
#include "viewer/prepared_clip.hpp"

namespace bvhscope::viewer {

struct LoadRequest {
  std::string path;                  // what to read; also the source name in messages
  std::optional<std::string> text;   // when set, parsed instead of reading `path` (the bundled sample)
  PositionModeRequest mode = PositionModeRequest::Auto;
  bool keep_view = false;            // a reload: keep the camera and the playhead
  int replace_clip_id = 0;           // a reload: the clip (ClipSlot::id) it replaces; 0 adds a clip
  bool replace_all = false;          // the new clip replaces every loaded clip
};

struct LoadOutcome {
  LoadRequest request;
  Result<PreparedClip> result;
};

enum class LoadPhase : std::uint8_t { Idle, Reading, Parsing, Measuring };

class ClipLoader {
 public:
  ClipLoader();
  ~ClipLoader() = default;  // the jthread member stops and joins first
  ClipLoader(const ClipLoader&) = delete;
  ClipLoader& operator=(const ClipLoader&) = delete;

  void request(LoadRequest request);
  // A finished load, oldest first.
  std::optional<LoadOutcome> take_result();

  [[nodiscard]] bool busy() const;
  [[nodiscard]] LoadPhase phase() const noexcept { return phase_.load(); }
  // The file being loaded (or waiting); empty when idle.
  [[nodiscard]] std::string current_path() const;
  [[nodiscard]] double seconds_busy() const;

 private:
  void run(const std::stop_token& stop);

  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::deque<LoadRequest> pending_;
  std::optional<std::string> working_on_;
  std::chrono::steady_clock::time_point started_{};
  std::deque<LoadOutcome> done_;
  std::atomic<LoadPhase> phase_{LoadPhase::Idle};
  std::jthread thread_;  // last: joined before the members above go away
};

}  // namespace bvhscope::viewer
