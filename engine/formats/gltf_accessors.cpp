#include "formats/gltf_accessors.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

namespace bvhscope {
namespace {

int type_components(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
      return 4;
    case TINYGLTF_TYPE_MAT4:
      return 16;
    default:
      return 0;
  }
}

std::size_t component_bytes(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;
  }
}

float component_value(const unsigned char* at, int component_type, bool normalized) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float value = 0.0f;
      std::memcpy(&value, at, 4);
      return value;
    }
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      const auto value = static_cast<float>(static_cast<std::int8_t>(*at));
      return normalized ? std::max(value / 127.0f, -1.0f) : value;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalized ? static_cast<float>(*at) / 255.0f : static_cast<float>(*at);
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t raw = 0;
      std::memcpy(&raw, at, 2);
      const auto value = static_cast<float>(raw);
      return normalized ? std::max(value / 32767.0f, -1.0f) : value;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t raw = 0;
      std::memcpy(&raw, at, 2);
      return normalized ? static_cast<float>(raw) / 65535.0f : static_cast<float>(raw);
    }
    default: {  // UNSIGNED_INT
      std::uint32_t raw = 0;
      std::memcpy(&raw, at, 4);
      return normalized ? static_cast<float>(static_cast<double>(raw) / 4294967295.0) : static_cast<float>(raw);
    }
  }
}

std::uint32_t index_value(const unsigned char* at, int component_type) {
  if (component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE) return *at;
  if (component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
    std::uint16_t raw = 0;
    std::memcpy(&raw, at, 2);
    return raw;
  }
  std::uint32_t raw = 0;
  std::memcpy(&raw, at, 4);
  return raw;
}

// The bytes of buffer view `view_index` from `offset` on, holding `count` elements of
// `element_bytes` every `stride` bytes (stride 0: the view's, or packed); null with `problem` set.
const unsigned char* view_bytes(const tinygltf::Model& model, int view_index, std::size_t offset, std::size_t count,
                                std::size_t element_bytes, std::size_t& stride, std::string& problem) {
  if (view_index < 0 || static_cast<std::size_t>(view_index) >= model.bufferViews.size()) {
    problem = "its buffer view " + std::to_string(view_index) + " does not exist";
    return nullptr;
  }
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(view_index)];
  if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size()) {
    problem = "buffer view " + std::to_string(view_index) + " names buffer " + std::to_string(view.buffer) +
              ", which does not exist";
    return nullptr;
  }
  const std::vector<unsigned char>& buffer = model.buffers[static_cast<std::size_t>(view.buffer)].data;
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset) {
    problem = "buffer view " + std::to_string(view_index) + " (" + std::to_string(view.byteLength) +
              " bytes from byte " + std::to_string(view.byteOffset) + ") reaches past its buffer's " +
              std::to_string(buffer.size()) + " bytes";
    return nullptr;
  }
  stride = view.byteStride != 0 ? view.byteStride : element_bytes;
  if (stride < element_bytes) {
    problem = "buffer view " + std::to_string(view_index) + "'s stride " + std::to_string(stride) +
              " is shorter than an element (" + std::to_string(element_bytes) + " bytes)";
    return nullptr;
  }
  // offset + (count - 1) * stride + element_bytes <= byteLength, without overflow.
  const std::size_t length = view.byteLength;
  if (count > 0 && (offset > length || (count - 1) > (length - offset) / stride ||
                    (count - 1) * stride + element_bytes > length - offset)) {
    problem = std::to_string(count) + " elements of " + std::to_string(element_bytes) + " bytes from byte " +
              std::to_string(offset) + " reach past buffer view " + std::to_string(view_index) + "'s " +
              std::to_string(length) + " bytes";
    return nullptr;
  }
  return buffer.data() + view.byteOffset + offset;
}

}  // namespace

