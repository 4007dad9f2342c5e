// Big blocks of memory on huge pages: a block of megabytes mapped on a 2 MiB boundary and marked
// MADV_HUGEPAGE, so that writing it faults once every 2 MiB instead of every 4 KiB. On a virtual
// machine a 4 KiB fault costs about as much as writing the page itself several times over: a
// 50 MB table written into fresh 4 KiB pages takes ~300 ms here, on huge pages ~10 ms. The kernel
// may give plain pages instead (no huge pages free, THP off): the block works the same.
#pragma once

#include <cstddef>
#include <memory>
#include <memory_resource>
#include <vector>

namespace bvhscope {

// Blocks this big or bigger are worth a mapping of their own; smaller ones come from operator new.
inline constexpr std::size_t kHugePageBlockFrom = std::size_t{4} << 20;

// `bytes` bytes (> 0) mapped on huge-page boundaries, uninitialised (zero, as fresh pages are), or
// null when the system refuses the mapping. Free with unmap_huge_block(block, bytes).
void* map_huge_block(std::size_t bytes) noexcept;
void unmap_huge_block(void* block, std::size_t bytes) noexcept;

// `count` floats for a table written once and read many times: uninitialised, on huge pages from
// kHugePageBlockFrom bytes on (else from operator new); std::bad_alloc when there is no memory.
std::shared_ptr<float[]> allocate_float_table(std::size_t count);

// Memory for the many arrays of a few hundred kilobytes that a reader builds at once (an FBX file's
// curves and keys, an array each per joint): std::pmr containers take it from arenas that grow in
// blocks, the big ones on huge pages, and give it back all at once when the arenas go. One arena a
// worker slot (for_each_item's `slot`): an arena is for one thread at a time.
class SlotArenas {
 public:
  explicit SlotArenas(std::size_t slots);
  SlotArenas(const SlotArenas&) = delete;
  SlotArenas& operator=(const SlotArenas&) = delete;
  ~SlotArenas();

  [[nodiscard]] std::pmr::memory_resource* operator[](std::size_t slot) const { return arenas_.at(slot).get(); }

 private:
  class HugePageResource : public std::pmr::memory_resource {
    void* do_allocate(std::size_t bytes, std::size_t alignment) override;
    void do_deallocate(void* block, std::size_t bytes, std::size_t alignment) override;
    [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
      return this == &other;
    }
  };
  HugePageResource blocks_;  // before the arenas: they give their blocks back to it
  std::vector<std::unique_ptr<std::pmr::monotonic_buffer_resource>> arenas_;
};

}  // namespace bvhscope
