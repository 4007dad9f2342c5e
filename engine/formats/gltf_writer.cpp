#include "formats/gltf_writer.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/matrix.hpp>

#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "formats/animation_output.hpp"
#include "formats/capsule_body.hpp"
#include "formats/json_writer.hpp"

namespace bvhscope {
namespace {

constexpr int kFloat = 5126;          // glTF componentType FLOAT
constexpr int kUnsignedShort = 5123;  // UNSIGNED_SHORT
constexpr int kUnsignedInt = 5125;    // UNSIGNED_INT
constexpr int kArrayBuffer = 34962;   // bufferView target of vertex attributes
constexpr int kIndexBuffer = 34963;   // bufferView target of indices

// The binary buffer and what the JSON says of it: a buffer view per accessor, each 4-byte aligned.
struct BufferView {
  std::size_t offset = 0;
  std::size_t length = 0;
  int target = 0;  // 0: none (animation keys, inverse bind matrices)
};
struct Accessor {
  int view = 0;
  int component_type = kFloat;
  std::size_t count = 0;
  const char* type = "SCALAR";
  std::vector<float> min;  // written when not empty (animation inputs and positions need them)
  std::vector<float> max;
};

class BufferBuilder {
 public:
  // Appends `count` elements of `bytes_each` bytes at `data` as a new view and accessor; its index.
  int add(const void* data, std::size_t count, std::size_t bytes_each, int component_type, const char* type,
          int target = 0) {
    bytes_.append((4 - bytes_.size() % 4) % 4, '\0');
    views_.push_back({bytes_.size(), count * bytes_each, target});
    bytes_.append(static_cast<const char*>(data), count * bytes_each);
    accessors_.push_back({static_cast<int>(views_.size() - 1), component_type, count, type, {}, {}});
    return static_cast<int>(accessors_.size() - 1);
  }
  Accessor& accessor(int index) { return accessors_[static_cast<std::size_t>(index)]; }
  [[nodiscard]] const std::string& bytes() const { return bytes_; }
  [[nodiscard]] const std::vector<BufferView>& views() const { return views_; }
  [[nodiscard]] const std::vector<Accessor>& accessors() const { return accessors_; }

