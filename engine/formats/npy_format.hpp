// Joint arrays behind the reader seam: a NumPy .npy file of joint positions, (frames, joints, 3)
// for one motion, or several motions at once as (motions, frames, joints, 3) or MDM's
// (motions, joints, 3, frames). Each motion is a positions motion (joint positions, no channels)
// whose skeleton is the layout its joint count names (joint_layouts.hpp: HumanML3D, KIT-ML, SMPL,
// SMPL-H), put in depth-first order, or unconnected points when no layout has that many joints.
// Its rate is its layout's (20 fps for HumanML3D, 12.5 for KIT-ML, else 30): the file does not say.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "anim/result.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

Sniffed sniff_npy(std::string_view head, bool whole);
Result<MotionFile> read_npy_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);

}  // namespace bvhscope
