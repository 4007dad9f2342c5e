#include "formats/motion_writer.hpp"

#include <optional>

#include "formats/fbx_writer.hpp"
#include "formats/gltf_writer.hpp"
#include "io/atomic_file.hpp"

namespace bvhscope {

MotionFileKind motion_file_kind(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    if (path.size() <= suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
      const char c = path[path.size() - suffix.size() + i];
      if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != suffix[i]) return false;
    }
    return true;
  };
  if (ends_with(".glb")) return MotionFileKind::Glb;
  if (ends_with(".gltf")) return MotionFileKind::Gltf;
  if (ends_with(".fbx")) return MotionFileKind::Fbx;
  return MotionFileKind::Bvh;
}

Result<std::string> write_motion_file(const Clip& clip, MotionFileKind kind, const std::string& path,
                                      const MotionFileOptions& options) {
  std::string error;
  std::optional<io::AtomicFile> file = io::AtomicFile::create(path, error);
  if (!file) return Diagnostic{path, 0, 0, error};
  std::string what;
  if (kind == MotionFileKind::Fbx) {
    FbxWriteOptions fbx;
    fbx.take_name = options.motion_name;
    const Result<FbxWriteReport> written = write_fbx(clip, PositionMode::Add, file->stream(), fbx);
    if (!written) return written.error();
    const FbxWriteReport& report = written.value();
    what = std::to_string(report.models) + " models, " + std::to_string(report.curves) + " animation curves";
    if (report.meshes > 0)
      what += ", " + std::to_string(report.meshes) + " skinned mesh" + (report.meshes > 1 ? "es" : "") + " of " +
              std::to_string(report.mesh_vertices) + " vertices";
  } else if (kind != MotionFileKind::Bvh) {
    GltfWriteOptions gltf;
    gltf.binary = kind == MotionFileKind::Glb;
    gltf.animation_name = options.motion_name;
    gltf.body = options.body;
    const Result<GltfWriteReport> written = write_gltf(clip, PositionMode::Add, file->stream(), gltf);
    if (!written) return written.error();
    const GltfWriteReport& report = written.value();
    what = std::to_string(report.nodes) + " nodes, " + std::to_string(report.samplers) + " animated properties";
    if (report.meshes > 0)
      what += ", " + std::to_string(report.meshes) + " skinned mesh" + (report.meshes > 1 ? "es" : "") + " of " +
              std::to_string(report.mesh_vertices) + " vertices";
    if (report.bodies > 0)
      what += ", a skinned body of " + std::to_string(report.body_vertices) + " vertices" +
              (report.bodies > 1 ? " in " + std::to_string(report.bodies) + " meshes" : "");
  } else {
    write_bvh(clip, file->stream(), options.bvh);
  }
  if (!file->commit(error)) return Diagnostic{path, 0, 0, error};
  return what;
}

std::string meshes_left_out(const Clip& clip, MotionFileKind kind) {
  if (clip.meshes == nullptr || clip.meshes->empty() || kind != MotionFileKind::Bvh) return {};
  const bool several = clip.meshes->size() > 1;
  return std::string("the character's skinned mesh") + (several ? "es are" : " is") +
         " left out: BVH holds no mesh (.glb, .gltf and .fbx keep " + (several ? "them)" : "it)");
}

}  // namespace bvhscope