 private:
  std::string bytes_;
  std::vector<BufferView> views_;
  std::vector<Accessor> accessors_;
};

// An animated property of a node: its accessor of keyed values.
struct Sampler {
  int node = 0;
  bool rotation = false;  // else translation
  int accessor = 0;
};

// A skinned mesh's accessors (a capsule body, convert --body, or the clip's own meshes): of its
// attributes, indices and inverse bind matrices, and its joints as node indices.
struct BodyAccessors {
  std::string name;
  int root = 0;
  std::vector<int> joints;
  int positions = 0;
  int normals = -1;  // none: viewers make their own
  int joint_indices = 0;
  int weights = 0;
  int indices = 0;
  int inverse_binds = 0;
};

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

// The topmost joint above `joint`.
int skin_root(const Skeleton& skeleton, int joint) {
  while (skeleton.parents[static_cast<std::size_t>(joint)] != kNoParent)
    joint = skeleton.parents[static_cast<std::size_t>(joint)];
  return joint;
}

// The first mesh that cannot be written, as a refusal naming it.
std::optional<Diagnostic> check_meshes(const Skeleton& skeleton, const std::vector<SkinnedMesh>& meshes,
                                       const std::string& source) {
  for (std::size_t m = 0; m < meshes.size(); ++m)
    if (std::optional<std::string> problem = skinned_mesh_problem(meshes[m], skeleton.joint_count()))
      return Diagnostic{source, 0, 0,
                        "mesh " + std::to_string(m) + " ('" + meshes[m].name + "') cannot be written: " + *problem};
  return std::nullopt;
}

// Adds the meshes' vertices, indices and inverse bind matrices to the buffer.
std::vector<BodyAccessors> add_bodies(const Skeleton& skeleton, const std::vector<SkinnedMesh>& bodies,
                                      BufferBuilder& buffer) {
  std::vector<BodyAccessors> written;
  for (const SkinnedMesh& body : bodies) {
    BodyAccessors accessors;
    accessors.name = body.name.empty() ? std::string("body") : body.name;
    accessors.root = skin_root(skeleton, body.joints.front());
    accessors.joints = body.joints;
    const std::size_t vertices = body.positions.size();
    accessors.positions = buffer.add(body.positions.data(), vertices, sizeof(glm::vec3), kFloat, "VEC3", kArrayBuffer);
    glm::vec3 low = body.positions.front();
    glm::vec3 high = low;
    for (const glm::vec3& p : body.positions) {
      low = glm::min(low, p);
      high = glm::max(high, p);
    }
    buffer.accessor(accessors.positions).min = {low.x, low.y, low.z};
    buffer.accessor(accessors.positions).max = {high.x, high.y, high.z};
    if (body.normals.size() == vertices)
      accessors.normals = buffer.add(body.normals.data(), vertices, sizeof(glm::vec3), kFloat, "VEC3", kArrayBuffer);
    accessors.joint_indices =
        buffer.add(body.influences.data(), vertices, 4 * sizeof(std::uint16_t), kUnsignedShort, "VEC4", kArrayBuffer);
    accessors.weights = buffer.add(body.weights.data(), vertices, 4 * sizeof(float), kFloat, "VEC4", kArrayBuffer);
    accessors.indices = buffer.add(body.indices.data(), body.indices.size(), sizeof(std::uint32_t), kUnsignedInt,
                                   "SCALAR", kIndexBuffer);
    // Each joint's inverse bind matrix (column-major), from its world matrix when the mesh was bound.
    std::vector<float> inverse_binds;
    inverse_binds.reserve(body.joints.size() * 16);
    for (const glm::mat4& bind : body.binds) {
      const glm::mat4 inverse = glm::inverse(bind);
      inverse_binds.insert(inverse_binds.end(), glm::value_ptr(inverse), glm::value_ptr(inverse) + 16);
    }
    accessors.inverse_binds = buffer.add(inverse_binds.data(), body.joints.size(), 16 * sizeof(float), kFloat, "MAT4");
    written.push_back(std::move(accessors));
  }
  return written;
}

void write_numbers(JsonWriter& json, const std::vector<float>& numbers) {
  json.begin_array();
  for (const float number : numbers) json.value(number);
  json.end_array();
}

void write_int_array(JsonWriter& json, const std::vector<int>& numbers) {
  json.begin_array();
  for (const int number : numbers) json.value(number);
  json.end_array();
}

// The bodies' meshes, skins and their one material (after the nodes: the JSON's order is free).
void write_bodies_json(JsonWriter& json, const std::vector<BodyAccessors>& bodies) {
  json.key("meshes");
  json.begin_array();
  for (const BodyAccessors& body : bodies) {
    json.begin_object();
    json.key("name");
    json.value(body.name);
    json.key("primitives");
    json.begin_array();
    json.begin_object();
    json.key("attributes");
    json.begin_object();
    json.key("POSITION");
    json.value(body.positions);
    if (body.normals >= 0) {
      json.key("NORMAL");
      json.value(body.normals);
    }
    json.key("JOINTS_0");
    json.value(body.joint_indices);
    json.key("WEIGHTS_0");
    json.value(body.weights);
    json.end_object();
    json.key("indices");
    json.value(body.indices);
    json.key("material");
    json.value(0);
    json.end_object();
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.key("skins");
  json.begin_array();
  for (const BodyAccessors& body : bodies) {
    json.begin_object();
    json.key("inverseBindMatrices");
    json.value(body.inverse_binds);
    json.key("skeleton");
    json.value(body.root);
    json.key("joints");
    write_int_array(json, body.joints);
    json.end_object();
  }
  json.end_array();
  json.key("materials");
  json.begin_array();
  json.begin_object();
  json.key("name");
  json.value("body");
  json.key("pbrMetallicRoughness");
  json.begin_object();
  json.key("baseColorFactor");
  write_numbers(json, {0.62f, 0.66f, 0.72f, 1.0f});
  json.key("metallicFactor");
  json.value(0.0f);
  json.key("roughnessFactor");
  json.value(0.7f);
  json.end_object();
  json.end_object();
  json.end_array();
}

// The JSON document: nodes (the joints, then a node per body), the scene, the animation, and the
// accessors over one buffer of the builder's bytes (its URI: none in a GLB, a data URI otherwise).
std::string gltf_json(const Clip& clip, const std::vector<Sampler>& samplers, const std::vector<BodyAccessors>& bodies,
                      const BufferBuilder& buffer, const std::string& uri, const std::string& animation_name) {
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
  for (std::size_t b = 0; b < bodies.size(); ++b) json.value(joints + static_cast<int>(b));
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
    // A root the clip's meshes are bound to stands where they bind it (its translation keys move it
    // from there), so that the file's rest pose is the character as it was modelled.
    glm::vec3 offset = skeleton.offsets[index];
    if (skeleton.parents[index] == kNoParent && skeleton.has_channel(j, is_position) && clip.meshes != nullptr)
      for (const SkinnedMesh& mesh : *clip.meshes)
        for (std::size_t k = 0; k < mesh.joints.size(); ++k)
          if (mesh.joints[k] == j) offset = glm::vec3(mesh.binds[k][3]);
    if (offset != glm::vec3(0.0f)) {
      json.key("translation");
      json.begin_array();
      for (int a = 0; a < 3; ++a) json.value(offset[a]);
      json.end_array();
    }
    if (!children[index].empty()) {
      json.key("children");
      write_int_array(json, children[index]);
    }
    json.end_object();
  }
  // A skinned mesh's node is a root without a transform of its own (the skin's joints place it).
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    json.begin_object();
    json.key("name");
    json.value(bodies[b].name);
    json.key("mesh");
    json.value(static_cast<int>(b));
    json.key("skin");
    json.value(static_cast<int>(b));
    json.end_object();
  }
  json.end_array();
  if (!bodies.empty()) write_bodies_json(json, bodies);

