// Baseline images (f3d style): a rendered PNG compared with its reference PNG in tests/baselines/,
// within a tolerance that absorbs the rasteriser's noise (anti-aliasing, llvmpipe versions): a
// pixel differs when one of its channels is further than `channel` from the reference's, and the
// image matches while at most `max_fraction` of its compared pixels differ. On a mismatch the
// rendered image and a diff image (the reference dimmed, differing pixels red, ignored areas blue)
// are written to BVHSCOPE_BASELINE_OUTPUT_DIR as NAME.actual.png and NAME.diff.png, and the failure
// says where. BVHSCOPE_UPDATE_BASELINES=1 rewrites the references from the renders instead.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <stb_image_write.h>

#include "png_image.hpp"

namespace bvhscope::test {

struct BaselineTolerance {
  int channel = 32;             // largest difference of a channel (0..255) that is noise
  double max_fraction = 0.001;  // of the compared pixels, how many may differ
};

// A rectangle of the image left out of the comparison (text whose drawing may change on its own).
struct IgnoredArea {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  [[nodiscard]] bool contains(int px, int py) const { return px >= x && px < x + width && py >= y && py < y + height; }
};

struct ImageDifference {
  bool same_size = false;
  std::size_t compared = 0;   // pixels outside the ignored areas
  std::size_t differing = 0;  // of those, pixels with a channel further than the tolerance
  int largest = 0;            // the largest channel difference seen
  [[nodiscard]] bool within(const BaselineTolerance& tolerance) const {
    return same_size && static_cast<double>(differing) <= tolerance.max_fraction * static_cast<double>(compared);
  }
};

inline std::filesystem::path baselines_dir() { return BVHSCOPE_BASELINES_DIR; }
inline std::filesystem::path baseline_output_dir() { return BVHSCOPE_BASELINE_OUTPUT_DIR; }

// How `actual` differs from `reference`, and (when `diff` is given) the diff image's RGB pixels.
inline ImageDifference image_difference(const Png& actual, const Png& reference, const BaselineTolerance& tolerance,
                                        const std::vector<IgnoredArea>& ignored = {},
                                        std::vector<unsigned char>* diff = nullptr) {
  ImageDifference result;
  result.same_size = actual.width == reference.width && actual.height == reference.height && !actual.rgb.empty();
  if (!result.same_size) return result;
  if (diff != nullptr) diff->assign(reference.rgb.size(), 0);
  for (int y = 0; y < reference.height; ++y) {
    for (int x = 0; x < reference.width; ++x) {
      const std::size_t i =
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(reference.width) + static_cast<std::size_t>(x)) * 3;
      const bool skipped =
          std::any_of(ignored.begin(), ignored.end(), [&](const IgnoredArea& area) { return area.contains(x, y); });
      int largest = 0;
      for (int c = 0; c < 3; ++c) largest = std::max(largest, std::abs(actual.rgb[i + c] - reference.rgb[i + c]));
      const bool differs = !skipped && largest > tolerance.channel;
      if (!skipped) {
        ++result.compared;
        result.largest = std::max(result.largest, largest);
      }
      if (differs) ++result.differing;
      if (diff != nullptr) {
        const auto dim = static_cast<unsigned char>(reference.rgb[i] / 4 + reference.rgb[i + 1] / 4);
        (*diff)[i] = differs ? 255 : dim;
        (*diff)[i + 1] = differs ? 0 : dim;
        (*diff)[i + 2] = differs ? 0 : static_cast<unsigned char>(skipped ? 160 : dim);
      }
    }
  }
  return result;
}

// The rendered PNG at `actual` against tests/baselines/NAME.png (see the top of this file).
inline ::testing::AssertionResult matches_baseline(const std::filesystem::path& actual_path, const std::string& name,
                                                   const BaselineTolerance& tolerance = {},
                                                   const std::vector<IgnoredArea>& ignored = {}) {
  namespace fs = std::filesystem;
  const fs::path reference_path = baselines_dir() / (name + ".png");
  const Png actual = read_png(actual_path);
  if (actual.rgb.empty()) return ::testing::AssertionFailure() << "no image was rendered at " << actual_path;
  const char* update = std::getenv("BVHSCOPE_UPDATE_BASELINES");
  if (update != nullptr && std::string(update) == "1") {
    fs::copy_file(actual_path, reference_path, fs::copy_options::overwrite_existing);
    std::cout << "baseline " << reference_path.string() << " rewritten (BVHSCOPE_UPDATE_BASELINES=1)\n";
    return ::testing::AssertionSuccess();
  }
  fs::create_directories(baseline_output_dir());
  const fs::path kept = baseline_output_dir() / (name + ".actual.png");
  const fs::path diff_path = baseline_output_dir() / (name + ".diff.png");
  std::error_code ignored_error;
  fs::remove(kept, ignored_error);
  fs::remove(diff_path, ignored_error);
  const Png reference = read_png(reference_path);
  if (reference.rgb.empty()) {
    fs::copy_file(actual_path, kept, fs::copy_options::overwrite_existing);
    return ::testing::AssertionFailure() << "no reference " << reference_path.string() << "; the render is "
                                         << kept.string() << " (BVHSCOPE_UPDATE_BASELINES=1 writes the reference)";
  }
  std::vector<unsigned char> diff;
  const ImageDifference difference = image_difference(actual, reference, tolerance, ignored, &diff);
  if (difference.within(tolerance)) return ::testing::AssertionSuccess();
  fs::copy_file(actual_path, kept, fs::copy_options::overwrite_existing);
  auto failure = ::testing::AssertionFailure();
  if (!difference.same_size) {
    return failure << name << ": rendered " << actual.width << "x" << actual.height << ", the reference is "
                   << reference.width << "x" << reference.height << "; the render is " << kept.string();
  }
  stbi_write_png(diff_path.c_str(), reference.width, reference.height, 3, diff.data(), reference.width * 3);
  return failure << name << ": " << difference.differing << " of " << difference.compared
                 << " pixels differ by more than " << tolerance.channel << " (largest " << difference.largest
                 << "), at most " << tolerance.max_fraction * static_cast<double>(difference.compared)
                 << " allowed; the render is " << kept.string() << ", the differences (red) " << diff_path.string()
                 << ", the reference " << reference_path.string();
}

}  // namespace bvhscope::test
