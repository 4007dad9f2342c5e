#include "anim/frame_values.hpp"

#include <stdexcept>

#include "anim/huge_pages.hpp"

namespace bvhscope {

FrameValues::FrameValues(size_type count) {
  if (count == 0) return;
  storage_ = allocate(count);
  capacity_ = count;
  size_ = count;
}

FrameValues::FrameValues(size_type count, float value) : FrameValues(count) { std::fill_n(data(), count, value); }

FrameValues FrameValues::share(size_type size) const {
  if (size > capacity_) throw std::out_of_range("FrameValues::share: more elements than the storage holds");
  FrameValues handle;
  handle.storage_ = storage_;
  handle.size_ = size;
  handle.capacity_ = capacity_;
  return handle;
}

void FrameValues::reserve(size_type capacity) {
  if (capacity > capacity_) reallocate(capacity);
}

void FrameValues::resize(size_type size) {
  if (size > capacity_) reallocate(grown(size));
  size_ = size;
}

void FrameValues::resize(size_type size, float value) {
  if (size > capacity_) reallocate(grown(size));
  if (size > size_) std::fill(end(), data() + size, value);
  size_ = size;
}

std::shared_ptr<float[]> FrameValues::allocate(size_type count) {
  if (count > kMaxSize) throw std::length_error("FrameValues: more values than memory can address");
  // Uninitialised: the floats are left as they are, and the pages under them untouched. A big table
  // is on huge pages (the loaders write tens of megabytes at once).
  return allocate_float_table(count);
}

FrameValues::size_type FrameValues::grown(size_type needed) const {
  if (needed > kMaxSize) throw std::length_error("FrameValues: more values than memory can address");
  return std::max(needed, size_ <= kMaxSize / 2 ? 2 * size_ : kMaxSize);
}

void FrameValues::reallocate(size_type capacity) {
  std::shared_ptr<float[]> block = allocate(capacity);
  std::copy(begin(), end(), block.get());
  storage_ = std::move(block);  // the other handles on the old block keep it
  capacity_ = capacity;
}

}  // namespace bvhscope
