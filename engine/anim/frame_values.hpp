// FrameValues: the float values of a motion table, with the value semantics of std::vector<float>
// and one addition, share(): a second handle onto the same storage. The loader fills a clip's table
// while the viewer shows the rows already read through such a handle, in place: a streaming clip
// is never held twice, and the finished clip keeps the storage the preview showed.
//
// Storage: one block of `capacity()` floats, owned jointly by every handle onto it (the last one
// to go frees it). A handle shows the first size() elements of its block. Growth leaves new
// elements uninitialised (resize(n), FrameValues(n)), so a table sized for the rows a file could
// hold costs memory only for the rows written into it: pages never touched are never mapped.
//
// Value semantics: a copy (construction or assignment) is a deep copy of the elements in
// [0, size()) into storage of its own; assign() and assignment from a list also give the handle
// storage of its own. A move steals the storage (the moved-from handle is left empty).
//
// Sharing: share(n) returns a handle onto the same block showing its first n elements. Resizing a
// handle within the capacity changes only that handle's size (growing, it shows the values other
// handles wrote there, touching none); growing beyond the capacity (resize, reserve, push_back,
// insert) moves that handle alone to a new block, copying its elements; the other handles keep
// the old block. Writes through a handle (operator[], data(), iterators, push_back, insert,
// resize(n, value)) land in the block it shares: every handle showing those elements sees them.
//
// Threads: handles are like std::shared_ptr. Different handles, on the same block or not, may be
// used, copied, moved and destroyed on different threads at the same time; one handle used on
// several threads needs a lock if any of them changes it. The elements themselves are plain
// floats: a write of an element and any other access to it from another thread must be ordered
// (happen before one another). The intended use: a writer thread fills elements beyond what a
// reader's handle shows and then publishes how many are final with a release store (such as
// LoadProgress::frames_ready); the reader loads that count with acquire and resizes its own
// handle to it, which touches no element, then reads what it shows. Elements published that way
// stay readable through the reader's handle for as long as it lives, whatever the writer's handle
// does next (destroyed, moved, shrunk), provided nothing writes them again. Operations that copy
// elements (a copy, growth beyond the capacity) read the handle's [0, size()) elements.
#pragma once

#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <utility>

namespace bvhscope {

class FrameValues {
 public:
  using value_type = float;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = float&;
  using const_reference = const float&;
  using pointer = float*;
  using const_pointer = const float*;
  using iterator = float*;
  using const_iterator = const float*;

  FrameValues() noexcept = default;
  explicit FrameValues(size_type count);  // `count` elements, uninitialised
  FrameValues(size_type count, float value);
  FrameValues(std::initializer_list<float> values) : FrameValues(values.begin(), values.end()) {}
  template <std::forward_iterator It>
  requires std::convertible_to < std::iter_reference_t<It>,
  float > FrameValues(It first, It last) {
    const auto count = static_cast<size_type>(std::distance(first, last));
    if (count == 0) return;
    storage_ = allocate(count);
    capacity_ = count;
    std::copy(first, last, storage_.get());
    size_ = count;
  }
  FrameValues(const FrameValues& other) : FrameValues(other.begin(), other.end()) {}
  FrameValues(FrameValues&& other) noexcept
      : storage_(std::move(other.storage_)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  FrameValues& operator=(const FrameValues& other) {
    if (this != &other) FrameValues(other).swap(*this);
    return *this;
  }
  FrameValues& operator=(FrameValues&& other) noexcept {
    if (this != &other) FrameValues(std::move(other)).swap(*this);
    return *this;
  }
  FrameValues& operator=(std::initializer_list<float> values) {
    FrameValues(values).swap(*this);
    return *this;
  }
  ~FrameValues() = default;

  void assign(size_type count, float value) { FrameValues(count, value).swap(*this); }
  template <std::forward_iterator It>
  requires std::convertible_to < std::iter_reference_t<It>,
  float > void assign(It first, It last) { FrameValues(first, last).swap(*this); }
  void assign(std::initializer_list<float> values) { FrameValues(values).swap(*this); }

  // A second handle onto this handle's storage showing its first `size` elements (size <=
  // capacity(), else std::out_of_range): no element is copied or touched.
  [[nodiscard]] FrameValues share(size_type size) const;

  [[nodiscard]] float* data() noexcept { return storage_.get(); }
  [[nodiscard]] const float* data() const noexcept { return storage_.get(); }
  [[nodiscard]] size_type size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] size_type capacity() const noexcept { return capacity_; }
  [[nodiscard]] static constexpr size_type max_size() noexcept { return kMaxSize; }

