// A retargeting written to a file: the motion moved (retarget.hpp), made what glTF and FBX hold
// when OUT is one (metres, +Y up: the unit guess and the up axis detection decide), and written
// through a temporary file (formats/motion_writer.hpp). `bvhscope retarget` and the viewer's
// Retarget dialog both write this way.
#pragma once

#include <atomic>
#include <string>

#include "anim/clip.hpp"
#include "anim/result.hpp"
#include "formats/motion_writer.hpp"
#include "retarget/retarget.hpp"

namespace bvhscope {

struct RetargetFileReport {
  RetargetReport retarget;
  std::size_t frames = 0;
  double frame_time = 0.0;
  int joints = 0;                  // the written skeleton's, End Sites left out
  std::string written;             // what the glTF or FBX writer says it wrote ("" for BVH)
  std::string left_out;            // what OUT's format could not hold (a glTF target's mesh in BVH)
  bool unit_unknown_kept = false;  // glTF/FBX: the unit could not be told, lengths written as they are
};

// `source` onto `target`, written to `path` (its extension says the format) as `output` says (the
// motion's name in glTF and FBX, BVH's number formats, a glTF body). Errors: the retargeting's, the conversion's, the
// writer's, or the system's (located at `path`); nothing is written then. `cancel` (optional) is checked before the
// file is committed.
Result<RetargetFileReport> retarget_to_file(const Clip& source, const Clip& target, const RetargetOptions& options,
                                            const std::string& path, const MotionFileOptions& output = {},
                                            const std::atomic<bool>* cancel = nullptr);

}  // namespace bvhscope
