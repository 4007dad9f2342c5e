// Helpers shared by the test programs: parsing strings that must succeed or fail, and test data paths.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "anim/bvh_parser.hpp"

namespace bvhscope::test {

// Parses text that must load; a failure reports the parser's message.
inline Clip parse_ok(std::string_view text, std::string_view source = "test.bvh") {
  Result<Clip> result = parse_bvh(text, source);
  if (!result) {
    ADD_FAILURE() << "expected the text to load, got: " << format_diagnostic(result.error(), Severity::Error);
    return Clip{};
  }
  return std::move(result).value();
}

// Parses text that must be refused and returns the error.
inline Diagnostic parse_error(std::string_view text, std::string_view source = "test.bvh") {
  Result<Clip> result = parse_bvh(text, source);
  if (result) {
    ADD_FAILURE() << "expected an error, but the text loaded";
    return Diagnostic{};
  }
  return result.error();
}

inline std::filesystem::path corpus_dir() { return BVHSCOPE_CORPUS_DIR; }
inline std::filesystem::path fixtures_dir() { return BVHSCOPE_FIXTURES_DIR; }

inline std::vector<std::filesystem::path> corpus_files() {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(corpus_dir(), ec)) {
    if (entry.path().extension() == ".bvh") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// How many .bvh files the shared corpus holds (its MANIFEST.md lists them).
inline constexpr std::size_t kCorpusFileCount = 23;

// The corpus for a loop over all of it: fails the test (and returns what there is) unless all
// kCorpusFileCount files are there, so that such a loop never passes by iterating over nothing.
// (corpus_files() itself stays quiet: it also names parameterised tests, outside any test.)
inline std::vector<std::filesystem::path> whole_corpus() {
  std::vector<std::filesystem::path> files = corpus_files();
  EXPECT_EQ(files.size(), kCorpusFileCount)
      << "expected the " << kCorpusFileCount << " files of " << corpus_dir()
      << " (CI has ../shared beside the checkout; set BVHSCOPE_CORPUS_DIR otherwise)";
  return files;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fresh directory under the system temp dir, removed with everything in it at scope exit.
// Sets an environment variable for one scope (a test) and puts back what was there, however the
// scope ends (a failed ASSERT returns early).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("bvhscope-tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path_, ec);
  }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  [[nodiscard]] std::filesystem::path write(const std::string& name, std::string_view text) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream(file, std::ios::binary).write(text.data(), static_cast<std::streamsize>(text.size()));
    return file;
  }

 private:
  std::filesystem::path path_;
};

// A small valid file: Hips (6 channels, ZXY) -> Chest (3 channels) -> End Site, 2 frames.
inline constexpr std::string_view kTwoJoints =
    "HIERARCHY\n"
    "ROOT Hips\n"
    "{\n"
    "  OFFSET 0 0 0\n"
    "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
    "  JOINT Chest\n"
    "  {\n"
    "    OFFSET 0 10 0\n"
    "    CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "    End Site\n"
    "    {\n"
    "      OFFSET 0 5 0\n"
    "    }\n"
    "  }\n"
    "}\n"
    "MOTION\n"
    "Frames: 2\n"
    "Frame Time: 0.5\n"
    "1 2 3 0 0 0 0 0 0\n"
    "4 5 6 90 0 0 0 0 0\n";

// A file that does not load, for the tests of how a failed load is reported: the ROOT's OFFSET has
// two numbers, a located error at line 4, column 3 ("malformed OFFSET: expected 3 numbers, found 2").
// (Not from BvhBuilder, which writes only files that load.)
inline constexpr std::string_view kBrokenBvh = "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\n";

}  // namespace bvhscope::test
