// The work budget (anim/work_budget.hpp) as the commands apply it: the --no-budget flag that lifts
// it, and the refusal printed when a file's work is over it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "anim/work_budget.hpp"
#include "cli/arguments.hpp"

namespace bvhscope::cli {

inline constexpr OptionSpec kNoBudgetOption = {"--no-budget", false};

// What the refusal suggests: --frames A:B for the commands that take it, else only --no-budget.
enum class FramesOption { Taken, NotTaken };

// True when `work` fits the budget of `input_bytes` or --no-budget was given; else prints
// "FILE: error: 10,001 joints x ... over the budget ...; choose --frames A:B or pass --no-budget;
// nothing was done" on `err` and returns false (the command exits 1).
bool within_work_budget(const ParsedArguments& parsed, const std::string& file, const PlannedWork& work,
                        std::uint64_t input_bytes, FramesOption frames, std::ostream& err);

}  // namespace bvhscope::cli
