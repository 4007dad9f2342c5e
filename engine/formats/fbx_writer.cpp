#include "formats/fbx_writer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/matrix.hpp>

#include "anim/euler.hpp"
#include "anim/pose.hpp"
#include "formats/animation_output.hpp"

namespace bvhscope {
namespace {

constexpr std::uint32_t kVersion = 7400;
constexpr std::int64_t kTicksPerSecond = 46186158000;  // FBX's KTime unit
// The binary file's fixed bytes (FBX 7.x): the header's magic, and the footer's id and magic.
constexpr std::string_view kHeader{"Kaydara FBX Binary  \0\x1a\0", 23};
constexpr std::array<unsigned char, 16> kFooterId{0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66,
                                                  0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e};
constexpr std::array<unsigned char, 16> kFooterMagic{0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e,
                                                     0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};

// One property of a node record: the binary format's typed values.
using Property = std::variant<std::int32_t, std::int64_t, double, bool, std::string, std::vector<std::int64_t>,
                              std::vector<float>, std::vector<double>, std::vector<std::int32_t>>;

struct Node {
  std::string name;
  std::vector<Property> properties;
  std::vector<Node> children;

  Node& child(std::string child_name, std::vector<Property> values = {}) {
    children.push_back({std::move(child_name), std::move(values), {}});
    return children.back();
  }
};

template <typename T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <typename T>
void put_array(std::string& out, char type, const std::vector<T>& values) {
  out.push_back(type);
  put(out, static_cast<std::uint32_t>(values.size()));
  put(out, std::uint32_t{0});  // not compressed
  put(out, static_cast<std::uint32_t>(values.size() * sizeof(T)));
  if (!values.empty()) out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

void put_property(std::string& out, const Property& property) {
  if (const auto* i = std::get_if<std::int32_t>(&property)) {
    out.push_back('I');
    put(out, *i);
  } else if (const auto* l = std::get_if<std::int64_t>(&property)) {
    out.push_back('L');
    put(out, *l);
  } else if (const auto* d = std::get_if<double>(&property)) {
    out.push_back('D');
    put(out, *d);
  } else if (const auto* b = std::get_if<bool>(&property)) {
    out.push_back('C');
    out.push_back(*b ? 1 : 0);
  } else if (const auto* s = std::get_if<std::string>(&property)) {
    out.push_back('S');
    put(out, static_cast<std::uint32_t>(s->size()));
    out += *s;
  } else if (const auto* la = std::get_if<std::vector<std::int64_t>>(&property)) {
    put_array(out, 'l', *la);
  } else if (const auto* fa = std::get_if<std::vector<float>>(&property)) {
    put_array(out, 'f', *fa);
  } else if (const auto* da = std::get_if<std::vector<double>>(&property)) {
    put_array(out, 'd', *da);
  } else if (const auto* ia = std::get_if<std::vector<std::int32_t>>(&property)) {
    put_array(out, 'i', *ia);
  }
}

// A node record (FBX 7.4: 32-bit offsets): end offset, property count and length, name,
// properties, children, and the 13-byte null record that closes them.
void put_node(std::string& out, const Node& node) {
  const std::size_t start = out.size();
  put(out, std::uint32_t{0});  // end offset, patched below
  put(out, static_cast<std::uint32_t>(node.properties.size()));
  put(out, std::uint32_t{0});  // property list length, patched below
  out.push_back(static_cast<char>(node.name.size()));
  out += node.name;
  const std::size_t properties_start = out.size();
  for (const Property& property : node.properties) put_property(out, property);
  const auto properties_length = static_cast<std::uint32_t>(out.size() - properties_start);
  std::memcpy(out.data() + start + 8, &properties_length, 4);
  // A list of children ends with a null record; so does a node without properties (an empty scope,
  // as FBX SDK files have it: readers such as assimp expect one there).
  for (const Node& child : node.children) put_node(out, child);
  if (!node.children.empty() || node.properties.empty()) out.append(13, '\0');
  const auto end = static_cast<std::uint32_t>(out.size());
  std::memcpy(out.data() + start, &end, 4);
}

// A Properties70 entry: P: name, type, label, flags, values...
void add_p(Node& properties70, const char* name, const char* type, const char* label, const char* flags,
           std::vector<Property> values) {
  std::vector<Property> all{std::string(name), std::string(type), std::string(label), std::string(flags)};
  all.insert(all.end(), values.begin(), values.end());
  properties70.child("P", std::move(all));
}

// "Name\0\1Class": how binary FBX names an object.
std::string object_name(std::string_view name, std::string_view kind) {
  std::string text(name);
  text += std::string_view("\0\1", 2);
  text += kind;
  return text;
}

// The rotation of `joint` at `frame` as FBX's Euler XYZ (R = Rz Ry Rx), degrees, continuous with
// `previous`.
std::array<double, 3> fbx_euler(const Skeleton& skeleton, int joint, std::span<const float> frame,
                                std::optional<EulerAngles>& previous) {
  static constexpr RotationOrder kZyx{2, 1, 0};  // BVH's R = R(Z) R(Y) R(X)
  const EulerAngles zyx = euler_angles(joint_rotation_exact(skeleton, joint, frame), kZyx, previous);
  previous = zyx;
  return {zyx[2], zyx[1], zyx[0]};
}

// Every mesh of the clip as FBX SDK files hold a skinned mesh: a Mesh model at the scene's origin,
// its Geometry (each triangle a polygon; normals by control point), a Skin with a Cluster per skin
// joint (its bone connected to it; TransformLink: the bone at bind time, Transform: the mesh then,
// in the bone's space), and a BindPose of the mesh and the bones. `model_ids`: each joint's model.
void add_skinned_meshes(const Clip& clip, const std::vector<std::int64_t>& model_ids, Node& objects,
                        const std::function<std::int64_t()>& new_id,
                        const std::function<void(std::int64_t, std::int64_t)>& connect, FbxWriteReport& report) {
  if (clip.meshes == nullptr) return;
  const auto matrix = [](const glm::mat4& m) {
    std::vector<double> values(16);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) values[static_cast<std::size_t>(c * 4 + r)] = static_cast<double>(m[c][r]);
    return values;
  };
  for (const SkinnedMesh& mesh : *clip.meshes) {
    const std::string name = mesh.name.empty() ? std::string("body") : mesh.name;
    const std::int64_t model_id = new_id();
    Node& model = objects.child("Model", {model_id, object_name(name, "Model"), std::string("Mesh")});
    model.child("Version", {std::int32_t{232}});
    model.child("Properties70");
    model.child("Shading", {true});
    model.child("Culling", {std::string("CullingOff")});
    connect(model_id, 0);

    const std::int64_t geometry_id = new_id();
    Node& geometry = objects.child("Geometry", {geometry_id, object_name(name, "Geometry"), std::string("Mesh")});
    geometry.child("Properties70");
    geometry.child("GeometryVersion", {std::int32_t{124}});
    std::vector<double> vertices;
    vertices.reserve(mesh.positions.size() * 3);
    for (const glm::vec3& p : mesh.positions)
      vertices.insert(vertices.end(), {static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z)});
    geometry.child("Vertices", {std::move(vertices)});
    std::vector<std::int32_t> corners(mesh.indices.begin(), mesh.indices.end());
    for (std::size_t t = 2; t < corners.size(); t += 3) corners[t] = ~corners[t];  // a polygon's last corner
    geometry.child("PolygonVertexIndex", {std::move(corners)});
    if (!mesh.normals.empty()) {
      Node& layer_normals = geometry.child("LayerElementNormal", {std::int32_t{0}});
      layer_normals.child("Version", {std::int32_t{101}});
      layer_normals.child("Name", {std::string()});
      layer_normals.child("MappingInformationType", {std::string("ByVertice")});
      layer_normals.child("ReferenceInformationType", {std::string("Direct")});
      std::vector<double> normals;
      normals.reserve(mesh.normals.size() * 3);
      for (const glm::vec3& n : mesh.normals)
        normals.insert(normals.end(), {static_cast<double>(n.x), static_cast<double>(n.y), static_cast<double>(n.z)});
      layer_normals.child("Normals", {std::move(normals)});
      Node& layer = geometry.child("Layer", {std::int32_t{0}});
      layer.child("Version", {std::int32_t{100}});
      Node& element = layer.child("LayerElement");
      element.child("Type", {std::string("LayerElementNormal")});
      element.child("TypedIndex", {std::int32_t{0}});
    }
    connect(geometry_id, model_id);

    const std::int64_t skin_id = new_id();
    Node& skin = objects.child("Deformer", {skin_id, object_name(name, "Deformer"), std::string("Skin")});
    skin.child("Version", {std::int32_t{101}});
    skin.child("Link_DeformAcuracy", {50.0});
    connect(skin_id, geometry_id);

    // Each skin joint's vertices and weights, as FBX lists them: per cluster.
    std::vector<std::vector<std::int32_t>> indexes(mesh.joints.size());
    std::vector<std::vector<double>> weights(mesh.joints.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
      for (int i = 0; i < 4; ++i)
        if (mesh.weights[v][i] > 0.0f) {
          const std::size_t joint = mesh.influences[v][static_cast<std::size_t>(i)];
          indexes[joint].push_back(static_cast<std::int32_t>(v));
          weights[joint].push_back(static_cast<double>(mesh.weights[v][i]));
        }
    const std::int64_t pose_id = new_id();
    // Made apart and added last: a reference into `objects` would not outlive the clusters added.
    Node pose{"Pose", {pose_id, object_name(name, "Pose"), std::string("BindPose")}, {}};
    pose.child("Type", {std::string("BindPose")});
    pose.child("Version", {std::int32_t{100}});
    pose.child("NbPoseNodes", {static_cast<std::int32_t>(mesh.joints.size() + 1)});
    Node& mesh_at_bind = pose.child("PoseNode");
    mesh_at_bind.child("Node", {model_id});
    mesh_at_bind.child("Matrix", {matrix(glm::mat4(1.0f))});
    for (std::size_t k = 0; k < mesh.joints.size(); ++k) {
      const std::int64_t bone = model_ids[static_cast<std::size_t>(mesh.joints[k])];
      const std::string& joint_name = clip.skeleton.names[static_cast<std::size_t>(mesh.joints[k])];
      const std::int64_t cluster_id = new_id();
      Node& cluster =
          objects.child("Deformer", {cluster_id, object_name(joint_name, "SubDeformer"), std::string("Cluster")});
      cluster.child("Version", {std::int32_t{100}});
      cluster.child("UserData", {std::string(), std::string()});
      cluster.child("Indexes", {std::move(indexes[k])});
      cluster.child("Weights", {std::move(weights[k])});
      // As files hold it (not as the FBX SDK's API hands it out): the mesh at bind time in the bone's
      // space, which Blender's importer reads; three.js and assimp take the bind pose instead.
      cluster.child("Transform", {matrix(glm::inverse(mesh.binds[k]))});
      cluster.child("TransformLink", {matrix(mesh.binds[k])});
      connect(cluster_id, skin_id);
      connect(bone, cluster_id);
      Node& bone_at_bind = pose.child("PoseNode");
      bone_at_bind.child("Node", {bone});
      bone_at_bind.child("Matrix", {matrix(mesh.binds[k])});
    }
    objects.children.push_back(std::move(pose));
    ++report.meshes;
    report.mesh_vertices += mesh.positions.size();
  }
}

}  // namespace

Result<FbxWriteReport> write_fbx(const Clip& clip, PositionMode mode, std::ostream& out,
                                 const FbxWriteOptions& options) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  if (std::optional<Diagnostic> refused = unwritable_as_animation(clip, "FBX animation")) return *refused;
  if (clip.meshes != nullptr)
    for (std::size_t m = 0; m < clip.meshes->size(); ++m)
      if (std::optional<std::string> problem = skinned_mesh_problem((*clip.meshes)[m], skeleton.joint_count()))
        return Diagnostic{
            clip.source, 0, 0,
            "mesh " + std::to_string(m) + " ('" + (*clip.meshes)[m].name + "') cannot be written: " + *problem};
  const std::size_t frames = motion.frame_count;
  const int joints = skeleton.joint_count();
  // FBX keys are floats: a joint's translation past the largest float (an offset and a channel
  // value near it, added) cannot be written, and the file is refused rather than holding inf.
  const auto not_finite = [&](const std::string& joint, const char* what, std::size_t frame) {
    return Diagnostic{clip.source, 0, 0,
                      "joint '" + joint + "': its " + what + " at frame " + std::to_string(frame) +
                          " is not a finite number as a float (past the largest float); nothing was written"};
  };
  const std::string take = options.take_name.empty() ? std::string("motion") : options.take_name;
  std::vector<std::int64_t> times(frames);
  for (std::size_t f = 0; f < frames; ++f)
    times[f] = static_cast<std::int64_t>(
        std::llround(static_cast<double>(f) * motion.frame_time * static_cast<double>(kTicksPerSecond)));
  const std::int64_t stop = times.back();

