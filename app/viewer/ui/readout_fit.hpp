// Readouts that never clip: text that does not fit its space wraps at spaces or ends in "..."
// with the whole text in a tooltip. Every readout drawn through here is measured against the
// width it had, and the frame's tally (how many were shortened, how many still overflow) is kept
// for the state report.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

struct ImDrawList;  // ImGui's: this header stays free of it, for tests of fitting_prefix
struct ImVec2;

namespace bvhscope::viewer {

// How many bytes of `text` to draw, followed by "...", so that it fits `width` (`measure` gives a
// text's width); the whole text when it fits. Never cuts inside a UTF-8 sequence; 0 when not even
// the first character and the ellipsis fit.
std::size_t fitting_prefix(std::string_view text, float width, const std::function<float(std::string_view)>& measure);

// A text cut in the middle: its first `head` bytes, "...", then the bytes from `tail` to
// `tail_end`, and "..." again when that is not the end (`head` == `tail` == `tail_end` == the
// text's size when it fits whole).
struct MiddleCut {
  std::size_t head = 0;
  std::size_t tail = 0;
  std::size_t tail_end = 0;
};
// Where to cut `text` in the middle so that it fits `width`: the end keeps up to about half the
// space (what tells names apart is often at the end: "_fixed.bvh"), and the bytes [keep_begin,
// keep_end) stay visible when they fit with the ellipsis (a file's extension, the text a filter
// matched): in the head when they are nearer the start, else in the tail. Never cuts inside a UTF-8 sequence. When the
// text from the kept part on does not fit: that text between two "...", as much of it as fits.
MiddleCut middle_cut(std::string_view text, float width, const std::function<float(std::string_view)>& measure,
                     std::size_t keep_begin, std::size_t keep_end);

// This frame's readouts (reset at the start of each frame).
struct ReadoutTally {
  int drawn = 0;                // readouts measured
  int shortened = 0;            // wrapped or ended in "..." (the whole text on hover)
  int overflowing = 0;          // drawn wider than their space (cut by the panel's edge)
  float worst_overflow = 0.0f;  // pixels past the space, the most of any readout
};
ReadoutTally& readout_tally() noexcept;
void reset_readout_tally() noexcept;
// Tallies a readout drawn `drawn_width` wide into `available` pixels.
void tally_readout(float drawn_width, float available, bool shortened) noexcept;

// Text at the cursor in the space left on the line: wrapped at spaces when it does not fit, and a
// word longer than the space ends in "..." (the whole text as a tooltip on hover).
void readout_text(std::string_view text);
// One line in `width` pixels (0: the space left on the line), ending in "..." when longer (the
// whole text as a tooltip on hover).
void readout_line(std::string_view text, float width = 0.0f);
// The first of `texts` (ever shorter forms of one value: fewer digits) that fits in `width` pixels
// (0: the space left on the line); when none does, the last ending in "...". The first, whole,
// as a tooltip on hover when another was drawn.
void readout_choice(std::span<const std::string> texts, float width = 0.0f);
// readout_text, printf-style.
void readout_textf(const char* format, ...) __attribute__((format(printf, 1, 2)));
// The same with the arguments already taken (panel_row's value).
void readout_textv(const char* format, va_list args) __attribute__((format(printf, 1, 0)));
// `text` drawn with `draw` at `pos` in `width` pixels: ends in "..." when longer. True when
// shortened (the caller shows the whole text on hover).
bool draw_fitted_text(ImDrawList* draw, ImVec2 pos, unsigned int colour, std::string_view text, float width);
// The same cut in the middle (middle_cut), keeping [keep_begin, keep_end) visible; `shown` (when
// given) receives the text as drawn.
bool draw_middle_cut_text(ImDrawList* draw, ImVec2 pos, unsigned int colour, std::string_view text, float width,
                          std::size_t keep_begin, std::size_t keep_end, std::string* shown = nullptr);

}  // namespace bvhscope::viewer
