# Finding dependencies with one actionable message: a missing one stops the configure step and names
# the Debian 12 package that provides it (scripts/bvhscope-dev setup installs them all).

# bvhscope_require_package(<find_package args>... DEBIAN <package>)
macro(bvhscope_require_package)
  cmake_parse_arguments(_bvhscope_req "" "DEBIAN" "" ${ARGN})
  find_package(${_bvhscope_req_UNPARSED_ARGUMENTS} QUIET)
  list(GET _bvhscope_req_UNPARSED_ARGUMENTS 0 _bvhscope_req_name)
  if(NOT ${_bvhscope_req_name}_FOUND)
    message(FATAL_ERROR "bvhscope needs ${_bvhscope_req_name}, which was not found: "
                        "install ${_bvhscope_req_DEBIAN} (sudo apt install ${_bvhscope_req_DEBIAN})")
  endif()
endmacro()

# bvhscope_require_pkg_config(<prefix> <module> DEBIAN <package>): an IMPORTED_TARGET PkgConfig::<prefix>.
macro(bvhscope_require_pkg_config prefix module)
  cmake_parse_arguments(_bvhscope_req "" "DEBIAN" "" ${ARGN})
  pkg_check_modules(${prefix} QUIET IMPORTED_TARGET ${module})
  if(NOT ${prefix}_FOUND)
    message(FATAL_ERROR "bvhscope needs the pkg-config module ${module}, which was not found: "
                        "install ${_bvhscope_req_DEBIAN} (sudo apt install ${_bvhscope_req_DEBIAN})")
  endif()
endmacro()

# bvhscope_require_program(<variable> <name> DEBIAN <package>)
macro(bvhscope_require_program variable name)
  cmake_parse_arguments(_bvhscope_req "" "DEBIAN" "" ${ARGN})
  find_program(${variable} ${name})
  if(NOT ${variable})
    message(FATAL_ERROR "bvhscope needs the program ${name}, which was not found: "
                        "install ${_bvhscope_req_DEBIAN} (sudo apt install ${_bvhscope_req_DEBIAN})")
  endif()
endmacro()
