// Command-line argument scanning shared by the subcommands: options with values, flags, positionals.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace bvhscope::cli