  json.key("accessors");
  json.begin_array();
  for (const Accessor& accessor : buffer.accessors()) {
    json.begin_object();
    json.key("bufferView");
    json.value(accessor.view);
    json.key("componentType");
    json.value(accessor.component_type);
    json.key("count");
    json.value(static_cast<unsigned long long>(accessor.count));
    json.key("type");
    json.value(accessor.type);
    if (!accessor.min.empty()) {
      json.key("min");
      write_numbers(json, accessor.min);
      json.key("max");
      write_numbers(json, accessor.max);
    }
    json.end_object();
  }
  json.end_array();
  json.key("bufferViews");
  json.begin_array();
  for (const BufferView& view : buffer.views()) {
    json.begin_object();
    json.key("buffer");
    json.value(0);
    json.key("byteOffset");
    json.value(static_cast<unsigned long long>(view.offset));
    json.key("byteLength");
    json.value(static_cast<unsigned long long>(view.length));
    if (view.target != 0) {
      json.key("target");
      json.value(view.target);
    }
    json.end_object();
  }
  json.end_array();
  json.key("buffers");
  json.begin_array();
  json.begin_object();
  json.key("byteLength");
  json.value(static_cast<unsigned long long>(buffer.bytes().size()));
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
    for (const Sampler& sampler : samplers) {
      json.begin_object();
      json.key("input");
      json.value(0);
      json.key("output");
      json.value(sampler.accessor);
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

  // The buffer: the key times (accessor 0), then each animated property's keys, then the bodies.
  const std::size_t frames = motion.frame_count;
  BufferBuilder buffer;
  buffer.add(times.data(), frames, sizeof(float), kFloat, "SCALAR");
  buffer.accessor(0).min = {0.0f};  // an animation input's range (required)
  buffer.accessor(0).max = {times.back()};
  std::vector<Sampler> samplers;
  std::vector<float> keys;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.has_channel(j, is_position)) {
      keys.resize(frames * 3);
      for (std::size_t f = 0; f < frames; ++f) {
        const glm::vec3 t = joint_translation(skeleton, j, motion.frame(f), mode);
        keys[f * 3] = t.x;
        keys[f * 3 + 1] = t.y;
        keys[f * 3 + 2] = t.z;
      }
      samplers.push_back({j, false, buffer.add(keys.data(), frames, 3 * sizeof(float), kFloat, "VEC3")});
    }
    if (skeleton.has_channel(j, is_rotation)) {
      keys.resize(frames * 4);
      glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
      for (std::size_t f = 0; f < frames; ++f) {
        glm::quat q = glm::normalize(glm::quat_cast(joint_rotation(skeleton, j, motion.frame(f))));
        if (glm::dot(q, previous) < 0.0f) q = -q;  // the same rotation, on the side a slerp to it takes no detour
        previous = q;
        keys[f * 4] = q.x;  // glTF: x, y, z, w
        keys[f * 4 + 1] = q.y;
        keys[f * 4 + 2] = q.z;
        keys[f * 4 + 3] = q.w;
      }
      samplers.push_back({j, true, buffer.add(keys.data(), frames, 4 * sizeof(float), kFloat, "VEC4")});
    }
  }
  // The clip's own meshes (a glTF or FBX character's), then a capsule body if asked for.
  std::vector<SkinnedMesh> meshes;
  if (clip.meshes != nullptr) meshes = *clip.meshes;
  const std::size_t own_meshes = meshes.size();
  if (options.body) {
    const std::vector<CapsuleBody> built =
        capsule_bodies(skeleton, rigid_bones(clip, mode), skeleton_height(clip, mode));
    if (built.empty())
      return Diagnostic{clip.source, 0, 0,
                        "the skeleton has no bone long enough for a body (--body): every joint sits on its parent, "
                        "or a hierarchy has more than 65536 joints"};
    for (const CapsuleBody& body : built) meshes.push_back(skinned_mesh_of(body));
  }
  if (std::optional<Diagnostic> bad = check_meshes(skeleton, meshes, clip.source)) return *bad;
  const std::vector<BodyAccessors> bodies = add_bodies(skeleton, meshes, buffer);
  const std::string_view bytes = buffer.bytes();
  const std::string name = options.animation_name.empty() ? std::string("motion") : options.animation_name;

