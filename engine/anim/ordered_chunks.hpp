// Text made chunk by chunk on several threads and written in order: the CSV export and the BVH
// writer format their rows this way (the text does not depend on the thread count).
#pragma once

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope {

// Calls `format_chunk(chunk, text)` for chunks [0, chunk_count), at most `threads` at a time (0: one
// per hardware thread), and writes each chunk's text to `out` in chunk order.
template <typename FormatChunk>
void write_chunks_in_order(std::size_t chunk_count, unsigned threads, FormatChunk format_chunk, std::ostream& out) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(chunk_count, 1)));
  std::vector<std::string> texts(threads);
  for (std::size_t round_start = 0; round_start < chunk_count; round_start += threads) {
    const std::size_t round_size = std::min<std::size_t>(threads, chunk_count - round_start);
    std::vector<std::thread> workers;
    for (std::size_t i = 1; i < round_size; ++i) {
      workers.emplace_back([&, i] { format_chunk(round_start + i, texts[i]); });
    }
    format_chunk(round_start, texts[0]);
    for (std::thread& worker : workers) worker.join();
    for (std::size_t i = 0; i < round_size; ++i)
      out.write(texts[i].data(), static_cast<std::streamsize>(texts[i].size()));
  }
}

}  // namespace bvhscope
