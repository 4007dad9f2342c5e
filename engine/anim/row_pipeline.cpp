#include "anim/row_pipeline.hpp"

#include <algorithm>
#include <exception>

#include "anim/thread_policy.hpp"

namespace bvhscope {

RowPipeline::RowPipeline(int channels, unsigned workers, const std::function<void()>& on_worker_start,
                         std::chrono::milliseconds help_after)
    : channels_(channels), help_after_(help_after) {
  try {
    workers_.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this, on_worker_start] { work(on_worker_start); });
  } catch (const std::exception&) {
    // No memory for another thread (its stack): the workers started do the work; with none, the caller does.
  }
}

RowPipeline::~RowPipeline() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const std::shared_ptr<Block>& block : blocks_) block->abandoned = true;
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

unsigned RowPipeline::workers_for(std::size_t bytes, std::size_t block_bytes, unsigned requested) {
  if (bytes <= block_bytes) return 0;
  const unsigned available = requested > 0 ? requested : available_threads();
  const std::size_t blocks = (bytes + block_bytes - 1) / block_bytes;
  return static_cast<unsigned>(std::min<std::size_t>({available, blocks, 8}));
}

void RowPipeline::push(std::string storage, std::string_view text, std::uint64_t max_rows, bool overlong_line) {
  auto block = std::make_shared<Block>();
  block->storage = std::move(storage);
  block->text = block->storage.empty() ? text : std::string_view(block->storage);
  block->max_rows = max_rows;
  block->overlong_line = overlong_line;
  if (workers_.empty()) {
    block->result = parse_row_block(block->text, channels_, static_cast<std::size_t>(block->max_rows));
    block->parsed = true;
    blocks_.push_back(std::move(block));
    return;
  }
  {
    const std::lock_guard lock(mutex_);
    blocks_.push_back(std::move(block));
  }
  work_ready_.notify_one();
}

std::size_t RowPipeline::in_flight() const {
  const std::lock_guard lock(mutex_);
  return blocks_.size();
}

std::shared_ptr<RowPipeline::Block> RowPipeline::pop() {
  std::unique_lock lock(mutex_);
  if (blocks_.empty()) return nullptr;
  const auto is_parsed = [this] { return blocks_.front()->parsed; };
  const std::chrono::milliseconds patience = workers_starved_ ? std::chrono::milliseconds(0) : help_after_;
  const bool parsed = patience.count() > 0 ? block_parsed_.wait_for(lock, patience, is_parsed) : is_parsed();
  if (!parsed) take_over_front(lock);
  std::shared_ptr<Block> block = std::move(blocks_.front());
  blocks_.pop_front();
  if (next_to_parse_ > 0) --next_to_parse_;
  block->read_by_worker = block->worker_reading;
  return block;
}

std::size_t RowPipeline::blocks_taken_over() const {
  const std::lock_guard lock(mutex_);
  return taken_over_;
}

// The oldest block has waited too long: parse it here. A worker on it already is told to stop (and
// drops what it has); if it finished first, the caller's own result is dropped (they are the same).
void RowPipeline::take_over_front(std::unique_lock<std::mutex>& lock) {
  workers_starved_ = true;
  const std::shared_ptr<Block> block = blocks_.front();
  if (next_to_parse_ == 0) next_to_parse_ = 1;  // no worker took it: none will
  block->abandoned = true;                      // a worker on it stops at its next row
  lock.unlock();
  RowBlockResult result = parse_row_block(block->text, channels_, static_cast<std::size_t>(block->max_rows));
  lock.lock();
  ++taken_over_;
  if (!block->parsed) {
    block->result = std::move(result);
    block->parsed = true;
  }
}

void RowPipeline::work(const std::function<void()>& on_start) {
  if (on_start) on_start();
  for (;;) {
    std::shared_ptr<Block> block;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || next_to_parse_ < blocks_.size(); });
      if (stopping_) return;
      block = blocks_[next_to_parse_++];
      block->worker_reading = true;
    }
    RowBlockResult result;
    try {
      result = parse_row_block(block->text, channels_, static_cast<std::size_t>(block->max_rows), &block->abandoned);
    } catch (const std::exception&) {
      // Out of memory: this worker stops, and leaves the block to the caller, which takes it over when it
      // waits for it (and, out of memory too, throws on its own thread).
      const std::lock_guard lock(mutex_);
      block->worker_reading = false;
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      block->worker_reading = false;
      if (block->parsed || block->abandoned) continue;  // the caller took it over: its result counts
      block->result = std::move(result);
      block->parsed = true;
    }
    block_parsed_.notify_all();
  }
}

}  // namespace bvhscope
