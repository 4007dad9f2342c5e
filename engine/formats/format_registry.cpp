#include "formats/format_registry.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "formats/bvh_format.hpp"
#include "formats/fbx_format.hpp"
#include "formats/gltf_format.hpp"
#include "formats/npy_format.hpp"
#include "formats/npz_format.hpp"

namespace bvhscope {
namespace {

constexpr std::array<std::string_view, 1> kBvhExtensions{".bvh"};
constexpr std::array<std::string_view, 1> kNpyExtensions{".npy"};
constexpr std::array<std::string_view, 1> kNpzExtensions{".npz"};
constexpr std::array<std::string_view, 2> kGltfExtensions{".glb", ".gltf"};
constexpr std::array<std::string_view, 1> kFbxExtensions{".fbx"};

const std::array<MotionFormat, 5> kFormats{{
    {"BVH", kBvhExtensions, "starts with HIERARCHY", sniff_bvh, read_bvh_path, read_bvh_bytes, read_bvh_head},
    {"NumPy array", kNpyExtensions, "joint positions, starts with \\x93NUMPY", sniff_npy, nullptr, read_npy_bytes,
     nullptr},
    {"NumPy archive", kNpzExtensions, "arrays of joint positions, a ZIP archive of .npy files", sniff_npz, nullptr,
     read_npz_bytes, nullptr},
    {"glTF", kGltfExtensions, "starts with glTF, or JSON with an asset", sniff_gltf, nullptr, read_gltf_bytes, nullptr},
    {"FBX", kFbxExtensions, "binary or ASCII FBX 7.x", sniff_fbx, nullptr, read_fbx_bytes, nullptr},
}};

char lower(char c) noexcept { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) noexcept {
  if (text.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), text.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                    [](char a, char b) { return lower(a) == lower(b); });
}

}  // namespace

std::span<const MotionFormat> motion_formats() noexcept { return kFormats; }

const MotionFormat* format_for_extension(std::string_view path) noexcept {
  const std::size_t slash = path.find_last_of('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  for (const MotionFormat& format : kFormats) {
    for (const std::string_view extension : format.extensions) {
      // The name must be more than the extension: ".bvh" alone is a hidden file's name, not a BVH.
      if (name.size() > extension.size() && ends_with_ignoring_case(name, extension)) return &format;
    }
  }
  return nullptr;
}

std::string known_formats_text() {
  std::string text;
  for (const MotionFormat& format : kFormats) {
    if (!text.empty()) text += "; ";
    text += std::string(format.name) + " (";
    for (const std::string_view extension : format.extensions) text += std::string(extension) + ", ";
    text += std::string(format.signature) + ")";
  }
  return text;
}

std::string known_extensions_text() {
  std::string text;
  for (const MotionFormat& format : kFormats) {
    for (const std::string_view extension : format.extensions)
      text += (text.empty() ? "" : ", ") + std::string(extension);
  }
  return text;
}

}  // namespace bvhscope
