// Big blocks of memory on huge pages: a block of megabytes mapped on a 2 MiB boundary and marked
// MADV_HUGEPAGE, so that writing it faults once every 2 MiB instead of every 4 KiB. On a virtual
// machine a 4 KiB fault costs about as much as writing the page itself several times over: a
// 50 MB table written into fresh 4 KiB pages takes ~300 ms here, on huge pages ~10 ms. The kernel
// may give plain pages instead (no huge pages free, THP off): the block works the same.
#pragma once

#include <cstddef>
#include <memory>

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

}  // namespace bvhscope
