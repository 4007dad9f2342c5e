// bvhscope compare DIR_A DIR_B: every file of the reference folder against its partner in the
// other (the same stem, or --pair-by index: the same place in natural order), each pair compared
// as `compare A B` does, in parallel; a line (or JSON object) per pair, the files left unpaired,
// and the set's figures: mean and median MPJPE and PA-MPJPE, each joint's mean, the worst pairs.
// --csv writes one row per pair.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/compare_pair.hpp"

namespace bvhscope::cli {

// Two folders' files paired: by the same name without its extension (relative to each folder), or
// by their place in natural order; the files left over.
struct FilePair {
  std::string reference;
  std::string other;
};

struct Pairing {
  std::vector<FilePair> pairs;
  std::vector<std::string> unpaired_reference;
  std::vector<std::string> unpaired_other;
};

Pairing pair_files(const std::vector<std::string>& references, const std::string& reference_folder,
                   const std::vector<std::string>& others, const std::string& other_folder, bool by_index);

// A file's name relative to its folder ("walk.bvh", "sub/walk.bvh" with --recursive).
std::string relative_name(const std::string& file, const std::string& folder);

// What the set's figures need of a pair, in metres when its unit is known (else in its file units).
struct PairFigures {
  double mpjpe = 0.0;
  double pa_mpjpe = 0.0;
  double max_error = 0.0;
  bool metres = false;
  std::size_t frames = 0;
  std::size_t worst_frame = 0;
  std::string worst_joint;
  std::vector<std::pair<std::string, double>> joint_means;  // reference joint name, mean error
};

PairFigures figures_of(const ComparedPair& pair);

// The set's figures over the pairs compared.
struct Aggregate {
  std::size_t compared = 0;
  bool metres = true;  // every pair in metres; else in file units
  double mpjpe_mean = 0.0, mpjpe_median = 0.0, pa_mean = 0.0, pa_median = 0.0;
  struct Joint {
    std::string name;
    double mean = 0.0;
    std::size_t pairs = 0;
  };
  std::vector<Joint> joints;       // in the order first met (the first reference skeleton's)
  std::vector<std::size_t> worst;  // indices of the pairs with the largest MPJPE, worst first (at most 5)
};

Aggregate aggregate(const std::vector<std::optional<PairFigures>>& all);

int compare_folders(const CompareSetup& setup, const ParsedArguments& parsed, const std::string& reference_folder,
                    const std::string& other_folder, std::ostream& out, std::ostream& err);

}  // namespace bvhscope::cli
