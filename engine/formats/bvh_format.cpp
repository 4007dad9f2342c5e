#include "formats/bvh_format.hpp"

#include "anim/bvh_head.hpp"
#include "anim/file_loader.hpp"

namespace bvhscope {
namespace {

Result<MotionFile> one_motion(Result<Clip> clip, std::string_view source) {
  if (!clip) return clip.error();
  MotionFile file;
  file.source = std::string(source);
  file.format = "BVH";
  file.motions.push_back(std::move(clip).value());
  return file;
}

}  // namespace

Result<MotionFile> read_bvh_path(const std::string& path, const ReadOptions& options) {
  return one_motion(load_bvh_file(path, options.progress, options.parse), path);
}

Result<MotionFile> read_bvh_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options) {
  return one_motion(parse_bvh(bytes, source, options.parse), source);
}

Result<Clip> read_bvh_head(const std::string& path, std::size_t max_frames) { return load_bvh_head(path, max_frames); }

}  // namespace bvhscope
