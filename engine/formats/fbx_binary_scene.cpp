#include "formats/fbx_binary_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "anim/supervised_chunks.hpp"
#include "anim/thread_policy.hpp"
#include "formats/fbx_binary.hpp"
#include "formats/fbx_binary_meshes.hpp"

namespace bvhscope {
namespace {

constexpr double kTicksPerSecond = 46186158000.0;  // FBX's KTime unit
// Key times beyond this many ticks (about 100 million seconds) are refused: no arithmetic on the
// times can overflow then.
constexpr std::int64_t kLargestKeyTime = std::int64_t{1} << 62;

float seconds(std::int64_t ticks) { return static_cast<float>(static_cast<double>(ticks) / kTicksPerSecond); }

// "Hips\0\1Model" -> "Hips": binary FBX names an object with its class after a 0, 1 pair.
std::string_view object_name(std::string_view full) {
  const std::size_t cut = full.find(std::string_view("\0\1", 2));
  return cut == std::string_view::npos ? full : full.substr(0, cut);
}

// A Properties70 block's P records by name.
class PropertyBlock {
 public:
  PropertyBlock() = default;
  PropertyBlock(const FbxTree& tree, int owner) {
    if (owner < 0) return;
    const int block = tree.child(owner, "Properties70");
    if (block < 0) return;
    for (const int p : tree.records[static_cast<std::size_t>(block)].children) {
      const FbxRecord& record = tree.records[static_cast<std::size_t>(p)];
      if (record.name != "P" || record.properties.empty()) continue;
      if (const auto name = FbxTree::text(record.properties[0])) by_name_.emplace(*name, &record);
    }
  }
  // The `k`-th value (after name, type, label and flags) of property `name` as a number.
  [[nodiscard]] std::optional<double> number(std::string_view name, std::size_t k = 0) const {
    const auto found = by_name_.find(name);
    if (found == by_name_.end() || found->second->properties.size() <= 4 + k) return std::nullopt;
    return FbxTree::number(found->second->properties[4 + k]);
  }
  // A whole number property (a KTime, an enum): L and I exactly, a finite D within 2^62.
  [[nodiscard]] std::optional<std::int64_t> integer(std::string_view name) const {
    const auto found = by_name_.find(name);
    if (found == by_name_.end() || found->second->properties.size() <= 4) return std::nullopt;
    const FbxProperty& property = found->second->properties[4];
    if (const auto exact = FbxTree::integer(property)) return exact;
    const auto value = FbxTree::number(property);
    if (!value || !std::isfinite(*value) || std::abs(*value) > kLargestKeyTime) return std::nullopt;
    return static_cast<std::int64_t>(*value);
  }
  [[nodiscard]] std::optional<glm::dvec3> vector(std::string_view name) const {
    const auto x = number(name, 0);
    const auto y = number(name, 1);
    const auto z = number(name, 2);
    if (!x || !y || !z) return std::nullopt;
    return glm::dvec3(*x, *y, *z);
  }

 private:
  std::map<std::string_view, const FbxRecord*> by_name_;
};

// A model's properties, with the file's Model template behind them.
struct ModelProperties {
  const PropertyBlock* own = nullptr;
  const PropertyBlock* fallback = nullptr;
  [[nodiscard]] glm::dvec3 vector(std::string_view name, glm::dvec3 otherwise) const {
    if (const auto value = own->vector(name)) return *value;
    if (const auto value = fallback->vector(name)) return *value;
    return otherwise;
  }
  [[nodiscard]] double number(std::string_view name, double otherwise) const {
    if (const auto value = own->number(name)) return *value;
    if (const auto value = fallback->number(name)) return *value;
    return otherwise;
  }
};

// An FBX Euler rotation (degrees) in its RotationOrder (0 XYZ ... 5 ZYX, 6 spheric: as XYZ).
glm::dquat euler_quaternion(const glm::dvec3& degrees, int order) {
  const glm::dquat x = glm::angleAxis(glm::radians(degrees.x), glm::dvec3(1, 0, 0));
  const glm::dquat y = glm::angleAxis(glm::radians(degrees.y), glm::dvec3(0, 1, 0));
  const glm::dquat z = glm::angleAxis(glm::radians(degrees.z), glm::dvec3(0, 0, 1));
  switch (order) {  // eEulerXYZ: X first, so Z Y X as products on column vectors
    case 1:
      return y * z * x;  // XZY
    case 2:
      return x * z * y;  // YZX
    case 3:
      return z * x * y;  // YXZ
    case 4:
      return y * x * z;  // ZXY
    case 5:
      return x * y * z;  // ZYX
    default:
      return z * y * x;  // XYZ, spheric XYZ
  }
}

glm::dmat4 euler(const glm::dvec3& degrees, int order) { return glm::mat4_cast(euler_quaternion(degrees, order)); }

// The parts of a model's transform that do not animate, and how they compose with the parts that
// do (Lcl Translation, Lcl Rotation, Lcl Scaling), as the FBX SDK documents it:
// T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1. RotationActive is not read:
// three.js and assimp apply pre- and post-rotations and the rotation order whatever it says (the
// SDK and Blender ignore them when it is 0; exporters that write them set it to 1).
struct ModelTransform {
  glm::dvec3 translation{0.0};
  glm::dvec3 rotation{0.0};  // degrees
  glm::dvec3 scaling{1.0};
  int order = 0;
  glm::dmat4 rotation_offset_pivot{1.0};  // Roff * Rp
  glm::dmat4 pre{1.0};
  glm::dmat4 post_inverse{1.0};
  glm::dmat4 pivot_inverse_scaling_offset_pivot{1.0};  // Rp^-1 * Soff * Sp
  glm::dmat4 scaling_pivot_inverse{1.0};
  // No pivots, offsets or post-rotation: the transform is T * Rpre * R * S, its parts as they are.
  bool plain = true;
  glm::dquat pre_rotation{1.0, 0.0, 0.0, 0.0};

