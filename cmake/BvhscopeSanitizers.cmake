# BVHSCOPE_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer for every target in the build.
if(BVHSCOPE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# BVHSCOPE_FUZZ: coverage for libFuzzer plus the same sanitizers on every target (clang only).
if(BVHSCOPE_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
