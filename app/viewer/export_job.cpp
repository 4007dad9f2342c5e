#include "viewer/export_job.hpp"

#include <cstdio>
#include <filesystem>

namespace bvhscope::viewer {

std::string sequence_file_name(const std::string& directory, std::size_t frame) {
  char name[40];
  std::snprintf(name, sizeof(name), "frame_%06zu.png", frame);
  return (std::filesystem::path(directory) / name).string();
}

}  // namespace bvhscope::viewer