  [[nodiscard]] glm::dmat4 matrix(const glm::dvec3& t, const glm::dvec3& r, const glm::dvec3& s) const {
    return glm::translate(glm::dmat4(1.0), t) * rotation_offset_pivot * pre * euler(r, order) * post_inverse *
           pivot_inverse_scaling_offset_pivot * glm::scale(glm::dmat4(1.0), s) * scaling_pivot_inverse;
  }
};

ModelTransform model_transform(const ModelProperties& p) {
  ModelTransform m;
  m.translation = p.vector("Lcl Translation", glm::dvec3(0.0));
  m.rotation = p.vector("Lcl Rotation", glm::dvec3(0.0));
  m.scaling = p.vector("Lcl Scaling", glm::dvec3(1.0));
  const double order = p.number("RotationOrder", 0.0);
  m.order = order >= 0.0 && order <= 6.0 ? static_cast<int>(order) : 0;  // NaN and nonsense: X Y Z
  const glm::dvec3 rotation_pivot = p.vector("RotationPivot", glm::dvec3(0.0));
  const glm::dvec3 scaling_pivot = p.vector("ScalingPivot", glm::dvec3(0.0));
  m.rotation_offset_pivot =
      glm::translate(glm::dmat4(1.0), p.vector("RotationOffset", glm::dvec3(0.0)) + rotation_pivot);
  m.pre = euler(p.vector("PreRotation", glm::dvec3(0.0)), 0);
  m.post_inverse = glm::inverse(euler(p.vector("PostRotation", glm::dvec3(0.0)), 0));
  m.pivot_inverse_scaling_offset_pivot =
      glm::translate(glm::dmat4(1.0), -rotation_pivot + p.vector("ScalingOffset", glm::dvec3(0.0)) + scaling_pivot);
  m.scaling_pivot_inverse = glm::translate(glm::dmat4(1.0), -scaling_pivot);
  const glm::dmat4 identity(1.0);
  m.plain = m.rotation_offset_pivot == identity && m.post_inverse == identity &&
            m.pivot_inverse_scaling_offset_pivot == identity && m.scaling_pivot_inverse == identity;
  m.pre_rotation = glm::quat_cast(glm::dmat3(m.pre));
  return m;
}

// An FBX animation curve: key times (ticks) and values, each key held (constant) or not.
// How a key holds until the next one: not (linear), at its own value, or at the next key's.
constexpr char kNotHeld = 0;
constexpr char kHeld = 1;
constexpr char kHeldNext = 2;

struct Curve {
  std::shared_ptr<const std::pmr::vector<std::int64_t>> key_times;  // often one array for many curves
  std::pmr::vector<float> values;
  std::pmr::vector<char> held;  // per key: kNotHeld, kHeld or kHeldNext until the next key

  [[nodiscard]] const std::pmr::vector<std::int64_t>& times() const { return *key_times; }

  // The value at `time`; `cursor` (a key index, 0 at first) carries the search from one time to
  // the next, later one.
  [[nodiscard]] double at(std::int64_t time, std::size_t& cursor) const {
    const std::pmr::vector<std::int64_t>& times = *key_times;
    if (time <= times.front()) return static_cast<double>(values.front());
    if (time >= times.back()) return static_cast<double>(values.back());
    if (cursor >= times.size() || times[cursor] > time) cursor = 0;
    while (cursor + 1 < times.size() && times[cursor + 1] <= time) ++cursor;
    const std::size_t k = cursor;
    if (held[k] == kHeld || (held[k] == kHeldNext && time == times[k])) return static_cast<double>(values[k]);
    if (held[k] == kHeldNext) return static_cast<double>(values[k + 1]);
    const double span = static_cast<double>(times[k + 1] - times[k]);
    const double t = span > 0.0 ? static_cast<double>(time - times[k]) / span : 0.0;
    const auto a = static_cast<double>(values[k]);
    return a + (static_cast<double>(values[k + 1]) - a) * t;
  }
};

struct Connection {
  std::int64_t child = 0;
  std::int64_t parent = 0;
  std::string_view property;  // OP connections: the parent's property the child drives
};

struct Object {
  int record = -1;
  std::string_view kind;  // the record's name: Model, AnimationStack, Deformer, Geometry...
  std::string_view name;  // without its class
  std::string_view type;  // the third property: LimbNode, Null, Mesh, Cluster, Skin...
};

class SceneReader {
 public:
  SceneReader(FbxTree& tree, std::string_view source) : tree_(tree), source_(source) {}

