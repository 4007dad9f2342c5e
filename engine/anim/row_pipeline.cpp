#include "anim/row_pipeline.hpp"

#include <algorithm>

namespace bvhscope {

RowPipeline::RowPipeline(int channels, unsigned workers) : channels_(channels) {
  for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
}

RowPipeline::~RowPipeline() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

unsigned RowPipeline::workers_for(std::size_t bytes, std::size_t block_bytes, unsigned requested) {
  if (bytes <= block_bytes) return 0;
  const unsigned available = requested > 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
  const std::size_t blocks = (bytes + block_bytes - 1) / block_bytes;
  return static_cast<unsigned>(std::min<std::size_t>({available, blocks, 8}));
}

void RowPipeline::push(std::string storage, std::string_view text, std::uint64_t max_rows, bool overlong_line) {
  auto block = std::make_unique<Block>();
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

std::unique_ptr<RowPipeline::Block> RowPipeline::pop() {
  std::unique_lock lock(mutex_);
  if (blocks_.empty()) return nullptr;
  block_parsed_.wait(lock, [this] { return blocks_.front()->parsed; });
  std::unique_ptr<Block> block = std::move(blocks_.front());
  blocks_.pop_front();
  if (next_to_parse_ > 0) --next_to_parse_;
  return block;
}

void RowPipeline::work() {
  for (;;) {
    Block* block = nullptr;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || next_to_parse_ < blocks_.size(); });
      if (stopping_) return;
      block = blocks_[next_to_parse_++].get();
    }
    RowBlockResult result = parse_row_block(block->text, channels_, static_cast<std::size_t>(block->max_rows));
    {
      const std::lock_guard lock(mutex_);
      block->result = std::move(result);
      block->parsed = true;
    }
    block_parsed_.notify_all();
  }
}

}  // namespace bvhscope
