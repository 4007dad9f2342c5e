#include "anim/lint.hpp"

#include <algorithm>
#include <charconv>

#include "anim/lint_checks.hpp"
#include "anim/parse_messages.hpp"

namespace bvhscope {

std::string_view lint_severity_name(LintSeverity severity) noexcept {
  switch (severity) {
    case LintSeverity::Error:
      return "error";
    case LintSeverity::Warning:
      return "warning";
    case LintSeverity::Info:
      return "info";
  }
  return "info";
}

std::size_t LintReport::count(LintSeverity severity) const noexcept {
  return static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const LintFinding& f) { return f.severity == severity; }));
}

LintSeverity LintReport::worst() const noexcept {
  LintSeverity worst = LintSeverity::Info;
  for (const LintFinding& finding : findings) worst = std::min(worst, finding.severity);
  return worst;
}

namespace lint {

void FindingGroup::flush_to(std::vector<LintFinding>& findings) {
  if (count_ == 0) return;
  LintFinding finding;
  finding.code = code_;
  finding.severity = severity_;
  finding.place = first_;
  finding.message = message_;
  finding.hint = hint_;
  finding.count = count_;
  finding.more_places = more_;
  findings.push_back(std::move(finding));
}

LintFinding single_finding(std::string code, LintSeverity severity, const LintPlace& place, std::string message,
                           std::string hint) {
  LintFinding finding;
  finding.code = std::move(code);
  finding.severity = severity;
  finding.place = place;
  finding.message = std::move(message);
  finding.hint = std::move(hint);
  return finding;
}

LintPlace joint_place(const Skeleton& skeleton, int joint) {
  LintPlace place;
  place.line = skeleton.source_lines[static_cast<std::size_t>(joint)];
  place.joint = joint;
  return place;
}

std::string joint_name(const Skeleton& skeleton, int joint) {
  return quoted(skeleton.names[static_cast<std::size_t>(joint)]);
}

std::string number_text(double value, int decimals) {
  char digits[64];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, decimals);
  if (error != std::errc{}) {
    const auto shortest = std::to_chars(digits, digits + sizeof digits, value);
    return std::string(digits, shortest.ptr);
  }
  // Trailing zeros of the decimals go, and the point with them; "-0" is "0". Trimmed in the buffer
  // (GCC 12 warns falsely, -Wrestrict, about assigning a literal to the string here).
  const char* const first = digits;
  const char* last = end;
  if (std::find(first, last, '.') != last) {
    while (last[-1] == '0') --last;
    if (last[-1] == '.') --last;
  }
  if (last - digits == 2 && digits[0] == '-' && digits[1] == '0') return "0";
  return std::string(first, last);
}

}  // namespace lint

LintReport lint_clip(const Clip& clip, const LintOptions& options) {
  using namespace lint;
  LintContext context{
      clip, analyse_clip(clip, options.position, options.up), {}, channel_ranges(clip.motion, options.on_worker_start)};
  context.baked = bake_positions(clip, context.analysis.position.mode, 0, options.on_worker_start);
  LintReport report;
  std::vector<LintFinding>& findings = report.findings;
  check_load_warnings(clip, findings);
  if (clip.motion.frame_count == 0) {
    findings.push_back(single_finding("no-frames", LintSeverity::Info, LintPlace{},
                                      "the file has no frames ('Frames: 0'): only the rest pose",
                                      "nothing to check in the motion"));
  }
  check_names(clip.skeleton, findings);
  if (clip.motion.holds_positions()) {
    // Joint positions without channels: there are no rotation orders, position channels, constant
    // channels or Euler angles to check; what the positions do is checked below.
    findings.push_back(single_finding("no-channels", LintSeverity::Info, LintPlace{},
                                      "the motion holds joint positions, not channels: the channel checks "
                                      "(rotation orders, position channels, constant channels, Euler jumps) "
                                      "do not apply",
                                      "nothing to fix"));
  } else {
    check_rotation_orders(clip.skeleton, findings);
  }
  check_bone_lengths(context, findings);
  if (!clip.motion.holds_positions()) {
    check_position_mode(context, findings);
    check_joint_position_channels(context, findings);
    check_constant_channels(context, findings);
    check_euler_jumps(context, findings);
  }
  check_glitch_frames(context, findings);
  check_frame_time(context, findings);
  check_floor(context, findings);
  check_up_axis_and_units(context, findings);
  std::stable_sort(findings.begin(), findings.end(),
                   [](const LintFinding& a, const LintFinding& b) { return a.severity < b.severity; });
  return report;
}

LintReport lint_load_failure(const Diagnostic& error) {
  LintReport report;
  LintPlace place;
  place.line = error.line;
  place.column = error.column;
  report.findings.push_back(
      lint::single_finding("load-error", LintSeverity::Error, place, error.message,
                           error.line > 0 ? "the file was not loaded: fix the text there (no other check ran)"
                                          : "the file was not read (no other check ran)"));
  return report;
}

}  // namespace bvhscope
