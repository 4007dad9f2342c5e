// Lint: what is wrong (or worth knowing) in a loaded BVH file, as findings with a stable code, a
// severity, a place (a line of the text, or a frame and a joint of the motion), a message and a hint
// naming the `bvhscope convert` option that fixes it. Pure functions over a Clip: the command line
// prints them, a viewer can list them and jump to each place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.hpp"
#include "anim/diagnostic.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// Error: the file is damaged: it does not load, or data it declares is missing or cut off.
// Warning: the file loads, but something in it is most likely wrong or makes other readers go wrong.
// Info: a fact about the file worth knowing (its unit, its up axis, constant channels); nothing to fix.
enum class LintSeverity : std::uint8_t { Error, Warning, Info };
std::string_view lint_severity_name(LintSeverity severity) noexcept;  // "error", "warning", "info"

// One place a finding is about: a text location, a motion location, or both (-1 / 0 when absent).
struct LintPlace {
  int line = 0;               // 1-based line of the file, 0 when not about the text
  int column = 0;             // 1-based byte column, 0 when not known
  std::ptrdiff_t frame = -1;  // 0-based frame, -1 when not about a frame
  int joint = -1;             // joint index in the skeleton, -1 when not about a joint
  int channel = -1;           // channel index (a column of the frame rows), -1 when not about one
  bool operator==(const LintPlace&) const = default;
};

// One kind of problem: its first occurrence (`place`, `message`), how many there are in all, and
// the places of the next ones (at most kLintMorePlaces), so that thousands of occurrences stay one
// finding.
struct LintFinding {
  std::string code;  // stable, kebab-case: "euler-wrap" (README lists them)
  LintSeverity severity = LintSeverity::Warning;
  LintPlace place;
  std::string message;  // one line, about the first occurrence
  std::string hint;     // one line: what to do
  std::size_t count = 1;
  std::vector<LintPlace> more_places;
};

inline constexpr std::size_t kLintMorePlaces = 4;

struct LintReport {
  std::vector<LintFinding> findings;  // errors first, then warnings, then infos; check order within
  [[nodiscard]] std::size_t count(LintSeverity severity) const noexcept;
  // The worst severity found; Info for a report without findings.
  [[nodiscard]] LintSeverity worst() const noexcept;
};

struct LintOptions {
  PositionModeRequest position = PositionModeRequest::Auto;
  UpAxisRequest up;
  // Runs first on each thread started to pose the frames (bake_positions) or scan the channels
  // (channel_ranges): the viewer puts them in the background there, so that a check running beside
  // playback takes only CPU time the renderer leaves; the calling thread does the work left when
  // they starve.
  std::function<void()> on_worker_start;
};

// Every check over the clip and its load warnings. Reads the motion a few times at most (linear
// in frames x channels) and poses every frame once.
LintReport lint_clip(const Clip& clip, const LintOptions& options = {});

// A file that does not load: one error finding at the error's location (code "load-error").
LintReport lint_load_failure(const Diagnostic& error);

}  // namespace bvhscope
