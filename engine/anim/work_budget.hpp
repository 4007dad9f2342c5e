// The work budget of the headless commands: the joint positions a command derives from a file (joints
// posed × frames) may be at most max(16 Mi, 4 per byte of the file), so that its cost follows the bytes
// present, and a file that declares more (10,001 joints without channels over 1,000,000 frames) is
// refused up front from its header's numbers, before the work. --no-budget lifts it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bvhscope {

// Every file may cost this many positions (192 MiB as floats), whatever its size.
inline constexpr std::uint64_t kMinimumWorkBudget = std::uint64_t{16} << 20;
// And this many per byte of input: real files' values carry their positions (a joint's three
// rotations take at least six bytes a frame).
inline constexpr std::uint64_t kWorkBudgetPerByte = 4;

// The positions a command may derive from inputs of `input_bytes` in all.
[[nodiscard]] std::uint64_t work_budget(std::uint64_t input_bytes) noexcept;

// The work a command is about to do: `per_frame` joints posed (or values made) at each of `frames` frames.
struct PlannedWork {
  std::uint64_t per_frame = 0;
  std::uint64_t frames = 0;
  const char* per_frame_noun = "joints";  // what per_frame counts (plural), as the message names it
  const char* total_noun = "positions";
  [[nodiscard]] std::uint64_t total() const noexcept;  // per_frame × frames, saturating
};

// nullopt when the work fits the budget of `input_bytes`; else why not, with the numbers:
// "10,001 joints x 1,000,000 frames is 1.0e10 positions, over the budget of 16,777,216 for 289,342
// bytes of input (the larger of 16 Mi and 4 per byte)".
[[nodiscard]] std::optional<std::string> over_work_budget(const PlannedWork& work, std::uint64_t input_bytes);

}  // namespace bvhscope