  std::vector<Node> top;
  top.reserve(5);  // references into it (header, objects...) stay valid while it is filled
  Node& header = top.emplace_back(Node{"FBXHeaderExtension", {}, {}});
  header.child("FBXHeaderVersion", {std::int32_t{1003}});
  header.child("FBXVersion", {static_cast<std::int32_t>(kVersion)});
  header.child("Creator", {std::string("bvhscope")});

  Node& global = top.emplace_back(Node{"GlobalSettings", {}, {}});
  global.child("Version", {std::int32_t{1000}});
  Node& settings = global.child("Properties70");
  add_p(settings, "UpAxis", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "UpAxisSign", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "FrontAxis", "int", "Integer", "", {std::int32_t{2}});
  add_p(settings, "FrontAxisSign", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "CoordAxis", "int", "Integer", "", {std::int32_t{0}});
  add_p(settings, "CoordAxisSign", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "OriginalUpAxis", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "OriginalUpAxisSign", "int", "Integer", "", {std::int32_t{1}});
  add_p(settings, "UnitScaleFactor", "double", "Number", "", {100.0});  // centimetres a unit: metres
  add_p(settings, "OriginalUnitScaleFactor", "double", "Number", "", {100.0});
  add_p(settings, "TimeMode", "enum", "", "", {std::int32_t{14}});  // custom: CustomFrameRate
  add_p(settings, "CustomFrameRate", "double", "Number", "", {1.0 / motion.frame_time});
  add_p(settings, "TimeSpanStart", "KTime", "Time", "", {std::int64_t{0}});
  add_p(settings, "TimeSpanStop", "KTime", "Time", "", {stop});

