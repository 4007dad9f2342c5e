#include "formats/bvh_format.hpp"

#include "anim/bvh_head.hpp"
#include "anim/file_loader.hpp"

namespace bvhscope {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

}  // namespace

Sniffed sniff_bvh(std::string_view head, bool whole) {
  std::size_t at = head.substr(0, kUtf8Bom.size()) == kUtf8Bom ? kUtf8Bom.size() : 0;
  while (at < head.size() && blank(head[at])) ++at;
  if (at == head.size()) return Sniffed::Undecided;
  constexpr std::string_view kKeyword = "HIERARCHY";
  for (std::size_t i = 0; i < kKeyword.size(); ++i) {
    if (at + i == head.size()) return whole ? Sniffed::No : Sniffed::Undecided;
    const char c = head[at + i];
    if ((c & ~0x20) != kKeyword[i]) return Sniffed::No;  // any case, as the parser reads keywords
  }
  const std::size_t after = at + kKeyword.size();
  if (after == head.size()) return whole ? Sniffed::Yes : Sniffed::Undecided;
  return blank(head[after]) || head[after] == '{' ? Sniffed::Yes : Sniffed::No;
}

namespace {

Result<MotionFile> one_motion(Result<Clip> clip, std::string_view source) {
  if (!clip) return clip.error();
  MotionFile file;
  file.source = std::string(source);
  file.format = "BVH";
  file.motions.push_back(std::move(clip).value());
  return file;
}

}  // namespace

Result<MotionFile> read_bvh_path(const std::string& path, const ReadOptions& options) {
  return one_motion(load_bvh_file(path, options.progress, options.parse), path);
}

Result<MotionFile> read_bvh_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options) {
  return one_motion(parse_bvh(bytes, source, options.parse), source);
}

Result<Clip> read_bvh_head(const std::string& path, std::size_t max_frames) { return load_bvh_head(path, max_frames); }

}  // namespace bvhscope
