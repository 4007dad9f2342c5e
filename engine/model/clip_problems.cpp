#include "model/clip_problems.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <new>
#include <sstream>
#include <string_view>
#include <utility>

namespace bvhscope {
namespace {

// 'text' for a POSIX shell (a quote inside becomes '\'').
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string problem_place_text(const Clip& clip, const std::vector<std::string>& labels, const LintPlace& place) {
  std::string joint;
  if (place.joint >= 0 && static_cast<std::size_t>(place.joint) < labels.size()) {
    joint = labels[static_cast<std::size_t>(place.joint)];
    const std::vector<ChannelKind>& kinds = clip.skeleton.channel_kinds;
    if (place.channel >= 0 && static_cast<std::size_t>(place.channel) < kinds.size()) {
      joint += ' ';
      joint += channel_name(kinds[static_cast<std::size_t>(place.channel)]);
    }
  }
  if (place.frame >= 0) return "frame " + std::to_string(place.frame) + (joint.empty() ? "" : ", " + joint);
  if (place.line > 0) return "line " + std::to_string(place.line) + (joint.empty() ? "" : " (" + joint + ")");
  return joint;
}

namespace {

constexpr std::array<std::string_view, 4> kFixFlags = {"--unwrap", "--ground", "--mirror", "--in-place"};

bool is_fix_flag(std::string_view word) {
  return std::find(kFixFlags.begin(), kFixFlags.end(), word) != kFixFlags.end();
}

// The convert options the hint names: words from "--", each followed by its value unless it is a
// flag, up to the prose after; none when the hint names no convert option or says convert refuses.
std::vector<std::string> fix_option_words(const LintFinding& finding) {
  static constexpr std::string_view kConvert = "bvhscope convert ";
  const std::size_t at = finding.hint.find(kConvert);
  if (at == std::string::npos) return {};
  std::istringstream words(finding.hint.substr(at + kConvert.size()));
  std::vector<std::string> options;
  std::string word;
  bool value_next = false;
  while (words >> word) {
    const bool last = !word.empty() && (word.back() == ')' || word.back() == '.' || word.back() == ',');
    while (!word.empty() && (word.back() == ')' || word.back() == '.' || word.back() == ',')) word.pop_back();
    if (!value_next && !word.starts_with("--")) {
      if (word == "refuses") return {};  // the hint says convert cannot fix it
      break;
    }
    options.push_back(word);
    value_next = !value_next && !is_fix_flag(word);
    if (last) break;
  }
  return options;
}

}  // namespace

std::optional<ConvertOptions> fix_preset(const LintFinding& finding) {
  const std::vector<std::string> words = fix_option_words(finding);
  if (words.empty()) return std::nullopt;
  ConvertOptions preset;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& option = words[i];
    if (is_fix_flag(option)) {
      preset.unwrap = preset.unwrap || option == "--unwrap";
      preset.ground = preset.ground || option == "--ground";
      preset.mirror = preset.mirror || option == "--mirror";
      preset.in_place = preset.in_place || option == "--in-place";
      continue;
    }
    if (i + 1 >= words.size()) return std::nullopt;
    const std::string& value = words[++i];
    if (option == "--channels" && value == "3") {
      preset.three_channels = true;
    } else if (option == "--rotation-order" && parse_rotation_order(value)) {
      preset.rotation_order = parse_rotation_order(value);
    } else if (option == "--up" && parse_up_axis_request(value) && parse_up_axis_request(value)->axis) {
      preset.up = parse_up_axis_request(value)->axis;
    } else if (option == "--units" && parse_length_unit(value) && !std::isdigit(static_cast<unsigned char>(value[0]))) {
      preset.lengths = LengthConversion{*parse_length_unit(value), std::nullopt, 1.0};
    } else if (option == "--strip-prefix" && !value.empty() && value != "P") {
      preset.strip_prefix = value;
    } else {
      return std::nullopt;  // a placeholder (--fps N, --frames A:B, --rename OLD=NEW) or an unknown option
    }
  }
  return preset;
}

std::string fix_command(const LintFinding& finding, const std::string& path) {
  std::string options;
  for (const std::string& word : fix_option_words(finding)) options += (options.empty() ? "" : " ") + word;
  if (options.empty()) return {};
  const std::filesystem::path in(path);
  std::filesystem::path out = in;
  out.replace_filename(in.stem().string() + "_fixed.bvh");
  return "bvhscope convert " + shell_quoted(path) + " -o " + shell_quoted(out.string()) + " " + options;
}

const char* problems_status_name(ClipProblems::Status status) noexcept {
  switch (status) {
    case ClipProblems::Status::None:
      return "none";
    case ClipProblems::Status::Waiting:
      return "waiting";
    case ClipProblems::Status::Checking:
      return "checking";
    case ClipProblems::Status::Ready:
      return "ready";
  }
  return "none";
}

ClipProblems::ClipProblems(bool threaded) {
  if (threaded) worker_ = std::thread([this] { run(); });
}

ClipProblems::~ClipProblems() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    queued_.reset();
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

bool ClipProblems::busy() const {
  const std::lock_guard lock(mutex_);
  return running_job_ || queued_.has_value() || !done_.empty();
}

const ClipProblems::Kept* ClipProblems::kept(int clip_id, std::uint64_t content) const noexcept {
  for (const Kept& k : kept_)
    if (k.clip_id == clip_id && k.content == content) return &k;
  return nullptr;
}

void ClipProblems::ask(const ClipSlot& slot) {
  Job job;
  job.clip_id = slot.id;
  job.content = slot.content;
  // A copy of the clip's description sharing its frame table (the table is not copied).
  job.clip = std::make_shared<Clip>(share_clip(slot.clip()));
  job.options.position = slot.prepared.mode_request;
  job.options.up = slot.prepared.up_request;
  asked_ = std::make_pair(slot.id, slot.content);
  {
    const std::lock_guard lock(mutex_);
    queued_ = std::move(job);  // a job asked before and not started yet is no longer wanted
  }
  wake_.notify_one();
}

bool ClipProblems::take_done() {
  std::vector<Done> taken;
  {
    const std::lock_guard lock(mutex_);
    if (done_.empty()) return false;
    taken.swap(done_);
  }
  for (Done& d : taken) {
    std::erase_if(kept_, [&](const Kept& k) { return k.clip_id == d.clip_id; });
    kept_.push_back({d.clip_id, d.content, std::move(d.report)});
  }
  return true;
}

bool ClipProblems::update(const ClipSet& clips) {
  const Status old_status = status_;
  const int old_clip = clip_id_;
  const LintReport* old_report = shown_.get();
  take_done();
  // Results of removed clips, or of a clip's earlier version, go.
  std::erase_if(kept_, [&](const Kept& k) {
    const ClipSlot* slot = clips.with_id(k.clip_id);
    return slot == nullptr || slot->content != k.content;
  });
  const ClipSlot* slot = enabled_ ? clips.active() : nullptr;
  shown_.reset();
  if (slot == nullptr) {
    status_ = Status::None;
    clip_id_ = 0;
    content_ = 0;
  } else {
    clip_id_ = slot->id;
    content_ = slot->content;
    if (slot->loading || slot->updating) {
      status_ = Status::Waiting;
    } else if (const Kept* k = kept(slot->id, slot->content); k != nullptr) {
      status_ = Status::Ready;
      shown_ = k->report;
    } else {
      if (asked_ != std::make_pair(slot->id, slot->content)) ask(*slot);
      status_ = Status::Checking;
    }
  }
  return status_ != old_status || clip_id_ != old_clip || shown_.get() != old_report;
}

void ClipProblems::wait_idle(const ClipSet& clips) {
  if (!worker_.joinable()) {  // without a thread: the queued work runs here
    while (start_next_job()) finish_started_job();
  }
  {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return !running_job_ && !queued_; });
  }
  update(clips);
}

