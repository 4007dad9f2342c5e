# Strict warnings for the project's own targets; Debian's headers come in as SYSTEM includes.
function(bvhscope_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast
                                           -Wcast-align -Wdouble-promotion)
  if(BVHSCOPE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