  Result<FbxScene> read() {
    read_objects();
    read_connections();
    if (std::optional<Diagnostic> bad = read_settings()) return *bad;
    const int definitions = tree_.child(-1, "Definitions");
    if (definitions >= 0) {
      for (const int type : tree_.records[static_cast<std::size_t>(definitions)].children) {
        const FbxRecord& record = tree_.records[static_cast<std::size_t>(type)];
        if (record.name != "ObjectType" || record.properties.empty() || FbxTree::text(record.properties[0]) != "Model")
          continue;
        model_template_ = PropertyBlock(tree_, tree_.child(type, "PropertyTemplate"));
      }
    }
    if (std::optional<Diagnostic> bad = read_nodes()) return *bad;
    read_bones();
    read_meshes();
    if (std::optional<Diagnostic> bad = read_animations()) return *bad;
    return std::move(scene_);
  }

 private:
  void read_objects() {
    const int objects = tree_.child(-1, "Objects");
    if (objects < 0) return;
    for (const int index : tree_.records[static_cast<std::size_t>(objects)].children) {
      const FbxRecord& record = tree_.records[static_cast<std::size_t>(index)];
      if (record.properties.size() < 2) continue;
      const auto id = FbxTree::integer(record.properties[0]);
      const auto name = FbxTree::text(record.properties[1]);
      if (!id || !name) continue;
      Object object{index, record.name, object_name(*name), {}};
      if (record.properties.size() >= 3)
        if (const auto type = FbxTree::text(record.properties[2])) object.type = *type;
      objects_.emplace(*id, object);
    }
  }

  void read_connections() {
    const int connections = tree_.child(-1, "Connections");
    if (connections < 0) return;
    for (const int index : tree_.records[static_cast<std::size_t>(connections)].children) {
      const FbxRecord& record = tree_.records[static_cast<std::size_t>(index)];
      if (record.name != "C" || record.properties.size() < 3) continue;
      const auto child = FbxTree::integer(record.properties[1]);
      const auto parent = FbxTree::integer(record.properties[2]);
      if (!child || !parent) continue;
      Connection connection{*child, *parent, {}};
      if (record.properties.size() >= 4)
        if (const auto property = FbxTree::text(record.properties[3])) connection.property = *property;
      children_[*parent].push_back(connection);
      parents_[*child].push_back(connection);
    }
  }

  // The objects of `kind` connected below `parent`, in the file's order of connections.
  std::vector<std::pair<std::int64_t, const Connection*>> below(std::int64_t parent, std::string_view kind) const {
    std::vector<std::pair<std::int64_t, const Connection*>> found;
    const auto list = children_.find(parent);
    if (list == children_.end()) return found;
    for (const Connection& connection : list->second) {
      const auto object = objects_.find(connection.child);
      if (object != objects_.end() && object->second.kind == kind) found.emplace_back(connection.child, &connection);
    }
    return found;
  }

  std::optional<Diagnostic> read_settings() {
    const PropertyBlock settings(tree_, tree_.child(-1, "GlobalSettings"));
    const double unit = settings.number("UnitScaleFactor").value_or(1.0);  // centimetres a unit
    if (unit > 0.0 && std::isfinite(unit)) scene_.metres_per_unit = unit * 0.01;
    if (const auto time_mode = settings.number("TimeMode"))
      scene_.frame_rate = fbx_frame_rate(*time_mode, settings.number("CustomFrameRate").value_or(0.0));
    const auto axis = [&](std::string_view name, int& value) {  // 0 1 2, or a sign: -1 or 1
      if (const auto number = settings.number(name); number && *number >= -1.0 && *number <= 2.0)
        value = static_cast<int>(*number);
    };
    axis("UpAxis", scene_.up_axis);
    axis("UpAxisSign", scene_.up_sign);
    axis("FrontAxis", scene_.front_axis);
    axis("FrontAxisSign", scene_.front_sign);
    axis("CoordAxis", scene_.coord_axis);
    axis("CoordAxisSign", scene_.coord_sign);
    return std::nullopt;
  }

