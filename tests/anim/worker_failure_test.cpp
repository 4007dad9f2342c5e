// Out of memory on a worker thread: the threaded helpers (run_supervised, write_chunks_in_order) stop
// the other threads and rethrow the std::bad_alloc on the caller's thread, where main() turns it into
// "out of memory" and exit status 3, instead of std::terminate aborting the process or a wait hanging.
#include <gtest/gtest.h>

#include <atomic>
#include <new>
#include <sstream>
#include <string>

#include "anim/ordered_chunks.hpp"
#include "anim/supervised_chunks.hpp"

namespace bvhscope {
namespace {

TEST(WorkerFailure, AChunkThatRunsOutOfMemoryStopsTheOthersAndIsRethrownOnTheCaller) {
  for (const std::size_t failing_chunk : {std::size_t{0}, std::size_t{5000}, std::size_t{9999}}) {
    std::atomic<std::size_t> ran{0};
    SupervisedWorkers workers;
    workers.count = 2;
    bool caught = false;
    try {
      run_supervised(10000, workers, [&](std::size_t chunk, unsigned /*slot*/) {
        ++ran;
        if (chunk == failing_chunk) throw std::bad_alloc();
      });
    } catch (const std::bad_alloc&) {
      caught = true;
    }
    EXPECT_TRUE(caught) << "chunk " << failing_chunk;
    EXPECT_LE(ran.load(), 10000u);
  }
}

TEST(WorkerFailure, AFormattingChunkThatRunsOutOfMemoryEndsTheWritingWithIt) {
  std::ostringstream out;
  bool caught = false;
  try {
    write_chunks_in_order(
        1000, 3,
        [](std::size_t chunk, std::string& text) {
          if (chunk == 37) throw std::bad_alloc();
          text = std::to_string(chunk) + '\n';
        },
        out);
  } catch (const std::bad_alloc&) {
    caught = true;
  }
  EXPECT_TRUE(caught);
  // What was written is the chunks before the failed one, in order, up to where the writing stopped: never
  // the failed chunk or one after it.
  std::string before_failure;
  for (int chunk = 0; chunk < 37; ++chunk) before_failure += std::to_string(chunk) + '\n';
  EXPECT_EQ(before_failure.substr(0, out.str().size()), out.str());
}

}  // namespace
}  // namespace bvhscope