  GltfWriteReport report;
  report.nodes = skeleton.joint_count();
  report.samplers = static_cast<int>(samplers.size());
  report.meshes = static_cast<int>(own_meshes);
  report.bodies = static_cast<int>(bodies.size() - own_meshes);
  for (std::size_t b = 0; b < bodies.size(); ++b)
    (b < own_meshes ? report.mesh_vertices : report.body_vertices) +=
        buffer.accessors()[static_cast<std::size_t>(bodies[b].positions)].count;
  if (!options.binary) {
    const std::string json =
        gltf_json(clip, samplers, bodies, buffer, "data:application/octet-stream;base64," + base64(bytes), name);
    out << json << '\n';
    report.bytes = json.size() + 1;
    return report;
  }
  std::string json = gltf_json(clip, samplers, bodies, buffer, {}, name);
  json.append((4 - json.size() % 4) % 4, ' ');             // chunks are 4-byte aligned: JSON pads with spaces
  const std::size_t padding = (4 - bytes.size() % 4) % 4;  // the binary chunk with zeros
  const std::size_t total = 12 + 8 + json.size() + 8 + bytes.size() + padding;
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
  write_u32(out, static_cast<std::uint32_t>(bytes.size() + padding));
  write_u32(out, 0x004E4942u);  // "BIN\0"
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.write("\0\0\0", static_cast<std::streamsize>(padding));
  report.bytes = total;
  return report;
}

}  // namespace bvhscope
