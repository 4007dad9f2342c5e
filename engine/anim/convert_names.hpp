// Joint names in conversions: the left/right counterpart of a name (for mirroring), prefixes
// stripped, renames, each refusing a result that would break the file (a duplicate, an empty name).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/clip.hpp"
#include "anim/result.hpp"
#include "anim/side_names.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// Every joint of a pair (side_pairs in side_names.hpp) given its counterpart's name; the others
// keep theirs.
Result<Clip> swap_side_names(Clip clip, const SidePairs& pairs);

// A joint whose name held characters a terminal or a BVH reader may act on or choke on.
struct SafeNameChange {
  int joint = 0;
  std::string old_name;  // as read
  std::string new_name;  // as written
};

// Every joint name with each character printable() escapes (C0 and C1 controls, DEL, bytes that
// are not UTF-8, the Unicode characters that hide or reorder text such as U+202E) replaced by '_',
// every other byte kept: names every BVH reader takes. `changed` (optional) lists the joints
// renamed, in file order. Run before with_unique_names: two names may become one.
Clip with_safe_names(Clip clip, std::vector<SafeNameChange>* changed = nullptr);

// Every joint name used before (in file order) gets the first free suffix "_2", "_3", ...: BVH
// readers key joints by name. `renamed` (optional) counts the joints renamed.
Clip with_unique_names(Clip clip, int* renamed = nullptr);

// `prefix` removed from the start of every joint name that has it.
Result<Clip> strip_name_prefix(Clip clip, std::string_view prefix);

// Each (old, new) pair renames the joint named old; an error when no joint has that name.
Result<Clip> rename_joints(Clip clip, const std::vector<std::pair<std::string, std::string>>& renames);

// An error naming the first problem: an empty name, one with a character with_safe_names replaces,
// a brace or space at either end, or two joints with the same name. End Sites are not checked (they are
// written without names).
std::optional<Diagnostic> check_joint_names(const Clip& clip);

// The axis (0 X, 1 Y, 2 Z) along which the figure's paired left and right joints lie apart: the
// largest distance along it summed over the pairs, in the rest pose and in poses sampled over the
// motion (file coordinates, the clip in the add rule). Never `up`'s axis, which a mirror would turn
// upside down. Nullopt without pairs, or when they differ along the up axis only.
std::optional<int> side_axis(const Clip& clip, const SidePairs& pairs, UpAxis up);

}  // namespace bvhscope
