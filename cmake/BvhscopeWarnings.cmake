# Strict warnings for the project's own targets; Debian's headers come in as SYSTEM includes.
function(bvhscope_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast
                                           -Wcast-align -Wdouble-promotion)
  if(BVHSCOPE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
    # GCC 12's -Wrestrict misfires on std::string's operator+ once inlined at -O2/-O3 (GCC bug
    # 105329): a Release build would fail on correct code. Kept a warning there, not an error.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-error=restrict)
    endif()
  endif()
endfunction()
