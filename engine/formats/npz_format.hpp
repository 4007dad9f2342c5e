// NumPy archives behind the reader seam: a .npz file (np.savez, np.savez_compressed: a ZIP archive
// of .npy files, one an array, named by its key) holding joint arrays. Every array of joint
// positions in it is read as .npy files are (npy_format.hpp), each motion named by its key when
// the archive holds several; arrays that are not motions (a 'text' or 'lengths' beside them) are
// left out with a warning. ReadOptions::array_key (--key) reads one array by its key. Messages
// about an array's contents name it as ARCHIVE/KEY.npy.
#pragma once

#include <string>
#include <string_view>

#include "anim/result.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

Sniffed sniff_npz(std::string_view head, bool whole);
Result<MotionFile> read_npz_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);

}  // namespace bvhscope
