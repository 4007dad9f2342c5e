// Benchmark inputs: corpus files (with a synthetic CMU-like fallback), the ~100 MB BVH text made by
// repeating a clip's frame rows, and the std::from_chars baseline every parse figure is compared with.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::bench {

// The corpus directory the build was configured with (CMake cache variable BVHSCOPE_CORPUS_DIR).
std::filesystem::path corpus_dir();

// The bytes of a corpus file, or nothing when the corpus (or the file) is missing.
std::optional<std::string> read_corpus_file(std::string_view file_name);

// A CMU-like clip made up in code: a 6-channel root and 3-channel ZYX joints in five limb chains
// (legs, spine and head, arms), an End Site at the end of every chain, and `frames` rows of
// smoothly varying 4-decimal values like a cgspeed CMU export. `joints` counts ROOT/JOINT nodes.
std::string synthetic_bvh(int joints, std::size_t frames);

struct SourceClip {
  std::string label;   // short name for benchmark names: "cmu_01_01", "synthetic31", ...
  std::string origin;  // the corpus path, or "synthetic (corpus missing)"
  std::string text;
};

// The corpus file when it is there, otherwise synthetic_bvh(synthetic_joints, synthetic_frames).
SourceClip corpus_or_synthetic(std::string_view file_name, std::string_view label, int synthetic_joints,
                               std::size_t synthetic_frames);

// A big BVH text: `source`'s hierarchy and frame time, its frame rows repeated (LF line ends) until
// the text holds at least `target_bytes`, and "Frames:" set to the number of rows written. The rows
// start at the source's row `first_row` (modulo its row count): the same motion, later in its loop.
struct BigBvh {
  std::string text;
  std::size_t frames = 0;
  std::size_t channels = 0;
  [[nodiscard]] std::size_t values() const noexcept { return frames * channels; }
};
BigBvh make_big_bvh(std::string_view source, std::size_t target_bytes, std::size_t first_row = 0);

// Offset of the first frame row: the byte after the "Frame Time:" line (the text's size when none).
std::size_t motion_offset(std::string_view text) noexcept;

// The baseline: whitespace-separated numbers converted with std::from_chars<float>, nothing else
// checked. Converts up to `capacity` numbers into `out`; returns how many it converted, or nothing
// when from_chars refused a token.
std::optional<std::size_t> from_chars_floats(std::string_view text, float* out, std::size_t capacity) noexcept;

// "Frames: N" of a BVH text, read loosely (0 when missing), and the number of values on its first
// frame row: what the baseline program needs to size its float array without a counting pass.
std::size_t declared_frames(std::string_view text) noexcept;
std::size_t first_row_values(std::string_view text) noexcept;

}  // namespace bvhscope::bench
