#include "formats/fbx_binary_meshes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>

namespace bvhscope {
namespace {

// Where a corner's normal is: per polygon corner, per control point, per polygon, or one for all.
enum class NormalMapping { Corner, ControlPoint, Polygon, All };

struct Normals {
  NormalMapping mapping = NormalMapping::Corner;
  std::pmr::vector<float> values;                       // x y z each
  std::optional<std::pmr::vector<std::int64_t>> index;  // IndexToDirect: the values' index per element
};

class MeshReader {
 public:
  MeshReader(FbxTree& tree, const FbxMeshRecords& records, std::string_view source)
      : tree_(tree),
        records_(records),
        source_(source),
        normal_turn_(glm::transpose(glm::inverse(glm::dmat3(records.geometric)))) {}

  Result<FbxSkinnedMesh> read() {
    FbxSkinnedMesh out;
    out.node = records_.node;
    out.mesh.name = records_.name;
    Result<std::pmr::vector<double>> vertices = array(records_.geometry, "Vertices");
    if (!vertices) return vertices.error();
    Result<std::pmr::vector<std::int64_t>> corners = whole_numbers(records_.geometry, "PolygonVertexIndex");
    if (!corners) return corners.error();
    const std::pmr::vector<double>& points = vertices.value();
    if (points.size() % 3 != 0)
      return fail(records_.geometry, "its Vertices hold " + std::to_string(points.size()) + " numbers, not x y z each");
    const std::size_t point_count = points.size() / 3;
    for (const double value : points)
      if (!std::isfinite(value)) return fail(records_.geometry, "a vertex is not a finite number");
    std::vector<std::vector<std::pair<float, std::uint16_t>>> bones_of(point_count);
    if (std::optional<Diagnostic> bad = read_clusters(out, bones_of)) return *bad;
    const std::optional<Normals> normals = read_normals(point_count, corners.value());

    // The corners: polygons end at a negative index (its bits turned over), fanned into triangles.
    std::vector<std::vector<std::pair<glm::vec3, std::uint32_t>>> splits(point_count);  // per point: normal, vertex
    std::size_t polygon = 0;
    std::vector<std::uint32_t> polygon_vertices;
    const std::pmr::vector<std::int64_t>& list = corners.value();
    for (std::size_t c = 0; c < list.size(); ++c) {
      const bool last = list[c] < 0;
      const std::int64_t point = last ? ~list[c] : list[c];
      if (point < 0 || static_cast<std::size_t>(point) >= point_count)
        return fail(records_.geometry, "polygon " + std::to_string(polygon) + " names control point " +
                                           std::to_string(point) + " of " + std::to_string(point_count));
      const glm::vec3 normal =
          normals ? normal_of(*normals, c, static_cast<std::size_t>(point), polygon) : glm::vec3(0);
      auto& seen = splits[static_cast<std::size_t>(point)];
      const auto found = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == normal; });
      std::uint32_t vertex = 0;
      if (found != seen.end()) {
        vertex = found->second;
      } else {
        vertex = static_cast<std::uint32_t>(out.mesh.positions.size());
        if (vertex == UINT32_MAX) return fail(records_.geometry, "it has more than 2^32 vertices");
        seen.emplace_back(normal, vertex);
        const double* p = points.data() + static_cast<std::size_t>(point) * 3;
        out.mesh.positions.emplace_back(records_.geometric * glm::dvec4(p[0], p[1], p[2], 1.0));
        if (normals) {
          const glm::dvec3 turned = normal_turn_ * glm::dvec3(normal);
          const double length = glm::length(turned);
          out.mesh.normals.emplace_back(length > 1e-12 ? turned / length : glm::dvec3(0.0, 1.0, 0.0));
        }
        add_influences(out.mesh, bones_of[static_cast<std::size_t>(point)]);
      }
      polygon_vertices.push_back(vertex);
      if (last) {
        for (std::size_t k = 1; k + 1 < polygon_vertices.size(); ++k)
          out.mesh.indices.insert(out.mesh.indices.end(),
                                  {polygon_vertices[0], polygon_vertices[k], polygon_vertices[k + 1]});
        polygon_vertices.clear();
        ++polygon;
      }
    }
    if (out.mesh.indices.empty()) return fail(records_.geometry, "it has no triangles");
    if (const std::size_t unweighted = bind_unweighted_to_top_joint(out.mesh); unweighted > 0)
      warnings_.push_back(std::to_string(unweighted) +
                          " of its vertices are weighed by no cluster: they follow its top bone");
    return out;
  }

