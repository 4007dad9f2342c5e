// PlaybackClock: turns explicit wall-time steps into a fractional frame position (play, pause,
// loop, speed, direction, an in/out range, step, scrub), so playback speed never depends on the
// display's refresh rate.
#pragma once

#include <cstddef>

namespace bvhscope {

class PlaybackClock {
 public:
  static constexpr double kMinSpeed = 0.1;
  static constexpr double kMaxSpeed = 4.0;

  // Starts over on a clip of `frame_count` frames at `frame_time` seconds per frame: frame 0,
  // speed and loop kept, playing when `play` (and there is more than one frame).
  void reset(std::size_t frame_count, double frame_time, bool play) noexcept;

  // Moves the playhead by `seconds` of wall time × speed. Does nothing while paused or scrubbing,
  // or for a negative or non-finite step. Looping wraps over frame_count frames (every frame is
  // shown for one frame time, the last one included); otherwise the clock stops on the last frame.
  void advance(double seconds) noexcept;

  void play() noexcept;  // from the first frame again when stopped on the last one without loop
  void pause() noexcept { playing_ = false; }
  void toggle() noexcept { playing_ ? pause() : play(); }
  // Pauses and moves `frames` whole frames from the frame on screen (clamped to the clip).
  void step(long frames) noexcept;
  // To the range's first or last frame (the clip's without a range).
  void jump_to_first() noexcept { seek(range_start()); }
  void jump_to_last() noexcept { seek(range_end()); }
  // Puts the playhead at a fractional frame position, clamped to [0, last frame]. Keeps playing.
  void seek(double frame_position) noexcept;

  // Scrubbing: while the timeline is held, the playhead follows the cursor and wall time is
  // ignored; playback resumes afterwards if it was playing before.
  void begin_scrub() noexcept;
  void scrub(double frame_position) noexcept { seek(frame_position); }
  void end_scrub() noexcept;

  // The clip grew or shrank (frames arriving while its file loads): a new frame count with the
  // position (clamped), the playing state and a scrub in progress kept. Below 2 frames it pauses.
  void set_frame_count(std::size_t frame_count) noexcept;
  // While more frames are coming (a clip still loading), playback that reaches the last frame waits
  // there, still playing, and goes on as frames arrive, instead of looping or stopping.
  void set_more_frames_coming(bool coming) noexcept { more_coming_ = coming; }

  void set_loop(bool loop) noexcept { loop_ = loop; }
  void set_speed(double speed) noexcept;  // clamped to [kMinSpeed, kMaxSpeed]
  // Backwards (-1) or forwards (+1). Playing backwards stops (or loops) at the range's start.
  void set_reverse(bool reverse) noexcept { direction_ = reverse ? -1 : 1; }
  // The J/K/L keys of video editors: `direction` +1 (L) plays forwards, at 1x, or twice as fast as
  // now when already playing forwards (up to kMaxSpeed); -1 (J) the same backwards; 0 (K) pauses.
  void shuttle(int direction) noexcept;

  // The in/out range (I and O): playback, looping and jumps keep to frames [in, out]. Setting in
  // past out (or out before in) moves the other end along. Cleared, the range is the whole clip.
  void set_in_point(double frame_position) noexcept;
  void set_out_point(double frame_position) noexcept;
  void clear_range() noexcept;
  [[nodiscard]] bool has_range() const noexcept { return in_ > 0.0 || out_ >= 0.0; }
  [[nodiscard]] double range_start() const noexcept;
  [[nodiscard]] double range_end() const noexcept;

  [[nodiscard]] double position() const noexcept { return position_; }
  // The whole frame on screen with nearest-frame sampling: the frame whose time slot holds the playhead.
  [[nodiscard]] std::size_t frame() const noexcept;
  // What to hand the pose sampler: the whole frame on screen, or the exact position when interpolating.
  [[nodiscard]] double sample_position(bool interpolate) const noexcept;
  [[nodiscard]] double time_seconds() const noexcept { return position_ * frame_time_; }
  [[nodiscard]] bool playing() const noexcept { return playing_; }
  [[nodiscard]] bool scrubbing() const noexcept { return scrubbing_; }
  [[nodiscard]] bool looping() const noexcept { return loop_; }
  [[nodiscard]] bool more_frames_coming() const noexcept { return more_coming_; }
  [[nodiscard]] double speed() const noexcept { return speed_; }
  [[nodiscard]] bool reversed() const noexcept { return direction_ < 0; }
  [[nodiscard]] std::size_t frame_count() const noexcept { return frame_count_; }
  [[nodiscard]] double frame_time() const noexcept { return frame_time_; }

 private:
  [[nodiscard]] double last_frame_position() const noexcept;

  std::size_t frame_count_ = 0;
  double frame_time_ = 1.0 / 30.0;
  double position_ = 0.0;
  double speed_ = 1.0;
  bool playing_ = false;
  bool loop_ = true;
  bool more_coming_ = false;
  bool scrubbing_ = false;
  bool resume_after_scrub_ = false;
  int direction_ = 1;
  double in_ = 0.0;    // the range's first frame (0: the clip's)
  double out_ = -1.0;  // the range's last frame (< 0: the clip's)
};

}  // namespace bvhscope