  // The models under the scene's root (id 0), depth first, each parent's in the order of their
  // connections (as assimp numbers them); a node 0 for the root itself, as assimp has it. A model
  // connected under two parents, or in a cycle, takes its first place.
  std::optional<Diagnostic> read_nodes() {
    scene_.nodes.push_back({"RootNode", -1, glm::dmat4(1.0), false});
    model_ids_.push_back(0);
    std::vector<std::pair<std::int64_t, int>> stack;  // a model, its parent's node
    const auto push_children = [&](std::int64_t id, int node) {
      const auto models = below(id, "Model");
      for (auto m = models.rbegin(); m != models.rend(); ++m) stack.emplace_back(m->first, node);
    };
    push_children(0, 0);
    while (!stack.empty()) {
      const auto [id, parent] = stack.back();
      stack.pop_back();
      if (node_of_.count(id) != 0) continue;
      const Object& object = objects_.at(id);
      const PropertyBlock own(tree_, object.record);
      const ModelTransform transform = model_transform({&own, &model_template_});
      FbxNode out;
      out.name = std::string(object.name);
      out.parent = parent;
      out.local = transform.matrix(transform.translation, transform.rotation, transform.scaling);
      out.has_mesh = !below(id, "Geometry").empty();
      const int index = static_cast<int>(scene_.nodes.size());
      node_of_.emplace(id, index);
      model_ids_.push_back(id);
      transforms_.emplace(id, transform);
      scene_.nodes.push_back(std::move(out));
      push_children(id, index);
    }
    return std::nullopt;
  }

  // The models skin clusters bind (clusters that weigh vertices).
  void read_bones() {
    for (const auto& [id, object] : objects_) {
      if (object.kind != "Deformer" || object.type != "Cluster") continue;
      const int indexes = tree_.child(object.record, "Indexes");
      if (indexes < 0) continue;
      const FbxRecord& record = tree_.records[static_cast<std::size_t>(indexes)];
      if (record.properties.empty() || FbxTree::array_length(record.properties[0]).value_or(0) == 0) continue;
      for (const auto& [model, connection] : below(id, "Model")) {  // the bone is connected under its cluster
        (void)connection;
        const auto node = node_of_.find(model);
        if (node != node_of_.end() &&
            std::find(scene_.bones.begin(), scene_.bones.end(), node->second) == scene_.bones.end())
          scene_.bones.push_back(node->second);
      }
    }
    std::sort(scene_.bones.begin(), scene_.bones.end());
  }

  // The meshes skinned to the scene's models: per mesh model, its first Geometry with a Skin. A mesh
  // that cannot be carried is left out with a warning; the motion is read either way.
  void read_meshes() {
    std::unordered_map<std::int64_t, glm::dmat4> bind_poses;  // per model, its BindPose matrix
    for (const auto& [id, object] : objects_) {
      if (object.kind != "Pose" || object.type != "BindPose") continue;
      for (const int pose_node : tree_.records[static_cast<std::size_t>(object.record)].children) {
        const FbxRecord& record = tree_.records[static_cast<std::size_t>(pose_node)];
        const int node = tree_.child(pose_node, "Node");
        const int matrix = tree_.child(pose_node, "Matrix");
        if (record.name != "PoseNode" || node < 0 || matrix < 0) continue;
        const FbxRecord& node_record = tree_.records[static_cast<std::size_t>(node)];
        const FbxRecord& matrix_record = tree_.records[static_cast<std::size_t>(matrix)];
        if (node_record.properties.empty() || matrix_record.properties.empty()) continue;
        const auto model = FbxTree::integer(node_record.properties[0]);
        Result<std::pmr::vector<double>> values = tree_.doubles(matrix_record.properties[0]);
        if (model && values && values.value().size() == 16 &&
            std::all_of(values.value().begin(), values.value().end(), [](double v) { return std::isfinite(v); }))
          bind_poses.emplace(*model, glm::make_mat4(values.value().data()));
      }
    }
    std::vector<glm::dmat4> rest(scene_.nodes.size());  // every node's place in the scene at rest
    for (std::size_t n = 0; n < scene_.nodes.size(); ++n) {
      const int parent = scene_.nodes[n].parent;
      rest[n] = (parent < 0 ? glm::dmat4(1.0) : rest[static_cast<std::size_t>(parent)]) * scene_.nodes[n].local;
    }
    for (std::size_t n = 0; n < scene_.nodes.size(); ++n) {
      if (!scene_.nodes[n].has_mesh) continue;
      const std::int64_t id = model_ids_[n];
      FbxMeshRecords records;
      records.name = scene_.nodes[n].name;
      records.node = static_cast<int>(n);
      std::int64_t skin = -1;
      for (const auto& [geometry, to_model] : below(id, "Geometry")) {
        (void)to_model;
        for (const auto& [deformer, to_geometry] : below(geometry, "Deformer")) {
          (void)to_geometry;
          if (objects_.at(deformer).type == "Skin" && skin < 0) {
            skin = deformer;
            records.geometry = objects_.at(geometry).record;
          }
        }
      }
      if (skin < 0) continue;  // a mesh that no skin deforms: a prop, not the character
      const auto left_out = [&](const std::string& why) {
        scene_.warnings.push_back(
            {std::string(source_), 0, 0, "the skinned mesh of model '" + records.name + "' is left out: " + why});
      };
      bool bound = true;
      for (const auto& [cluster, to_skin] : below(skin, "Deformer")) {
        (void)to_skin;
        if (objects_.at(cluster).type != "Cluster") continue;
        const auto bones = below(cluster, "Model");
        const auto bone = bones.empty() ? node_of_.end() : node_of_.find(bones.front().first);
        if (bone == node_of_.end()) {
          left_out("its cluster '" + std::string(objects_.at(cluster).name) + "' binds no model of the scene");
          bound = false;
          break;
        }
        records.clusters.push_back({objects_.at(cluster).record, bone->second});
      }
      if (!bound) continue;
      const PropertyBlock own(tree_, objects_.at(id).record);
      records.geometric =
          glm::translate(glm::dmat4(1.0), own.vector("GeometricTranslation").value_or(glm::dvec3(0.0))) *
          euler(own.vector("GeometricRotation").value_or(glm::dvec3(0.0)), 0) *
          glm::scale(glm::dmat4(1.0), own.vector("GeometricScaling").value_or(glm::dvec3(1.0)));
      const auto pose = bind_poses.find(id);
      records.bind_place = pose != bind_poses.end() ? pose->second : rest[n];
      std::vector<std::string> notes;
      Result<FbxSkinnedMesh> mesh = read_fbx_skinned_mesh(tree_, records, source_, notes);
      if (!mesh) {
        left_out(mesh.error().message);
        continue;
      }
      for (const std::string& note : notes)
        scene_.warnings.push_back(
            {std::string(source_), 0, 0, "the skinned mesh of model '" + records.name + "': " + note});
      scene_.meshes.push_back(std::move(mesh).value());
    }
  }