  [[nodiscard]] const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  Diagnostic fail(int record, const std::string& problem) const {
    const std::size_t at = record >= 0 ? tree_.records[static_cast<std::size_t>(record)].at : 0;
    return Diagnostic{std::string(source_), 0, 0, "at byte " + std::to_string(at) + ": " + problem};
  }

  const FbxProperty* first_property(int owner, std::string_view name) const {
    const int record = tree_.child(owner, name);
    if (record < 0 || tree_.records[static_cast<std::size_t>(record)].properties.empty()) return nullptr;
    return &tree_.records[static_cast<std::size_t>(record)].properties[0];
  }

  Result<std::pmr::vector<double>> array(int owner, std::string_view name) {
    const FbxProperty* property = first_property(owner, name);
    if (property == nullptr) return fail(owner, "it has no " + std::string(name));
    return tree_.doubles(*property);
  }

  Result<std::pmr::vector<std::int64_t>> whole_numbers(int owner, std::string_view name) {
    const FbxProperty* property = first_property(owner, name);
    if (property == nullptr) return fail(owner, "it has no " + std::string(name));
    return tree_.integers(*property);
  }

  std::string text(int owner, std::string_view name) const {
    const FbxProperty* property = first_property(owner, name);
    if (property == nullptr) return {};
    return std::string(FbxTree::text(*property).value_or(""));
  }

  // Each cluster's bone and, per control point, the bones that weigh it.
  std::optional<Diagnostic> read_clusters(FbxSkinnedMesh& out,
                                          std::vector<std::vector<std::pair<float, std::uint16_t>>>& bones_of) {
    if (records_.clusters.empty()) return fail(records_.geometry, "its skin has no clusters");
    if (records_.clusters.size() > 65536)
      return fail(records_.geometry, "its skin has " + std::to_string(records_.clusters.size()) + " clusters");
    for (const FbxClusterRecord& cluster : records_.clusters) {
      // A cluster that weighs nothing binds no bone (the scene's skeleton need not hold it).
      const FbxProperty* listed = first_property(cluster.record, "Indexes");
      if (listed == nullptr || FbxTree::array_length(*listed).value_or(0) == 0) continue;
      const auto joint = static_cast<std::uint16_t>(out.mesh.joints.size());
      out.mesh.joints.push_back(cluster.bone);
      Result<std::pmr::vector<double>> link = array(cluster.record, "TransformLink");
      if (!link) return link.error();
      if (link.value().size() != 16) return fail(cluster.record, "its TransformLink is not 16 numbers");
      const glm::dmat4 bone_at_bind = glm::make_mat4(link.value().data());
      if (!std::isfinite(glm::determinant(bone_at_bind)) || std::abs(glm::determinant(bone_at_bind)) < 1e-300)
        return fail(cluster.record, "its TransformLink cannot be inverted");
      out.inverse_binds.push_back(glm::inverse(bone_at_bind) * records_.bind_place);
      Result<std::pmr::vector<std::int64_t>> indexes = whole_numbers(cluster.record, "Indexes");
      if (!indexes) return indexes.error();
      Result<std::pmr::vector<double>> weights = array(cluster.record, "Weights");
      if (!weights) return weights.error();
      if (indexes.value().size() != weights.value().size())
        return fail(cluster.record, "it has " + std::to_string(indexes.value().size()) + " Indexes and " +
                                        std::to_string(weights.value().size()) + " Weights");
      for (std::size_t i = 0; i < indexes.value().size(); ++i) {
        const std::int64_t point = indexes.value()[i];
        const double weight = weights.value()[i];
        if (point < 0 || static_cast<std::size_t>(point) >= bones_of.size())
          return fail(cluster.record,
                      "it weighs control point " + std::to_string(point) + " of " + std::to_string(bones_of.size()));
        if (!std::isfinite(weight)) return fail(cluster.record, "a weight is not a finite number");
        if (weight > 0.0) bones_of[static_cast<std::size_t>(point)].emplace_back(static_cast<float>(weight), joint);
      }
    }
    if (out.mesh.joints.empty()) return fail(records_.geometry, "no cluster of its skin weighs a vertex");
    return std::nullopt;
  }

