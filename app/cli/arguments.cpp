#include "cli/arguments.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <system_error>

namespace bvhscope::cli {

bool ParsedArguments::has(std::string_view name) const {
  return std::any_of(options.begin(), options.end(), [name](const auto& option) { return option.first == name; });
}

std::optional<std::string> ParsedArguments::value(std::string_view name) const {
  std::optional<std::string> found;
  for (const auto& [option, value] : options) {
    if (option == name) found = value;
  }
  return found;
}

std::optional<ParsedArguments> parse_arguments(const std::vector<std::string>& args,
                                               const std::vector<OptionSpec>& specs, UsageError& error) {
  ParsedArguments parsed;
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (options_done || arg.size() < 2 || arg[0] != '-') {
      parsed.positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    std::string name = arg;
    std::optional<std::string> inline_value;
    if (const auto equals = arg.find('='); arg.rfind("--", 0) == 0 && equals != std::string::npos) {
      name = arg.substr(0, equals);
      inline_value = arg.substr(equals + 1);
    }
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      error.message = "unknown option '" + name + "'";
      return std::nullopt;
    }
    if (!spec->takes_value) {
      if (inline_value) {
        error.message = "option '" + name + "' takes no value";
        return std::nullopt;
      }
      parsed.options.emplace_back(name, "");
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) {
        error.message = "option '" + name + "' needs a value";
        return std::nullopt;
      }
      inline_value = args[++i];
    }
    parsed.options.emplace_back(name, *inline_value);
  }
  return parsed;
}

std::optional<InterpretationOptions> interpretation_options(const ParsedArguments& parsed, std::string_view command,
                                                            UsageError& error) {
  const std::string prefix = command.empty() ? std::string() : std::string(command) + ": ";
  InterpretationOptions options;
  if (const auto text = parsed.value("--position-mode")) {
    const auto requested = parse_position_mode_request(*text);
    if (!requested) {
      error.message = prefix + "--position-mode must be auto, add or replace, not '" + *text + "'";
      return std::nullopt;
    }
    options.mode = *requested;
  }
  if (const auto text = parsed.value("--up")) {
    const auto requested = parse_up_axis_request(*text);
    if (!requested) {
      error.message = prefix + "--up must be auto, +x, -x, +y, -y, +z or -z, not '" + *text + "'";
      return std::nullopt;
    }
    options.up = *requested;
    options.up_given = true;
  }
  return options;
}

std::optional<MotionChoice> motion_choice_options(const ParsedArguments& parsed, std::string_view command,
                                                  UsageError& error) {
  const std::string prefix = command.empty() ? std::string() : std::string(command) + ": ";
  MotionChoice choice;
  if (const auto text = parsed.value("--motion")) {
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), index);
    if (text->empty() || ec != std::errc{} || end != text->data() + text->size()) {
      error.message = prefix + "--motion must be a motion's number (0 for the first), not '" + *text + "'";
      return std::nullopt;
    }
    choice.motion = index;
  }
  if (const auto text = parsed.value("--source-fps")) {
    double fps = 0.0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), fps);
    if (text->empty() || ec != std::errc{} || end != text->data() + text->size() || !(fps > 0.0) || fps > 100000.0) {
      error.message = prefix + "--source-fps must be frames a second above 0 (at most 100000), not '" + *text + "'";
      return std::nullopt;
    }
    choice.source_fps = fps;
  }
  const auto path_value = [&](std::string_view name, std::string& into) {
    const auto text = parsed.value(name);
    if (!text) return true;
    if (text->empty()) {
      error.message = prefix + std::string(name) + " needs a file";
      return false;
    }
    into = *text;
    return true;
  };
  if (!path_value("--skeleton", choice.skeleton_path) || !path_value("--mean", choice.mean_path) ||
      !path_value("--std", choice.std_path))
    return std::nullopt;
  if (const auto text = parsed.value("--key")) {
    if (text->empty()) {
      error.message = prefix + "--key needs the name of an array of the .npz archive";
      return std::nullopt;
    }
    choice.array_key = *text;
  }
  return choice;
}

std::vector<OptionSpec> with_motion_options(std::vector<OptionSpec> specs) {
  specs.insert(specs.end(), std::begin(kMotionOptionSpecs), std::end(kMotionOptionSpecs));
  return specs;
}

std::optional<std::optional<CompareStart>> compare_start_options(const ParsedArguments& parsed,
                                                                 std::string_view command, UsageError& error) {
  const std::string prefix = command.empty() ? std::string() : std::string(command) + ": ";
  const bool asked =
      parsed.has("--compare") || parsed.has("--ghost") || parsed.has("--align") || parsed.has("--error-scale");
  if (!asked) return std::optional<CompareStart>();
  CompareStart start;
  start.ghost = parsed.has("--ghost");
  if (const auto text = parsed.value("--align")) {
    const auto alignment = parse_alignment(*text);
    if (!alignment) {
      error.message = prefix + "--align must be none, root, rigid or procrustes, not '" + *text + "'";
      return std::nullopt;
    }
    start.alignment = *alignment;
  }
  if (const auto text = parsed.value("--error-scale")) {
    double centimetres = 0.0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), centimetres);
    if (text->empty() || ec != std::errc{} || end != text->data() + text->size() || !(centimetres > 0.0) ||
        centimetres > 1e6) {
      error.message = prefix + "--error-scale must be a length in centimetres above 0, not '" + *text + "'";
      return std::nullopt;
    }
    start.colour_max_m = centimetres / 100.0;
  }
  if (parsed.positionals.size() < 2) {
    error.message = prefix + "--compare needs two or more FILEs (the first is the reference)";
    return std::nullopt;
  }
  return std::optional<CompareStart>(start);
}

}  // namespace bvhscope::cli
