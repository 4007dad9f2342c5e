#include "formats/gltf_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "formats/gltf_accessors.hpp"

namespace bvhscope {
namespace {

// Where `time` falls: key k and the fraction towards key k + 1 (0 at or before the first key; the
// last key with fraction 0 at or after it).
struct KeySpan {
  std::size_t key = 0;
  double fraction = 0.0;
};

KeySpan key_span(const std::pmr::vector<float>& times, double time, std::size_t* hint) {
  if (times.size() < 2 || time <= static_cast<double>(times.front())) return {};
  if (time >= static_cast<double>(times.back())) return {times.size() - 1, 0.0};
  // The key is the last one at or before `time` (compared as doubles). Times sampled in order find
  // it at the hint or the key after it, without a search.
  const auto holds = [&](std::size_t key) {
    return key + 1 < times.size() && static_cast<double>(times[key]) <= time &&
           time < static_cast<double>(times[key + 1]);
  };
  std::size_t key = 0;
  if (hint != nullptr && holds(*hint)) {
    key = *hint;
  } else if (hint != nullptr && holds(*hint + 1)) {
    key = *hint + 1;
  } else {
    const auto after = std::upper_bound(times.begin(), times.end(), static_cast<float>(time));
    key = static_cast<std::size_t>(after - times.begin()) - 1;
    // float(time) may round onto the next key: the span is the one holding the double time.
    while (key > 0 && static_cast<double>(times[key]) > time) --key;
  }
  if (hint != nullptr) *hint = key;
  const auto start = static_cast<double>(times[key]);
  const double length = static_cast<double>(times[key + 1]) - start;
  return {key, length > 0.0 ? std::clamp((time - start) / length, 0.0, 1.0) : 0.0};
}

// The value floats of key k (CUBICSPLINE: its value, between the tangents).
const float* key_value(const GltfSampler& sampler, std::size_t key) {
  const auto width = static_cast<std::size_t>(sampler.width);
  return sampler.interpolation == GltfInterpolation::CubicSpline ? sampler.values.data() + (key * 3 + 1) * width
                                                                 : sampler.values.data() + key * width;
}

// The Hermite spline between keys k and k + 1 at `s`, component by component (CUBICSPLINE).
void hermite(const GltfSampler& sampler, std::size_t key, double s, float* out) {
  const auto width = static_cast<std::size_t>(sampler.width);
  const double length = static_cast<double>(sampler.times[key + 1]) - static_cast<double>(sampler.times[key]);
  const float* v0 = sampler.values.data() + (key * 3 + 1) * width;
  const float* b0 = sampler.values.data() + (key * 3 + 2) * width;    // out-tangent of key k
  const float* a1 = sampler.values.data() + ((key + 1) * 3) * width;  // in-tangent of key k + 1
  const float* v1 = sampler.values.data() + ((key + 1) * 3 + 1) * width;
  const double s2 = s * s;
  const double s3 = s2 * s;
  for (std::size_t c = 0; c < width; ++c) {
    out[c] = static_cast<float>(
        (2 * s3 - 3 * s2 + 1) * static_cast<double>(v0[c]) + (s3 - 2 * s2 + s) * length * static_cast<double>(b0[c]) +
        (-2 * s3 + 3 * s2) * static_cast<double>(v1[c]) + (s3 - s2) * length * static_cast<double>(a1[c]));
  }
}

}  // namespace

glm::vec3 GltfSampler::translation_at(double time, std::size_t* hint) const {
  const KeySpan span = key_span(times, time, hint);
  const float* a = key_value(*this, span.key);
  if (span.fraction == 0.0 || interpolation == GltfInterpolation::Step) return {a[0], a[1], a[2]};
  if (interpolation == GltfInterpolation::CubicSpline) {
    float out[3];
    hermite(*this, span.key, span.fraction, out);
    return {out[0], out[1], out[2]};
  }
  const float* b = key_value(*this, span.key + 1);
  const auto f = static_cast<float>(span.fraction);
  return glm::mix(glm::vec3(a[0], a[1], a[2]), glm::vec3(b[0], b[1], b[2]), f);
}

glm::quat GltfSampler::rotation_at(double time, std::size_t* hint) const {
  const KeySpan span = key_span(times, time, hint);
  const float* a = key_value(*this, span.key);
  const auto to_quat = [](const float* q) { return glm::quat(q[3], q[0], q[1], q[2]); };  // glTF: x, y, z, w
  glm::quat result;
  if (span.fraction == 0.0 || interpolation == GltfInterpolation::Step) {
    result = to_quat(a);
  } else if (interpolation == GltfInterpolation::CubicSpline) {
    float out[4];
    hermite(*this, span.key, span.fraction, out);
    result = to_quat(out);
  } else {
    glm::quat from = to_quat(a);
    const glm::quat to = to_quat(key_value(*this, span.key + 1));
    if (glm::dot(from, to) < 0.0f) from = -from;  // the short way
    result = glm::slerp(from, to, static_cast<float>(span.fraction));
  }
  const float length = glm::length(result);
  return length > 1e-12f && std::isfinite(length) ? result / length : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

Result<GltfSampler> read_gltf_sampler(const tinygltf::Model& model, const tinygltf::Animation& animation, int index,
                                      int width, std::string_view what, std::string_view source) {
  const std::string name = std::string(what);
  const auto fail = [&](const std::string& problem) {
    return Diagnostic{std::string(source), 0, 0, name + ": " + problem};
  };
  if (index < 0 || static_cast<std::size_t>(index) >= animation.samplers.size())
    return fail("its sampler " + std::to_string(index) + " does not exist");
  const tinygltf::AnimationSampler& source_sampler = animation.samplers[static_cast<std::size_t>(index)];
  GltfSampler sampler;
  sampler.width = width;
  if (source_sampler.interpolation == "STEP") {
    sampler.interpolation = GltfInterpolation::Step;
  } else if (source_sampler.interpolation == "CUBICSPLINE") {
    sampler.interpolation = GltfInterpolation::CubicSpline;
  } else if (source_sampler.interpolation == "LINEAR" || source_sampler.interpolation.empty()) {
    sampler.interpolation = GltfInterpolation::Linear;
  } else {
    return fail("interpolation '" + source_sampler.interpolation + "' is not STEP, LINEAR or CUBICSPLINE");
  }
  Result<std::vector<float>> times =
      read_float_accessor(model, source_sampler.input, 1, false, name + " (key times)", source);
  if (!times) return times.error();
  sampler.times.assign(times.value().begin(), times.value().end());
  Result<std::vector<float>> values =
      read_float_accessor(model, source_sampler.output, width, width == 4, name + " (key values)", source);
  if (!values) return values.error();
  sampler.values.assign(values.value().begin(), values.value().end());
  if (std::optional<Diagnostic> bad = check_gltf_keys(sampler, what, source)) return *bad;
  return sampler;
}

std::optional<Diagnostic> check_gltf_keys(const GltfSampler& sampler, std::string_view what, std::string_view source) {
  const auto fail = [&](const std::string& problem) {
    return Diagnostic{std::string(source), 0, 0, std::string(what) + ": " + problem};
  };
  for (std::size_t k = 0; k < sampler.times.size(); ++k) {
    if (!std::isfinite(sampler.times[k])) return fail("key time " + std::to_string(k) + " is not a finite number");
    if (k > 0 && !(sampler.times[k] > sampler.times[k - 1]))
      return fail("key time " + std::to_string(k) + " (" + std::to_string(sampler.times[k]) +
                  " s) does not come after the one before it");
  }
  const std::size_t per_key =
      static_cast<std::size_t>(sampler.width) *
      (sampler.interpolation == GltfInterpolation::CubicSpline ? std::size_t{3} : std::size_t{1});
  if (sampler.values.size() != sampler.times.size() * per_key)
    return fail(std::to_string(sampler.values.size() / static_cast<std::size_t>(sampler.width)) + " values for " +
                std::to_string(sampler.times.size()) + " key times" +
                (sampler.interpolation == GltfInterpolation::CubicSpline ? " (CUBICSPLINE needs 3 a key)" : ""));
  for (const float value : sampler.values)
    if (!std::isfinite(value)) return fail("a key value is not a finite number");
  return std::nullopt;
}

}  // namespace bvhscope
