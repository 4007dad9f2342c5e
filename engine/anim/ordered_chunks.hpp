// Text made chunk by chunk on several threads and written in order: the CSV export and the BVH
// writer format their rows this way (the text does not depend on the thread count).
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope {

// Calls `format_chunk(chunk, text)` for chunks [0, chunk_count) on `threads` worker threads (0: one
// per hardware thread; 1: all on the calling thread) and writes each chunk's text to `out` in chunk
// order from the calling thread. The workers take chunks as they come, at most a few per worker
// ahead of the writer (bounded memory), so that no worker waits for another between chunks: on a
// busy machine a thread that is late delays only its own chunk.
template <typename FormatChunk>
void write_chunks_in_order(std::size_t chunk_count, unsigned threads, FormatChunk format_chunk, std::ostream& out) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, chunk_count));
  if (threads <= 1) {
    std::string text;
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      format_chunk(chunk, text);
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    return;
  }
  const std::size_t window = std::size_t{4} * threads;  // chunks formatted ahead of the writer
  std::vector<std::string> texts(window);
  std::vector<char> ready(window, 0);
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next_chunk = 0;  // the next chunk a worker takes
  std::size_t written = 0;     // chunks written so far
  const auto work = [&] {
    for (;;) {
      std::size_t chunk = 0;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return next_chunk >= chunk_count || next_chunk < written + window; });
        if (next_chunk >= chunk_count) return;
        chunk = next_chunk++;
      }
      format_chunk(chunk, texts[chunk % window]);
      {
        const std::lock_guard lock(mutex);
        ready[chunk % window] = 1;
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) workers.emplace_back(work);
  for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
    const std::size_t slot = chunk % window;
    {
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return ready[slot] != 0; });
    }
    // The slot is this thread's until it is marked free again: no worker touches it meanwhile.
    out.write(texts[slot].data(), static_cast<std::streamsize>(texts[slot].size()));
    {
      const std::lock_guard lock(mutex);
      ready[slot] = 0;
      written = chunk + 1;
    }
    changed.notify_all();
  }
  for (std::thread& worker : workers) worker.join();
}

}  // namespace bvhscope