  [[nodiscard]] iterator begin() noexcept { return data(); }
  [[nodiscard]] iterator end() noexcept { return data() + size_; }
  [[nodiscard]] const_iterator begin() const noexcept { return data(); }
  [[nodiscard]] const_iterator end() const noexcept { return data() + size_; }
  [[nodiscard]] const_iterator cbegin() const noexcept { return data(); }
  [[nodiscard]] const_iterator cend() const noexcept { return data() + size_; }

  [[nodiscard]] float& operator[](size_type index) noexcept {
    assert(index < size_);
    return storage_[static_cast<std::ptrdiff_t>(index)];
  }
  [[nodiscard]] const float& operator[](size_type index) const noexcept {
    assert(index < size_);
    return storage_[static_cast<std::ptrdiff_t>(index)];
  }
  [[nodiscard]] float& front() noexcept { return (*this)[0]; }
  [[nodiscard]] const float& front() const noexcept { return (*this)[0]; }
  [[nodiscard]] float& back() noexcept { return (*this)[size_ - 1]; }
  [[nodiscard]] const float& back() const noexcept { return (*this)[size_ - 1]; }

  // At least `capacity` elements of storage: beyond the capacity, this handle moves to a block of
  // exactly that many, its elements copied.
  void reserve(size_type capacity);
  // Growth within the capacity changes only the size (the new elements are whatever the block
  // holds there, uninitialised if never written); beyond it, this handle moves to a bigger block.
  void resize(size_type size);
  void resize(size_type size, float value);  // the new elements are `value`
  void clear() noexcept { size_ = 0; }       // keeps the storage, as std::vector does
  void push_back(float value) {
    if (size_ == capacity_) reallocate(grown(size_ + 1));
    storage_[static_cast<std::ptrdiff_t>(size_)] = value;
    ++size_;
  }
  // Appends [first, last) (which may lie in this handle's elements): `position` must be end().
  template <std::forward_iterator It>
  requires std::convertible_to < std::iter_reference_t<It>,
  float > iterator insert(const_iterator position, It first, It last) {
    assert(position == cend());
    (void)position;
    const auto count = static_cast<size_type>(std::distance(first, last));
    if (count > capacity_ - size_) {
      // A new block, filled before the old one can go: the range may be in it.
      FrameValues bigger;
      bigger.capacity_ = grown(size_ + count);
      bigger.storage_ = allocate(bigger.capacity_);
      std::copy(begin(), end(), bigger.storage_.get());
      std::copy(first, last, bigger.storage_.get() + size_);
      bigger.size_ = size_;
      swap(bigger);
    } else {
      std::copy(first, last, end());
    }
    size_ += count;
    return end() - count;
  }

  void swap(FrameValues& other) noexcept {
    storage_.swap(other.storage_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }
  friend void swap(FrameValues& a, FrameValues& b) noexcept { a.swap(b); }

  // Equal sizes and equal elements (as std::vector compares them: a NaN equals nothing).
  friend bool operator==(const FrameValues& a, const FrameValues& b) noexcept {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  static constexpr size_type kMaxSize =
      static_cast<size_type>(std::numeric_limits<std::ptrdiff_t>::max()) / sizeof(float);

  // A block of `count` uninitialised floats (std::length_error beyond max_size()).
  static std::shared_ptr<float[]> allocate(size_type count);
  // The capacity to grow to for `needed` elements: geometric, as std::vector grows.
  [[nodiscard]] size_type grown(size_type needed) const;
  // Moves this handle to a new block of `capacity` elements holding copies of its elements.
  void reallocate(size_type capacity);

  std::shared_ptr<float[]> storage_;
  size_type size_ = 0;
  size_type capacity_ = 0;
};

}  // namespace bvhscope
