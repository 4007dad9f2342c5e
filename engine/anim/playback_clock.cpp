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

void PlaybackClock::advance(double seconds) noexcept {
  if (!playing_ || scrubbing_ || !std::isfinite(seconds) || seconds <= 0.0 || frame_count_ < 2) return;
  const double next = position_ + seconds * speed_ / frame_time_;
  if (more_coming_ && next >= last_frame_position()) {
    position_ = last_frame_position();
    return;
  }
  if (loop_) {
    // The loop's period is frame_count frames: the last frame keeps its slot before frame 0 returns.
    const double period = static_cast<double>(frame_count_);
    position_ = std::fmod(next, period);
    if (position_ < 0.0) position_ += period;
    return;
  }
  const double last = last_frame_position();
  if (next >= last) {
    position_ = last;
    playing_ = false;
    return;
  }
  position_ = next;
}

void PlaybackClock::set_frame_count(std::size_t frame_count) noexcept {
  frame_count_ = frame_count;
  position_ = std::clamp(position_, 0.0, last_frame_position());
  if (frame_count_ < 2) playing_ = false;
}

void PlaybackClock::play() noexcept {
  if (frame_count_ < 2) return;
  if (!loop_ && !more_coming_ && position_ >= last_frame_position()) position_ = 0.0;
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
