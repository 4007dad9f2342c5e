// A glTF sampler's value at a time (formats/gltf_sampler.hpp), with and without the hint that lets
// frames sampled in order find their keys without a search: the same values either way.
#include "formats/gltf_sampler.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace bvhscope {
namespace gltf_sampler_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

GltfSampler translation_keys(GltfInterpolation interpolation) {
  GltfSampler sampler;
  sampler.width = 3;
  sampler.interpolation = interpolation;
  sampler.times = {0.0f, 0.5f, 1.0f, 2.0f};
  sampler.values = {0, 0, 0, 1, 2, 3, 2, 2, 2, -4, 0, 8};
  if (interpolation == GltfInterpolation::CubicSpline) {  // in-tangent, value, out-tangent a key
    std::vector<float> spline;
    for (std::size_t k = 0; k < 4; ++k) {
      const float* value = sampler.values.data() + k * 3;
      spline.insert(spline.end(), {1.0f, -1.0f, 0.5f});
      spline.insert(spline.end(), value, value + 3);
      spline.insert(spline.end(), {0.25f, 2.0f, -3.0f});
    }
    sampler.values.assign(spline.begin(), spline.end());
  }
  return sampler;
}

TEST(GltfSampler, AHintedSampleIsTheSameAsASearchedOneWhereverTheTimesGo) {
  // Before the first key, on keys, between them, after the last; forward, then back (a stale hint).
  const std::vector<double> times = {-1.0, 0.0, 0.1, 0.5, 0.5000001, 0.75, 1.0,  1.0, 1.2, 1.9999,
                                     2.0,  3.0, 0.2, 1.5, 0.0,       2.5,  0.49, 0.5, 1.0, 0.999};
  for (const GltfInterpolation interpolation :
       {GltfInterpolation::Step, GltfInterpolation::Linear, GltfInterpolation::CubicSpline}) {
    const GltfSampler sampler = translation_keys(interpolation);
    std::size_t hint = 0;
    for (const double time : times) {
      const glm::vec3 searched = sampler.translation_at(time);
      const glm::vec3 hinted = sampler.translation_at(time, &hint);
      EXPECT_EQ(hinted, searched) << "at " << time << " s, interpolation " << static_cast<int>(interpolation);
    }
  }
}

TEST(GltfSampler, AHintedSampleLandsOnTheKeysAndBetweenThemAsTheSpecSays) {
  const GltfSampler sampler = translation_keys(GltfInterpolation::Linear);
  std::size_t hint = 0;
  EXPECT_EQ(sampler.translation_at(0.5, &hint), glm::vec3(1, 2, 3));
  EXPECT_EQ(hint, 1u);
  EXPECT_EQ(sampler.translation_at(0.75, &hint), glm::vec3(1.5f, 2.0f, 2.5f));
  EXPECT_EQ(sampler.translation_at(1.5, &hint), glm::vec3(-1, 1, 5));
  EXPECT_EQ(hint, 2u);
  EXPECT_EQ(sampler.translation_at(9.0, &hint), glm::vec3(-4, 0, 8));           // the last key holds
  EXPECT_EQ(sampler.translation_at(0.25, &hint), glm::vec3(0.5f, 1.0f, 1.5f));  // back: searched
  EXPECT_EQ(hint, 0u);
}

TEST(GltfSampler, HintedRotationsAreTheSearchedOnes) {
  GltfSampler sampler;
  sampler.width = 4;
  sampler.times = {0.0f, 1.0f, 2.0f};
  sampler.values = {0, 0, 0, 1, 0, 0.7071068f, 0, 0.7071068f, 0, 1, 0, 0};  // x, y, z, w
  std::size_t hint = 0;
  for (const double time : {0.0, 0.3, 1.0, 1.7, 2.0, 0.6, 1.2}) {
    const glm::quat searched = sampler.rotation_at(time);
    const glm::quat hinted = sampler.rotation_at(time, &hint);
    EXPECT_EQ(hinted, searched) << "at " << time << " s";
  }
  const glm::quat half = sampler.rotation_at(0.5, &hint);  // halfway to 90 degrees about Y: 45
  EXPECT_NEAR(half.w, 0.9238795, 1e-6);
  EXPECT_NEAR(half.y, 0.3826834, 1e-6);
}

}  // namespace
}  // namespace gltf_sampler_test
}  // namespace bvhscope
