// BVH text to Clip: the whole format as real files write it, with located errors and warnings.
#pragma once

#include <string_view>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Parses BVH text. `source` names the text in messages ("walk.bvh:12:5: error: ...").
//
// Accepted: keywords in any case; LF, CRLF and CR line ends; tabs and spaces anywhere; '{' on the
// ROOT/JOINT line; names with spaces and any bytes; 0 to 6 channels in any order on any joint;
// End Site with or without a name; several ROOTs; "Frames: 0"; a UTF-8 byte-order mark.
//
// Loaded with a located warning (judgement calls):
//  - fewer frame lines than "Frames:" declares, or a last frame line cut short: the complete
//    frames are kept;
//  - more frame lines than declared: the declared count is used;
//  - a root written as JOINT;
//  - "Frame Time: 0": played at 30 frames per second (kDefaultFrameTime);
//  - duplicate joint names.
// Refused with a located error: everything else that is not BVH, including a value that does not
// fit in a 32-bit float (1e39), because the motion table stores floats, and joint names longer
// than 4096 bytes.
Result<Clip> parse_bvh(std::string_view text, std::string_view source);

}  // namespace bvhscope
