#include "anim/joint_matching.hpp"

#include <array>
#include <cstddef>
#include <unordered_map>

namespace bvhscope {
namespace {

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (ascii_lower(text[i]) != ascii_lower(prefix[i])) return false;
  return true;
}

// The joint's only End Site child, or -1 (none, or several).
std::vector<int> single_end_sites(const Skeleton& skeleton) {
  std::vector<int> only(static_cast<std::size_t>(skeleton.joint_count()), -1);
  std::vector<int> counts(static_cast<std::size_t>(skeleton.joint_count()), 0);
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
    if (!skeleton.is_end_site(joint) || parent == kNoParent) continue;
    const auto p = static_cast<std::size_t>(parent);
    only[p] = ++counts[p] == 1 ? joint : -1;
  }
  return only;
}

}  // namespace

std::string normalized_joint_name(std::string_view name) {
  if (const std::size_t colon = name.rfind(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  for (const std::string_view prefix : std::array<std::string_view, 3>{"Bip01 ", "Bip01_", "Character1_"}) {
    if (name.size() > prefix.size() && starts_with_ignoring_case(name, prefix)) {
      name.remove_prefix(prefix.size());
      break;
    }
  }
  std::string lowered(name);
  for (char& c : lowered) c = ascii_lower(c);
  return lowered;
}

Result<std::vector<std::pair<std::string, std::string>>> parse_joint_map(std::string_view text,
                                                                         const std::string& source,
                                                                         std::vector<int>* lines) {
  auto trimmed = [](std::string_view part) {
    const std::size_t first = part.find_first_not_of(" \t");
    if (first == std::string_view::npos) return std::string();
    return std::string(part.substr(first, part.find_last_not_of(" \t") - first + 1));
  };
  std::vector<std::pair<std::string, std::string>> pairs;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte order mark (spreadsheets write one)
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    const std::size_t comma = line.find(',');
    std::pair<std::string, std::string> pair;
    if (comma != std::string_view::npos) pair = {trimmed(line.substr(0, comma)), trimmed(line.substr(comma + 1))};
    if (pair.first.empty() || pair.second.empty())
      return Diagnostic{source, number, 1, "expected 'reference name,other name'"};
    pairs.push_back(std::move(pair));
    if (lines) lines->push_back(number);
  }
  return pairs;
}

JointMatching match_joints(const Skeleton& reference, const Skeleton& other,
                           const std::vector<std::pair<std::string, std::string>>& explicit_pairs) {
  const auto ref_count = static_cast<std::size_t>(reference.joint_count());
  const auto other_count = static_cast<std::size_t>(other.joint_count());
  std::vector<int> partner_of_ref(ref_count, -1);
  std::vector<int> partner_of_other(other_count, -1);
  auto link = [&](int r, int o) {
    partner_of_ref[static_cast<std::size_t>(r)] = o;
    partner_of_other[static_cast<std::size_t>(o)] = r;
  };

  // One pass: every unmatched reference joint (not an End Site) takes the first free other joint
  // with the same key.
  auto match_by = [&](auto key_of) {
    std::unordered_map<std::string, std::vector<int>> others;
    for (int o = 0; o < other.joint_count(); ++o) {
      if (other.is_end_site(o) || partner_of_other[static_cast<std::size_t>(o)] >= 0) continue;
      others[key_of(other.names[static_cast<std::size_t>(o)])].push_back(o);
    }
    for (int r = 0; r < reference.joint_count(); ++r) {
      if (reference.is_end_site(r) || partner_of_ref[static_cast<std::size_t>(r)] >= 0) continue;
      const auto found = others.find(key_of(reference.names[static_cast<std::size_t>(r)]));
      if (found == others.end()) continue;
      for (const int o : found->second) {
        if (partner_of_other[static_cast<std::size_t>(o)] >= 0) continue;
        link(r, o);
        break;
      }
    }
  };

  for (const auto& [ref_name, other_name] : explicit_pairs) {
    int r = -1;
    int o = -1;
    for (int j = 0; j < reference.joint_count() && r < 0; ++j)
      if (!reference.is_end_site(j) && partner_of_ref[static_cast<std::size_t>(j)] < 0 &&
          reference.names[static_cast<std::size_t>(j)] == ref_name)
        r = j;
    for (int j = 0; j < other.joint_count() && o < 0; ++j)
      if (!other.is_end_site(j) && partner_of_other[static_cast<std::size_t>(j)] < 0 &&
          other.names[static_cast<std::size_t>(j)] == other_name)
        o = j;
    if (r >= 0 && o >= 0) link(r, o);
  }
  match_by([](const std::string& name) { return name; });
  match_by([](const std::string& name) { return normalized_joint_name(name); });

  const std::vector<int> ref_ends = single_end_sites(reference);
  const std::vector<int> other_ends = single_end_sites(other);
  for (int r = 0; r < reference.joint_count(); ++r) {
    if (!reference.is_end_site(r)) continue;
    const int parent = reference.parents[static_cast<std::size_t>(r)];
    if (parent == kNoParent || ref_ends[static_cast<std::size_t>(parent)] != r) continue;
    const int other_parent = partner_of_ref[static_cast<std::size_t>(parent)];
    if (other_parent < 0) continue;
    const int o = other_ends[static_cast<std::size_t>(other_parent)];
    if (o >= 0 && partner_of_other[static_cast<std::size_t>(o)] < 0) link(r, o);
  }

  JointMatching matching;
  for (int r = 0; r < reference.joint_count(); ++r) {
    const int o = partner_of_ref[static_cast<std::size_t>(r)];
    if (o >= 0) {
      matching.pairs.push_back({r, o});
    } else {
      matching.unmatched_reference.push_back(r);
    }
  }
  for (int o = 0; o < other.joint_count(); ++o)
    if (partner_of_other[static_cast<std::size_t>(o)] < 0) matching.unmatched_other.push_back(o);
  return matching;
}

}  // namespace bvhscope
