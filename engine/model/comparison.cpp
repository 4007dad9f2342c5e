#include "model/comparison.hpp"

#include <algorithm>
#include <cmath>

#include "anim/thread_policy.hpp"

#include "model/units.hpp"

namespace bvhscope {
namespace {

// The clip's unit as compare's unit_scale reads it: the user's choice, else the guess.
UnitGuess unit_of(const ClipSlot& slot) {
  if (slot.units_choice >= 0 && static_cast<std::size_t>(slot.units_choice) < kUnitChoices.size()) {
    const UnitChoice& choice = kUnitChoices[static_cast<std::size_t>(slot.units_choice)];
    return {choice.name, choice.metres_per_unit};
  }
  return slot.prepared.measures.figure.units;
}

constexpr double kSmallestAutoColourMaxM = 0.001;

// A round number (1, 2 or 5 times a power of ten) at or above `value`.
double round_up(double value) {
  if (!(value > 0.0)) return 0.0;
  const double power = std::pow(10.0, std::floor(std::log10(value)));
  for (const double step : {1.0, 2.0, 5.0, 10.0}) {
    if (step * power >= value * (1.0 - 1e-12)) return step * power;
  }
  return 10.0 * power;
}

double percentile_95(const CompareResult& result) {
  if (result.errors.empty()) return result.max_error;
  std::vector<double> errors = result.errors;
  const auto at = errors.begin() + static_cast<std::ptrdiff_t>((errors.size() - 1) * 95 / 100);
  std::nth_element(errors.begin(), at, errors.end());
  return *at;
}

// One pair index per joint of each side (-1 for joints without a partner).
void index_pairs(ClipComparison& shown, const ClipSlot& reference, const ClipSlot& other) {
  shown.pair_of_joint.assign(static_cast<std::size_t>(other.clip().skeleton.joint_count()), -1);
  shown.pair_of_reference_joint.assign(static_cast<std::size_t>(reference.clip().skeleton.joint_count()), -1);
  if (!shown.result) return;
  const std::vector<JointPair>& pairs = shown.result->matching.pairs;
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const auto o = static_cast<std::size_t>(pairs[p].other);
    const auto r = static_cast<std::size_t>(pairs[p].reference);
    if (o < shown.pair_of_joint.size()) shown.pair_of_joint[o] = static_cast<int>(p);
    if (r < shown.pair_of_reference_joint.size()) shown.pair_of_reference_joint[r] = static_cast<int>(p);
  }
}

}  // namespace

Comparison::Done Comparison::compute(const Clip& reference, const Clip& other, const CompareOptions& options) {
  Done done;
  Result<CompareResult> result = compare_motion(reference, other, options);
  if (result) {
    auto shared = std::make_shared<CompareResult>(std::move(result).value());
    done.high_error = percentile_95(*shared);
    done.result = std::move(shared);
  } else {
    done.error = result.error().message;
  }
  return done;
}

std::optional<double> ClipComparison::error_at(std::size_t frame, std::size_t pair) const noexcept {
  if (!result || frame < result->first_frame || frame - result->first_frame >= result->frames_compared) return {};
  const std::size_t pairs = result->matching.pairs.size();
  if (pair >= pairs || result->errors.empty()) return {};
  return result->errors[(frame - result->first_frame) * pairs + pair];
}

std::optional<double> ClipComparison::mean_at(std::size_t frame) const noexcept {
  if (!result || frame < result->first_frame || frame - result->first_frame >= result->frames_compared) return {};
  return result->per_frame_mean[frame - result->first_frame];
}

const char* compare_status_name(ClipComparison::Status status) noexcept {
  switch (status) {
    case ClipComparison::Status::Waiting:
      return "waiting";
    case ClipComparison::Status::Computing:
      return "computing";
    case ClipComparison::Status::Ready:
      return "ready";
    case ClipComparison::Status::Failed:
      return "failed";
  }
  return "waiting";
}

double offset_in_reference_frames(const ClipSlot& reference, const ClipSlot& other) noexcept {
  // At shared time t the reference shows frame (t - its offset) / its frame time, the other its
  // frame at time t - its offset: reference frame k plays beside the other's time
  // k * step + reference offset - other offset.
  const double step = reference.clip().motion.frame_time;
  return step > 0.0 ? (reference.time_offset - other.time_offset) / step : 0.0;
}