Result<std::vector<float>> read_float_accessor(const tinygltf::Model& model, int index, int components,
                                               bool normalized_integers, std::string_view what,
                                               std::string_view source) {
  const auto fail = [&](const std::string& problem) {
    return Diagnostic{std::string(source), 0, 0,
                      std::string(what) + ": accessor " + std::to_string(index) + ": " + problem};
  };
  if (index < 0 || static_cast<std::size_t>(index) >= model.accessors.size()) return fail("it does not exist");
  const tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(index)];
  if (type_components(accessor.type) != components)
    return fail("its elements have " + std::to_string(type_components(accessor.type)) + " components, not " +
                std::to_string(components));
  const std::size_t size = component_bytes(accessor.componentType);
  if (size == 0) return fail("component type " + std::to_string(accessor.componentType) + " is not a number type");
  if (accessor.count == 0) return fail("it has no elements");
  if (accessor.count > kMaxGltfAccessorElements)
    return fail(std::to_string(accessor.count) + " elements, more than bvhscope reads (" +
                std::to_string(kMaxGltfAccessorElements) + ")");
  const bool normalized = accessor.normalized || normalized_integers;
  const auto width = static_cast<std::size_t>(components);
  const std::size_t element_bytes = size * width;
  std::vector<float> values(accessor.count * width, 0.0f);  // no buffer view: zeros (then sparse)
  if (accessor.bufferView >= 0) {
    std::size_t stride = 0;
    std::string problem;
    const unsigned char* bytes =
        view_bytes(model, accessor.bufferView, accessor.byteOffset, accessor.count, element_bytes, stride, problem);
    if (bytes == nullptr) return fail(problem);
    if (accessor.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT && stride == element_bytes) {
      std::memcpy(values.data(), bytes, accessor.count * element_bytes);  // tightly packed floats: as they are
    } else {
      for (std::size_t e = 0; e < accessor.count; ++e)
        for (std::size_t c = 0; c < width; ++c)
          values[e * width + c] = component_value(bytes + e * stride + c * size, accessor.componentType, normalized);
    }
  }
  if (accessor.sparse.isSparse) {
    const auto& sparse = accessor.sparse;
    if (sparse.count <= 0 || static_cast<std::size_t>(sparse.count) > accessor.count)
      return fail("its sparse count " + std::to_string(sparse.count) + " is not within 1.." +
                  std::to_string(accessor.count));
    const auto count = static_cast<std::size_t>(sparse.count);
    const int index_type = sparse.indices.componentType;
    const std::size_t index_size = index_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE    ? 1
                                   : index_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 2
                                   : index_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT   ? 4
                                                                                          : 0;
    if (index_size == 0) return fail("its sparse indices are not unsigned integers");
    if (sparse.indices.byteOffset < 0 || sparse.values.byteOffset < 0) return fail("a sparse byte offset is negative");
    std::size_t index_stride = 0;
    std::size_t value_stride = 0;
    std::string problem;
    const unsigned char* indices =
        view_bytes(model, sparse.indices.bufferView, static_cast<std::size_t>(sparse.indices.byteOffset), count,
                   index_size, index_stride, problem);
    if (indices == nullptr) return fail("sparse indices: " + problem);
    const unsigned char* substitutes =
        view_bytes(model, sparse.values.bufferView, static_cast<std::size_t>(sparse.values.byteOffset), count,
                   element_bytes, value_stride, problem);
    if (substitutes == nullptr) return fail("sparse values: " + problem);
    // Sparse views are tightly packed (the spec forbids a stride on them).
    for (std::size_t s = 0; s < count; ++s) {
      const std::uint32_t target = index_value(indices + s * index_size, index_type);
      if (target >= accessor.count)
        return fail("sparse index " + std::to_string(target) + " is past its " + std::to_string(accessor.count) +
                    " elements");
      for (std::size_t c = 0; c < width; ++c)
        values[target * width + c] =
            component_value(substitutes + s * element_bytes + c * size, accessor.componentType, normalized);
    }
  }
  return values;
}

}  // namespace bvhscope
