#include "cli/work_budget_check.hpp"

#include "anim/printable.hpp"

namespace bvhscope::cli {

bool within_work_budget(const ParsedArguments& parsed, const std::string& file, const PlannedWork& work,
                        std::uint64_t input_bytes, FramesOption frames, std::ostream& err) {
  if (parsed.has(kNoBudgetOption.name)) return true;
  const std::optional<std::string> over = over_work_budget(work, input_bytes);
  if (!over) return true;
  err << printable(file) << ": error: too much work: " << *over << "; "
      << (frames == FramesOption::Taken ? "choose --frames A:B or pass --no-budget"
                                        : "pass --no-budget to do it anyway")
      << "; nothing was done\n";
  return false;
}

}  // namespace bvhscope::cli
