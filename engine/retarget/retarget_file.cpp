#include "retarget/retarget_file.hpp"

#include "anim/convert.hpp"
#include "formats/motion_writer.hpp"

namespace bvhscope {

Result<RetargetFileReport> retarget_to_file(const Clip& source, const Clip& target, const RetargetOptions& options,
                                            const std::string& path, const MotionFileOptions& output,
                                            const std::atomic<bool>* cancel) {
  RetargetFileReport report;
  Result<Clip> moved = retarget(source, target, options, &report.retarget);
  if (!moved) return moved.error();
  const MotionFileKind kind = motion_file_kind(path);
  Clip result = std::move(moved).value();
  if (kind != MotionFileKind::Bvh) {
    ConvertOptions engines;
    engines.up = UpAxis::PosY;
    engines.lengths = LengthConversion{};
    engines.lengths->target_metres_per_unit = 1.0;
    engines.lengths->keep_unknown = true;
    engines.position_mode = PositionModeRequest::Add;
    engines.from_up = options.target_up;
    ConvertReport converted_report;
    Result<Clip> converted = convert_clip(std::move(result), engines, &converted_report);
    if (!converted) return converted.error();
    report.unit_unknown_kept = converted_report.unit_unknown_kept;
    result = std::move(converted).value();
  }
  if (cancel != nullptr && cancel->load()) return Diagnostic{path, 0, 0, "cancelled"};
  Result<std::string> written = write_motion_file(result, kind, path, output);
  if (!written) return written.error();
  report.written = std::move(written).value();
  report.left_out = meshes_left_out(result, kind);
  report.frames = result.motion.frame_count;
  report.frame_time = result.motion.frame_time;
  report.joints = result.skeleton.joint_count() - result.skeleton.end_site_count();
  return report;
}

}  // namespace bvhscope