Comparison::Comparison(bool threaded)
    : worker_(threaded ? WorkerThread::Threading::Own : WorkerThread::Threading::Manual) {}

void Comparison::set_reference(int clip_id) {
  if (clip_id == settings_.reference_id) return;
  settings_.reference_id = clip_id;
  clear();
}

void Comparison::clear() {
  compared_.clear();
  asked_.clear();
  worker_.discard_all();  // what is running stops and is dropped (no entry asks for it)
}

void Comparison::start(int reference_id, const CompareStart& start) {
  set_reference(reference_id);
  settings_.alignment = start.alignment;
  settings_.ghost = start.ghost;
  settings_.error_colours = true;
  set_colour_max(start.colour_max_m);
}

void Comparison::set_alignment(Alignment alignment) { settings_.alignment = alignment; }

void Comparison::set_map(std::string path, std::vector<std::pair<std::string, std::string>> pairs) {
  settings_.map_path = std::move(path);
  settings_.map_pairs = std::move(pairs);
  ++map_revision_;
}

const ClipComparison* Comparison::of(int clip_id) const noexcept {
  for (const ClipComparison& c : compared_)
    if (c.clip_id == clip_id) return &c;
  return nullptr;
}

bool Comparison::busy() const { return worker_.busy(); }

double Comparison::colour_max(double metres_per_unit) const noexcept {
  if (settings_.colour_max_m > 0.0 && metres_per_unit > 0.0) return settings_.colour_max_m / metres_per_unit;
  double high = 0.0;
  for (const ClipComparison& c : compared_)
    if (c.result) high = std::max(high, c.high_error);
  if (high <= 0.0 || metres_per_unit <= 0.0) return high;
  // Never below a millimetre: errors under it are rounding (a re-export, a copy moved and aligned
  // back), not a difference worth a colour.
  return round_up(std::max(high * metres_per_unit, kSmallestAutoColourMaxM)) / metres_per_unit;
}

std::shared_ptr<const Clip> Comparison::snapshot(const ClipSlot& slot) {
  for (const Snapshot& s : snapshots_)
    if (s.clip_id == slot.id && s.content == slot.content) return s.clip;
  auto copy = std::make_shared<const Clip>(share_clip(slot.clip()));  // no copy of the table
  std::erase_if(snapshots_, [&](const Snapshot& s) { return s.clip_id == slot.id; });
  snapshots_.push_back({slot.id, slot.content, copy});
  return copy;
}

Comparison::Inputs Comparison::inputs_of(const ClipSlot& reference, const ClipSlot& other) const {
  Inputs inputs;
  inputs.reference_content = reference.content;
  inputs.other_content = other.content;
  inputs.reference_mode = static_cast<int>(reference.prepared.decision.mode);
  inputs.other_mode = static_cast<int>(other.prepared.decision.mode);
  inputs.up = static_cast<int>(reference.prepared.measures.up.axis);
  inputs.reference_mpu = unit_of(reference).metres_per_unit;
  inputs.other_mpu = unit_of(other).metres_per_unit;
  inputs.offset = offset_in_reference_frames(reference, other);
  inputs.alignment = settings_.alignment;
  inputs.map_revision = map_revision_;
  return inputs;
}

CompareOptions Comparison::options_for(const ClipSlot& reference, const ClipSlot& other, const Inputs& inputs,
                                       std::string& scale_reason) const {
  CompareOptions options;
  options.alignment = inputs.alignment;
  options.offset = inputs.offset;
  options.reference_mode = reference.prepared.decision.mode;
  options.other_mode = other.prepared.decision.mode;
  options.up = reference.prepared.measures.up.axis;
  const UnitScale scale = unit_scale(unit_of(reference), unit_of(other));
  options.other_scale = scale.other_scale;
  scale_reason = scale.reason;
  options.explicit_pairs = settings_.map_pairs;
  options.keep_errors = true;  // colours and the curves read every joint's error at every frame
  // One core is left to the UI; a newer job for the clip (or a reset) stops this one.
  const unsigned cores = available_threads();
  options.threads = cores > 1 ? cores - 1 : 1;
  return options;
}