  // The objects of `kind` that `child` is connected below.
  std::vector<std::pair<std::int64_t, const Connection*>> above(std::int64_t child, std::string_view kind) const {
    std::vector<std::pair<std::int64_t, const Connection*>> found;
    const auto list = parents_.find(child);
    if (list == parents_.end()) return found;
    for (const Connection& connection : list->second) {
      const auto object = objects_.find(connection.parent);
      if (object != objects_.end() && object->second.kind == kind) found.emplace_back(connection.parent, &connection);
    }
    return found;
  }

  // The key times a thread decoded last: exporters that bake write the same times for every curve.
  struct TimesCache {
    std::string_view bytes;
    std::shared_ptr<const std::pmr::vector<std::int64_t>> times;
  };

  // Curve `id`, its arrays in `memory`.
  Result<std::optional<Curve>> read_curve(std::int64_t id, TimesCache& cache, std::pmr::memory_resource* memory) const {
    const Object& object = objects_.at(id);
    const int times_record = tree_.child(object.record, "KeyTime");
    const int values_record = tree_.child(object.record, "KeyValueFloat");
    if (times_record < 0 || values_record < 0) return std::optional<Curve>();
    const FbxRecord& times_of = tree_.records[static_cast<std::size_t>(times_record)];
    const FbxRecord& values_of = tree_.records[static_cast<std::size_t>(values_record)];
    if (times_of.properties.empty() || values_of.properties.empty()) return std::optional<Curve>();
    const std::string_view times_bytes = times_of.properties[0].value;
    if (cache.times == nullptr || times_bytes != cache.bytes) {
      Result<std::pmr::vector<std::int64_t>> times = tree_.integers(times_of.properties[0], memory);
      if (!times) return times.error();
      cache.times = std::make_shared<const std::pmr::vector<std::int64_t>>(std::move(times).value());
      cache.bytes = times_bytes;
    }
    Result<std::pmr::vector<float>> values = tree_.floats(values_of.properties[0], memory);  // KeyValueFloat
    if (!values) return values.error();
    Curve curve{cache.times, std::move(values).value(), std::pmr::vector<char>(memory)};
    const auto at = [&](const std::string& message) {
      return Diagnostic{
          std::string(source_), 0, 0,
          "at byte " + std::to_string(times_of.at) + ": animation curve " + std::to_string(id) + " " + message};
    };
    if (curve.times().size() != curve.values.size())
      return at("has " + std::to_string(curve.times().size()) + " key times and " +
                std::to_string(curve.values.size()) + " values");
    if (curve.times().empty()) return std::optional<Curve>();
    for (std::size_t k = 0; k < curve.times().size(); ++k) {
      if (curve.times()[k] > kLargestKeyTime || curve.times()[k] < -kLargestKeyTime)
        return at("has a key " + std::to_string(k) + " at tick " + std::to_string(curve.times()[k]) +
                  ", more than a hundred million seconds away");
      if (k > 0 && curve.times()[k] < curve.times()[k - 1]) return at("goes back in time at key " + std::to_string(k));
    }
    for (const float value : curve.values)
      if (!std::isfinite(value)) return at("has a value that is not a finite number");
    // Interpolation: each key's flags come from KeyAttrFlags, shared by runs of KeyAttrRefCount keys.
    curve.held.assign(curve.times().size(), 0);
    const int flags_record = tree_.child(object.record, "KeyAttrFlags");
    const int counts_record = tree_.child(object.record, "KeyAttrRefCount");
    if (flags_record >= 0 && counts_record >= 0) {
      const FbxRecord& flags_of = tree_.records[static_cast<std::size_t>(flags_record)];
      const FbxRecord& counts_of = tree_.records[static_cast<std::size_t>(counts_record)];
      if (!flags_of.properties.empty() && !counts_of.properties.empty()) {
        Result<std::pmr::vector<std::int64_t>> flags = tree_.integers(flags_of.properties[0], memory);
        if (!flags) return flags.error();
        Result<std::pmr::vector<std::int64_t>> counts = tree_.integers(counts_of.properties[0], memory);
        if (!counts) return counts.error();
        std::size_t key = 0;
        for (std::size_t a = 0; a < flags.value().size() && a < counts.value().size(); ++a) {
          // eInterpolationConstant (0x2), with eConstantNext (0x100): the next key's value.
          const std::int64_t flag = flags.value()[a];
          const char hold = (flag & 0x2) == 0 ? kNotHeld : (flag & 0x100) != 0 ? kHeldNext : kHeld;
          for (std::int64_t n = 0; n < counts.value()[a] && key < curve.held.size(); ++n) curve.held[key++] = hold;
        }
      }
    }
    return std::optional<Curve>(std::move(curve));
  }

