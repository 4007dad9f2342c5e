// Clip colours (engine/model/clip_colours): any number of clips gets distinct colours, none near the
// selection and hover highlights, all light enough to read on the dark background.
#include <gtest/gtest.h>

#include "model/clip_colours.hpp"

namespace bvhscope::viewer {
namespace {

TEST(ClipColours, TheFirstTwentyFourAreDistinct) {
  for (int a = 0; a < 24; ++a) {
    for (int b = a + 1; b < 24; ++b) {
      EXPECT_GE(colour_distance(clip_color(a).line, clip_color(b).line), kMinClipColourDistance)
          << "colours " << a << " and " << b;
    }
  }
}

TEST(ClipColours, TheFirstSixAreTheChosenOnesAndTheSequenceIsFixed) {
  EXPECT_EQ(clip_color(0).line, glm::vec3(1.0f, 0.62f, 0.18f));  // the palette's own amber
  EXPECT_EQ(clip_color(5).line, glm::vec3(1.0f, 0.45f, 0.38f));
  EXPECT_EQ(clip_color(-3).line, clip_color(0).line);
  EXPECT_EQ(clip_color(256).line, clip_color(0).line);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(clip_color(i).line, clip_color(i).line);
}

TEST(ClipColours, NoneLooksLikeTheHighlightsAndAllReadOnTheDarkBackground) {
  const glm::vec3 highlight{0.30f, 0.78f, 1.0f};
  const glm::vec3 hover{0.72f, 0.90f, 1.0f};
  const glm::vec3 background{0.11f, 0.12f, 0.14f};
  for (int i = 0; i < 256; ++i) {
    const ClipColor colour = clip_color(i);
    EXPECT_GE(colour_distance(colour.line, highlight), kMinHighlightDistance) << i;
    EXPECT_GE(colour_distance(colour.line, hover), kMinHighlightDistance) << i;
    EXPECT_GE(colour_distance(colour.line, background), 0.45f) << i;
    EXPECT_GE(colour_distance(colour.solid, background), 0.40f) << i;
  }
}

TEST(ClipColours, DistanceIsPerceptual) {
  EXPECT_NEAR(colour_distance(glm::vec3(0.0f), glm::vec3(1.0f)), 1.0f, 1e-3f);
  EXPECT_EQ(colour_distance(glm::vec3(0.3f, 0.4f, 0.5f), glm::vec3(0.3f, 0.4f, 0.5f)), 0.0f);
}

}  // namespace
}  // namespace bvhscope::viewer
