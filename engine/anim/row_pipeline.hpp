// Parses row blocks on worker threads while the caller reads the next ones; results come back in
// file order. With no workers, blocks are parsed on the calling thread as they are pushed.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
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
  };

  RowPipeline(int channels, unsigned workers);
  RowPipeline(const RowPipeline&) = delete;
  RowPipeline& operator=(const RowPipeline&) = delete;
  ~RowPipeline();  // stops the workers; unfinished blocks are dropped

  // Queues a block. Pass `storage` to hand over the bytes, or an empty string and a `text` the
  // caller keeps alive until the block is popped.
  void push(std::string storage, std::string_view text, std::uint64_t max_rows, bool overlong_line = false);
  [[nodiscard]] std::size_t in_flight() const;
  // The oldest block once it is parsed (waits for it); nullptr when nothing is in flight.
  std::unique_ptr<Block> pop();

  // Worker threads worth using for `bytes` of rows on this machine (0: parse on the caller's thread).
  static unsigned workers_for(std::size_t bytes, std::size_t block_bytes, unsigned requested);

 private:
  void work();

  int channels_;
  std::vector<std::thread> workers_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable block_parsed_;
  std::deque<std::unique_ptr<Block>> blocks_;  // in file order
  std::size_t next_to_parse_ = 0;              // index into blocks_ of the first block no worker took
  bool stopping_ = false;
};

}  // namespace bvhscope
