// Which files a list of paths from a drop, the Open dialog or the command line opens: motion files
// as they are (a known extension, or a file named otherwise whose content is a known format's: a
// BVH saved as .txt; engine/formats), folders as every file inside them with a known extension (in
// natural order: walk2 before walk10), and a located reason for everything refused. No GL, no
// viewer state: testable on its own.
#pragma once

#include <string>
#include <vector>

namespace bvhscope {

struct BvhPaths {
  std::vector<std::string> files;    // to open, in order
  std::vector<std::string> refused;  // "PATH: reason", one per path not opened
};

// `recursive`: folders inside folders too (hidden files and folders are skipped either way).
BvhPaths expand_bvh_paths(const std::vector<std::string>& paths, bool recursive = false);

// True for a name ending in .bvh, in any case.
bool has_bvh_extension(const std::string& path);

// Natural order for file names: runs of digits compare as numbers ("walk2" < "walk10"), the rest
// byte by byte, ignoring ASCII case first.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace bvhscope
