// What every format's reader takes and answers, apart from the registry that lists the formats
// (format_registry.hpp), so that a reader includes this and not the list that includes it: how a
// file is read (ReadOptions) and what a content test decides (Sniffed).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "anim/bvh_parser.hpp"

namespace bvhscope {

struct JointTree;  // formats/skeleton_file.hpp

// How a file is read: progress, cancel and the streaming preview where the format streams (BVH:
// LoadProgress::on_start hands out the clip while its rows arrive), and the BVH parser's threads.
// The rest is for joint arrays, which do not say everything about themselves.
struct ReadOptions {
  LoadProgress* progress = nullptr;
  ParseOptions parse;
  // The joints' names and tree for arrays of its joint count (--skeleton FILE), in place of the
  // layout their joint count names; an array of another joint count is refused.
  std::shared_ptr<const JointTree> skeleton;
  // HumanML3D/KIT-ML feature vectors as a model outputs them, normalised: each feature is
  // multiplied by its standard deviation and its mean added before decoding (--mean, --std).
  std::vector<double> feature_mean;
  std::vector<double> feature_std;
  // The one array of a NumPy archive (.npz) to read, by its key (--key); empty: every array of
  // joint positions in it.
  std::string array_key;
};

// What a content test decides from the start of a file.
enum class Sniffed : unsigned char {
  No,        // not this format
  Yes,       // this format
  Undecided  // the start read says nothing yet (only blank space): the file name may decide
};

// How many bytes of a file the content tests see.
inline constexpr std::size_t kSniffBytes = 4096;

}  // namespace bvhscope