  std::optional<Diagnostic> read_animations() {
    std::vector<std::int64_t> stacks;
    for (const auto& [id, object] : objects_)
      if (object.kind == "AnimationStack") stacks.push_back(id);
    std::sort(stacks.begin(), stacks.end(), [&](std::int64_t a, std::int64_t b) {
      return objects_.at(a).record < objects_.at(b).record;  // the file's order
    });
    // The keys of every stack in arenas, one a thread: tens of megabytes in arrays of a few hundred
    // kilobytes, which fresh 4 KiB pages each would make slow to write. Each stack's curves have
    // arenas of their own, gone once its keys are made.
    if (!stacks.empty()) scene_.key_memory = std::make_shared<SlotArenas>(kMaxThreads + 1);
    for (const std::int64_t stack : stacks) {
      const Object& object = objects_.at(stack);
      const PropertyBlock stack_properties(tree_, object.record);
      std::int64_t start = stack_properties.integer("LocalStart").value_or(0);
      std::int64_t stop = stack_properties.integer("LocalStop").value_or(0);
      if (start == 0 && stop == 0) {  // no span: every key
        start = std::numeric_limits<std::int64_t>::min();
        stop = std::numeric_limits<std::int64_t>::max();
      }
      FbxAnimation animation;
      animation.name = std::string(object.name);
      // Per model, the curves of its animated properties: translation (0), rotation (1), scaling
      // (2), x y z; the first layer's where two layers animate the same.
      std::map<int, std::array<std::array<std::optional<std::int64_t>, 3>, 3>> curve_ids;
      for (const auto& [layer, to_stack] : below(stack, "AnimationLayer")) {
        (void)to_stack;
        for (const auto& [curve_node, to_layer] : below(layer, "AnimationCurveNode")) {
          (void)to_layer;
          for (const auto& [model, to_model] : above(curve_node, "Model")) {
            const auto node = node_of_.find(model);
            if (node == node_of_.end()) continue;
            const std::string_view property = to_model->property;
            const int which = property == "Lcl Translation" ? 0
                              : property == "Lcl Rotation"  ? 1
                              : property == "Lcl Scaling"   ? 2
                                                            : -1;
            if (which < 0) continue;
            auto& slots = curve_ids[node->second][static_cast<std::size_t>(which)];
            for (const auto& [curve, to_curve_node] : below(curve_node, "AnimationCurve")) {
              const std::string_view axis = to_curve_node->property;
              const int a = axis == "d|X" ? 0 : axis == "d|Y" ? 1 : axis == "d|Z" ? 2 : -1;
              if (a >= 0 && !slots[static_cast<std::size_t>(a)]) slots[static_cast<std::size_t>(a)] = curve;
            }
          }
        }
      }
      // The curves decoded (inflated) on the threads the policy allows; of several refusals, the
      // first by model, property and axis is said.
      std::vector<int> nodes;
      std::vector<std::int64_t> wanted;
      for (const auto& [node, properties] : curve_ids) {
        nodes.push_back(node);
        for (const auto& property : properties)
          for (const auto& id : property)
            if (id) wanted.push_back(*id);
      }
      const SlotArenas curve_memory(kMaxThreads + 1);  // before the curves: it goes after them
      std::vector<std::optional<Curve>> decoded(wanted.size());
      std::vector<std::optional<Diagnostic>> refused(wanted.size());
      std::vector<TimesCache> caches(kMaxThreads + 1);
      std::size_t work = 0;
      for (const std::int64_t id : wanted) work += key_count(id);
      for_each_item(wanted.size(), work, [&](std::size_t i, unsigned slot) {
        Result<std::optional<Curve>> read = read_curve(wanted[i], caches[slot], curve_memory[slot]);
        if (read)
          decoded[i] = std::move(read).value();
        else
          refused[i] = read.error();
      });
      for (const std::optional<Diagnostic>& refusal : refused)
        if (refusal) return *refusal;
      // Every model a curve node drives has its slots, curves or none (a curve node without curves).
      std::map<int, std::array<std::array<std::optional<Curve>, 3>, 3>> animated;
      for (const int node : nodes) animated[node];
      std::size_t next = 0;
      for (const auto& [node, properties] : curve_ids)
        for (std::size_t p = 0; p < 3; ++p)
          for (std::size_t a = 0; a < 3; ++a)
            if (properties[p][a]) animated[node][p][a] = std::move(decoded[next++]);
      // Each model's keys, on the threads too (each model its own channel).
      std::vector<std::optional<FbxChannel>> channels(nodes.size());
      for_each_item(nodes.size(), work, [&](std::size_t m, unsigned slot) {
        channels[m] =
            model_keys(nodes[m], animated.at(nodes[m]), start, stop, (*scene_.key_memory)[slot], curve_memory[slot]);
      });
      for (std::optional<FbxChannel>& channel : channels)
        if (channel) animation.channels.push_back(std::move(*channel));
      scene_.animations.push_back(std::move(animation));
    }
    return std::nullopt;
  }

