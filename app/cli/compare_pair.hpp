// One comparison of `bvhscope compare`, shared by a pair of files and by each pair of two folders:
// the options read once from the command line (CompareSetup), two files loaded and compared with
// them (compare_files), and the pair's report as text, JSON and a per-frame CSV.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "anim/clip.hpp"
#include "anim/joint_set.hpp"
#include "anim/motion_compare.hpp"
#include "anim/offset_search.hpp"
#include "cli/arguments.hpp"

namespace bvhscope::cli {

// What the command line asks of every comparison.
struct CompareSetup {
  CompareOptions options;  // alignment, offset, frames, the map's pairs; modes and scale set per pair
  InterpretationOptions interpretation;
  MotionChoice choice;
  std::optional<double> units_given;  // --units: both clips in that unit
  std::string units_text;             // "cm (--units)"
  std::optional<std::string> map_path;
  std::vector<int> map_lines;  // the line of each of options.explicit_pairs
  JointSet joint_set;          // --joints
  bool offset_auto = false;    // --offset auto: each pair's offset searched (anim/offset_search.hpp)
};

// The setup, or nullopt after printing the usage error (the status in `status`: 2) or the map's
// located error (1).
std::optional<CompareSetup> read_compare_setup(const ParsedArguments& parsed, std::ostream& err, int& status);

// Two clips compared, with what the report says about them.
struct ComparedPair {
  std::pair<Clip, Clip> clips;  // reference, other
  CompareOptions options;       // as used: position modes, up axis, the other's scale
  CompareResult result;
  std::string unit;  // the reference's unit ("cm", "unknown", "cm (--units)")
  double metres_per_unit = 0.0;
  std::string scale_reason;
  std::size_t matched_joints = 0;             // pairs of joints that are not End Sites
  std::size_t reference_joints = 0;           // the reference's joints that are not End Sites
  std::string joint_set;                      // --joints as given ("all", "body", "hands", "A,B")
  std::optional<OffsetSearch> offset_search;  // --offset auto: how the offset was found
};

// REF and OTHER loaded and compared as `setup` says; warnings (a load's, few joints matched) on
// `err`. nullopt after printing the error on `err` (a load, the map naming a missing joint, the
// work budget, nothing to compare). `keep_errors`: fill the per frame and joint errors (--csv).
std::optional<ComparedPair> compare_files(const CompareSetup& setup, const ParsedArguments& parsed,
                                          const std::string& reference, const std::string& other, bool keep_errors,
                                          unsigned threads, std::ostream& err);

void print_pair_text(const ComparedPair& pair, std::ostream& out);
void print_pair_json(const ComparedPair& pair, std::ostream& out);
void write_per_frame_csv(const ComparedPair& pair, std::ostream& out);

// The reference joint name of matched pair `index`.
const std::string& pair_joint_name(const ComparedPair& pair, std::size_t index);

}  // namespace bvhscope::cli
