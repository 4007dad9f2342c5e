// Parses row blocks on worker threads while the caller reads the next ones; results come back in
// file order. With no workers, blocks are parsed on the calling thread as they are pushed. Workers
// that fall behind (starved by busier threads, say at a low priority) never stall the caller: it
// parses the oldest block itself once it has waited `help_after` for it.
// Out of memory on a worker stops that worker and leaves its block to the caller (whose own
// std::bad_alloc propagates); threads that cannot be started leave the work to the others.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "anim/row_block.hpp"

namespace bvhscope {

class RowPipeline {
 public:
  struct Block {
    std::string storage;    // the block's bytes when the pipeline owns them (streamed from a file)
    std::string_view text;  // what to parse: `storage`, or bytes the caller keeps alive
    std::uint64_t max_rows = 0;
    bool overlong_line = false;  // the start of one over-long line: the assembler refuses it
    RowBlockResult result;
    bool parsed = false;
    bool worker_reading = false;         // a worker is parsing it (guarded by the pipeline's mutex)
    std::atomic<bool> abandoned{false};  // the worker on it stops: the caller took it over, or the end
    // Set by pop(): a worker was still reading `text` when the caller took the block over: the bytes must stay as
    // they are (not recycled) until the block is released.
    bool read_by_worker = false;
  };
  // How long the oldest block may wait for a worker before the caller parses it. After the first
  // time the caller no longer waits: it parses the oldest block whenever no worker has finished it
  // (workers that starve are at a low priority, so the work they lose cost only idle CPU time).
  static constexpr std::chrono::milliseconds kHelpAfter{200};

  // `on_worker_start` runs first on every worker thread (a caller lowers their priority there).
  RowPipeline(int channels, unsigned workers, const std::function<void()>& on_worker_start = {},
              std::chrono::milliseconds help_after = kHelpAfter);
  RowPipeline(const RowPipeline&) = delete;
  RowPipeline& operator=(const RowPipeline&) = delete;
  ~RowPipeline();  // stops the workers (a worker stops within a row); unfinished blocks are dropped

  // Queues a block. Pass `storage` to hand over the bytes, or an empty string and a `text` the
  // caller keeps alive until the block is popped.
  void push(std::string storage, std::string_view text, std::uint64_t max_rows, bool overlong_line = false);
  [[nodiscard]] std::size_t in_flight() const;
  // The oldest block once it is parsed (waits for it, or parses it after `help_after`); nullptr when
  // nothing is in flight.
  std::shared_ptr<Block> pop();
  // Blocks the caller parsed itself because no worker had finished them in time (a worker may have
  // parsed some of them too); for tests.
  [[nodiscard]] std::size_t blocks_taken_over() const;

  // Worker threads worth using for `bytes` of rows on this machine (0: parse on the caller's thread).
  static unsigned workers_for(std::size_t bytes, std::size_t block_bytes, unsigned requested);

 private:
  void work(const std::function<void()>& on_start);
  void take_over_front(std::unique_lock<std::mutex>& lock);

  int channels_;
  std::chrono::milliseconds help_after_;
  bool workers_starved_ = false;
  std::size_t taken_over_ = 0;
  std::vector<std::thread> workers_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable block_parsed_;
  std::deque<std::shared_ptr<Block>> blocks_;  // in file order; a worker shares the one it parses
  std::size_t next_to_parse_ = 0;              // index into blocks_ of the first block no worker took
  bool stopping_ = false;
};

}  // namespace bvhscope
