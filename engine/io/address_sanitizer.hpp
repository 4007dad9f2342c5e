// BVHSCOPE_ADDRESS_SANITIZER is defined in a build under AddressSanitizer, whichever compiler made
// it: g++ says so with __SANITIZE_ADDRESS__, clang (the test suite's sanitizer tree) only through
// __has_feature. Code that cannot run under it as it is (an address-space limit on a child process,
// LeakSanitizer's hook) and tests that scale their sizes or memory allowances to it ask this.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#endif
#endif