ClipProblems::Done ClipProblems::compute(Job& job) {
  Done done;
  done.clip_id = job.clip_id;
  done.content = job.content;
  try {
    done.report = std::make_shared<LintReport>(lint_clip(*job.clip, job.options));
  } catch (const std::bad_alloc&) {
    auto report = std::make_shared<LintReport>();
    LintFinding finding;
    finding.code = "out-of-memory";
    finding.severity = LintSeverity::Info;
    finding.message = "Not enough memory to check this clip";
    report->findings.push_back(std::move(finding));
    done.report = std::move(report);
  }
  job = {};  // the clip is let go here, off the UI thread
  return done;
}

void ClipProblems::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || queued_.has_value(); });
    if (stopping_) return;
    Job job = std::move(*queued_);
    queued_.reset();
    running_job_ = true;
    lock.unlock();
    Done done = compute(job);
    lock.lock();
    done_.push_back(std::move(done));
    running_job_ = false;
    if (!queued_) idle_.notify_all();
  }
}

bool ClipProblems::start_next_job() {
  const std::lock_guard lock(mutex_);
  if (worker_.joinable() || !queued_ || started_) return false;
  started_ = std::move(queued_);
  queued_.reset();
  running_job_ = true;
  return true;
}

void ClipProblems::finish_started_job() {
  std::optional<Job> job;
  {
    const std::lock_guard lock(mutex_);
    job.swap(started_);
  }
  if (!job) return;
  Done done = compute(*job);
  const std::lock_guard lock(mutex_);
  done_.push_back(std::move(done));
  running_job_ = false;
  if (!queued_) idle_.notify_all();
}

}  // namespace bvhscope
