#include "formats/gltf_writer.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string_view>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/pose.hpp"
#include "formats/animation_output.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope {
namespace {

constexpr int kFloat = 5126;  // glTF componentType FLOAT

// One accessor of the buffer: `count` elements of `components` floats from float index `first`.
struct FloatBlock {
  std::size_t first = 0;
  std::size_t count = 0;
  int components = 1;
};

// An animated property of a node: its accessor of keyed values.
struct Sampler {
  int node = 0;
  bool rotation = false;  // else translation
  FloatBlock values;
};

const char* accessor_type(int components) {
  switch (components) {
    case 1:
      return "SCALAR";
    case 3:
      return "VEC3";
    default:
      return "VEC4";
  }
}

// The frames' key times in float seconds, or the first frame whose time does not follow its
// predecessor's (floats of a long clip at a tiny frame time run out of precision).
std::vector<float> key_times(const Motion& motion, std::size_t& stuck_frame) {
  std::vector<float> times(motion.frame_count);
  stuck_frame = 0;
  for (std::size_t f = 0; f < motion.frame_count; ++f) {
    times[f] = static_cast<float>(static_cast<double>(f) * motion.frame_time);
    if (f > 0 && !(times[f] > times[f - 1]) && stuck_frame == 0) stuck_frame = f;
  }
  return times;
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const auto b0 = static_cast<unsigned char>(bytes[i]);
    const auto b1 = static_cast<unsigned char>(bytes[i + 1]);
    const auto b2 = static_cast<unsigned char>(bytes[i + 2]);
    text += kDigits[b0 >> 2];
    text += kDigits[((b0 & 3) << 4) | (b1 >> 4)];
    text += kDigits[((b1 & 15) << 2) | (b2 >> 6)];
    text += kDigits[b2 & 63];
  }
  if (i + 1 == bytes.size()) {
    const auto b0 = static_cast<unsigned char>(bytes[i]);
    text += kDigits[b0 >> 2];
    text += kDigits[(b0 & 3) << 4];
    text += "==";
  } else if (i + 2 == bytes.size()) {
    const auto b0 = static_cast<unsigned char>(bytes[i]);
    const auto b1 = static_cast<unsigned char>(bytes[i + 1]);
    text += kDigits[b0 >> 2];
    text += kDigits[((b0 & 3) << 4) | (b1 >> 4)];
    text += kDigits[(b1 & 15) << 2];
    text += '=';
  }
  return text;
}

void write_u32(std::ostream& out, std::uint32_t value) {
  const std::array<char, 4> bytes{static_cast<char>(value & 0xff), static_cast<char>((value >> 8) & 0xff),
                                  static_cast<char>((value >> 16) & 0xff), static_cast<char>((value >> 24) & 0xff)};
  out.write(bytes.data(), 4);
}

