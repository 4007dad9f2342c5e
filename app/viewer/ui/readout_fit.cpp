#include "viewer/ui/readout_fit.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

constexpr std::string_view kEllipsis = "...";

ReadoutTally g_tally;   // this frame's; the UI is drawn on one thread
char g_shortened[512];  // the text shown shortened (no allocation while drawing)

// `text`'s first `kept` bytes and "..." in g_shortened (cut to fit it).
const char* shortened(std::string_view text, std::size_t kept) {
  const std::size_t room = sizeof(g_shortened) - kEllipsis.size() - 1;
  const std::size_t n = std::min(kept, room);
  text.copy(g_shortened, n);
  kEllipsis.copy(g_shortened + n, kEllipsis.size());
  g_shortened[n + kEllipsis.size()] = '\0';
  return g_shortened;
}

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }

float measure_imgui(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

// One line's words: the longest that does not fit shortened, the whole text on hover.
bool any_word_wider(std::string_view text, float width) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    if (measure_imgui(text.substr(start, end - start)) > width) return true;
    start = end + 1;
  }
  return false;
}

// Where a line of `text` no wider than `width` ends: after the last space that keeps it narrow
// enough (at least one word).
std::size_t wrap_point(std::string_view text, float width) {
  std::size_t end = text.find(' ');
  if (end == std::string_view::npos) return text.size();
  while (end < text.size()) {
    std::size_t next = text.find(' ', end + 1);
    if (next == std::string_view::npos) next = text.size();
    if (measure_imgui(text.substr(0, next)) > width) break;
    end = next;
  }
  return end;
}

}  // namespace

std::size_t fitting_prefix(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
  if (measure(text) <= width) return text.size();
  const float room = width - measure(kEllipsis);
  std::size_t best = 0;
  for (std::size_t end = 1; end < text.size(); ++end) {  // each character boundary, shortest first
    if (continuation_byte(text[end])) continue;
    if (measure(text.substr(0, end)) > room) break;
    best = end;
  }
  return best;
}

MiddleCut middle_cut(std::string_view text, float width, const std::function<float(std::string_view)>& measure,
                     std::size_t keep_begin, std::size_t keep_end) {
  if (measure(text) <= width) return {text.size(), text.size(), text.size()};
  keep_end = std::min(keep_end, text.size());
  keep_begin = std::min(keep_begin, keep_end);
  const float room = width - measure(kEllipsis);
  // The start of the longest end of `text` no wider than `space`.
  const auto tail_within = [&](float space) {
    std::size_t tail = text.size();
    for (std::size_t start = text.size(); start-- > 0;) {
      if (continuation_byte(text[start])) continue;
      if (measure(text.substr(start)) > space) break;
      tail = start;
    }
    return tail;
  };
  // The start's longest part before `limit` no wider than `space`.
  const auto head_within = [&](float space, std::size_t limit) {
    std::size_t head = 0;
    for (std::size_t end = 1; end < limit; ++end) {
      if (continuation_byte(text[end])) continue;
      if (measure(text.substr(0, end)) > space) break;
      head = end;
    }
    return head;
  };
  // The end takes up to half the room, more when the kept part needs it (and is not in the head).
  std::size_t tail = tail_within(room * 0.5f);
  const std::size_t natural_head = head_within(room - measure(text.substr(tail)), tail);
  if (keep_end > natural_head && keep_begin < tail) {
    // The kept part nearer the start grows the head to hold it; nearer the end, the tail.
    const bool nearer_start = keep_begin < text.size() - keep_end;
    if (nearer_start && measure(text.substr(0, keep_end)) <= room) {
      tail = tail_within(room - measure(text.substr(0, keep_end)));
    } else if (measure(text.substr(keep_begin)) <= room) {
      tail = keep_begin;
    } else {  // "...", the kept part on, "..." (or "..." alone when none of it fits)
      const std::size_t kept = fitting_prefix(text.substr(keep_begin), room, measure);
      if (kept == 0) return {0, text.size(), text.size()};
      return {0, keep_begin, keep_begin + kept};
    }
  }
  const std::size_t head = head_within(room - measure(text.substr(tail)), tail);
  return {head, tail, text.size()};
}

ReadoutTally& readout_tally() noexcept { return g_tally; }

void reset_readout_tally() noexcept { g_tally = ReadoutTally{}; }

void tally_readout(float drawn_width, float available, bool shortened) noexcept {
  ++g_tally.drawn;
  if (shortened) ++g_tally.shortened;
  const float over = drawn_width - available;
  if (over > 0.5f) {
    ++g_tally.overflowing;
    g_tally.worst_overflow = std::max(g_tally.worst_overflow, over);
  }
}

