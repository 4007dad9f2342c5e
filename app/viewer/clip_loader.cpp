#include "viewer/clip_loader.hpp"

#include <algorithm>
#include <exception>

#include "anim/bvh_parser.hpp"
#include "anim/file_loader.hpp"

namespace bvhscope::viewer {
namespace {

Result<PreparedClip> load(const LoadRequest& request, std::atomic<LoadPhase>& phase) {
  std::string text;
  if (request.text) {
    text = *request.text;
  } else {
    phase = LoadPhase::Reading;
    Result<std::string> read = read_text_file(request.path);
    if (!read) return read.error();
    text = std::move(read).value();
  }
  phase = LoadPhase::Parsing;
  Result<Clip> parsed = parse_bvh(text, request.path);
  if (!parsed) return parsed.error();
  phase = LoadPhase::Measuring;
  return prepare_clip(std::move(parsed).value(), request.mode);
}

}  // namespace

ClipLoader::ClipLoader() : thread_([this](const std::stop_token& stop) { run(stop); }) {}

void ClipLoader::request(LoadRequest request) {
  {
    const std::lock_guard lock(mutex_);
    // A newer reload of the same clip replaces one still waiting.
    if (request.replace_clip_id != 0) {
      std::erase_if(pending_, [&](const LoadRequest& queued) { return queued.replace_clip_id == request.replace_clip_id; });
    }
    if (!working_on_ && pending_.empty()) started_ = std::chrono::steady_clock::now();
    pending_.push_back(std::move(request));
  }
  wake_.notify_one();
}

std::optional<LoadOutcome> ClipLoader::take_result() {
  const std::lock_guard lock(mutex_);
  if (done_.empty()) return std::nullopt;
  LoadOutcome outcome = std::move(done_.front());
  done_.pop_front();
  return outcome;
}

bool ClipLoader::busy() const {
  const std::lock_guard lock(mutex_);
  return !pending_.empty() || working_on_.has_value();
}

std::string ClipLoader::current_path() const {
  const std::lock_guard lock(mutex_);
  if (working_on_) return *working_on_;
  return pending_.empty() ? std::string() : pending_.front().path;
}

double ClipLoader::seconds_busy() const {
  const std::lock_guard lock(mutex_);
  if (pending_.empty() && !working_on_) return 0.0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void ClipLoader::run(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    LoadRequest request;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [this] { return !pending_.empty(); })) return;
      request = std::move(pending_.front());
      pending_.pop_front();
      working_on_ = request.path;
    }
    std::optional<Result<PreparedClip>> result;
    try {
      result.emplace(load(request, phase_));
    } catch (const std::exception& error) {  // out of memory on a huge file, mostly
      result.emplace(Diagnostic{request.path, 0, 0, std::string("cannot load: ") + error.what()});
    }
    phase_ = LoadPhase::Idle;
    const std::lock_guard lock(mutex_);
    done_.push_back(LoadOutcome{std::move(request), std::move(*result)});
    working_on_.reset();
    if (!pending_.empty()) started_ = std::chrono::steady_clock::now();
  }
}

}  // namespace bvhscope::viewer