  // The number of keys curve `id` declares (its KeyTime array's length), without decoding it.
  std::size_t key_count(std::int64_t id) const {
    const int times = tree_.child(objects_.at(id).record, "KeyTime");
    if (times < 0 || tree_.records[static_cast<std::size_t>(times)].properties.empty()) return 0;
    return FbxTree::array_length(tree_.records[static_cast<std::size_t>(times)].properties[0]).value_or(0);
  }

  // A model's keys at every time one of its curves has a key within [start, stop], in `memory`
  // (what it needs meanwhile in `scratch`); nothing when none has.
  std::optional<FbxChannel> model_keys(int node, const std::array<std::array<std::optional<Curve>, 3>, 3>& properties,
                                       std::int64_t start, std::int64_t stop, std::pmr::memory_resource* memory,
                                       std::pmr::memory_resource* scratch) const {
    std::pmr::vector<std::int64_t> times(scratch);
    // The steps of held keys, keyed a tick off a key so that linear interpolation keeps them
    // steps: the end of a held key (a tick before the next; in float seconds a float before it)
    // or the start of a key that holds the next one's value (a tick, a float, after it).
    std::map<std::int64_t, float> steps;
    // Exporters that bake key every curve at the same times: those times, without a sort.
    const std::pmr::vector<std::int64_t>* shared = nullptr;
    bool same_times = true;
    bool any_held = false;
    for (const auto& property : properties)
      for (const auto& curve : property)
        if (curve) {
          if (shared == nullptr) shared = &curve->times();
          same_times = same_times && (&curve->times() == shared || curve->times() == *shared);
          any_held = any_held || std::find_if(curve->held.begin(), curve->held.end(),
                                              [](char hold) { return hold != kNotHeld; }) != curve->held.end();
        }
    if (shared != nullptr && same_times && !any_held) {
      times.reserve(shared->size());
      for (const std::int64_t time : *shared)
        if (time >= start && time <= stop) times.push_back(time);
    } else {
      for (const auto& property : properties)
        for (const auto& curve : property)
          if (curve)
            for (std::size_t k = 0; k < curve->times().size(); ++k) {
              const std::int64_t time = curve->times()[k];
              if (time >= start && time <= stop) times.push_back(time);
              if (k + 1 == curve->times().size() || curve->held[k] == kNotHeld ||
                  curve->values[k + 1] == curve->values[k] || curve->times()[k + 1] - time < 2)
                continue;
              const std::int64_t next = curve->times()[k + 1];  // key times are within 2^62: no overflow
              const bool own = curve->held[k] == kHeld;
              const std::int64_t step = own ? next - 1 : time + 1;
              if (step < start || step > stop) continue;
              times.push_back(step);
              steps.emplace(step, own ? std::nextafter(seconds(next), -std::numeric_limits<float>::infinity())
                                      : std::nextafter(seconds(time), std::numeric_limits<float>::infinity()));
            }
      std::sort(times.begin(), times.end());
      times.erase(std::unique(times.begin(), times.end()), times.end());
    }
    if (times.empty()) return std::nullopt;
    const ModelTransform& transform = transforms_.at(model_ids_[static_cast<std::size_t>(node)]);
    // The arrays made in `memory` (a move assignment between two resources would copy them).
    const auto keys = [memory] { return FbxKeys{std::pmr::vector<float>(memory), std::pmr::vector<float>(memory)}; };
    FbxChannel channel{node, keys(), keys(), keys()};
    float last_key = -std::numeric_limits<float>::infinity();
    std::size_t cursors[3][3] = {};
    // A plain transform (no pivots, offsets or post-rotation; no mirror) keys only the parts
    // its curves move: the others stay the node's own. Otherwise every key is the whole matrix
    // taken apart.
    bool keyed[3] = {false, false, false};
    bool positive_scale = transform.scaling.x > 0.0 && transform.scaling.y > 0.0 && transform.scaling.z > 0.0;
    for (std::size_t p = 0; p < 3; ++p)
      for (const auto& curve : properties[p])
        if (curve) {
          keyed[p] = true;
          if (p == 2)
            for (const float value : curve->values) positive_scale = positive_scale && value > 0.0f;
        }
    const bool parts = transform.plain && positive_scale;
    if (!parts) keyed[0] = keyed[1] = keyed[2] = true;
    channel.translation.times.reserve(times.size());
    channel.translation.values.reserve(times.size() * 3);
    channel.rotation.times.reserve(times.size());
    channel.rotation.values.reserve(times.size() * 4);
    channel.scale.times.reserve(times.size());
    channel.scale.values.reserve(times.size() * 3);
    for (const std::int64_t time : times) {
      // Keys in float seconds (a step's a float off its key: a tick is too little for a float),
      // and none that a float cannot tell from the key before.
      const auto step = steps.find(time);
      const float key = step != steps.end() ? step->second : seconds(time);
      if (!(key > last_key)) continue;
      last_key = key;
      glm::dvec3 values[3] = {transform.translation, transform.rotation, transform.scaling};
      for (std::size_t p = 0; p < 3; ++p)
        for (std::size_t a = 0; a < 3; ++a)
          if (properties[p][a]) values[p][static_cast<int>(a)] = properties[p][a]->at(time, cursors[p][a]);
      if (parts)
        add_keys(channel, keyed, key, values[0], transform.pre_rotation * euler_quaternion(values[1], transform.order),
                 values[2]);
      else
        add_keys(channel, key, transform.matrix(values[0], values[1], values[2]));
    }
    return channel;
  }