void Comparison::ask(std::size_t index, const ClipSlot& reference, const ClipSlot& other, const Inputs& inputs) {
  Asked& asked = asked_[index];
  ClipComparison& shown = compared_[index];
  std::shared_ptr<const Clip> reference_clip = snapshot(reference);
  std::shared_ptr<const Clip> other_clip = snapshot(other);
  std::string scale_reason;
  CompareOptions options = options_for(reference, other, inputs, scale_reason);
  asked.inputs = inputs;
  shown.status = ClipComparison::Status::Computing;
  shown.pending = options;
  shown.pending.explicit_pairs.clear();
  shown.pending_scale_reason = scale_reason;
  // The clips are let go on the worker once the job has run.
  asked.ticket = worker_.submit(
      [reference_clip = std::move(reference_clip), other_clip = std::move(other_clip),
       options = std::move(options)](JobControl& control) mutable {
        options.cancel = &control.cancel_token();
        return compute(*reference_clip, *other_clip, options);
      },
      static_cast<JobKey>(other.id));
}

bool Comparison::update(const ClipSet& clips) {
  bool changed = false;
  const ClipSlot* reference = settings_.reference_id != 0 ? clips.with_id(settings_.reference_id) : nullptr;
  if (settings_.reference_id != 0 && reference == nullptr) {  // the reference went
    settings_.reference_id = 0;
    clear();
    changed = true;
  }
  std::erase_if(snapshots_, [&](const Snapshot& s) { return clips.with_id(s.clip_id) == nullptr; });
  if (reference == nullptr) return changed;
  // One entry per other clip, in clip order (rebuilt only when the clips changed).
  bool same = compared_.size() + 1 == clips.size();
  for (std::size_t i = 0, c = 0; same && c < clips.size(); ++c) {
    if (clips[c].id == reference->id) continue;
    same = compared_[i++].clip_id == clips[c].id;
  }
  if (!same) {
    std::vector<ClipComparison> compared;
    std::vector<Asked> asked;
    for (const ClipSlot& slot : clips) {
      if (slot.id == reference->id) continue;
      const ClipComparison* old = of(slot.id);
      if (old != nullptr) {
        asked.push_back(asked_[static_cast<std::size_t>(old - compared_.data())]);
        compared.push_back(std::move(compared_[static_cast<std::size_t>(old - compared_.data())]));
      } else {
        compared.emplace_back().clip_id = slot.id;
        asked.emplace_back();
      }
    }
    compared_ = std::move(compared);
    asked_ = std::move(asked);
    changed = true;
  }
  for (std::size_t i = 0; i < compared_.size(); ++i) {
    const ClipSlot& slot = *clips.with_id(compared_[i].clip_id);
    if (reference->loading || reference->updating || slot.loading || slot.updating) {
      if (compared_[i].status != ClipComparison::Status::Waiting) changed = true;
      compared_[i].status = ClipComparison::Status::Waiting;
      continue;
    }
    const Inputs inputs = inputs_of(*reference, slot);
    if (!asked_[i].inputs || !(*asked_[i].inputs == inputs)) {
      // Another clip in its place (a reload, a new interpretation): the last result indexes joints
      // it may no longer have, so it goes; an offset, option or unit change keeps it meanwhile.
      const Inputs* last = asked_[i].inputs ? &*asked_[i].inputs : nullptr;
      if (last == nullptr || last->reference_content != inputs.reference_content ||
          last->other_content != inputs.other_content) {
        compared_[i].result.reset();
        compared_[i].pair_of_joint.clear();
        compared_[i].pair_of_reference_joint.clear();
        compared_[i].serial = next_serial_++;
      }
      ask(i, *reference, slot, inputs);
      changed = true;
    }
  }
  return take_done(clips) || changed;
}

// Find offset jobs are keyed apart from the clip's comparisons: neither supersedes the other.
constexpr JobKey kOffsetSearchKey = JobKey{1} << 40;

