#include "anim/work_budget.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "anim/digit_groups.hpp"

namespace bvhscope {
namespace {

constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) noexcept {
  if (a != 0 && b > kMost / a) return kMost;
  return a * b;
}

// "1.0e10"; "more than 1.8e19" when the product saturated.
std::string scientific(std::uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", static_cast<double>(value));
  std::string shown = text;
  // %e writes "1.0e+10": the plus and a leading zero of the exponent add nothing.
  if (const std::size_t e = shown.find("e+"); e != std::string::npos) {
    shown.erase(e + 1, 1);
    if (shown.size() > e + 2 && shown[e + 1] == '0') shown.erase(e + 1, 1);
  }
  return value == kMost ? "more than " + shown : shown;
}

}  // namespace

std::uint64_t work_budget(std::uint64_t input_bytes) noexcept {
  return std::max(kMinimumWorkBudget, saturating_product(input_bytes, kWorkBudgetPerByte));
}

std::uint64_t PlannedWork::total() const noexcept { return saturating_product(per_frame, frames); }

std::optional<std::string> over_work_budget(const PlannedWork& work, std::uint64_t input_bytes) {
  const std::uint64_t total = work.total();
  const std::uint64_t budget = work_budget(input_bytes);
  if (total <= budget) return std::nullopt;
  std::string noun = work.per_frame_noun;
  if (work.per_frame == 1 && !noun.empty() && noun.back() == 's') noun.pop_back();  // "1 joint"
  return digit_groups(work.per_frame) + " " + noun + " x " + digit_groups(work.frames) + " frames is " +
         scientific(total) + " " + work.total_noun + ", over the budget of " + digit_groups(budget) + " for " +
         digit_groups(input_bytes) + " bytes of input (the larger of 16 Mi and 4 per byte)";
}

}  // namespace bvhscope
