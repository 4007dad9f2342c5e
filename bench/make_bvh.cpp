// Writes the big benchmark BVH file: a corpus clip's hierarchy with its frame rows repeated.
//
//   bvhscope_bench_make_bvh OUT.bvh [--size-mb=N] [--source=FILE.bvh] [--first-row=N]
//
// --source takes a path or a corpus file name (default assimp__01_01.bvh, a CMU clip; a synthetic
// CMU-like clip when the corpus is missing). --first-row starts the repeated rows at the source's
// row N (default 0): a file of the same size and skeleton whose frame k is another pose (what
// `bvhscope compare` is measured on). Prints "bytes=B frames=F channels=C floats=N source=S".
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "anim/file_loader.hpp"
#include "support/bench_data.hpp"

int main(int argc, char** argv) {
  using namespace bvhscope;
  using namespace bvhscope::bench;
  std::string out_path;
  double size_mb = 100.0;
  std::string source = "assimp__01_01.bvh";
  std::size_t first_row = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--size-mb=")) {
      size_mb = std::stod(std::string(arg.substr(10)));
    } else if (arg.starts_with("--first-row=")) {
      first_row = static_cast<std::size_t>(std::stoull(std::string(arg.substr(12))));
    } else if (arg.starts_with("--source=")) {
      source = std::string(arg.substr(9));
    } else if (!arg.starts_with("-") && out_path.empty()) {
      out_path = std::string(arg);
    } else {
      std::fprintf(stderr,
                   "usage: bvhscope_bench_make_bvh OUT.bvh [--size-mb=N] [--source=FILE.bvh] [--first-row=N]\n");
      return 2;
    }
  }
  if (out_path.empty()) {
    std::fprintf(stderr, "usage: bvhscope_bench_make_bvh OUT.bvh [--size-mb=N] [--source=FILE.bvh] [--first-row=N]\n");
    return 2;
  }
  try {
    SourceClip clip;
    if (source.find('/') != std::string::npos) {
      Result<std::string> text = read_text_file(source);
      if (!text) {
        std::fprintf(stderr, "%s\n", format_diagnostic(text.error(), Severity::Error).c_str());
        return 1;
      }
      clip = SourceClip{"custom", source, std::move(text).value()};
    } else {
      clip = corpus_or_synthetic(source, "source", 31, 2752);
    }
    const BigBvh big = make_big_bvh(clip.text, static_cast<std::size_t>(size_mb * 1e6), first_row);
    std::ofstream out(out_path, std::ios::binary);
    out.write(big.text.data(), static_cast<std::streamsize>(big.text.size()));
    out.close();
    if (!out) {
      std::fprintf(stderr, "bvhscope_bench_make_bvh: cannot write %s\n", out_path.c_str());
      return 1;
    }
    std::printf("bytes=%zu frames=%zu channels=%zu floats=%zu source=%s\n", big.text.size(), big.frames, big.channels,
                big.values(), clip.origin.c_str());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bvhscope_bench_make_bvh: %s\n", error.what());
    return 1;
  }
  return 0;
}
