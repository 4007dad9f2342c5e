// BVHSCOPE_ADDRESS_SANITIZER is defined in a build under AddressSanitizer, whichever compiler made
// it: g++ says so with __SANITIZE_ADDRESS__, clang (the sanitizer tree's) only through __has_feature.
// Tests that scale their sizes or memory allowances to the sanitizer, or cannot run under it, ask this.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#endif
#endif
