#include "anim/playback_clock.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

void PlaybackClock::reset(std::size_t frame_count, double frame_time, bool play) noexcept {
  frame_count_ = frame_count;
  frame_time_ = std::isfinite(frame_time) && frame_time > 0.0 ? frame_time : 1.0 / 30.0;
  position_ = 0.0;
  scrubbing_ = false;
  resume_after_scrub_ = false;
  playing_ = play && frame_count_ > 1;
}

double PlaybackClock::last_frame_position() const noexcept {
  return frame_count_ > 0 ? static_cast<double>(frame_count_ - 1) : 0.0;
}

double PlaybackClock::range_start() const noexcept { return std::min(in_, last_frame_position()); }

double PlaybackClock::range_end() const noexcept {
  const double last = last_frame_position();
  return out_ >= 0.0 ? std::clamp(out_, range_start(), last) : last;
}

void PlaybackClock::advance(double seconds) noexcept {
  if (!playing_ || scrubbing_ || !std::isfinite(seconds) || seconds <= 0.0 || frame_count_ < 2) return;
  const double start = range_start();
  const double end = range_end();
  const double next = position_ + static_cast<double>(direction_) * seconds * speed_ / frame_time_;
  if (direction_ > 0 && more_coming_ && next >= end && !has_range()) {
    position_ = end;
    return;
  }
  // Outside the range (a seek put it there): playback enters it at its start (or end, backwards).
  if (position_ < start || position_ > end + 1.0) {
    position_ = direction_ > 0 ? start : end;
    return;
  }
  if (loop_) {
    // The loop's period is the range's frames: the last frame keeps its slot before the first returns.
    const double period = end - start + 1.0;
    double wrapped = std::fmod(next - start, period);
    if (wrapped < 0.0) wrapped += period;
    position_ = start + wrapped;
    return;
  }
  if (direction_ > 0 && next >= end) {
    position_ = end;
    playing_ = false;
    return;
  }
  if (direction_ < 0 && next <= start) {
    position_ = start;
    playing_ = false;
    return;
  }
  position_ = next;
}

void PlaybackClock::shuttle(int direction) noexcept {
  if (direction == 0) {
    pause();
    return;
  }
  const int wanted = direction > 0 ? 1 : -1;
  if (playing_ && direction_ == wanted) {
    set_speed(speed_ * 2.0);
  } else {
    direction_ = wanted;
    speed_ = 1.0;
    play();
  }
}

void PlaybackClock::set_in_point(double frame_position) noexcept {
  if (!std::isfinite(frame_position)) return;
  in_ = std::clamp(frame_position, 0.0, last_frame_position());
  if (out_ >= 0.0 && out_ < in_) out_ = in_;
}

void PlaybackClock::set_out_point(double frame_position) noexcept {
  if (!std::isfinite(frame_position)) return;
  out_ = std::clamp(frame_position, 0.0, last_frame_position());
  if (in_ > out_) in_ = out_;
}

void PlaybackClock::clear_range() noexcept {
  in_ = 0.0;
  out_ = -1.0;
}

void PlaybackClock::set_frame_count(std::size_t frame_count) noexcept {
  frame_count_ = frame_count;
  position_ = std::clamp(position_, 0.0, last_frame_position());
  if (frame_count_ < 2) playing_ = false;
}

void PlaybackClock::play() noexcept {
  if (frame_count_ < 2) return;
  // Stopped at the end it plays from the start again (from the end, backwards).
  if (!loop_ && !more_coming_) {
    if (direction_ > 0 && position_ >= range_end()) position_ = range_start();
    if (direction_ < 0 && position_ <= range_start()) position_ = range_end();
  }
  playing_ = true;
}

void PlaybackClock::step(long frames) noexcept {
  pause();
  const double target = static_cast<double>(frame()) + static_cast<double>(frames);
  seek(target);
}

void PlaybackClock::seek(double frame_position) noexcept {
  if (!std::isfinite(frame_position)) return;
  position_ = std::clamp(frame_position, 0.0, last_frame_position());
}

void PlaybackClock::begin_scrub() noexcept {
  if (scrubbing_) return;
  scrubbing_ = true;
  resume_after_scrub_ = playing_;
}

void PlaybackClock::end_scrub() noexcept {
  if (!scrubbing_) return;
  scrubbing_ = false;
  playing_ = resume_after_scrub_ && frame_count_ > 1;
}

void PlaybackClock::set_speed(double speed) noexcept {
  if (!std::isfinite(speed)) return;
  speed_ = std::clamp(speed, kMinSpeed, kMaxSpeed);
}

std::size_t PlaybackClock::frame() const noexcept {
  if (frame_count_ == 0) return 0;
  const auto whole = static_cast<std::size_t>(std::floor(position_));
  return std::min(whole, frame_count_ - 1);
}

double PlaybackClock::sample_position(bool interpolate) const noexcept {
  return interpolate ? std::min(position_, last_frame_position()) : static_cast<double>(frame());
}

}  // namespace bvhscope
