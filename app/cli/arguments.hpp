// Command-line argument scanning shared by the subcommands: options with values, flags, positionals.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "model/compare_start.hpp"

namespace bvhscope::cli {

// A usage error: printed as "bvhscope: <message>" with a hint, exit code 2.
struct UsageError {
  std::string message;
};

struct OptionSpec {
  std::string_view name;  // "--json", "-o"
  bool takes_value = false;
};

struct ParsedArguments {
  std::vector<std::string> positionals;
  std::vector<std::pair<std::string, std::string>> options;  // name, value ("" for flags)

  [[nodiscard]] bool has(std::string_view name) const;
  [[nodiscard]] std::optional<std::string> value(std::string_view name) const;  // the last one given
};

// Scans args (after the subcommand). "--name=value" and "--name value" both work; "--" ends options.
std::optional<ParsedArguments> parse_arguments(const std::vector<std::string>& args,
                                               const std::vector<OptionSpec>& specs, UsageError& error);

// --position-mode and --up, read the same way by every command that takes them.
struct InterpretationOptions {
  PositionModeRequest mode = PositionModeRequest::Auto;
  UpAxisRequest up;
  bool up_given = false;  // --up was given (export turns positions only then)
};
// The options, or nothing with `error` saying which value is wrong, prefixed with "COMMAND: "
// (no prefix for an empty `command`: the viewer's own options).
std::optional<InterpretationOptions> interpretation_options(const ParsedArguments& parsed, std::string_view command,
                                                            UsageError& error);

// The options of every command that loads files, read the same way by each: --motion K, which
// motion of a file holding several it works on (0-based; the first without it); --source-fps N, the
// rate of the motions (frames a second), for files that do not store one (joint arrays) or store a
// wrong one; and what joint arrays do not say about themselves: --skeleton FILE (their joints'
// names and tree), --mean M.npy and --std S.npy (feature vectors un-normalised), --key NAME (the
// array of a .npz archive).
inline constexpr OptionSpec kMotionOptionSpecs[] = {{"--motion", true}, {"--source-fps", true}, {"--skeleton", true},
                                                    {"--mean", true},   {"--std", true},        {"--key", true}};
// The same but --motion: the viewer's (it opens every motion of a file).
inline constexpr OptionSpec kViewerReadingSpecs[] = {
    {"--source-fps", true}, {"--skeleton", true}, {"--mean", true}, {"--std", true}, {"--key", true}};
// `specs` and kMotionOptionSpecs.
std::vector<OptionSpec> with_motion_options(std::vector<OptionSpec> specs);

struct MotionChoice {
  std::optional<std::size_t> motion;
  std::optional<double> source_fps;
  std::string skeleton_path;  // empty: none given
  std::string mean_path;
  std::string std_path;
  std::string array_key;
};
std::optional<MotionChoice> motion_choice_options(const ParsedArguments& parsed, std::string_view command,
                                                  UsageError& error);

// The options that start a comparison in the viewer and in render: --compare, --ghost, --align
// MODE and --error-scale CM (each of the last three implies --compare).
inline constexpr OptionSpec kCompareOptionSpecs[] = {
    {"--compare", false}, {"--ghost", false}, {"--align", true}, {"--error-scale", true}};
// The comparison asked for (nullopt inside when none), or nothing with `error` set: a wrong value,
// or fewer than two FILEs.
std::optional<std::optional<CompareStart>> compare_start_options(const ParsedArguments& parsed,
                                                                 std::string_view command, UsageError& error);

}  // namespace bvhscope::cli
