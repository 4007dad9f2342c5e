#include "model/clip_problems.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <new>
#include <sstream>
#include <string_view>
#include <utility>

#include "anim/thread_policy.hpp"

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

ClipProblems::ClipProblems(bool threaded)
    : worker_(threaded ? WorkerThread::Threading::Own : WorkerThread::Threading::Manual) {}

bool ClipProblems::busy() const { return worker_.busy(); }

const ClipProblems::Kept* ClipProblems::kept(int clip_id, std::uint64_t content) const noexcept {
  for (const Kept& k : kept_)
    if (k.clip_id == clip_id && k.content == content) return &k;
  return nullptr;
}

namespace {

// The findings of a check that could not run: one line saying why, in place of the list.
std::shared_ptr<const LintReport> not_checked(const JobFailure& failure) {
  auto report = std::make_shared<LintReport>();
  LintFinding finding;
  finding.severity = LintSeverity::Info;
  if (failure.kind == JobFailure::Kind::OutOfMemory) {
    finding.code = "out-of-memory";
    finding.message = "Not enough memory to check this clip";
  } else {
    finding.code = "internal-error";
    finding.message = "Cannot check this clip: " + failure.message;
  }
  report->findings.push_back(std::move(finding));
  return report;
}

}  // namespace

void ClipProblems::ask(const ClipSlot& slot) {
  // A copy of the clip's description sharing its frame table (the table is not copied); let go on
  // the worker once the check has run.
  auto clip = std::make_shared<const Clip>(share_clip(slot.clip()));
  LintOptions options;
  options.position = slot.prepared.mode_request;
  options.up = slot.prepared.up_request;
  options.on_worker_start = run_in_background;  // beside playback, on the CPU time the renderer leaves
  asked_ = std::make_pair(slot.id, slot.content);
  // A job asked before and not started yet is no longer wanted.
  std::erase_if(in_flight_, [&](const Asked& asked) { return worker_.withdraw(asked.ticket); });
  const JobTicket ticket = worker_.submit(
      [clip = std::move(clip), options](JobControl&) -> std::shared_ptr<const LintReport> {
        return std::make_shared<const LintReport>(lint_clip(*clip, options));
      },
      static_cast<JobKey>(slot.id));
  std::erase_if(in_flight_, [&](const Asked& asked) { return asked.clip_id == slot.id; });  // superseded
  in_flight_.push_back({ticket, slot.id, slot.content});
}

bool ClipProblems::take_done() {
  bool taken = false;
  while (std::optional<JobDone<std::shared_ptr<const LintReport>>> done = worker_.take_next()) {
    const auto asked =
        std::find_if(in_flight_.begin(), in_flight_.end(), [&](const Asked& a) { return a.ticket == done->ticket; });
    if (asked == in_flight_.end()) continue;
    const Asked of = *asked;
    in_flight_.erase(asked);
    std::erase_if(kept_, [&](const Kept& k) { return k.clip_id == of.clip_id; });
    kept_.push_back({of.clip_id, of.content, done->ok() ? std::move(done->value()) : not_checked(done->failure())});
    taken = true;
  }
  return taken;
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
  worker_.wait_idle();  // without a thread: the queued work runs here
  update(clips);
}

bool ClipProblems::start_next_job() { return worker_.start_next(); }

void ClipProblems::finish_started_job() { worker_.finish_started(); }

}  // namespace bvhscope