  // Object ids: models, their attributes, the stack, the layer, curve nodes and curves.
  std::int64_t next_id = 1000000;
  const auto new_id = [&] { return next_id++; };
  Node& objects = top.emplace_back(Node{"Objects", {}, {}});
  Node connections{"Connections", {}, {}};
  const auto connect = [&](std::int64_t child, std::int64_t parent, const char* property) {
    std::vector<Property> values{std::string(property == nullptr ? "OO" : "OP"), child, parent};
    if (property != nullptr) values.emplace_back(std::string(property));
    connections.child("C", std::move(values));
  };

  FbxWriteReport report;
  std::vector<std::int64_t> model_ids(static_cast<std::size_t>(joints));
  for (int j = 0; j < joints; ++j) {
    const auto index = static_cast<std::size_t>(j);
    const std::int64_t attribute = new_id();
    Node& node_attribute = objects.child(
        "NodeAttribute", {attribute, object_name(skeleton.names[index], "NodeAttribute"), std::string("LimbNode")});
    node_attribute.child("TypeFlags", {std::string("Skeleton")});
    model_ids[index] = new_id();
    Node& model = objects.child(
        "Model", {model_ids[index], object_name(skeleton.names[index], "Model"), std::string("LimbNode")});
    model.child("Version", {std::int32_t{232}});
    Node& properties = model.child("Properties70");
    const glm::vec3 translation = joint_translation(skeleton, j, motion.frame(0), mode);
    std::optional<EulerAngles> previous;
    const std::array<double, 3> rotation = fbx_euler(skeleton, j, motion.frame(0), previous);
    const glm::vec3 rest = skeleton.has_channel(j, is_position) ? translation : skeleton.offsets[index];
    add_p(properties, "Lcl Translation", "Lcl Translation", "", "A",
          {static_cast<double>(rest.x), static_cast<double>(rest.y), static_cast<double>(rest.z)});
    add_p(properties, "Lcl Rotation", "Lcl Rotation", "", "A", {rotation[0], rotation[1], rotation[2]});
    add_p(properties, "InheritType", "enum", "", "", {std::int32_t{1}});
    model.child("Shading", {true});
    model.child("Culling", {std::string("CullingOff")});
    connect(attribute, model_ids[index], nullptr);
    const int parent = skeleton.parents[index];
    connect(model_ids[index], parent == kNoParent ? 0 : model_ids[static_cast<std::size_t>(parent)], nullptr);
    ++report.models;
  }

