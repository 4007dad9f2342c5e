#include "formats/gltf_document.hpp"

#include <sys/stat.h>

#include <charconv>
#include <climits>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bvhscope {
namespace {

// What the file callbacks may reach: files under `folder` (no ".." on the way), `budget` bytes in all.
struct ExternalFiles {
  std::string folder;
  std::size_t budget = kMaxGltfExternalBytes;
  std::string refused;  // why the last file was refused, for the message
};

bool inside_folder(const std::string& path, const ExternalFiles& files) {
  const std::string prefix = files.folder + "/";
  if (path.compare(0, prefix.size(), prefix) != 0) return false;
  std::size_t start = prefix.size();
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    if (path.compare(start, end - start, "..") == 0 && end - start == 2) return false;
    start = end + 1;
  }
  return true;
}

bool file_exists(const std::string& path, void* user) {
  auto& files = *static_cast<ExternalFiles*>(user);
  if (!inside_folder(path, files)) {
    files.refused = "it is outside the glTF file's folder";
    return false;
  }
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::string expand_path(const std::string& path, void*) { return path; }

bool read_whole_file(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* user) {
  auto& files = *static_cast<ExternalFiles*>(user);
  struct stat info {};
  if (!inside_folder(path, files) || ::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    if (error) *error = "not a file in the glTF file's folder";
    return false;
  }
  const auto size = static_cast<std::size_t>(info.st_size);
  if (size > files.budget) {
    if (error) *error = "its " + std::to_string(size) + " bytes are past the external buffers' limit";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  out->resize(size);
  if (!in.read(reinterpret_cast<char*>(out->data()), static_cast<std::streamsize>(size))) {
    if (error) *error = "it could not be read";
    return false;
  }
  files.budget -= size;
  return true;
}

bool write_whole_file(std::string* error, const std::string&, const std::vector<unsigned char>&, void*) {
  if (error) *error = "bvhscope does not write through tinygltf";
  return false;
}

// Images are never decoded: their bytes stay with tinygltf's Image, unread.
bool skip_image(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int, void*) {
  return true;
}

// tinygltf's first message, trimmed; a JSON parser's "at line L, column C" becomes the location.
Diagnostic located_error(const std::string& message, std::string_view source) {
  std::string first = message.substr(0, message.find('\n'));
  Diagnostic diagnostic{std::string(source), 0, 0, first.empty() ? "tinygltf could not read it" : first};
  const std::size_t at = first.find("at line ");
  if (at != std::string::npos) {
    const char* begin = first.data() + at + 8;
    const char* end = first.data() + first.size();
    int line = 0;
    int column = 0;
    const auto parsed_line = std::from_chars(begin, end, line);
    const std::string_view rest(parsed_line.ptr, static_cast<std::size_t>(end - parsed_line.ptr));
    if (parsed_line.ec == std::errc{} && rest.substr(0, 9) == ", column ") {
      const auto parsed_column = std::from_chars(parsed_line.ptr + 9, end, column);
      if (parsed_column.ec == std::errc{} && line > 0 && column > 0) {
        diagnostic.line = line;
        diagnostic.column = column;
      }
    }
  }
  // nlohmann's prefix says nothing to people: "[json.exception.parse_error.101] parse error at ...".
  const std::size_t bracket = diagnostic.message.find("] ");
  if (diagnostic.message.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos)
    diagnostic.message = "not valid JSON: " + diagnostic.message.substr(bracket + 2);
  return diagnostic;
}

}  // namespace

Result<tinygltf::Model> read_gltf_document(std::string_view bytes, std::string_view source) {
  if (bytes.size() > UINT_MAX)
    return Diagnostic{std::string(source), 0, 0, "a glTF file of more than 4 GiB cannot be read"};
  const std::string path(source);
  const std::size_t slash = path.find_last_of('/');
  ExternalFiles files;
  files.folder = slash == std::string::npos ? std::string(".") : slash == 0 ? std::string() : path.substr(0, slash);
  tinygltf::FsCallbacks callbacks{file_exists, expand_path, read_whole_file, write_whole_file, &files};
  tinygltf::TinyGLTF loader;
  loader.SetFsCallbacks(callbacks);
  loader.SetImageLoader(skip_image, nullptr);
  tinygltf::Model model;
  std::string error;
  std::string warning;
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto size = static_cast<unsigned int>(bytes.size());
  const bool binary = bytes.substr(0, 4) == "glTF";
  bool loaded = false;
  try {
    loaded = binary ? loader.LoadBinaryFromMemory(&model, &error, &warning, data, size, files.folder)
                    : loader.LoadASCIIFromString(&model, &error, &warning, bytes.data(), size, files.folder);
  } catch (const std::exception& thrown) {  // nlohmann::json on input it cannot take
    return located_error(thrown.what(), source);
  }
  if (!loaded) {
    Diagnostic diagnostic = located_error(error, source);
    if (!files.refused.empty() && diagnostic.message.find("File not found") != std::string::npos)
      diagnostic.message += " (" + files.refused + ")";
    return diagnostic;
  }
  return model;
}

}  // namespace bvhscope