  // The first LayerElementNormal, or nothing when there is none or it does not fit the mesh.
  std::optional<Normals> read_normals(std::size_t point_count, const std::pmr::vector<std::int64_t>& corners) {
    const int layer = tree_.child(records_.geometry, "LayerElementNormal");
    if (layer < 0) return std::nullopt;
    Normals normals;
    const std::string mapping = text(layer, "MappingInformationType");
    std::size_t elements = corners.size();
    if (mapping == "ByPolygonVertex") {
      normals.mapping = NormalMapping::Corner;
    } else if (mapping == "ByVertice" || mapping == "ByVertex" || mapping == "ByControlPoint") {
      normals.mapping = NormalMapping::ControlPoint;
      elements = point_count;
    } else if (mapping == "ByPolygon") {
      normals.mapping = NormalMapping::Polygon;
      elements = static_cast<std::size_t>(std::count_if(corners.begin(), corners.end(), [](auto c) { return c < 0; }));
    } else if (mapping == "AllSame") {
      normals.mapping = NormalMapping::All;
      elements = 1;
    } else {
      warnings_.push_back("its normals are mapped " + (mapping.empty() ? "in no stated way" : "'" + mapping + "'") +
                          ": they are left out");
      return std::nullopt;
    }
    const FbxProperty* values = first_property(layer, "Normals");
    if (values == nullptr) return std::nullopt;
    Result<std::pmr::vector<float>> read = tree_.floats(*values);
    if (!read) {
      warnings_.push_back("its normals are left out: " + read.error().message);
      return std::nullopt;
    }
    normals.values = std::move(read).value();
    const std::size_t value_count = normals.values.size() / 3;
    if (text(layer, "ReferenceInformationType") == "IndexToDirect") {
      const FbxProperty* index = first_property(layer, "NormalsIndex");
      Result<std::pmr::vector<std::int64_t>> indices =
          index != nullptr ? tree_.integers(*index) : Result<std::pmr::vector<std::int64_t>>(fail(layer, "none"));
      const bool fits = indices && indices.value().size() >= elements &&
                        std::all_of(indices.value().begin(), indices.value().end(), [&](std::int64_t i) {
                          return i >= 0 && static_cast<std::size_t>(i) < value_count;
                        });
      if (!fits) {
        warnings_.push_back("its NormalsIndex does not fit its normals: they are left out");
        return std::nullopt;
      }
      normals.index = std::move(indices).value();
    } else if (value_count < elements) {
      warnings_.push_back("it has " + std::to_string(value_count) + " normals for " + std::to_string(elements) +
                          " elements: they are left out");
      return std::nullopt;
    }
    return normals;
  }

  static glm::vec3 normal_of(const Normals& normals, std::size_t corner, std::size_t point, std::size_t polygon) {
    std::size_t element = normals.mapping == NormalMapping::Corner         ? corner
                          : normals.mapping == NormalMapping::ControlPoint ? point
                          : normals.mapping == NormalMapping::Polygon      ? polygon
                                                                           : 0;
    if (normals.index) element = static_cast<std::size_t>((*normals.index)[element]);
    const glm::vec3 n(normals.values[element * 3], normals.values[element * 3 + 1], normals.values[element * 3 + 2]);
    const float length = glm::length(n);
    return length > 1e-12f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
  }

  // A vertex's four heaviest bones, their weights summing to 1 (none: all 0, bound to the top bone
  // at the end).
  static void add_influences(SkinnedMesh& mesh, std::vector<std::pair<float, std::uint16_t>>& bones) {
    std::array<std::uint16_t, 4> influence{};
    glm::vec4 weight(0.0f);
    heaviest_four(bones, influence, weight);
    mesh.influences.push_back(influence);
    mesh.weights.push_back(weight);
  }

  FbxTree& tree_;
  const FbxMeshRecords& records_;
  std::string_view source_;
  glm::dmat3 normal_turn_;             // the geometric transform's, for normals
  std::vector<std::string> warnings_;  // what is left out of a mesh that is read
};

}  // namespace

Result<FbxSkinnedMesh> read_fbx_skinned_mesh(FbxTree& tree, const FbxMeshRecords& records, std::string_view source,
                                             std::vector<std::string>& notes) {
  MeshReader reader(tree, records, source);
  Result<FbxSkinnedMesh> mesh = reader.read();
  notes.insert(notes.end(), reader.warnings().begin(), reader.warnings().end());
  return mesh;
}

}  // namespace bvhscope
