// The length units a user can pick for a clip (overriding the automatic guess from its height).
#pragma once

#include <array>
#include <string_view>

namespace bvhscope {

struct UnitChoice {
  std::string_view name;
  double metres_per_unit;
};

inline constexpr std::array<UnitChoice, 7> kUnitChoices = {{{"metres", 1.0},
                                                            {"decimetres", 0.1},
                                                            {"centimetres", 0.01},
                                                            {"millimetres", 0.001},
                                                            {"inches", 0.0254},
                                                            {"feet", 0.3048},
                                                            {"CMU units", 0.0254 / 0.45}}};

}  // namespace bvhscope
