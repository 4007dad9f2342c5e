// How many threads bvhscope's parallel work may use, decided in one place: the parser's row
// workers, baking positions, writing in chunks, compare's per-frame work, the viewer's loads and
// comparisons, and `render --each`'s default --jobs. The environment variable BVHSCOPE_THREADS
// (a whole number from 1 to 256) overrides what the system offers.
#pragma once

namespace bvhscope {

inline constexpr const char* kThreadsVariable = "BVHSCOPE_THREADS";
inline constexpr unsigned kMaxThreads = 256;

// The decision itself, from what the system says: `override_text` is BVHSCOPE_THREADS's value
// (nullptr when unset), used when it is a whole number from 1 to kMaxThreads (anything else is
// ignored); else `affinity`, the CPUs this process may run on (0: unknown); else `hardware`,
// std::thread::hardware_concurrency() (0: unknown). Never 0.
[[nodiscard]] unsigned choose_thread_count(const char* override_text, unsigned affinity, unsigned hardware) noexcept;

// choose_thread_count of this process now (the variable is read at each call).
[[nodiscard]] unsigned available_threads() noexcept;

// Puts the calling thread in the background (SCHED_IDLE): it runs only on CPU time that no thread
// of normal priority wants, and a thread that wakes up (the viewer's renderer) takes its core at
// once. Best effort: a failure leaves it as it was. One way only for an unprivileged thread (it
// cannot come back), so it is for threads started for the work: the viewer's parse, bake and lint
// workers, whose caller takes their work over when they starve (RowPipeline, run_supervised).
void run_in_background() noexcept;

}  // namespace bvhscope
