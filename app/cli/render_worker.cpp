#include "cli/render_worker.hpp"

#include <unistd.h>

#include <charconv>
#include <exception>
#include <iostream>
#include <new>
#include <sstream>

#include "io/write_all.hpp"
#include "render/offscreen_session.hpp"

namespace bvhscope::cli {
namespace {

constexpr std::size_t kMostReportBytes = 16 << 20;  // 16 MiB; a job's messages are a few lines

}  // namespace

std::string job_record(const std::string& output, const std::string& input) {
  std::string record = output;
  record.push_back('\0');
  record += input;
  record.push_back('\0');
  return record;
}

std::string report_record(int status, std::string_view text) {
  std::string record = std::to_string(status) + ' ' + std::to_string(text.size()) + '\n';
  record += text;
  return record;
}

std::optional<WorkerReport> take_report(std::string& received, bool& broken) {
  broken = false;
  const std::size_t line_end = received.find('\n');
  if (line_end == std::string::npos) {
    broken = received.size() > 64;  // a header is two short numbers
    return std::nullopt;
  }
  const std::size_t space = received.find(' ');
  if (space == std::string::npos || space > line_end) {
    broken = true;
    return std::nullopt;
  }
  WorkerReport report;
  std::size_t bytes = 0;
  const char* text = received.data();
  const auto [status_end, status_error] = std::from_chars(text, text + space, report.status);
  const auto [bytes_end, bytes_error] = std::from_chars(text + space + 1, text + line_end, bytes);
  if (status_error != std::errc() || status_end != text + space || bytes_error != std::errc() ||
      bytes_end != text + line_end) {
    broken = true;
    return std::nullopt;
  }
  if (bytes > kMostReportBytes) {  // no job says that much: the stream is not a report
    broken = true;
    return std::nullopt;
  }
  if (received.size() - line_end - 1 < bytes) return std::nullopt;
  report.text = received.substr(line_end + 1, bytes);
  received.erase(0, line_end + 1 + bytes);
  return report;
}

int run_render_worker(const std::vector<std::string>& shared_args, const RenderFiles& render) {
  render::OffscreenSession session;  // made current by the first render that needs it
  std::string output;
  std::string input;
  while (std::getline(std::cin, output, '\0') && std::getline(std::cin, input, '\0')) {
    std::vector<std::string> args = {"-o", output};
    args.insert(args.end(), shared_args.begin(), shared_args.end());
    args.push_back("--");
    args.push_back(input);
    std::ostringstream err;
    int status = 1;
    try {
      status = render(args, err, &session);
    } catch (const std::bad_alloc&) {
      err << "bvhscope: render: out of memory\n";
    } catch (const std::exception& failure) {
      err << "bvhscope: render: " << failure.what() << '\n';
    }
    if (!io::write_all(STDOUT_FILENO, report_record(status, err.str()))) return 1;  // the batch is gone
  }
  return 0;
}

}  // namespace bvhscope::cli
