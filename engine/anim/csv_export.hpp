// CSV export: world positions of every joint and End Site per frame, and the rotation channels.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include <glm/mat3x3.hpp>

#include "anim/clip.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

// Header "Time,<name>.X,<name>.Y,<name>.Z,..." with one triple per joint and End Site in
// depth-first file order; one row per frame; Time = frame index × frame time. Values are written
// in the shortest form that reads back as the same float (std::to_chars). Chunks of frames are
// posed and formatted on `threads` threads (0: available_threads()) and written in order;
// the text does not depend on the thread count. Positions are multiplied by `rotation` (the
// identity keeps the file's coordinates; rotation_to_y_up stands them upright). Names in the
// header are written as csv_text_cell() writes them (so are the rotations' below).
// A CSV cell holding text from a file (a joint name): escaped as on a terminal (printable(): no
// control characters, line ends or bidi overrides), prefixed with ' when it starts with =, +, -, or @
// (a tab or carriage return is already escaped) and is not a number as a whole (a spreadsheet would run it as a
// formula: OWASP's CSV injection), then quoted per RFC 4180 when it holds a comma, a quote or a
// line end.
std::string csv_text_cell(std::string_view text);

void write_positions_csv(const Clip& clip, PositionMode mode, std::ostream& out, unsigned threads = 0,
                         const glm::mat3& rotation = glm::mat3(1.0f));

// Header "Time,<name>.<axis>,..." with each joint's rotation channels in file order ("Hips.Z,
// Hips.X,Hips.Y"), values in degrees as in the file.
void write_rotations_csv(const Clip& clip, std::ostream& out, unsigned threads = 0);

}  // namespace bvhscope
