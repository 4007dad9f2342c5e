#include "cli/dispatch.hpp"

#include <cerrno>
#include <cstring>

#include "cli/commands.hpp"

#ifndef BVHSCOPE_VERSION
#define BVHSCOPE_VERSION "unknown"
#endif

namespace bvhscope::cli {

int finish_output(std::ostream& out, std::ostream& err) {
  out.flush();
  if (out) return kExitOk;
  err << "bvhscope: error: cannot write the output: " << std::strerror(errno) << '\n';
  return kExitBadInput;
}

int usage_error(std::ostream& err, const std::string& message) {
  err << "bvhscope: " << message << "\nTry 'bvhscope --help'.\n";
  return kExitUsage;
}

std::optional<int> run_subcommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) return std::nullopt;
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    print_help(out);
    return kExitOk;
  }
  if (command == "--version") {
    out << "bvhscope " << BVHSCOPE_VERSION << '\n';
    return kExitOk;
  }
  if (command == "info") return run_info(rest, out, err);
  if (command == "export") return run_export(rest, out, err);
  if (command == "render") return run_render(rest, out, err);
  if (command.size() > 1 && command[0] == '-') return usage_error(err, "unknown option '" + command + "'");
  return std::nullopt;
}

}  // namespace bvhscope::cli