// The JSON document: nodes, the scene, the animation, and accessors over one buffer of
// `buffer_bytes` (its URI: none in a GLB, a data URI otherwise).
std::string gltf_json(const Clip& clip, const std::vector<Sampler>& samplers, const FloatBlock& times, float last_time,
                      std::size_t buffer_bytes, const std::string& uri, const std::string& animation_name) {
  const Skeleton& skeleton = clip.skeleton;
  const int joints = skeleton.joint_count();
  std::vector<std::vector<int>> children(static_cast<std::size_t>(joints));
  for (int j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[static_cast<std::size_t>(j)];
    if (parent != kNoParent) children[static_cast<std::size_t>(parent)].push_back(j);
  }
  std::ostringstream text;
  JsonWriter json(text);
  json.begin_object();
  json.key("asset");
  json.begin_object();
  json.key("version");
  json.value("2.0");
  json.key("generator");
  json.value("bvhscope");
  json.end_object();
  json.key("scene");
  json.value(0);
  json.key("scenes");
  json.begin_array();
  json.begin_object();
  json.key("nodes");
  json.begin_array();
  for (const int root : skeleton.roots) json.value(root);
  json.end_array();
  json.end_object();
  json.end_array();

  json.key("nodes");
  json.begin_array();
  for (int j = 0; j < joints; ++j) {
    const auto index = static_cast<std::size_t>(j);
    json.begin_object();
    json.key("name");
    json.value(skeleton.names[index]);
    const glm::vec3& offset = skeleton.offsets[index];
    if (offset != glm::vec3(0.0f)) {
      json.key("translation");
      json.begin_array();
      for (int a = 0; a < 3; ++a) json.value(offset[a]);
      json.end_array();
    }
    if (!children[index].empty()) {
      json.key("children");
      json.begin_array();
      for (const int child : children[index]) json.value(child);
      json.end_array();
    }
    json.end_object();
  }
  json.end_array();

  // Accessor 0: the key times; then one per sampler, each over its own buffer view.
  const auto accessor = [&](const FloatBlock& block, int view, bool bounds) {
    json.begin_object();
    json.key("bufferView");
    json.value(view);
    json.key("componentType");
    json.value(kFloat);
    json.key("count");
    json.value(static_cast<unsigned long long>(block.count));
    json.key("type");
    json.value(accessor_type(block.components));
    if (bounds) {  // an animation input's range (required)
      json.key("min");
      json.begin_array();
      json.value(0.0f);
      json.end_array();
      json.key("max");
      json.begin_array();
      json.value(last_time);
      json.end_array();
    }
    json.end_object();
  };
  const auto view = [&](const FloatBlock& block) {
    json.begin_object();
    json.key("buffer");
    json.value(0);
    json.key("byteOffset");
    json.value(static_cast<unsigned long long>(block.first * sizeof(float)));
    json.key("byteLength");
    json.value(
        static_cast<unsigned long long>(block.count * static_cast<std::size_t>(block.components) * sizeof(float)));
    json.end_object();
  };
  json.key("accessors");
  json.begin_array();
  accessor(times, 0, true);
  for (std::size_t s = 0; s < samplers.size(); ++s) accessor(samplers[s].values, static_cast<int>(s + 1), false);
  json.end_array();
  json.key("bufferViews");
  json.begin_array();
  view(times);
  for (const Sampler& sampler : samplers) view(sampler.values);
  json.end_array();
  json.key("buffers");
  json.begin_array();
  json.begin_object();
  json.key("byteLength");
  json.value(static_cast<unsigned long long>(buffer_bytes));
  if (!uri.empty()) {
    json.key("uri");
    json.value(uri);
  }
  json.end_object();
  json.end_array();

  if (!samplers.empty()) {
    json.key("animations");
    json.begin_array();
    json.begin_object();
    json.key("name");
    json.value(animation_name);
    json.key("samplers");
    json.begin_array();
    for (std::size_t s = 0; s < samplers.size(); ++s) {
      json.begin_object();
      json.key("input");
      json.value(0);
      json.key("output");
      json.value(static_cast<int>(s + 1));
      json.key("interpolation");
      json.value("LINEAR");
      json.end_object();
    }
    json.end_array();
    json.key("channels");
    json.begin_array();
    for (std::size_t s = 0; s < samplers.size(); ++s) {
      json.begin_object();
      json.key("sampler");
      json.value(static_cast<int>(s));
      json.key("target");
      json.begin_object();
      json.key("node");
      json.value(samplers[s].node);
      json.key("path");
      json.value(samplers[s].rotation ? "rotation" : "translation");
      json.end_object();
      json.end_object();
    }
    json.end_array();
    json.end_object();
    json.end_array();
  }
  json.end_object();
  return std::move(text).str();
}

}  // namespace