void readout_text(std::string_view text) {
  const float available = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const float width = measure_imgui(text);
  if (width <= available) {
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    tally_readout(ImGui::GetItemRectSize().x, available, false);
    return;
  }
  if (!any_word_wider(text, available)) {  // wraps at spaces only (never inside a number), every word whole
    float widest = 0.0f;
    for (std::string_view rest = text; !rest.empty();) {
      const std::size_t end = wrap_point(rest, available);
      std::string_view line = rest.substr(0, end);
      while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
      ImGui::TextUnformatted(line.data(), line.data() + line.size());
      widest = std::max(widest, ImGui::GetItemRectSize().x);
      rest.remove_prefix(end);
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    }
    tally_readout(widest, available, true);
    return;
  }
  const std::size_t kept = fitting_prefix(text, available, measure_imgui);
  ImGui::TextUnformatted(shortened(text, kept));
  tally_readout(ImGui::GetItemRectSize().x, available, true);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(text.size()), text.data());
}

void readout_line(std::string_view text, float width) {
  const float available = std::max(width > 0.0f ? width : ImGui::GetContentRegionAvail().x, 1.0f);
  const std::size_t kept = fitting_prefix(text, available, measure_imgui);
  if (kept == text.size()) {
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    tally_readout(ImGui::GetItemRectSize().x, available, false);
    return;
  }
  ImGui::TextUnformatted(shortened(text, kept));
  tally_readout(ImGui::GetItemRectSize().x, available, true);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(text.size()), text.data());
}

void readout_choice(std::span<const std::string> texts, float width) {
  if (texts.empty()) return;
  const float available = std::max(width > 0.0f ? width : ImGui::GetContentRegionAvail().x, 1.0f);
  for (std::size_t k = 0; k < texts.size(); ++k) {
    if (measure_imgui(texts[k]) > available) continue;
    ImGui::TextUnformatted(texts[k].data(), texts[k].data() + texts[k].size());
    tally_readout(ImGui::GetItemRectSize().x, available, k > 0);
    if (k > 0 && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", texts.front().c_str());
    return;
  }
  const std::string_view last = texts.back();
  ImGui::TextUnformatted(shortened(last, fitting_prefix(last, available, measure_imgui)));
  tally_readout(ImGui::GetItemRectSize().x, available, true);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", texts.front().c_str());
}

void readout_textf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  readout_textv(format, args);
  va_end(args);
}

void readout_textv(const char* format, va_list args) {
  char text[512];
  const int length = std::vsnprintf(text, sizeof(text), format, args);
  readout_text(
      std::string_view(text, static_cast<std::size_t>(std::clamp(length, 0, static_cast<int>(sizeof(text)) - 1))));
}

bool draw_middle_cut_text(ImDrawList* draw, ImVec2 pos, unsigned int colour, std::string_view text, float width,
                          std::size_t keep_begin, std::size_t keep_end, std::string* shown) {
  const MiddleCut cut = middle_cut(text, width, measure_imgui, keep_begin, keep_end);
  const bool whole = cut.head == text.size();
  std::string_view drawn = text;
  if (!whole && measure_imgui(kEllipsis) > width) {
    drawn = {};  // not even "..." fits
  } else if (!whole) {
    // head, "...", the middle part, and "..." when it is not the end: within g_shortened.
    const std::string_view head = text.substr(0, std::min(cut.head, std::size_t{200}));
    const std::string_view middle = text.substr(cut.tail, std::min(cut.tail_end - cut.tail, std::size_t{300}));
    const bool open_end = cut.tail_end < text.size();
    std::size_t at = head.copy(g_shortened, head.size());
    at += kEllipsis.copy(g_shortened + at, kEllipsis.size());
    at += middle.copy(g_shortened + at, middle.size());
    if (open_end) at += kEllipsis.copy(g_shortened + at, kEllipsis.size());
    drawn = std::string_view(g_shortened, at);
  }
  draw->AddText(pos, colour, drawn.data(), drawn.data() + drawn.size());
  tally_readout(measure_imgui(drawn), width, !whole);
  if (shown != nullptr) shown->assign(drawn);
  return !whole;
}

bool draw_fitted_text(ImDrawList* draw, ImVec2 pos, unsigned int colour, std::string_view text, float width) {
  const std::size_t kept = fitting_prefix(text, width, measure_imgui);
  if (kept == text.size()) {
    draw->AddText(pos, colour, text.data(), text.data() + text.size());
    tally_readout(measure_imgui(text), width, false);
    return false;
  }
  const char* shown = shortened(text, kept);
  draw->AddText(pos, colour, shown);
  tally_readout(measure_imgui(shown), width, true);
  return true;
}

}  // namespace bvhscope::viewer
