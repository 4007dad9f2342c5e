#include "formats/gltf_format.hpp"

#include "formats/gltf_document.hpp"
#include "formats/gltf_motions.hpp"

namespace bvhscope {
namespace {

constexpr std::string_view kGlbMagic = "glTF";

}  // namespace

Sniffed sniff_gltf(std::string_view head, bool whole) {
  if (head.size() < kGlbMagic.size() && kGlbMagic.substr(0, head.size()) == head && !head.empty())
    return whole ? Sniffed::No : Sniffed::Undecided;
  if (head.substr(0, kGlbMagic.size()) == kGlbMagic) return Sniffed::Yes;
  // JSON: an object whose start names the glTF asset (exporters write "asset" first or early).
  std::size_t at = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (at < head.size() && (head[at] == ' ' || head[at] == '\t' || head[at] == '\r' || head[at] == '\n')) ++at;
  if (at == head.size()) return whole ? Sniffed::No : Sniffed::Undecided;
  if (head[at] != '{') return Sniffed::No;
  if (head.find("\"asset\"") != std::string_view::npos) return Sniffed::Yes;
  return whole ? Sniffed::No : Sniffed::Undecided;
}

Result<MotionFile> read_gltf_bytes(std::string_view bytes, std::string_view source, const ReadOptions& /*options*/) {
  Result<tinygltf::Model> document = read_gltf_document(bytes, source);
  if (!document) return document.error();
  return motions_of_scene(document.value(), source, "glTF");
}

}  // namespace bvhscope
