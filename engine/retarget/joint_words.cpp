#include "retarget/joint_words.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace bvhscope {
namespace {

bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_alnum(char c) noexcept { return is_upper(c) || is_lower(c) || is_digit(c); }
char lower(char c) noexcept { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
bool all_digits(const std::string& word) { return !word.empty() && std::all_of(word.begin(), word.end(), is_digit); }

// The words of a name: runs of letters and digits split at separators, at a lower-case letter
// followed by a capital, between letters and digits, and before the last capital of a run of
// capitals followed by lower case ("LHip": "L", "Hip"; "LUArm": "L", "U", "Arm"). Lower case.
std::vector<std::string> split_words(std::string_view name) {
  std::vector<std::string> words;
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!is_alnum(c)) {
      flush();
      continue;
    }
    if (!word.empty()) {
      const char previous = name[i - 1];
      const bool next_lower = i + 1 < name.size() && is_lower(name[i + 1]);
      // "LUArm": a single capital, then a capital starting a word of two capitals and lower case.
      const bool letter_then_word =
          word.size() == 1 && i + 2 < name.size() && is_upper(name[i + 1]) && is_lower(name[i + 2]);
      if ((is_lower(previous) && is_upper(c)) || (is_digit(previous) != is_digit(c)) ||
          (is_upper(previous) && is_upper(c) && (next_lower || letter_then_word)))
        flush();
    }
    word.push_back(lower(c));
  }
  flush();
  return words;
}

// Words a side letter runs into in lower-case rigs ("lhip", "rshoulder", "lthumb").
constexpr std::array<std::string_view, 30> kRunInWords = {
    "hip",   "knee",  "foot",    "ankle", "toe",    "toes",   "shoulder", "elbow", "hand",    "wrist",
    "thumb", "index", "middle",  "ring",  "pinky",  "collar", "clavicle", "arm",   "leg",     "thigh",
    "shin",  "shldr", "forearm", "uparm", "lowarm", "upleg",  "lowleg",   "heel",  "fingers", "hipjoint"};

bool run_in_word(std::string_view rest) {
  return std::find(kRunInWords.begin(), kRunInWords.end(), rest) != kRunInWords.end();
}

}  // namespace

JointWords joint_words(std::string_view name) {
  if (const std::size_t colon = name.rfind(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  std::vector<std::string> words = split_words(name);
  // Rig prefixes: "Bip01", "Bip001", "Character1_", "DEF-", "ORG-", "MCH-", "mixamorig_".
  if (words.size() >= 2 && (words[0] == "bip" || words[0] == "character") && all_digits(words[1]))
    words.erase(words.begin(), words.begin() + 2);
  if (!words.empty() && (words[0] == "def" || words[0] == "org" || words[0] == "mch" || words[0] == "mixamorig"))
    words.erase(words.begin());

  JointWords result;
  std::vector<std::string> kept;
  for (std::string& word : words) {
    if (!result.side) {
      if (word == "left" || word == "l") {
        result.side = BodySide::Left;
        continue;
      }
      if (word == "right" || word == "r") {
        result.side = BodySide::Right;
        continue;
      }
      // "lefttoebase", "rightfingerbase"; "lhip", "rshoulder".
      if (word.size() > 4 && word.starts_with("left")) {
        result.side = BodySide::Left;
        word.erase(0, 4);
      } else if (word.size() > 5 && word.starts_with("right")) {
        result.side = BodySide::Right;
        word.erase(0, 5);
      } else if (word.size() > 1 && (word[0] == 'l' || word[0] == 'r') &&
                 run_in_word(std::string_view(word).substr(1))) {
        result.side = word[0] == 'l' ? BodySide::Left : BodySide::Right;
        word.erase(0, 1);
      }
    }
    kept.push_back(std::move(word));
  }
  for (const std::string& word : kept) {
    if (all_digits(word)) {
      result.number = word.size() <= 6 ? std::stoi(word) : -1;
    } else {
      result.core += word;
    }
  }
  // A side letter with nothing else but digits is a name of its own (Xsens' "L5", "L3").
  if (result.core.empty() && result.side && !words.empty()) {
    result.core = words[0] == "l" || words[0] == "r" ? words[0] : std::string();
    if (!result.core.empty()) result.side.reset();
  }
  return result;
}

}  // namespace bvhscope
