// NumPy's .npy container (format versions 1.0, 2.0 and 3.0): the header (the magic, the version,
// and the Python dict literal giving the element type, the memory order and the shape) checked
// against the bytes present, and the elements read as floats whatever their byte order and order
// in memory. An array of Python objects ('|O') is let through with its data offset: its data is a
// pickle (npy_format.cpp reads MDM's results dict from it). Errors are located at the header's byte (line 1, column =
// byte + 1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"

namespace bvhscope {

inline constexpr std::string_view kNpyMagic{"\x93NUMPY", 6};

struct NpyArray {
  char kind = 'f';             // 'f': IEEE float; 'O': Python objects, pickled after the header
  int item_bytes = 4;          // 2, 4 or 8 (0 for objects)
  bool big_endian = false;     // the elements' byte order
  bool fortran_order = false;  // column-major: the first index varies fastest
  std::vector<std::size_t> shape;
  std::string descr;            // as written: "<f4"
  std::size_t data_offset = 0;  // where the elements start in the file
  std::size_t count = 0;        // the product of the shape

  // The element at flat index `index` of the array in memory order (see strides()), as a float.
  [[nodiscard]] double element(std::string_view bytes, std::size_t index) const noexcept;
  // For each dimension, how far apart in memory order (in elements) its neighbours are.
  [[nodiscard]] std::vector<std::size_t> strides() const;
  // "(120, 22, 3)"
  [[nodiscard]] std::string shape_text() const;
};

// Reads the header of the .npy bytes `bytes` (named `source` in messages), and checks that the
// elements it declares are all there. Refused: another container, an unknown version, a header
// that is not the dict np.save writes, an element type other than a float or Python objects, or
// fewer bytes than the shape needs.
Result<NpyArray> read_npy_header(std::string_view bytes, std::string_view source);

// The values of a one-row float array, (N,) (or (1, N), (N, 1)): a dataset's mean or standard
// deviation of its feature vectors. Refused: another shape or element type, a value not finite.
Result<std::vector<double>> read_npy_vector(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
