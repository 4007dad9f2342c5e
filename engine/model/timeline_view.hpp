// The part of the shared timeline on screen: clock frames [first, last] (fractional), zoomed about a
// frame and panned inside the clock's frames, paging after the playhead. The timeline panel maps it
// to pixels; this holds only the arithmetic.
#pragma once

#include <cstddef>

namespace bvhscope {

class TimelineView {
 public:
  // Frames on screen at the closest zoom (or the whole clock when it is shorter).
  static constexpr double kMinSpan = 10.0;

  // The clock as it is now: `frames` frames (the track's length), its frame 0 at `start_seconds` of
  // shared time, `frame_time` seconds apart. Its extent is frames 0 to frames - 1 (0 to 1 for a
  // clock of one frame or none). An unzoomed view shows all of it. A zoomed one keeps showing the
  // same shared seconds when the start or the frame time changed (the earliest clip moved, another
  // clip became active), its span kept between min_span() and the extent (reaching the extent, it
  // is unzoomed again) and its range moved back inside the extent. A non-finite or non-positive
  // frame time keeps the one before.
  void set_timeline(std::size_t frames, double start_seconds, double frame_time) noexcept;

  // Divides the span by `factor` (above 1 zooms in), within [min_span(), extent()], keeping the
  // frame `anchor` (taken inside the view) at the same place on screen; then moves the range back
  // inside the extent. Zoomed out to the whole extent, the view is unzoomed.
  void zoom(double factor, double anchor) noexcept;
  // Moves a zoomed view by `frames` (positive: towards later frames), stopping at either end.
  void pan(double frames) noexcept;
  // Shows the whole clock (unzoomed).
  void fit() noexcept;

  // Called every frame with the playhead's clock position. When the playhead leaves a zoomed view
  // (it was in the view at the previous call, or playback has just started), the view pages to it:
  // `forwards` it starts at the playhead, backwards it ends there (within the extent). A playhead
  // that the user moved the view away from (zoom or pan) is left alone until it comes back into
  // view or playback starts again.
  void follow(double playhead, bool playing, bool forwards) noexcept;

  [[nodiscard]] double first() const noexcept { return first_; }
  [[nodiscard]] double last() const noexcept { return first_ + span_; }
  [[nodiscard]] double span() const noexcept { return span_; }
  [[nodiscard]] double extent() const noexcept { return extent_; }
  [[nodiscard]] double min_span() const noexcept { return extent_ < kMinSpan ? extent_ : kMinSpan; }
  [[nodiscard]] bool zoomed() const noexcept { return zoomed_; }
  // Within [first, last], give or take 1e-9 frames.
  [[nodiscard]] bool contains(double frame) const noexcept;
  // Where `frame` falls across the view (0 at first, 1 at last; beyond on either side), and back.
  [[nodiscard]] double fraction_of(double frame) const noexcept { return (frame - first_) / span_; }
  [[nodiscard]] double frame_at(double fraction) const noexcept { return first_ + fraction * span_; }

 private:
  void keep_inside() noexcept;
  void moved_by_user() noexcept;

  double extent_ = 1.0;
  double first_ = 0.0;
  double span_ = 1.0;
  bool zoomed_ = false;
  double start_seconds_ = 0.0;
  double frame_time_ = 0.0;  // 0 until the first set_timeline
  double playhead_ = 0.0;    // at the last follow()
  bool playhead_inside_ = true;
  bool playing_ = false;
};

}  // namespace bvhscope
