#include "model/timeline_view.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

void TimelineView::set_timeline(std::size_t frames, double start_seconds, double frame_time) noexcept {
  if (!std::isfinite(start_seconds)) start_seconds = start_seconds_;
  if (!std::isfinite(frame_time) || !(frame_time > 0.0)) frame_time = frame_time_ > 0.0 ? frame_time_ : 1.0;
  if (zoomed_ && frame_time_ > 0.0 && (start_seconds != start_seconds_ || frame_time != frame_time_)) {
    // Old frame f is at start_seconds_ + f × frame_time_ seconds: the same seconds in new frames.
    const double scale = frame_time_ / frame_time;
    const double shift = (start_seconds_ - start_seconds) / frame_time;
    first_ = first_ * scale + shift;
    span_ *= scale;
    playhead_ = playhead_ * scale + shift;
  }
  start_seconds_ = start_seconds;
  frame_time_ = frame_time;
  extent_ = frames > 1 ? static_cast<double>(frames - 1) : 1.0;
  if (!zoomed_ || span_ >= extent_) {
    fit();
    return;
  }
  span_ = std::max(span_, min_span());
  keep_inside();
}

void TimelineView::zoom(double factor, double anchor) noexcept {
  if (!std::isfinite(factor) || !(factor > 0.0) || !std::isfinite(anchor)) return;
  const double span = std::clamp(span_ / factor, min_span(), extent_);
  if (span >= extent_) {
    fit();
    return;
  }
  const double at = std::clamp(anchor, first_, last());
  first_ = at - (at - first_) / span_ * span;
  span_ = span;
  zoomed_ = true;
  keep_inside();
  moved_by_user();
}

void TimelineView::pan(double frames) noexcept {
  if (!zoomed_ || !std::isfinite(frames)) return;
  first_ += frames;
  keep_inside();
  moved_by_user();
}

void TimelineView::fit() noexcept {
  first_ = 0.0;
  span_ = extent_;
  zoomed_ = false;
  moved_by_user();
}

void TimelineView::follow(double playhead, bool playing, bool forwards) noexcept {
  if (!std::isfinite(playhead)) return;
  const bool started = playing && !playing_;
  if (zoomed_ && !contains(playhead) && (playhead_inside_ || started)) {
    first_ = forwards ? playhead : playhead - span_;
    keep_inside();
  }
  playhead_ = playhead;
  playhead_inside_ = contains(playhead);
  playing_ = playing;
}

bool TimelineView::contains(double frame) const noexcept {
  constexpr double kEpsilon = 1e-9;
  return frame >= first_ - kEpsilon && frame <= last() + kEpsilon;
}

void TimelineView::keep_inside() noexcept { first_ = std::clamp(first_, 0.0, extent_ - span_); }

void TimelineView::moved_by_user() noexcept { playhead_inside_ = contains(playhead_); }

}  // namespace bvhscope
