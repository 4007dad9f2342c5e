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

namespace bvhscope {

// The name with left and right swapped, or nullopt when it names no side. Recognised: "Left" /
// "Right" anywhere (also "left", "LEFT"); otherwise every L or R (either case) standing alone as a
// word part ("L_Hip", "Bip01 R Thigh", "hand.l", "Foot_R", "mixamorig:L"), or starting a word
// before a capital ("lShldr", "rThigh", "LHipJoint", "RFoot": then a lowercase l/r, or an uppercase
// L/R followed by a capital and a lowercase letter).
std::optional<std::string> mirrored_name(std::string_view name);

// Every joint named for a side renamed to the other side.
Result<Clip> swap_side_names(Clip clip);

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

// The axis (0 X, 1 Y, 2 Z) along which the figure's left and right joints lie apart in the rest
// pose (the largest summed distance over joint pairs named for sides), or nullopt without such
// pairs.
std::optional<int> side_axis(const Clip& clip);

}  // namespace bvhscope
