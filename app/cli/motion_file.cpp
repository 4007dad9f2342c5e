#include "cli/motion_file.hpp"

#include "anim/printable.hpp"
#include "formats/fbx_writer.hpp"
#include "formats/gltf_writer.hpp"
#include "io/atomic_file.hpp"

namespace bvhscope::cli {

OutputKind output_kind(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    if (path.size() <= suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
      const char c = path[path.size() - suffix.size() + i];
      if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != suffix[i]) return false;
    }
    return true;
  };
  if (ends_with(".glb")) return OutputKind::Glb;
  if (ends_with(".gltf")) return OutputKind::Gltf;
  if (ends_with(".fbx")) return OutputKind::Fbx;
  return OutputKind::Bvh;
}

std::string_view output_kind_name(OutputKind kind) noexcept {
  switch (kind) {
    case OutputKind::Bvh:
      return "BVH";
    case OutputKind::Fbx:
      return "FBX";
    case OutputKind::Glb:
    case OutputKind::Gltf:
      break;
  }
  return "glTF";
}

std::optional<std::string> write_motion_file(const Clip& clip, OutputKind kind, const std::string& path,
                                             const std::string& motion_name, const BvhWriteOptions& bvh,
                                             std::ostream& err) {
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return std::nullopt;
  }
  std::string what;
  std::optional<Diagnostic> refused;
  if (kind == OutputKind::Fbx) {
    FbxWriteOptions fbx;
    fbx.take_name = motion_name;
    const Result<FbxWriteReport> written = write_fbx(clip, PositionMode::Add, file->stream(), fbx);
    if (written)
      what = std::to_string(written.value().models) + " models, " + std::to_string(written.value().curves) +
             " animation curves";
    else
      refused = written.error();
  } else if (kind != OutputKind::Bvh) {
    GltfWriteOptions gltf;
    gltf.binary = kind == OutputKind::Glb;
    gltf.animation_name = motion_name;
    const Result<GltfWriteReport> written = write_gltf(clip, PositionMode::Add, file->stream(), gltf);
    if (written)
      what = std::to_string(written.value().nodes) + " nodes, " + std::to_string(written.value().samplers) +
             " animated properties";
    else
      refused = written.error();
  } else {
    write_bvh(clip, file->stream(), bvh);
  }
  if (refused) {
    err << format_diagnostic(*refused, Severity::Error) << "; nothing was written\n";
    return std::nullopt;
  }
  if (!file->commit(error)) {
    err << printable(path) << ": error: " << printable(error) << '\n';
    return std::nullopt;
  }
  return what;
}

}  // namespace bvhscope::cli