  // A key of each part `keyed` says (translation, rotation, scale).
  static void add_keys(FbxChannel& channel, const bool (&keyed)[3], float time, const glm::dvec3& translation,
                       const glm::dquat& turn, const glm::dvec3& scale) {
    // Value by value (push_back): an insert of a list of three or four is a call to memmove each.
    const auto add = [&](FbxKeys& keys, std::initializer_list<double> values) {
      keys.times.push_back(time);
      for (const double value : values) keys.values.push_back(static_cast<float>(value));
    };
    if (keyed[0]) add(channel.translation, {translation.x, translation.y, translation.z});
    if (keyed[1]) {
      const glm::dquat rotation = glm::normalize(turn);
      add(channel.rotation, {rotation.x, rotation.y, rotation.z, rotation.w});
    }
    if (keyed[2]) add(channel.scale, {scale.x, scale.y, scale.z});
  }

  // A local matrix taken apart into a key of each: translation, rotation, scale.
  static void add_keys(FbxChannel& channel, float time, const glm::dmat4& local) {
    const glm::dvec3 translation(local[3]);
    glm::dvec3 axes[3] = {glm::dvec3(local[0]), glm::dvec3(local[1]), glm::dvec3(local[2])};
    glm::dvec3 scale(glm::length(axes[0]), glm::length(axes[1]), glm::length(axes[2]));
    if (glm::determinant(glm::dmat3(local)) < 0.0) scale.x = -scale.x;  // a mirror: one axis turned over
    for (int a = 0; a < 3; ++a)
      if (scale[a] != 0.0) axes[a] /= scale[a];
    static constexpr bool kEvery[3] = {true, true, true};
    add_keys(channel, kEvery, time, translation, glm::quat_cast(glm::dmat3(axes[0], axes[1], axes[2])), scale);
  }

  FbxTree& tree_;
  std::string_view source_;
  FbxScene scene_;
  std::unordered_map<std::int64_t, Object> objects_;
  std::unordered_map<std::int64_t, std::vector<Connection>> children_;
  std::unordered_map<std::int64_t, std::vector<Connection>> parents_;
  PropertyBlock model_template_;
  std::unordered_map<std::int64_t, int> node_of_;
  std::unordered_map<std::int64_t, ModelTransform> transforms_;
  std::vector<std::int64_t> model_ids_;  // per node, its model's id (0 for the root)
};

}  // namespace

Result<FbxScene> read_fbx_binary_scene(std::string_view bytes, std::string_view source) {
  Result<FbxTree> tree = read_fbx_tree(bytes, source);
  if (!tree) return tree.error();
  return SceneReader(tree.value(), source).read();
}

}  // namespace bvhscope