void Comparison::find_offset(int clip_id, const ClipSet& clips) {
  const ClipSlot* reference = clips.with_id(settings_.reference_id);
  const ClipSlot* other = clips.with_id(clip_id);
  const ClipComparison* found = of(clip_id);
  if (reference == nullptr || other == nullptr || found == nullptr || clip_id == reference->id) return;
  if (reference->loading || reference->updating || other->loading || other->updating) return;
  const auto index = static_cast<std::size_t>(found - compared_.data());
  std::string scale_reason;
  CompareOptions options = options_for(*reference, *other, inputs_of(*reference, *other), scale_reason);
  options.keep_errors = false;
  std::shared_ptr<const Clip> reference_clip = snapshot(*reference);
  std::shared_ptr<const Clip> other_clip = snapshot(*other);
  ClipComparison& shown = compared_[index];
  shown.offset_search = ClipComparison::OffsetSearch::Searching;
  shown.offset_error.clear();
  asked_[index].offset_ticket = worker_.submit(
      [reference_clip = std::move(reference_clip), other_clip = std::move(other_clip),
       options = std::move(options)](JobControl& control) mutable {
        options.cancel = &control.cancel_token();
        Done done;
        Result<OffsetSearch> search = find_time_offset(*reference_clip, *other_clip, options);
        control.stop_if_cancelled();
        if (search) {
          done.found = search.value();
        } else {
          done.error = search.error().message;
        }
        return done;
      },
      kOffsetSearchKey | static_cast<JobKey>(clip_id));
}

std::vector<std::pair<int, double>> Comparison::take_found_offsets() { return std::exchange(found_offsets_, {}); }

bool Comparison::take_done(const ClipSet& clips) {
  bool changed = false;
  const ClipSlot* reference = clips.with_id(settings_.reference_id);
  while (std::optional<JobDone<Done>> finished = worker_.take_next()) {
    const bool offset_search = (finished->key & kOffsetSearchKey) != 0;
    const auto clip_id = static_cast<int>(finished->key & ~kOffsetSearchKey);
    const ClipComparison* found = of(clip_id);
    const ClipSlot* other = clips.with_id(clip_id);
    if (found == nullptr || other == nullptr || reference == nullptr) continue;
    const auto index = static_cast<std::size_t>(found - compared_.data());
    if (offset_search) {  // a Find offset: the offset found, applied by whoever takes it
      if (asked_[index].offset_ticket != finished->ticket) continue;
      ClipComparison& shown = compared_[index];
      if (finished->ok() && finished->value().found) {
        shown.offset_search = ClipComparison::OffsetSearch::Found;
        shown.found_offset = finished->value().found->offset;
        shown.found_mpjpe = finished->value().found->mpjpe;
        found_offsets_.emplace_back(clip_id, shown.found_offset);
      } else {
        shown.offset_search = ClipComparison::OffsetSearch::Failed;
        shown.offset_error = finished->ok() ? finished->value().error : finished->failure().message;
      }
      changed = true;
      continue;
    }
    if (asked_[index].ticket != finished->ticket) continue;  // superseded by a newer job
    Done d;
    if (finished->ok()) {
      d = std::move(finished->value());
    } else if (finished->failure().kind == JobFailure::Kind::OutOfMemory) {
      d.error = "not enough memory to compare these clips";
    } else {
      d.error = finished->failure().message;
    }
    ClipComparison& shown = compared_[index];
    shown.options = shown.pending;
    shown.scale_reason = shown.pending_scale_reason;
    shown.metres_per_unit = unit_of(*reference).metres_per_unit;
    shown.serial = next_serial_++;
    if (d.result) {
      shown.status = ClipComparison::Status::Ready;
      shown.result = std::move(d.result);
      shown.error.clear();
      shown.high_error = d.high_error;
    } else {
      shown.status = ClipComparison::Status::Failed;
      shown.result.reset();
      shown.error = std::move(d.error);
    }
    index_pairs(shown, *reference, *other);
    // Taken in the frame a load of either clip began: its result stays, its status says it waits.
    if (reference->loading || reference->updating || other->loading || other->updating)
      shown.status = ClipComparison::Status::Waiting;
    changed = true;
  }
  return changed;
}

void Comparison::wait_idle(const ClipSet& clips) {
  worker_.wait_idle();  // without a thread: the queued work runs here
  update(clips);
}

bool Comparison::start_next_job() { return worker_.start_next(); }

void Comparison::finish_started_job() { worker_.finish_started(); }

}  // namespace bvhscope
