#include "anim/side_names.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>

namespace bvhscope {
namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

struct SideWord {
  std::string_view text;  // lower case
  Side side;
};
constexpr std::array<SideWord, 2> kWords = {SideWord{"left", Side::Left}, SideWord{"right", Side::Right}};

bool same_letters(std::string_view a, std::string_view lower_b) {
  if (a.size() != lower_b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower_b[i]) return false;
  }
  return true;
}

// `word` (lower case) spelt in the case of `as`: "LEFT" -> "RIGHT", "Left" -> "Right", else lower.
std::string in_case_of(std::string_view word, std::string_view as) {
  std::string out(word);
  const bool all_upper = std::all_of(as.begin(), as.end(), [](char c) { return is_upper(c); });
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (all_upper || (i == 0 && is_upper(as.front()))) out[i] = static_cast<char>(std::toupper(out[i]));
  }
  return out;
}

bool is_capitalised(std::string_view word) {
  return is_upper(word.front()) && std::all_of(word.begin() + 1, word.end(), [](char c) { return is_lower(c); });
}

std::optional<Side> letter_side(char c) {
  if (c == 'l' || c == 'L') return Side::Left;
  if (c == 'r' || c == 'R') return Side::Right;
  return std::nullopt;
}

char other_letter(char c) {
  switch (c) {
    case 'L':
      return 'R';
    case 'R':
      return 'L';
    case 'l':
      return 'r';
    default:
      return 'l';
  }
}

struct Candidate {
  SideReading reading;
  bool letter = false;
};

std::string replaced(std::string_view name, std::size_t at, std::size_t length, std::string_view by) {
  std::string out(name.substr(0, at));
  out += by;
  out += name.substr(at + length);
  return out;
}

// The readings of the part name[begin, end).
void part_readings(std::string_view name, std::size_t begin, std::size_t end, std::vector<Candidate>& out) {
  const std::size_t length = end - begin;
  const std::string_view part = name.substr(begin, length);
  for (const SideWord& word : kWords) {
    const std::size_t n = word.text.size();
    if (length < n) continue;
    const Side other = word.side == Side::Left ? Side::Right : Side::Left;
    const std::string_view other_text = kWords[other == Side::Left ? 0 : 1].text;
    const std::string_view head = part.substr(0, n);
    if (same_letters(head, word.text)) {
      const bool whole = length == n;
      const bool before_capital = !whole &&
                                  (is_upper(part[n]) || std::isdigit(static_cast<unsigned char>(part[n])) != 0) &&
                                  !std::all_of(head.begin(), head.end(), [](char c) { return is_upper(c); });
      out.push_back({{word.side, replaced(name, begin, n, in_case_of(other_text, head)), whole || before_capital}});
    }
    const std::string_view tail = part.substr(length - n);
    if (length > n && same_letters(tail, word.text)) {
      const bool after_lower = is_lower(part[length - n - 1]) && is_capitalised(tail);
      out.push_back({{word.side, replaced(name, end - n, n, in_case_of(other_text, tail)), after_lower}});
    }
  }
  if (const std::optional<Side> side = letter_side(part.front())) {
    const char c = part.front();
    const bool whole = length == 1;
    const bool before_capital =
        length >= 2 && is_upper(part[1]) && (is_lower(c) || (length >= 3 && is_lower(part[2])));  // lShldr, LHipJoint
    out.push_back({{*side, replaced(name, begin, 1, std::string(1, other_letter(c))), whole || before_capital}, true});
  }
  if (length >= 2) {
    if (const std::optional<Side> side = letter_side(part.back())) {
      out.push_back({{*side, replaced(name, end - 1, 1, std::string(1, other_letter(part.back()))), false}, true});
    }
  }
}

}  // namespace

std::vector<SideReading> side_readings(std::string_view name) {
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < name.size();) {
    if (!is_alnum(name[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < name.size() && is_alnum(name[end])) ++end;
    part_readings(name, i, end, candidates);
    i = end;
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.letter != b.letter) return !a.letter;
    return a.reading.clear && !b.reading.clear;
  });
  std::vector<SideReading> readings;
  for (Candidate& candidate : candidates) readings.push_back(std::move(candidate.reading));
  return readings;
}

std::optional<SideReading> counterpart_of(std::string_view name, const std::function<bool(std::string_view)>& exists) {
  for (SideReading& reading : side_readings(name)) {
    if (reading.counterpart != name && exists(reading.counterpart)) return std::move(reading);
  }
  return std::nullopt;
}

bool SidePairs::any() const noexcept {
  return std::any_of(counterpart.begin(), counterpart.end(), [](int joint) { return joint >= 0; });
}

SidePairs side_pairs(const Skeleton& skeleton) {
  SidePairs pairs;
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  pairs.counterpart.assign(count, -1);
  pairs.side.assign(count, Side::Left);
  std::unordered_map<std::string_view, int> by_name;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (!skeleton.is_end_site(joint)) by_name.emplace(skeleton.names[static_cast<std::size_t>(joint)], joint);
  }
  const auto exists = [&](std::string_view name) { return by_name.count(name) != 0; };
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.is_end_site(joint)) continue;
    const std::string& name = skeleton.names[static_cast<std::size_t>(joint)];
    if (std::optional<SideReading> reading = counterpart_of(name, exists)) {
      pairs.counterpart[static_cast<std::size_t>(joint)] = by_name.at(reading->counterpart);
      pairs.side[static_cast<std::size_t>(joint)] = reading->side;
      continue;
    }
    const std::vector<SideReading> readings = side_readings(name);
    if (std::any_of(readings.begin(), readings.end(), [](const SideReading& r) { return r.clear; }))
      pairs.unpaired.push_back(joint);
  }
  return pairs;
}

}  // namespace bvhscope
