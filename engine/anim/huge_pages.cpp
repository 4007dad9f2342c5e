#include "anim/huge_pages.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <new>

namespace bvhscope {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::size_t whole_huge_pages(std::size_t bytes) noexcept { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

}  // namespace

void* map_huge_block(std::size_t bytes) noexcept {
  if (bytes == 0 || bytes > SIZE_MAX - 2 * kHugePage) return nullptr;
  const std::size_t length = whole_huge_pages(bytes);
  // A huge page more than needed, then the ends cut off, leaves a mapping of whole huge pages that
  // starts on a huge page's boundary: unmap_huge_block then needs only the block and its size.
  const std::size_t mapped_length = length + kHugePage;
  void* mapped = ::mmap(nullptr, mapped_length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return nullptr;
  const auto address = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t start = (address + kHugePage - 1) / kHugePage * kHugePage;
  if (start > address) ::munmap(mapped, start - address);
  const std::uintptr_t end = address + mapped_length;
  if (end > start + length) ::munmap(reinterpret_cast<void*>(start + length), end - (start + length));
  ::madvise(reinterpret_cast<void*>(start), length, MADV_HUGEPAGE);  // a hint: no huge pages is fine
  return reinterpret_cast<void*>(start);
}

void unmap_huge_block(void* block, std::size_t bytes) noexcept {
  if (block != nullptr) ::munmap(block, whole_huge_pages(bytes));
}

std::shared_ptr<float[]> allocate_float_table(std::size_t count) {
  if (count > SIZE_MAX / sizeof(float)) throw std::bad_alloc();
  const std::size_t bytes = count * sizeof(float);
  if (bytes < kHugePageBlockFrom) return std::make_shared_for_overwrite<float[]>(count);
  void* block = map_huge_block(bytes);
  if (block == nullptr) throw std::bad_alloc();
  // If the shared_ptr cannot allocate its count, it calls the deleter before it throws.
  return std::shared_ptr<float[]>(static_cast<float*>(block),
                                  [bytes](float* floats) { unmap_huge_block(floats, bytes); });
}

SlotArenas::SlotArenas(std::size_t slots) {
  constexpr std::size_t kFirstBlock = std::size_t{256} << 10;  // then growing: a small file costs little
  arenas_.reserve(slots);
  for (std::size_t slot = 0; slot < slots; ++slot)
    arenas_.push_back(std::make_unique<std::pmr::monotonic_buffer_resource>(kFirstBlock, &blocks_));
}

SlotArenas::~SlotArenas() = default;

void* SlotArenas::HugePageResource::do_allocate(std::size_t bytes, std::size_t alignment) {
  if (bytes < kHugePageBlockFrom) return ::operator new(bytes, std::align_val_t(alignment));
  void* block = map_huge_block(bytes);  // on a huge page's boundary: aligned for anything
  if (block == nullptr) throw std::bad_alloc();
  return block;
}

void SlotArenas::HugePageResource::do_deallocate(void* block, std::size_t bytes, std::size_t alignment) {
  if (bytes < kHugePageBlockFrom)
    ::operator delete(block, std::align_val_t(alignment));  // unsized: clang has no sized delete by default
  else
    unmap_huge_block(block, bytes);
}

}  // namespace bvhscope