  add_skinned_meshes(
      clip, model_ids, objects, new_id,
      [&](std::int64_t child, std::int64_t parent) { connect(child, parent, nullptr); }, report);

  const std::int64_t stack_id = new_id();
  Node& stack = objects.child("AnimationStack", {stack_id, object_name(take, "AnimStack"), std::string()});
  Node& stack_properties = stack.child("Properties70");
  add_p(stack_properties, "LocalStop", "KTime", "Time", "", {stop});
  add_p(stack_properties, "ReferenceStop", "KTime", "Time", "", {stop});
  const std::int64_t layer_id = new_id();
  objects.child("AnimationLayer", {layer_id, object_name("BaseLayer", "AnimLayer"), std::string()})
      .child("Properties70");
  connect(layer_id, stack_id, nullptr);

  // A curve node of three curves (X, Y, Z) on `model`'s `property`, keyed at every frame.
  const auto add_curves = [&](std::int64_t model, const char* property, const char* short_name,
                              const std::array<std::vector<float>, 3>& values) {
    const std::int64_t curve_node = new_id();
    Node& node =
        objects.child("AnimationCurveNode", {curve_node, object_name(short_name, "AnimCurveNode"), std::string()});
    Node& defaults = node.child("Properties70");
    static constexpr const char* kAxes[3] = {"d|X", "d|Y", "d|Z"};
    for (int a = 0; a < 3; ++a)
      add_p(defaults, kAxes[a], "Number", "", "A", {static_cast<double>(values[static_cast<std::size_t>(a)][0])});
    connect(curve_node, layer_id, nullptr);
    connect(curve_node, model, property);
    for (int a = 0; a < 3; ++a) {
      const std::int64_t curve = new_id();
      Node& c = objects.child("AnimationCurve", {curve, object_name("", "AnimCurve"), std::string()});
      c.child("Default", {static_cast<double>(values[static_cast<std::size_t>(a)][0])});
      c.child("KeyVer", {std::int32_t{4009}});
      c.child("KeyTime", {times});
      c.child("KeyValueFloat", {values[static_cast<std::size_t>(a)]});
      c.child("KeyAttrFlags", {std::vector<std::int32_t>{0x00000104}});  // linear, no tangents
      c.child("KeyAttrDataFloat", {std::vector<float>{0.0f, 0.0f, 0.0f, 0.0f}});
      c.child("KeyAttrRefCount", {std::vector<std::int32_t>{static_cast<std::int32_t>(frames)}});
      connect(curve, curve_node, kAxes[a]);
      ++report.curves;
    }
  };
  for (int j = 0; j < joints; ++j) {
    const auto index = static_cast<std::size_t>(j);
    if (skeleton.has_channel(j, is_position)) {
      std::array<std::vector<float>, 3> values;
      for (auto& v : values) v.resize(frames);
      for (std::size_t f = 0; f < frames; ++f) {
        const glm::vec3 t = joint_translation(skeleton, j, motion.frame(f), mode);
        if (!std::isfinite(t.x) || !std::isfinite(t.y) || !std::isfinite(t.z))
          return not_finite(skeleton.names[index], "translation", f);
        for (int a = 0; a < 3; ++a) values[static_cast<std::size_t>(a)][f] = t[a];
      }
      add_curves(model_ids[index], "Lcl Translation", "T", values);
    }
    if (skeleton.has_channel(j, is_rotation)) {
      std::array<std::vector<float>, 3> values;
      for (auto& v : values) v.resize(frames);
      std::optional<EulerAngles> previous;
      for (std::size_t f = 0; f < frames; ++f) {
        const std::array<double, 3> angles = fbx_euler(skeleton, j, motion.frame(f), previous);
        for (int a = 0; a < 3; ++a) {
          const auto angle = static_cast<float>(angles[static_cast<std::size_t>(a)]);
          if (!std::isfinite(angle)) return not_finite(skeleton.names[index], "rotation", f);
          values[static_cast<std::size_t>(a)][f] = angle;
        }
      }
      add_curves(model_ids[index], "Lcl Rotation", "R", values);
    }
  }
  top.push_back(std::move(connections));
  // The object types and their counts (readers use them as templates), before Objects.
  Node definitions{"Definitions", {}, {}};
  definitions.child("Version", {std::int32_t{100}});
  std::vector<std::pair<std::string, std::int32_t>> counts;
  for (const Node& object : objects.children) {
    auto found = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == object.name; });
    if (found == counts.end()) {
      counts.emplace_back(object.name, 1);
    } else {
      ++found->second;
    }
  }
  definitions.child("Count", {static_cast<std::int32_t>(objects.children.size())});
  for (const auto& [type, count] : counts) definitions.child("ObjectType", {type}).child("Count", {count});
  top.insert(top.begin() + 2, std::move(definitions));

  std::string bytes(kHeader);
  put(bytes, kVersion);
  for (const Node& node : top) put_node(bytes, node);
  bytes.append(13, '\0');  // the top-level list's end
  bytes.append(reinterpret_cast<const char*>(kFooterId.data()), kFooterId.size());
  const std::size_t padding = 16 - bytes.size() % 16;  // to a multiple of 16 (a whole 16 when aligned)
  bytes.append(padding, '\0');
  put(bytes, std::uint32_t{0});
  put(bytes, kVersion);
  bytes.append(120, '\0');
  bytes.append(reinterpret_cast<const char*>(kFooterMagic.data()), kFooterMagic.size());
  if (bytes.size() > 0xFFFFFFFFu)
    return Diagnostic{clip.source, 0, 0,
                      "the motion needs more than FBX 7.4's 4 GiB (--frames or --fps make it smaller)"};
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  report.bytes = bytes.size();
  return report;
}

}  // namespace bvhscope