Result<GltfWriteReport> write_gltf(const Clip& clip, PositionMode mode, std::ostream& out,
                                   const GltfWriteOptions& options) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  if (std::optional<Diagnostic> refused = unwritable_as_animation(clip, "glTF node animation")) return *refused;
  std::size_t stuck_frame = 0;
  const std::vector<float> times = key_times(motion, stuck_frame);
  if (stuck_frame > 0)
    return Diagnostic{clip.source, 0, 0,
                      "frame " + std::to_string(stuck_frame) + "'s time is not after frame " +
                          std::to_string(stuck_frame - 1) +
                          "'s in float seconds (glTF's key times): the clip is too long for its frame time; "
                          "--fps resamples it"};

  // The buffer: the key times, then each animated property's keys, one block after the other.
  const std::size_t frames = motion.frame_count;
  std::vector<Sampler> samplers;
  std::size_t floats = frames;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.has_channel(j, is_position)) {
      samplers.push_back({j, false, {floats, frames, 3}});
      floats += frames * 3;
    }
    if (skeleton.has_channel(j, is_rotation)) {
      samplers.push_back({j, true, {floats, frames, 4}});
      floats += frames * 4;
    }
  }
  std::vector<float> buffer(floats);
  std::memcpy(buffer.data(), times.data(), frames * sizeof(float));
  for (const Sampler& sampler : samplers) {
    float* keys = buffer.data() + sampler.values.first;
    if (!sampler.rotation) {
      for (std::size_t f = 0; f < frames; ++f) {
        const glm::vec3 t = joint_translation(skeleton, sampler.node, motion.frame(f), mode);
        keys[f * 3] = t.x;
        keys[f * 3 + 1] = t.y;
        keys[f * 3 + 2] = t.z;
      }
      continue;
    }
    glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
    for (std::size_t f = 0; f < frames; ++f) {
      glm::quat q = glm::normalize(glm::quat_cast(joint_rotation(skeleton, sampler.node, motion.frame(f))));
      if (glm::dot(q, previous) < 0.0f) q = -q;  // the same rotation, on the side a slerp to it takes no detour
      previous = q;
      keys[f * 4] = q.x;  // glTF: x, y, z, w
      keys[f * 4 + 1] = q.y;
      keys[f * 4 + 2] = q.z;
      keys[f * 4 + 3] = q.w;
    }
  }
  const std::string_view bytes(reinterpret_cast<const char*>(buffer.data()), buffer.size() * sizeof(float));
  const std::string name = options.animation_name.empty() ? std::string("motion") : options.animation_name;
  const FloatBlock time_block{0, frames, 1};

  GltfWriteReport report;
  report.nodes = skeleton.joint_count();
  report.samplers = static_cast<int>(samplers.size());
  if (!options.binary) {
    const std::string json = gltf_json(clip, samplers, time_block, times.back(), bytes.size(),
                                       "data:application/octet-stream;base64," + base64(bytes), name);
    out << json << '\n';
    report.bytes = json.size() + 1;
    return report;
  }
  std::string json = gltf_json(clip, samplers, time_block, times.back(), bytes.size(), {}, name);
  json.append((4 - json.size() % 4) % 4, ' ');  // chunks are 4-byte aligned: JSON pads with spaces
  const std::size_t total = 12 + 8 + json.size() + 8 + bytes.size();  // floats: already aligned
  if (total > 0xFFFFFFFFu)
    return Diagnostic{clip.source, 0, 0,
                      "the motion needs " + std::to_string(total) +
                          " bytes of GLB, more than its 4 GiB limit (--frames or --fps make it smaller)"};
  out.write("glTF", 4);
  write_u32(out, 2);
  write_u32(out, static_cast<std::uint32_t>(total));
  write_u32(out, static_cast<std::uint32_t>(json.size()));
  write_u32(out, 0x4E4F534Au);  // "JSON"
  out.write(json.data(), static_cast<std::streamsize>(json.size()));
  write_u32(out, static_cast<std::uint32_t>(bytes.size()));
  write_u32(out, 0x004E4942u);  // "BIN\0"
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  report.bytes = total;
  return report;
}

}  // namespace bvhscope
